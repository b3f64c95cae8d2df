import { InvalidArgumentError } from "@cosir/bayes";
import type { PublicTask } from "../task/task";
import type { Surface } from "./act";
import { answerNames } from "./answer-names";

/** Text of a private choice: canonical "CHOOSE o2", natural "I choose Restaurant C.". */
export function renderChoice(
  answer: number,
  surface: Surface,
  task: Pick<PublicTask, "domain" | "decision" | "options">,
): string {
  const names = answerNames(task);
  if (!Number.isInteger(answer) || answer < 0 || answer >= names.length) {
    throw new InvalidArgumentError("answer", answer, `expected an integer in 0..${names.length - 1}`);
  }
  return surface === "natural" ? `I choose ${names[answer]}.` : `CHOOSE o${answer}`;
}
