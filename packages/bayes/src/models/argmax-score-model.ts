import { InvalidArgumentError } from "../errors/cosir-error";
import { checkLevelRange, type Beliefs } from "../beliefs/beliefs";
import { finishPosterior, type DecisionModel, type PosteriorResult } from "./decision-model";

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

/** Score U(o) of one option of a true table under an aggregator (DESIGN.md §1). */
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
 * Argmax-of-score decision model (DESIGN.md §1): the answer is the option with the unique maximum
 * score; q(k) = sum_u p_k(u) prod_{j != k} F_j(u - 1), normalised. Exact: `sum` convolves the
 * weighted cell pmfs, `min` multiplies survival functions.
 */
export function argmaxScoreModel(opts: ArgmaxScoreModelOptions): DecisionModel {
  const { options: K, attributes: M, aggregate } = opts;
  if (!Number.isInteger(K) || K < 1) throw new InvalidArgumentError("options", K, "expected a positive integer");
  if (!Number.isInteger(M) || M < 1) throw new InvalidArgumentError("attributes", M, "expected a positive integer");
  if (aggregate !== "sum" && aggregate !== "min") throw new InvalidArgumentError("aggregate", aggregate, 'expected "sum" or "min"');
  checkLevelRange(opts.levels);
  const [lo, hi] = opts.levels;
  const L = hi - lo + 1;
  const weights = new Int32Array(M).fill(1);
  if (opts.weights !== undefined) {
    if (opts.weights.length !== M) throw new InvalidArgumentError("weights", opts.weights, `expected ${M} positive integers`);
    opts.weights.forEach((w, a) => {
      if (!Number.isInteger(w) || w < 1 || w > 1000) throw new InvalidArgumentError(`weights[${a}]`, w, "expected an integer in 1..1000");
      weights[a] = w;
    });
  }
  let weightSum = 0;
  for (let a = 0; a < M; a++) weightSum += weights[a] as number;
  // Scores are shifted so the lowest possible one is 0: u' = sum_a w_a (r - lo) for sum, r - lo for min.
  const U = aggregate === "sum" ? (L - 1) * weightSum + 1 : L;
  const dist = new Float64Array(K * U); // pmf of U(k)
  const less = new Float64Array(K * U); // P(U(k) < u)
  const conv = new Float64Array(U);
  const q = new Float64Array(K);
  const suffix = new Float64Array(K + 1);
  const cells = K * M;

  const model: DecisionModel = {
    kind: `argmax-${aggregate}`,
    answers: K,
    cells,
    levels: [lo, hi],
    posterior(beliefs: Beliefs, out?: Float64Array): PosteriorResult {
      checkBeliefsFor(model, beliefs);
      const target = out ?? new Float64Array(K);
      if (target.length !== K) throw new InvalidArgumentError("out", target.length, `expected length ${K}`);
      const pmf = beliefs.pmf;
      if (aggregate === "sum") sumDistributions(pmf);
      else minDistributions(pmf);
      for (let k = 0; k < K; k++) {
        const row = k * U;
        let acc = 0;
        for (let u = 0; u < U; u++) {
          less[row + u] = acc;
          acc += dist[row + u] as number;
        }
      }
      q.fill(0);
      for (let u = 0; u < U; u++) {
        suffix[K] = 1;
        for (let k = K - 1; k >= 0; k--) suffix[k] = (suffix[k + 1] as number) * (less[k * U + u] as number);
        let prefix = 1;
        for (let k = 0; k < K; k++) {
          const p = dist[k * U + u] as number;
          if (p !== 0) q[k] = (q[k] as number) + p * prefix * (suffix[k + 1] as number);
          prefix *= less[k * U + u] as number;
        }
      }
      return finishPosterior(q, target);
    },
  };

  function sumDistributions(pmf: Float64Array): void {
    dist.fill(0);
    for (let k = 0; k < K; k++) {
      const row = k * U;
      // Point-mass cells only shift the score; the rest are convolved in one scratch buffer.
      let shift = 0;
      let width = 1; // support of the running distribution is [0, width)
      conv.fill(0, 0, U);
      conv[0] = 1;
      for (let a = 0; a < M; a++) {
        const base = (k * M + a) * L;
        const w = weights[a] as number;
        let nonzero = 0;
        let at = 0;
        for (let j = 0; j < L; j++) {
          if ((pmf[base + j] as number) !== 0) {
            nonzero++;
            at = j;
          }
        }
        if (nonzero <= 1) {
          shift += w * at;
          continue;
        }
        const newWidth = width + w * (L - 1);
        for (let u = newWidth - 1; u >= 0; u--) {
          let s = 0;
          for (let j = 0; j < L; j++) {
            const src = u - w * j;
            if (src < 0) break;
            if (src < width) s += (conv[src] as number) * (pmf[base + j] as number);
          }
          conv[u] = s;
        }
        width = newWidth;
      }
      for (let u = 0; u < width; u++) dist[row + shift + u] = conv[u] as number;
    }
  }

  function minDistributions(pmf: Float64Array): void {
    for (let k = 0; k < K; k++) {
      const row = k * U;
      // survivalAll(v) = prod_a P(r(k, a) >= v); pmf(v) = survivalAll(v) - survivalAll(v + 1).
      let next = 0; // survivalAll(L) = 0
      for (let v = L - 1; v >= 0; v--) {
        let s = 1;
        for (let a = 0; a < M; a++) {
          const base = (k * M + a) * L;
          let tail = 0;
          for (let j = v; j < L; j++) tail += pmf[base + j] as number;
          s *= tail > 1 ? 1 : tail;
        }
        const p = s - next;
        dist[row + v] = p > 0 ? p : 0;
        next = s;
      }
    }
  }

  return model;
}
