import type { Task } from "../task/task";

/** Agent i's own cells as [option, attribute, level], in cell order. */
export function ownCells(task: Task, agent: number): [number, number, number][] {
  const M = task.attributes;
  return (task.visibility[agent] ?? []).map((cell) => {
    const o = Math.floor(cell / M);
    const a = cell % M;
    return [o, a, task.table[o]?.[a] ?? task.levels[0]];
  });
}
