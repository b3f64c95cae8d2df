import { InvalidArgumentError } from "@cosir/bayes";

/**
 * A canonical choice with its tally scratchpad: "TALLY o0 28 o1 25 o2 26 o3 21 CHOOSE o0" (values from
 * choiceTally). parseChoice reads the choice after the scratchpad; the tally itself is never scored.
 */
export function renderTally(tally: readonly number[], choice: number): string {
  if (!Number.isInteger(choice) || choice < 0 || choice >= tally.length)
    throw new InvalidArgumentError("choice", choice, `expected an integer in 0..${tally.length - 1}`);
  tally.forEach((v, k) => {
    if (!Number.isInteger(v)) throw new InvalidArgumentError(`tally[${k}]`, v, "expected an integer");
  });
  return `TALLY ${tally.map((v, k) => `o${k} ${v}`).join(" ")} CHOOSE o${choice}`;
}
