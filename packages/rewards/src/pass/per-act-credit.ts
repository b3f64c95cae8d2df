import type { MessageRewardTerm } from "../terms/reward-term-definition";
import type { MessageStep } from "./replay-steps";

/**
 * Each act's weighted credit in a message (docs/design.md §3.8): for every message term, its raw value split over
 * the acts (the term's own `perAct`, else evenly), times the term's weight, summed over terms in table order.
 * The credits sum to the message's weighted total up to rounding. A message without acts gets [].
 */
export function perActCredit(
  terms: readonly MessageRewardTerm[],
  step: MessageStep,
  raw: Readonly<Record<string, number>>,
  weights: Readonly<Record<string, number>>,
): number[] {
  const n = step.message.acts.length;
  const credit = new Array<number>(n).fill(0);
  if (n === 0) return credit;
  for (const term of terms) {
    const weight = weights[term.name] as number;
    const value = raw[term.name] as number;
    // A zero total can still hide non-zero marginals (a claim and its contradiction), so only a zero weight skips.
    if (weight === 0) continue;
    const split = term.perAct ? term.perAct(step, value) : credit.map(() => value / n);
    for (let k = 0; k < n; k++) credit[k] = (credit[k] as number) + weight * (split[k] as number);
  }
  return credit;
}
