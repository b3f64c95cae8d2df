import * as tf from "@tensorflow/tfjs-core";
import { InvalidArgumentError } from "@cosir/bayes";
import type { PrefixCache } from "../model/prefix-cache";
import type { Transformer } from "../model/transformer";
import { SeededRandom } from "../seeded-random";
import { chooseToken, type SamplingOptions } from "./choose-token";

export interface SampleTokensOptions extends SamplingOptions {
  /** New tokens per row at most (also limited by the context). */
  maxTokens: number;
  /** Token that ends a row (kept as its last token, with its log-prob). */
  stopToken?: number;
  /** Seed of the draws (default 0), or a generator to continue (its state advances). */
  seed?: number;
  rng?: SeededRandom;
  /** Reuse keys and values across steps (default true); false recomputes the whole prefix each step. */
  useCache?: boolean;
  /** Turns a row's tokens into text (stop token excluded) for `texts`. */
  decode?: (tokens: number[]) => string;
  /** Tokens that may never be sampled (e.g. padding, bos, separator). */
  bannedTokens?: readonly number[];
  /**
   * Keys and values of earlier prompts (filled under the current weights): each prompt prefills only what follows
   * the longest prefix held there, and is held itself (Transformer.prefillCached). The same tokens and log-probs
   * as without it, to float rounding.
   */
  prefixCache?: PrefixCache;
}

export interface SampleTokensResult {
  /** Sampled ids per row, including the stop token when one was drawn. */
  tokens: number[][];
  /** Log-prob of each sampled id under the model (temperature 1, unfiltered). */
  logprobs: number[][];
  /** Whether each row ended with the stop token (else it hit maxTokens or the context). */
  stopped: boolean[];
  /** `decode(tokens)` per row when a decoder was given, else empty strings. */
  texts: string[];
}

/**
 * Batched autoregressive sampling with a KV cache (docs/design.md §4): prompts are left-padded into one
 * batch, prefilled once, then each step feeds one token per row. Reproducible given the seed on a
 * given back end: all randomness comes from one SeededRandom, drawn in row order.
 */
export function sampleTokens(
  model: Transformer,
  prompts: readonly (readonly number[])[],
  options: SampleTokensOptions,
): SampleTokensResult {
  if (!Number.isInteger(options.maxTokens) || options.maxTokens < 0) {
    throw new InvalidArgumentError("maxTokens", options.maxTokens, "expected a non-negative integer");
  }
  const vocab = model.config.vocabSize;
  const rng = options.rng ?? new SeededRandom(options.seed ?? 0);
  const batch = prompts.length;
  const longest = Math.max(0, ...prompts.map((p) => p.length));
  const steps = Math.min(options.maxTokens, model.config.context - longest);
  const tokens: number[][] = prompts.map(() => []);
  const logprobs: number[][] = prompts.map(() => []);
  const stopped = prompts.map(() => false);
  const banned = options.bannedTokens === undefined ? undefined : new Set(options.bannedTokens);
  const allowed = banned === undefined ? undefined : (t: number) => !banned.has(t);
  const scratch = new Float64Array(vocab);
  const useCache = options.useCache ?? true;
  if (batch > 0 && steps > 0) {
    let { cache, logits } =
      options.prefixCache === undefined ? model.prefill(prompts) : model.prefillCached(prompts, options.prefixCache);
    try {
      for (let step = 0; step < steps; step++) {
        const values = logits.dataSync();
        logits.dispose();
        const next = new Array<number>(batch);
        for (let r = 0; r < batch; r++) {
          if (stopped[r]) {
            next[r] = options.stopToken ?? 0;
            continue;
          }
          const { token, logprob } = chooseToken(values, r * vocab, vocab, rng, options, scratch, allowed);
          tokens[r]!.push(token);
          logprobs[r]!.push(logprob);
          if (token === options.stopToken) stopped[r] = true;
          next[r] = token;
        }
        if (step === steps - 1 || stopped.every(Boolean)) {
          logits = tf.zeros([0, 0]);
          break;
        }
        if (useCache) logits = model.decodeStep(cache, next);
        else {
          cache.dispose();
          ({ cache, logits } = model.prefill(prompts.map((p, r) => [...p, ...tokens[r]!])));
        }
      }
      logits.dispose();
    } finally {
      cache.dispose();
    }
  }
  const texts = tokens.map((row, r) =>
    options.decode === undefined ? "" : options.decode(stopped[r] ? row.slice(0, -1) : row),
  );
  return { tokens, logprobs, stopped, texts };
}
