import type { Task } from "./task";

/**
 * The (option, attribute) of a cell index: the inverse of `cellIndex` from @cosir/bayes, which numbers
 * cells row-major (cell = option * attributes + attribute).
 */
export function cellPosition(task: Pick<Task, "attributes">, cell: number): [option: number, attribute: number] {
  return [Math.floor(cell / task.attributes), cell % task.attributes];
}
