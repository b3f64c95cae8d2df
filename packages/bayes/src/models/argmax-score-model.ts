import { InvalidArgumentError } from "../errors/cosir-error";
import { checkLevelRange, type Beliefs } from "../beliefs/beliefs";
import { posteriorCost } from "../budget/posterior-cost";
import { finishPosterior, type DecisionModel, type PosteriorResult } from "./decision-model";
import { minScoreDistributions } from "./min-score-distributions";
import { scoreScratch } from "./score-scratch";
import { sumScoreDistributions } from "./sum-score-distributions";
import { uniqueMaxWeights } from "./unique-max-weights";

export type Aggregate = "sum" | "min";

export interface ArgmaxScoreModelOptions {
  options: number;
  attributes: number;
  levels: readonly [number, number];
  aggregate: Aggregate;
  /** Positive integer weights, one per attribute (sum aggregator only); default all 1. */
  weights?: readonly number[];
}

/** Cell index of (option, attribute) in a rating table: row-major by option. */
export function cellIndex(option: number, attribute: number, attributes: number): number {
  return option * attributes + attribute;
}

/** Score U(o) of one option of a true table under an aggregator (docs/design.md §1). */
export function optionScore(row: readonly number[], aggregate: Aggregate, weights?: readonly number[]): number {
  if (aggregate === "min") return Math.min(...row);
  let u = 0;
  for (let a = 0; a < row.length; a++) u += (weights?.[a] ?? 1) * (row[a] as number);
  return u;
}

export function checkBeliefsFor(model: DecisionModel, beliefs: Beliefs): void {
  if (beliefs.cells !== model.cells || beliefs.lo !== model.levels[0] || beliefs.hi !== model.levels[1]) {
    throw new InvalidArgumentError(
      "beliefs",
      { cells: beliefs.cells, levels: [beliefs.lo, beliefs.hi] },
      `expected ${model.cells} cells over levels ${model.levels[0]}..${model.levels[1]}`,
    );
  }
}

/**
 * Argmax-of-score decision model (docs/design.md §1): the answer is the option with the unique maximum
 * score; q(k) = sum_u p_k(u) prod_{j != k} F_j(u - 1), normalised. Exact: `sum` convolves the
 * weighted cell pmfs, `min` folds the cells in one at a time. Every step adds and multiplies
 * non-negative numbers only (no subtraction), so small probabilities keep their relative precision.
 * The pieces: sumScoreDistributions / minScoreDistributions (the pmf of each option's score) and
 * uniqueMaxWeights (the sweep over scores), on buffers from scoreScratch reused by every call.
 */
export function argmaxScoreModel(opts: ArgmaxScoreModelOptions): DecisionModel {
  const { options: K, attributes: M, aggregate } = opts;
  if (!Number.isInteger(K) || K < 1) throw new InvalidArgumentError("options", K, "expected a positive integer");
  if (!Number.isInteger(M) || M < 1) throw new InvalidArgumentError("attributes", M, "expected a positive integer");
  if (aggregate !== "sum" && aggregate !== "min")
    throw new InvalidArgumentError("aggregate", aggregate, 'expected "sum" or "min"');
  checkLevelRange(opts.levels);
  const [lo, hi] = opts.levels;
  const weights = attributeWeights(M, opts.weights);
  const scratch = scoreScratch(K, M, hi - lo + 1, aggregate, weights);
  const model: DecisionModel = {
    kind: `argmax-${aggregate}`,
    answers: K,
    cost: posteriorCost({
      kind: "argmax",
      options: K,
      attributes: M,
      levels: [lo, hi],
      aggregate,
      weights: Array.from(weights),
    }),
    cells: K * M,
    levels: [lo, hi],
    posterior(beliefs: Beliefs, out?: Float64Array): PosteriorResult {
      checkBeliefsFor(model, beliefs);
      const target = out ?? new Float64Array(K);
      if (target.length !== K) throw new InvalidArgumentError("out", target.length, `expected length ${K}`);
      if (aggregate === "sum") sumScoreDistributions(beliefs.pmf, scratch);
      else minScoreDistributions(beliefs.pmf, scratch);
      return finishPosterior(uniqueMaxWeights(scratch), target);
    },
  };
  return model;
}

/** The attribute weights as checked integers in 1..1000 (all 1 when not given). */
export function attributeWeights(M: number, given: readonly number[] | undefined): Int32Array {
  const weights = new Int32Array(M).fill(1);
  if (given !== undefined) {
    if (given.length !== M) throw new InvalidArgumentError("weights", given, `expected ${M} positive integers`);
    given.forEach((w, a) => {
      if (!Number.isInteger(w) || w < 1 || w > 1000)
        throw new InvalidArgumentError(`weights[${a}]`, w, "expected an integer in 1..1000");
      weights[a] = w;
    });
  }
  return weights;
}
