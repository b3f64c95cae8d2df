import type { PublicTask, Task } from "./task";

/** Everything an agent may know about a task: no table, no answer, no teammates' visibility. */
export function publicTask(task: Task | PublicTask): PublicTask {
  const { table: _table, correct: _correct, visibility: _visibility, ...rest } = task as Task;
  return rest;
}
