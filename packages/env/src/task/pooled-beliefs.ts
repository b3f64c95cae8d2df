import { createBeliefs, observeCell, type Beliefs } from "@cosir/bayes";
import type { Task } from "./task";
import { trueLevel } from "./true-level";

/** The team's pooled evidence: every cell some agent sees, observed (no noise). */
export function pooledBeliefs(task: Task): Beliefs {
  const beliefs = createBeliefs({ cells: task.options * task.attributes, levels: task.levels, prior: task.prior });
  for (const cells of task.visibility) {
    for (const cell of cells) {
      const level = trueLevel(task, cell);
      if (level !== undefined) observeCell(beliefs, cell, level);
    }
  }
  return beliefs;
}
