import { InvalidArgumentError } from "@cosir/bayes";
import { SeededRandom } from "../tfjs/seeded-random";
import type { DecoderKvCache } from "./decoder-kv-cache";
import type { DecoderModel } from "./decoder-model";

export interface SampleDecoderOptions {
  maxNewTokens: number;
  /** 0 = greedy (default 1). */
  temperature?: number;
  /** Nucleus: sample from the smallest set of tokens holding this much probability (default 1). */
  topP?: number;
  seed?: number;
  /** Tokens that end a row (default: the config's eos ids); the stop token is kept in the output. */
  stopTokenIds?: readonly number[];
}

export interface SampleDecoderResult {
  /** The new tokens of each row. */
  tokens: number[][];
  /** log p(token) of each new token under the model's own (temperature 1, untruncated) distribution. */
  logProbs: number[][];
  /** Whether each row ended on a stop token (else it ran out of `maxNewTokens`). */
  stopped: boolean[];
}

/** Picks one token from float32 logits; returns it and its temperature-1 log-prob. */
export function chooseFromLogits(
  logits: Float32Array,
  temperature: number,
  topP: number,
  random: SeededRandom,
): [number, number] {
  let max = Number.NEGATIVE_INFINITY;
  let argmax = 0;
  for (let j = 0; j < logits.length; j++)
    if (logits[j]! > max) {
      max = logits[j]!;
      argmax = j;
    }
  let sum = 0;
  for (let j = 0; j < logits.length; j++) sum += Math.exp(logits[j]! - max);
  const lse = max + Math.log(sum);
  if (temperature === 0) return [argmax, logits[argmax]! - lse];
  const weights = new Float64Array(logits.length);
  let total = 0;
  for (let j = 0; j < logits.length; j++) total += weights[j] = Math.exp((logits[j]! - max) / temperature);
  let order: number[] | null = null;
  let mass = total;
  if (topP < 1) {
    // only tokens with non-negligible weight can be in the nucleus; sorting all 151k every step would dominate
    order = [];
    for (let j = 0; j < weights.length; j++) if (weights[j]! > total * 1e-12) order.push(j);
    order.sort((a, b) => weights[b]! - weights[a]! || a - b);
    let kept = 0;
    mass = 0;
    while (kept < order.length && mass < topP * total) mass += weights[order[kept++]!]!;
    order = order.slice(0, kept);
  }
  let u = random.next() * mass;
  const candidates = order ?? weights.keys();
  let last = argmax;
  for (const j of candidates) {
    last = j;
    u -= weights[j]!;
    if (u < 0) break;
  }
  return [last, logits[last]! - lse];
}

function check(options: SampleDecoderOptions): void {
  if (!Number.isInteger(options.maxNewTokens) || options.maxNewTokens < 1)
    throw new InvalidArgumentError("maxNewTokens", options.maxNewTokens, "a positive integer");
  const t = options.temperature ?? 1;
  if (!(t >= 0) || !Number.isFinite(t)) throw new InvalidArgumentError("temperature", t, "a finite number >= 0");
  const p = options.topP ?? 1;
  if (!(p > 0 && p <= 1)) throw new InvalidArgumentError("topP", p, "a number in (0, 1]");
}

/**
 * Samples continuations of a batch of prompts with a KV cache: the prompts run left-padded as one prefill, then
 * one token per row per step; the LM head runs only at each row's newest slot. Reproducible from `seed`.
 */
export function sampleDecoder(
  model: DecoderModel,
  prompts: readonly (readonly number[])[],
  options: SampleDecoderOptions,
): SampleDecoderResult {
  check(options);
  if (prompts.length === 0) return { tokens: [], logProbs: [], stopped: [] };
  if (prompts.some((p) => p.length === 0)) throw new InvalidArgumentError("prompts", prompts, "non-empty token rows");
  const random = new SeededRandom(options.seed ?? 0);
  const stop = new Set(options.stopTokenIds ?? model.config.eosTokenIds);
  const width = Math.max(...prompts.map((p) => p.length));
  const tokens = prompts.map((p) => [...Array<number>(width - p.length).fill(0), ...p]);
  const valid = prompts.map((p) => Array.from({ length: width }, (_, i) => i >= width - p.length));
  const out: SampleDecoderResult = {
    tokens: prompts.map(() => []),
    logProbs: prompts.map(() => []),
    stopped: prompts.map(() => false),
  };
  let cache: DecoderKvCache | undefined;
  let input = { tokens, valid };
  try {
    for (let step = 0; step < options.maxNewTokens; step++) {
      const run = model.forward(input, cache);
      cache = run.cache;
      const t = input.tokens[0]!.length;
      const logits = model.logitsAt(
        run.hidden,
        prompts.map((_, r) => [r, t - 1] as const),
      );
      run.hidden.dispose();
      const data = logits.dataSync() as Float32Array;
      logits.dispose();
      const vocab = data.length / prompts.length;
      const next = prompts.map((_, r) => {
        if (out.stopped[r]) return 0;
        const [token, logp] = chooseFromLogits(
          data.subarray(r * vocab, (r + 1) * vocab),
          options.temperature ?? 1,
          options.topP ?? 1,
          random,
        );
        out.tokens[r]!.push(token);
        out.logProbs[r]!.push(logp);
        if (stop.has(token)) out.stopped[r] = true;
        return token;
      });
      if (out.stopped.every((s) => s)) break;
      // finished rows keep feeding padding so the batch stays rectangular; their slots are masked off
      input = { tokens: next.map((tok) => [tok]), valid: out.stopped.map((s) => [!s]) };
    }
  } finally {
    cache?.dispose();
  }
  return out;
}
