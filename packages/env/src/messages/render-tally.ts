import { InvalidArgumentError } from "@cosir/bayes";

/**
 * A canonical choice with its tally scratchpad: "TALLY o0 28 o1 25 o2 26 o3 21 CHOOSE o0" (values from
 * choiceTally). parseChoice reads the choice after the scratchpad; the tally itself is never scored. `answers` is how
 * many answers the choice picks from: one per tally entry by default; a scratchpad whose entries are not the answers
 * (a total added up one option at a time, then a candidate) gives it.
 */
export function renderTally(tally: readonly number[], choice: number, answers = tally.length): string {
  if (!Number.isInteger(answers) || answers < 1)
    throw new InvalidArgumentError("answers", answers, "expected a positive integer");
  if (!Number.isInteger(choice) || choice < 0 || choice >= answers)
    throw new InvalidArgumentError("choice", choice, `expected an integer in 0..${answers - 1}`);
  tally.forEach((v, k) => {
    if (!Number.isInteger(v)) throw new InvalidArgumentError(`tally[${k}]`, v, "expected an integer");
  });
  return `TALLY ${tally.map((v, k) => `o${k} ${v}`).join(" ")} CHOOSE o${choice}`;
}
