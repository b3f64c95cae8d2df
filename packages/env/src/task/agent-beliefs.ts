import { applyClaim, createBeliefs, observeCell, type Beliefs } from "@cosir/bayes";
import type { Act } from "../messages/act";
import { isTaskAgent } from "./is-task-agent";
import type { Task } from "./task";
import { trueLevel } from "./true-level";
import { validShareCell } from "./valid-share-cell";

export interface SpokenMessage {
  speaker: number;
  acts: readonly Act[];
}

/**
 * Agent `agent`'s beliefs (DESIGN.md §1): the task prior, its own visible cells as point masses, then
 * every valid SHARE (`validShareCell`) in `messages` spoken by another agent of the task, applied in
 * order as a claim with the task's noise. The same evidence `EvidenceReplay` builds one message at a
 * time for every agent; this builds it from scratch for one.
 */
export function agentBeliefs(task: Task, agent: number, messages: readonly SpokenMessage[]): Beliefs {
  const beliefs = createBeliefs({ cells: task.options * task.attributes, levels: task.levels, prior: task.prior });
  for (const cell of task.visibility[agent] ?? []) {
    const level = trueLevel(task, cell);
    if (level !== undefined) observeCell(beliefs, cell, level);
  }
  for (const { speaker, acts } of messages) {
    if (speaker === agent || !isTaskAgent(task, speaker)) continue;
    for (const act of acts) {
      if (act.kind !== "share") continue;
      const cell = validShareCell(task, act);
      if (cell >= 0) applyClaim(beliefs, cell, act.level, task.noise);
    }
  }
  return beliefs;
}
