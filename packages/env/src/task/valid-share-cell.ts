import { actCell } from "./act-cell";
import type { Task } from "./task";

/**
 * The one SHARE validity check: the cell a SHARE names when both the cell and the level lie inside the
 * task, else -1. Only a valid SHARE is heard as a claim (DESIGN.md §1); an invalid one is a false claim
 * (DESIGN.md §3).
 */
export function validShareCell(
  task: Pick<Task, "options" | "attributes" | "levels">,
  share: { readonly option: number; readonly attribute: number; readonly level: number },
): number {
  const { level } = share;
  if (!Number.isInteger(level) || level < task.levels[0] || level > task.levels[1]) return -1;
  return actCell(task, share);
}
