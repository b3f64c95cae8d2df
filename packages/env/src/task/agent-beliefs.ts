import { applyClaim, createBeliefs, observeCell, type Beliefs } from "@cosir/bayes";
import type { Act } from "../messages/act";
import type { Task } from "./task";

export interface SpokenMessage {
  speaker: number;
  acts: readonly Act[];
}

/**
 * Agent `agent`'s beliefs (DESIGN.md §1): the task prior, its own visible cells as point masses, then
 * every SHARE in `messages` spoken by another agent applied in order as a claim with the task's noise.
 * Shares naming a cell or level outside the task are ignored (they come from untrusted text).
 */
export function agentBeliefs(task: Task, agent: number, messages: readonly SpokenMessage[]): Beliefs {
  const beliefs = createBeliefs({ cells: task.options * task.attributes, levels: task.levels, prior: task.prior });
  const [lo, hi] = task.levels;
  const M = task.attributes;
  for (const cell of task.visibility[agent] ?? []) {
    const row = task.table[Math.floor(cell / M)];
    const level = row?.[cell % M];
    if (level !== undefined) observeCell(beliefs, cell, level);
  }
  for (const message of messages) {
    if (message.speaker === agent) continue;
    for (const act of message.acts) {
      if (act.kind !== "share") continue;
      const { option, attribute, level } = act;
      if (!Number.isInteger(option) || option < 0 || option >= task.options) continue;
      if (!Number.isInteger(attribute) || attribute < 0 || attribute >= M) continue;
      if (!Number.isInteger(level) || level < lo || level > hi) continue;
      applyClaim(beliefs, option * M + attribute, level, task.noise);
    }
  }
  return beliefs;
}
