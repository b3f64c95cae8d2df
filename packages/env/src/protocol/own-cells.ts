import { cellPosition } from "../task/cell-position";
import type { Task } from "../task/task";
import { trueLevel } from "../task/true-level";

/** Agent i's own cells as [option, attribute, level], in cell order. */
export function ownCells(task: Task, agent: number): [number, number, number][] {
  return (task.visibility[agent] ?? []).map((cell) => [
    ...cellPosition(task, cell),
    trueLevel(task, cell) ?? task.levels[0],
  ]);
}
