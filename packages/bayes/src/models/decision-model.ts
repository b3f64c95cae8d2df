import type { Beliefs } from "../beliefs/beliefs";

/** The result of a decision model: a pmf over answers (docs/design.md §1). */
export interface PosteriorResult {
  /** P(answer = k | evidence), sums to 1. Uniform when `degenerate`. */
  pmf: Float64Array;
  /** True when the evidence makes the conditioning event impossible (sum_k q(k) = 0); pmf is then uniform. */
  degenerate: boolean;
  /** sum_k q(k): probability of the conditioning event (a unique maximum, or a sum that hits a candidate). */
  mass: number;
}

/**
 * The seam that lets other families reuse beliefs, surprisal and information gain:
 * posterior(beliefs) -> pmf over answers. Rewards and metrics talk only to this interface.
 *
 * Implementations keep scratch buffers: a model instance is not re-entrant, but JavaScript is
 * single-threaded, so that only matters inside `posterior` itself.
 */
export interface DecisionModel {
  readonly kind: string;
  /** Number of possible answers (options, or candidates). */
  readonly answers: number;
  /** Number of cells the beliefs must have. */
  readonly cells: number;
  readonly levels: readonly [number, number];
  /** Estimated work of one `posterior` call in cost units (docs/design.md §7.1), when the model knows it. */
  readonly cost?: number;
  /** Computes the posterior; writes into `out` when given (length `answers`). */
  posterior(beliefs: Beliefs, out?: Float64Array): PosteriorResult;
}

/** Normalises q into out, falling back to uniform when the mass is zero (docs/design.md §1). */
export function finishPosterior(q: Float64Array, out: Float64Array): PosteriorResult {
  const K = q.length;
  let mass = 0;
  for (let k = 0; k < K; k++) mass += q[k] as number;
  if (mass > 0 && Number.isFinite(mass)) {
    // Divide, not multiply by 1 / mass: a subnormal mass has an infinite reciprocal.
    for (let k = 0; k < K; k++) out[k] = (q[k] as number) / mass;
    return { pmf: out, degenerate: false, mass };
  }
  out.fill(1 / K);
  return { pmf: out, degenerate: true, mass: 0 };
}
