import type { SeededRandom } from "../seeded-random";

export interface SamplingOptions {
  /** Softmax temperature; 0 picks the most likely token (greedy). Default 1. */
  temperature?: number;
  /** Keep only the k most likely tokens (0 = all). Default 0. */
  topK?: number;
  /** Keep the smallest set of most likely tokens whose probability reaches p (1 = all). Default 1. */
  topP?: number;
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
  let max = -Infinity;
  for (let i = 0; i < vocab; i++) {
    const z = logits[offset + i]!;
    if (z > max) max = z;
  }
  let total = 0;
  for (let i = 0; i < vocab; i++) total += Math.exp(logits[offset + i]! - max);
  const logZ = max + Math.log(total);
  const logprobOf = (token: number) => logits[offset + token]! - logZ;

  const temperature = options.temperature ?? 1;
  const banned = (i: number) => allowed !== undefined && !allowed(i);
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
