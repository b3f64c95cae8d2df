import { cellPosition } from "./cell-position";
import type { Task } from "./task";

/** The true table's level at a cell, or undefined when the cell lies outside the table. */
export function trueLevel(task: Pick<Task, "attributes" | "table">, cell: number): number | undefined {
  const [option, attribute] = cellPosition(task, cell);
  return task.table[option]?.[attribute];
}
