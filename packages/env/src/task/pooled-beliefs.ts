import { createBeliefs, observeCell, type Beliefs } from "@cosir/bayes";
import type { Task } from "./task";

/** The team's pooled evidence: every cell some agent sees, observed (no noise). */
export function pooledBeliefs(task: Task): Beliefs {
  const beliefs = createBeliefs({ cells: task.options * task.attributes, levels: task.levels, prior: task.prior });
  const M = task.attributes;
  for (const cells of task.visibility) {
    for (const cell of cells) {
      const level = task.table[Math.floor(cell / M)]?.[cell % M];
      if (level !== undefined) observeCell(beliefs, cell, level);
    }
  }
  return beliefs;
}
