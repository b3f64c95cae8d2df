import { InvalidArgumentError } from "../errors/cosir-error";
import { checkLevelRange, type Beliefs } from "../beliefs/beliefs";
import { posteriorCost } from "../budget/posterior-cost";
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
 */
export function argmaxScoreModel(opts: ArgmaxScoreModelOptions): DecisionModel {
  const { options: K, attributes: M, aggregate } = opts;
  if (!Number.isInteger(K) || K < 1) throw new InvalidArgumentError("options", K, "expected a positive integer");
  if (!Number.isInteger(M) || M < 1) throw new InvalidArgumentError("attributes", M, "expected a positive integer");
  if (aggregate !== "sum" && aggregate !== "min")
    throw new InvalidArgumentError("aggregate", aggregate, 'expected "sum" or "min"');
  checkLevelRange(opts.levels);
  const [lo, hi] = opts.levels;
  const L = hi - lo + 1;
  const weights = new Int32Array(M).fill(1);
  if (opts.weights !== undefined) {
    if (opts.weights.length !== M)
      throw new InvalidArgumentError("weights", opts.weights, `expected ${M} positive integers`);
    opts.weights.forEach((w, a) => {
      if (!Number.isInteger(w) || w < 1 || w > 1000)
        throw new InvalidArgumentError(`weights[${a}]`, w, "expected an integer in 1..1000");
      weights[a] = w;
    });
  }
  let weightSum = 0;
  for (let a = 0; a < M; a++) weightSum += weights[a] as number;
  // Scores are shifted so the lowest possible one is 0: u' = sum_a w_a (r - lo) for sum, r - lo for min.
  const U = aggregate === "sum" ? (L - 1) * weightSum + 1 : L;
  const cells = K * M;
  // Scratch, reused by every call (no allocation in the hot path but the result object).
  const dist = new Float64Array(K * U); // dist[k * U + u] = P(U(k) = u), 0 outside [start[k], end[k])
  const start = new Int32Array(K);
  const end = new Int32Array(K);
  const PAD = L - 1;
  const convA = new Float64Array(U + 2 * PAD);
  const convB = new Float64Array(U + 2 * PAD);
  const below = new Float64Array(K); // P(U(k) < u) during the sweep over u
  const suffix = new Float64Array(K + 1);
  const q = new Float64Array(K);

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
    cells,
    levels: [lo, hi],
    posterior(beliefs: Beliefs, out?: Float64Array): PosteriorResult {
      checkBeliefsFor(model, beliefs);
      const target = out ?? new Float64Array(K);
      if (target.length !== K) throw new InvalidArgumentError("out", target.length, `expected length ${K}`);
      if (aggregate === "sum") sumDistributions(beliefs.pmf);
      else minDistributions(beliefs.pmf);
      // docs/design.md §1: q(k) = sum_u p_k(u) prod_{j != k} P(U(j) < u). Below the highest lowest score no
      // option can be the unique max, so the sweep starts there, with P(U(k) < first) summed directly.
      const d = dist;
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
      return finishPosterior(q, target);
    },
  };

  // The pmf of U(k) = sum_a w_a (r(k, a) - lo): point masses (and the zero ends of each cell's support)
  // only shift it; the rest are convolved between two scratch buffers. A running value at u lives at
  // buf[PAD + u]; the PAD = L - 1 slots in front stay 0, so the weight-1 gather reads below u = 0
  // without a bounds test. Typed arrays are read into locals so the loops see no closure loads.
  function sumDistributions(pmf: Float64Array): void {
    const d = dist;
    const wts = weights;
    for (let k = 0; k < K; k++) {
      let shift = 0;
      let cur = convA;
      let nxt = convB;
      let width = 0; // 0: no spread-out cell yet (the running distribution is the point mass at 0)
      for (let a = 0; a < M; a++) {
        const base = (k * M + a) * L;
        const w = wts[a] as number;
        let jlo = 0;
        while (jlo < L - 1 && (pmf[base + jlo] as number) === 0) jlo++;
        let jhi = L - 1;
        while (jhi > jlo && (pmf[base + jhi] as number) === 0) jhi--;
        shift += w * jlo;
        if (jhi === jlo) continue;
        const span = jhi - jlo;
        const from = base + jlo;
        if (width === 0) {
          // First spread-out cell: the running distribution is the stretched cell pmf itself.
          width = w * span + 1;
          if (w !== 1) cur.fill(0, PAD, PAD + width);
          for (let j = 0; j <= span; j++) cur[PAD + w * j] = pmf[from + j] as number;
          continue;
        }
        const newWidth = width + w * span;
        if (w === 1) {
          // Gather form, one store per output. The slots the gather reads past the support are zeroed.
          for (let i = PAD + width; i < PAD + newWidth; i++) cur[i] = 0;
          if (span === 4) {
            // Full support over 5 levels (the default L), unrolled.
            const p0 = pmf[from] as number;
            const p1 = pmf[from + 1] as number;
            const p2 = pmf[from + 2] as number;
            const p3 = pmf[from + 3] as number;
            const p4 = pmf[from + 4] as number;
            for (let i = PAD; i < PAD + newWidth; i++) {
              nxt[i] =
                (cur[i] as number) * p0 +
                (cur[i - 1] as number) * p1 +
                (cur[i - 2] as number) * p2 +
                (cur[i - 3] as number) * p3 +
                (cur[i - 4] as number) * p4;
            }
          } else {
            for (let i = PAD; i < PAD + newWidth; i++) {
              let acc = 0;
              for (let j = 0; j <= span; j++) acc += (cur[i - j] as number) * (pmf[from + j] as number);
              nxt[i] = acc;
            }
          }
        } else {
          // Scatter form: j = 0 assigns [0, width); the rest of the new support starts at 0 and accumulates.
          const p0 = pmf[from] as number;
          for (let i = PAD; i < PAD + width; i++) nxt[i] = (cur[i] as number) * p0;
          nxt.fill(0, PAD + width, PAD + newWidth);
          for (let j = 1; j <= span; j++) {
            const pj = pmf[from + j] as number;
            if (pj === 0) continue;
            const off = PAD + w * j;
            for (let u = 0; u < width; u++) nxt[off + u] = (nxt[off + u] as number) + (cur[PAD + u] as number) * pj;
          }
        }
        width = newWidth;
        const t = cur;
        cur = nxt;
        nxt = t;
      }
      const row = k * U;
      d.fill(0, row + (start[k] as number), row + (end[k] as number)); // keep rows 0 outside the support
      if (width === 0) {
        d[row + shift] = 1;
        start[k] = shift;
        end[k] = shift + 1;
        continue;
      }
      // The ends of the support are products of each cell's (positive) end probabilities; an underflow
      // to 0 there is harmless to the sweep.
      const at = row + shift - PAD;
      for (let i = PAD; i < PAD + width; i++) d[at + i] = cur[i] as number;
      start[k] = shift;
      end[k] = shift + width;
    }
  }

  // The pmf of min_a r(k, a), one attribute at a time without subtracting survival functions (which
  // loses every probability below the rounding of 1): P(min(X, Y) = v) = p_X(v) S_Y(v) + S_X(v + 1) p_Y(v).
  function minDistributions(pmf: Float64Array): void {
    for (let k = 0; k < K; k++) {
      const row = k * U;
      const first = k * M * L;
      for (let v = 0; v < L; v++) dist[row + v] = pmf[first + v] as number;
      for (let a = 1; a < M; a++) {
        const base = (k * M + a) * L;
        // Downwards over v: above = P(running min > v) and cellSurvival = P(r(k, a) >= v), both sums of
        // non-negative terms.
        let above = 0;
        let cellSurvival = 0;
        for (let v = L - 1; v >= 0; v--) {
          const p = pmf[base + v] as number;
          cellSurvival += p;
          const old = dist[row + v] as number;
          dist[row + v] = old * (cellSurvival > 1 ? 1 : cellSurvival) + above * p;
          above += old;
        }
      }
      let s = 0;
      while (s < L - 1 && (dist[row + s] as number) === 0) s++;
      let e = L;
      while (e > s + 1 && (dist[row + e - 1] as number) === 0) e--;
      start[k] = s;
      end[k] = e;
    }
  }

  return model;
}
