import type { PublicTask } from "./task";

/** Number of possible answers: options for argmax tasks, candidates for total tasks. */
export function answerCount(task: Pick<PublicTask, "decision" | "options">): number {
  return task.decision.kind === "argmax" ? task.options : task.decision.candidates.length;
}
