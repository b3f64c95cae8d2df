import { InvalidArgumentError } from "../errors/cosir-error";
import { checkLevelRange, type Beliefs } from "../beliefs/beliefs";
import { posteriorCost } from "../budget/posterior-cost";
import { checkBeliefsFor } from "./argmax-score-model";
import { finishPosterior, type DecisionModel, type PosteriorResult } from "./decision-model";

export interface MultipleChoiceTotalModelOptions {
  /** Number of quantities (cells); each is an integer in levels lo..hi. */
  quantities: number;
  levels: readonly [number, number];
  /** Distinct integer candidates for the total; the answer is the one equal to the (weighted) sum. */
  candidates: readonly number[];
  /** Positive integer weights per quantity; default all 1. */
  weights?: readonly number[];
}

/**
 * Multiple-choice numeric total (docs/design.md §1): q(k) = P(sum_i w_i x_i = candidate_k), normalised
 * over candidates (the conditioning event is "the total is one of the candidates").
 */
export function multipleChoiceTotalModel(opts: MultipleChoiceTotalModelOptions): DecisionModel {
  const { quantities: Q, candidates } = opts;
  if (!Number.isInteger(Q) || Q < 1) throw new InvalidArgumentError("quantities", Q, "expected a positive integer");
  checkLevelRange(opts.levels);
  const [lo, hi] = opts.levels;
  const L = hi - lo + 1;
  if (!Array.isArray(candidates) || candidates.length < 2)
    throw new InvalidArgumentError("candidates", candidates, "expected at least 2 integers");
  const seen = new Set<number>();
  candidates.forEach((c, i) => {
    if (!Number.isInteger(c)) throw new InvalidArgumentError(`candidates[${i}]`, c, "expected an integer");
    if (seen.has(c)) throw new InvalidArgumentError(`candidates[${i}]`, c, "expected distinct candidates");
    seen.add(c);
  });
  const weights = new Int32Array(Q).fill(1);
  if (opts.weights !== undefined) {
    if (opts.weights.length !== Q)
      throw new InvalidArgumentError("weights", opts.weights, `expected ${Q} positive integers`);
    opts.weights.forEach((w, i) => {
      if (!Number.isInteger(w) || w < 1 || w > 1000)
        throw new InvalidArgumentError(`weights[${i}]`, w, "expected an integer in 1..1000");
      weights[i] = w;
    });
  }
  let weightSum = 0;
  for (let i = 0; i < Q; i++) weightSum += weights[i] as number;
  const offset = lo * weightSum;
  const U = (L - 1) * weightSum + 1;
  const a = new Float64Array(U);
  const b = new Float64Array(U);
  const q = new Float64Array(candidates.length);

  const model: DecisionModel = {
    kind: "multiple-choice-total",
    answers: candidates.length,
    cost: posteriorCost({
      kind: "total",
      quantities: Q,
      levels: [lo, hi],
      candidates: candidates.length,
      weights: Array.from(weights),
    }),
    cells: Q,
    levels: [lo, hi],
    posterior(beliefs: Beliefs, out?: Float64Array): PosteriorResult {
      checkBeliefsFor(model, beliefs);
      const target = out ?? new Float64Array(candidates.length);
      if (target.length !== candidates.length)
        throw new InvalidArgumentError("out", target.length, `expected length ${candidates.length}`);
      let cur = a;
      let nxt = b;
      cur.fill(0);
      cur[0] = 1;
      let width = 1;
      for (let i = 0; i < Q; i++) {
        const w = weights[i] as number;
        const base = i * L;
        const newWidth = width + w * (L - 1);
        nxt.fill(0, 0, newWidth);
        for (let u = 0; u < width; u++) {
          const p = cur[u] as number;
          if (p === 0) continue;
          for (let j = 0; j < L; j++)
            nxt[u + w * j] = (nxt[u + w * j] as number) + p * (beliefs.pmf[base + j] as number);
        }
        width = newWidth;
        const t = cur;
        cur = nxt;
        nxt = t;
      }
      for (let k = 0; k < candidates.length; k++) {
        const u = (candidates[k] as number) - offset;
        q[k] = u >= 0 && u < width ? (cur[u] as number) : 0;
      }
      return finishPosterior(q, target);
    },
  };
  return model;
}
