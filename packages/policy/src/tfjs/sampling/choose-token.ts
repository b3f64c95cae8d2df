import type { SeededRandom } from "../seeded-random";

export interface SamplingOptions {
  /** Softmax temperature; 0 picks the most likely token (greedy). Default 1. */
  temperature?: number;
  /** Keep only the k most likely tokens (0 = all). Default 0. */
  topK?: number;
  /** Keep the smallest set of most likely tokens whose probability reaches p (1 = all). Default 1. */
  topP?: number;
}

/*
 * Whether a draw at temperature 1 computes each token's exp(logit - max) once, for both the normaliser and the
 * sampling weight, where the two coincide (the largest logit is an allowed token's, so the weights' maximum is the
 * normaliser's): the same exps summed in the same order, so the same token and log-prob bit for bit, with one pass
 * over the vocabulary instead of two. On by default; off is the benchmark's previous step and the tests' reference.
 */
let onePass = true;

/** Sets whether draws at temperature 1 share the normaliser's exps with the sampling weights; returns the previous. */
export function setOnePassSampling(on: boolean): boolean {
  const previous = onePass;
  onePass = on;
  return previous;
}

/**
 * Draws one token from logits[offset .. offset + vocab) and returns it with its log-probability
 * under the model's own distribution (softmax of the raw logits, temperature 1, no filtering): the
 * quantity a policy-gradient learner recomputes, so old and new log-probs are comparable.
 * Ties and the top-p cut are resolved by token id, so the result depends only on the logits and rng.
 */
export function chooseToken(
  logits: ArrayLike<number>,
  offset: number,
  vocab: number,
  rng: SeededRandom,
  options: SamplingOptions,
  scratch: Float64Array = new Float64Array(vocab),
  allowed?: (token: number) => boolean,
): { token: number; logprob: number } {
  const temperature = options.temperature ?? 1;
  const banned = (i: number) => allowed !== undefined && !allowed(i);
  if (temperature === 1 && onePass) {
    const fused = chooseAtTemperatureOne(logits, offset, vocab, rng, options, scratch, allowed);
    if (fused !== undefined) return fused;
  }
  let max = -Infinity;
  for (let i = 0; i < vocab; i++) {
    const z = logits[offset + i]!;
    if (z > max) max = z;
  }
  let total = 0;
  for (let i = 0; i < vocab; i++) total += Math.exp(logits[offset + i]! - max);
  const logZ = max + Math.log(total);
  const logprobOf = (token: number) => logits[offset + token]! - logZ;

  if (temperature <= 0) {
    let best = -1;
    for (let i = 0; i < vocab; i++) {
      if (banned(i)) continue;
      if (best < 0 || logits[offset + i]! > logits[offset + best]!) best = i;
    }
    if (best < 0) best = 0;
    return { token: best, logprob: logprobOf(best) };
  }
  // sampling weights at this temperature
  let smax = -Infinity;
  for (let i = 0; i < vocab; i++) if (!banned(i)) smax = Math.max(smax, logits[offset + i]! / temperature);
  let sum = 0;
  for (let i = 0; i < vocab; i++) {
    const w = banned(i) ? 0 : Math.exp(logits[offset + i]! / temperature - smax);
    scratch[i] = w;
    sum += w;
  }
  return drawWeighted(logits, offset, vocab, rng, options, scratch, sum, logprobOf, allowed);
}

/**
 * The draw from the sampling weights in `scratch` (summing to `sum`): the top-k and top-p cuts, then one uniform
 * draw walked through the kept weights in token order; greedy where no weight is left.
 */
function drawWeighted(
  logits: ArrayLike<number>,
  offset: number,
  vocab: number,
  rng: SeededRandom,
  options: SamplingOptions,
  scratch: Float64Array,
  total: number,
  logprobOf: (token: number) => number,
  allowed?: (token: number) => boolean,
): { token: number; logprob: number } {
  let sum = total;
  const topK = options.topK ?? 0;
  const topP = options.topP ?? 1;
  if ((topK > 0 && topK < vocab) || topP < 1) {
    const order = Array.from({ length: vocab }, (_, i) => i).sort((a, b) => scratch[b]! - scratch[a]! || a - b);
    const keep = topK > 0 ? Math.min(topK, vocab) : vocab;
    let cumulative = 0;
    let kept = 0;
    for (let r = 0; r < vocab; r++) {
      const i = order[r]!;
      if (r >= keep || (topP < 1 && kept > 0 && cumulative >= topP * sum)) {
        scratch[i] = 0;
        continue;
      }
      cumulative += scratch[i]!;
      kept++;
    }
    sum = cumulative;
  }
  if (!(sum > 0)) {
    const greedy = chooseToken(logits, offset, vocab, rng, { temperature: 0 }, scratch, allowed);
    return greedy;
  }
  let u = rng.next() * sum;
  let token = -1;
  for (let i = 0; i < vocab; i++) {
    const w = scratch[i]!;
    if (w <= 0) continue;
    token = i;
    u -= w;
    if (u < 0) break;
  }
  return { token, logprob: logprobOf(token) };
}

/**
 * chooseToken at temperature 1 with each exp computed once, or undefined where the sampling weights' maximum (over the
 * allowed tokens) is not the normaliser's (over every token) or is not a number: then the two passes are needed.
 */
function chooseAtTemperatureOne(
  logits: ArrayLike<number>,
  offset: number,
  vocab: number,
  rng: SeededRandom,
  options: SamplingOptions,
  scratch: Float64Array,
  allowed?: (token: number) => boolean,
): { token: number; logprob: number } | undefined {
  const banned = (i: number) => allowed !== undefined && !allowed(i);
  let max = -Infinity;
  let smax = -Infinity;
  for (let i = 0; i < vocab; i++) {
    const z = logits[offset + i]!;
    if (z > max) max = z;
    if (!banned(i)) smax = Math.max(smax, z / 1);
  }
  if (smax !== max) return undefined;
  let total = 0;
  let sum = 0;
  for (let i = 0; i < vocab; i++) {
    const e = Math.exp(logits[offset + i]! - max);
    total += e;
    const w = banned(i) ? 0 : e;
    scratch[i] = w;
    sum += w;
  }
  const logZ = max + Math.log(total);
  return drawWeighted(
    logits,
    offset,
    vocab,
    rng,
    options,
    scratch,
    sum,
    (token) => logits[offset + token]! - logZ,
    allowed,
  );
}
