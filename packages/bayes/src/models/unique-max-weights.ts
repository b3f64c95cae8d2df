import type { ScoreScratch } from "./score-scratch";

/**
 * The unnormalised posterior of the argmax answer from the score pmfs in `scratch` (docs/design.md §1):
 * q(k) = sum_u p_k(u) prod_{j != k} P(U(j) < u), written to and returned as scratch.q. Below the highest
 * lowest score no option can be the unique max, so the sweep starts there, with P(U(k) < first) summed
 * directly. Only additions and multiplications of non-negative numbers.
 */
export function uniqueMaxWeights(scratch: ScoreScratch): Float64Array {
  const { K, U, dist: d, start, end, below, suffix, q } = scratch;
  let first = 0;
  let to = 0;
  for (let k = 0; k < K; k++) {
    if ((start[k] as number) > first) first = start[k] as number;
    if ((end[k] as number) > to) to = end[k] as number;
  }
  for (let k = 0; k < K; k++) {
    const row = k * U;
    const stop = (end[k] as number) < first ? (end[k] as number) : first;
    let acc = 0;
    for (let u = start[k] as number; u < stop; u++) acc += d[row + u] as number;
    below[k] = acc;
    q[k] = 0;
  }
  for (let u = first; u < to; u++) {
    suffix[K] = 1;
    for (let k = K - 1; k >= 0; k--) suffix[k] = (suffix[k + 1] as number) * (below[k] as number);
    let prefix = 1;
    for (let k = 0; k < K; k++) {
      const b = below[k] as number;
      const p = d[k * U + u] as number; // rows are 0 outside [start, end)
      if (p !== 0) {
        q[k] = (q[k] as number) + p * prefix * (suffix[k + 1] as number);
        below[k] = b + p;
      }
      prefix *= b;
    }
  }
  return q;
}
