import { InvalidArgumentError } from "../errors/cosir-error";

/** The shape of a decision model, all a cost estimate needs (the model itself allocates by it). */
export type PosteriorShape =
  | {
      kind: "argmax";
      options: number;
      attributes: number;
      levels: readonly [number, number];
      aggregate: "sum" | "min";
      /** One positive weight per attribute (sum only); default all 1. */
      weights?: readonly number[];
    }
  | {
      kind: "total";
      quantities: number;
      levels: readonly [number, number];
      candidates: number;
      weights?: readonly number[];
    };

function positive(value: unknown, field: string): number {
  if (typeof value !== "number" || !Number.isFinite(value) || value < 1)
    throw new InvalidArgumentError(field, value, "expected a positive number");
  return Math.floor(value);
}

/**
 * The work of one posterior (docs/design.md §7.1), counted in inner-loop steps of the exact evaluator
 * with every cell spread over all L levels (the worst case, which is what a claim-free prior gives):
 * - argmax, sum: each option convolves its M weighted cells into a running score pmf of width
 *   (L - 1) W_a + 1 after a cells (W_a the weights so far), L steps per output, then sweeps the score
 *   range U = (L - 1) W + 1 twice per option: K (L sum_a ((L - 1) W_a + 1) + 2 U).
 * - argmax, min: K (M L + 2 L).
 * - total: L sum_i ((L - 1) W_i + 1) + candidates.
 * Plus the beliefs themselves (cells x L). One step is a multiply-add; see DEFAULT_COMPUTE_BUDGET.
 */
export function posteriorCost(shape: PosteriorShape): number {
  const lo = shape.levels[0];
  const hi = shape.levels[1];
  if (!Number.isFinite(lo) || !Number.isFinite(hi) || hi <= lo)
    throw new InvalidArgumentError("levels", shape.levels, "expected [lo, hi] with lo < hi");
  const L = hi - lo + 1;
  // sum over cells i of L ((L - 1) W_i + 1), W_i the prefix sums of the weights; and the final range
  const convolution = (count: number): { total: number; range: number } => {
    let prefix = 0;
    let total = 0;
    for (let i = 0; i < count; i++) {
      prefix += shape.weights === undefined ? 1 : positive(shape.weights[i] ?? 1, `weights[${i}]`);
      total += L * ((L - 1) * prefix + 1);
    }
    return { total, range: (L - 1) * prefix + 1 };
  };
  if (shape.kind === "total") {
    const Q = positive(shape.quantities, "quantities");
    return convolution(Q).total + positive(shape.candidates, "candidates") + Q * L;
  }
  const K = positive(shape.options, "options");
  const M = positive(shape.attributes, "attributes");
  if (shape.aggregate === "min") return K * (M * L + 2 * L) + K * M * L;
  const { total, range } = convolution(M);
  return K * (total + 2 * range) + K * M * L;
}
