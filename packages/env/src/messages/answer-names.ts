import type { PublicTask } from "../task/task";

/** Natural-language names of a task's answers: option names, or "total <c>" for multiple-choice totals. */
export function answerNames(task: Pick<PublicTask, "decision" | "domain">): string[] {
  return task.decision.kind === "argmax" ? [...task.domain.options] : task.decision.candidates.map((c) => `total ${c}`);
}
