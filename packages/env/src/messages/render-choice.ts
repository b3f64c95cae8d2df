import { InvalidArgumentError } from "@cosir/bayes";
import type { PublicTask } from "../task/task";
import type { Surface } from "./act";
import { answerNames } from "./answer-names";

/**
 * Text of a private choice: canonical "CHOOSE o2", natural "I choose Restaurant C.", tool
 * `<tool_call>{"name":"choose","arguments":{"option":"Restaurant C"}}</tool_call>`.
 */
export function renderChoice(
  answer: number,
  surface: Surface,
  task: Pick<PublicTask, "domain" | "decision" | "options">,
): string {
  const names = answerNames(task);
  if (!Number.isInteger(answer) || answer < 0 || answer >= names.length) {
    throw new InvalidArgumentError("answer", answer, `expected an integer in 0..${names.length - 1}`);
  }
  if (surface === "tool")
    return `<tool_call>\n{"name":"choose","arguments":{"option":${JSON.stringify(names[answer])}}}\n</tool_call>`;
  return surface === "natural" ? `I choose ${names[answer]}.` : `CHOOSE o${answer}`;
}
