import type { Task } from "./task";

/** Whether `agent` is one of the task's agents (messages of anyone else are heard by nobody). */
export function isTaskAgent(task: Pick<Task, "agents">, agent: number): boolean {
  return Number.isInteger(agent) && agent >= 0 && agent < task.agents;
}
