import type { Rng } from "../rng/rng";

/** Draws a level lo + j with probability prior[j] / sum(prior) (inverse CDF). */
export function sampleLevel(rng: Rng, lo: number, prior: readonly number[]): number {
  let total = 0;
  for (const p of prior) total += p;
  let u = rng.next() * total;
  for (let j = 0; j < prior.length; j++) {
    u -= prior[j] as number;
    if (u < 0 && (prior[j] as number) > 0) return lo + j;
  }
  for (let j = prior.length - 1; j >= 0; j--) if ((prior[j] as number) > 0) return lo + j;
  return lo;
}
