import type { PublicTask, Task } from "./task";

const cache = new WeakMap<object, PublicTask>();

/**
 * Everything an agent may know about a task: no table, no answer, no teammates' visibility.
 * One frozen object per task, so every observation of an episode shares it (and per-task caches
 * keyed on it, such as decisionModelForTask's, hit).
 */
export function publicTask(task: Task | PublicTask): PublicTask {
  const cached = cache.get(task);
  if (cached !== undefined) return cached;
  const { table: _table, correct: _correct, visibility: _visibility, ...rest } = task as Task;
  const pub = Object.freeze(rest) as PublicTask;
  cache.set(task, pub);
  cache.set(pub, pub);
  return pub;
}
