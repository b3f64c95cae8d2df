import type { Aggregate } from "./argmax-score-model";

/**
 * The sizes and reusable buffers of one argmax model: every posterior call writes the score pmfs into
 * them, so the hot path allocates nothing but the result object.
 */
export interface ScoreScratch {
  /** Options, attributes, levels per cell, and score values (scores are shifted so the lowest is 0). */
  K: number;
  M: number;
  L: number;
  U: number;
  /** Zero slots in front of a convolution buffer: L - 1. */
  PAD: number;
  weights: Int32Array;
  /** dist[k * U + u] = P(U(k) = u), 0 outside [start[k], end[k]). */
  dist: Float64Array;
  start: Int32Array;
  end: Int32Array;
  convA: Float64Array;
  convB: Float64Array;
  /** P(U(k) < u) during the sweep over u, and the suffix products of the sweep. */
  below: Float64Array;
  suffix: Float64Array;
  q: Float64Array;
}

/** Buffers for K options x M attributes over L levels (docs/design.md §1). */
export function scoreScratch(K: number, M: number, L: number, aggregate: Aggregate, weights: Int32Array): ScoreScratch {
  let weightSum = 0;
  for (let a = 0; a < M; a++) weightSum += weights[a] as number;
  // Scores are shifted so the lowest possible one is 0: u' = sum_a w_a (r - lo) for sum, r - lo for min.
  const U = aggregate === "sum" ? (L - 1) * weightSum + 1 : L;
  const PAD = L - 1;
  return {
    K,
    M,
    L,
    U,
    PAD,
    weights,
    dist: new Float64Array(K * U),
    start: new Int32Array(K),
    end: new Int32Array(K),
    convA: new Float64Array(U + 2 * PAD),
    convB: new Float64Array(U + 2 * PAD),
    below: new Float64Array(K),
    suffix: new Float64Array(K + 1),
    q: new Float64Array(K),
  };
}
