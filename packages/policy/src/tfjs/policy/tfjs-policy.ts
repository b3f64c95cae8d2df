import * as tf from "@tensorflow/tfjs-core";
import { InvalidArgumentError } from "@cosir/bayes";
import type { Observation, Policy, PolicyAction } from "@cosir/env";
import { actByPhase } from "../../phase/act-by-phase";
import { loadCheckpoint } from "../checkpoint/load-checkpoint";
import { PrefixCache } from "../model/prefix-cache";
import type { Transformer } from "../model/transformer";
import type { SamplingOptions } from "../sampling/choose-token";
import { sampleTokens } from "../sampling/sample-tokens";
import { SeededRandom } from "../seeded-random";
import type { CanonicalTokenizer } from "../tokenizer/canonical-tokenizer";
import { packSequences, unpackCompletions, type PromptCompletion } from "../training/pack-sequences";
import { tokenLogprobs } from "../training/token-logprobs";

export interface TfjsPolicyOptions extends SamplingOptions {
  model: Transformer;
  tokenizer: CanonicalTokenizer;
  /** Policy name in traces. Default "tfjs". */
  name?: string;
  /** Longest message in tokens (its <eos> included). Default 24. */
  maxTokens?: number;
  /** Seed of sampling; the generator's state carries over from one `act` to the next. Default 0. */
  seed?: number;
  /** Rows per sampling or scoring batch at most. Default 64. */
  batchSize?: number;
  /**
   * Keep each prompt's keys and values between calls, so a seat's next turn prefills only what follows the prefix
   * it shares with an earlier prompt (PrefixCache; the same tokens and log-probs to float rounding). Call
   * `clearPrefixCache()` after the weights change and when done. Default false.
   */
  prefixCache?: boolean;
  /**
   * Temperature of the choices (observations whose phase is not "discuss": the final choice and a pre-discussion
   * one), 0 for greedy; the discussion keeps `temperature`. A choice is worked out (a scratchpad's arithmetic), not a
   * strategy to explore, so an evaluation may sample the talk and take the most likely choice. Absent: `temperature`
   * for every phase, and `act` samples exactly as it did before the option existed.
   */
  choiceTemperature?: number;
}

/**
 * The tfjs transformer as an env Policy (docs/design.md §4) on the canonical surface:
 * observation.text -> <bos> words <sep> (truncated by CanonicalTokenizer.promptIds) -> sampled ids
 * up to <eos> -> text (the env parses it into acts). Each action keeps the exact sampled ids
 * (ending with <eos> when the model stopped) and their log-probs, so training never re-tokenises.
 */
export class TfjsPolicy implements Policy {
  readonly name: string;
  readonly model: Transformer;
  readonly tokenizer: CanonicalTokenizer;
  readonly maxTokens: number;
  readonly batchSize: number;
  sampling: SamplingOptions;
  /** Temperature of the choice phases, or undefined to sample them as the discussion (see TfjsPolicyOptions). */
  readonly choiceTemperature: number | undefined;
  private rng: SeededRandom;
  private readonly prefixes: PrefixCache | undefined;

  constructor(options: TfjsPolicyOptions) {
    this.model = options.model;
    this.tokenizer = options.tokenizer;
    this.name = options.name ?? "tfjs";
    this.maxTokens = options.maxTokens ?? 24;
    this.batchSize = options.batchSize ?? 64;
    if (this.tokenizer.size !== this.model.config.vocabSize) {
      throw new InvalidArgumentError(
        "tokenizer",
        this.tokenizer.size,
        `expected ${this.model.config.vocabSize} tokens (the model's vocabSize)`,
      );
    }
    if (!Number.isInteger(this.maxTokens) || this.maxTokens < 1 || this.maxTokens > this.model.config.context - 3) {
      throw new InvalidArgumentError(
        "maxTokens",
        this.maxTokens,
        `expected an integer in 1..${this.model.config.context - 3} (context - 3)`,
      );
    }
    if (!Number.isInteger(this.batchSize) || this.batchSize < 1)
      throw new InvalidArgumentError("batchSize", this.batchSize, "expected a positive integer");
    this.sampling = { temperature: options.temperature ?? 1, topK: options.topK ?? 0, topP: options.topP ?? 1 };
    const ct = options.choiceTemperature;
    if (ct !== undefined && !(Number.isFinite(ct) && ct >= 0 && ct <= 10))
      throw new InvalidArgumentError("choiceTemperature", ct, "expected a number in 0..10");
    this.choiceTemperature = ct;
    this.rng = new SeededRandom(options.seed ?? 0);
    this.prefixes = options.prefixCache === true ? new PrefixCache(4 * this.batchSize) : undefined;
  }

  /** Forgets every held prompt (needed after the weights change) and frees their keys and values. */
  clearPrefixCache(): void {
    this.prefixes?.clear();
  }

  /** A policy on the model and tokenizer of a checkpoint directory. */
  static async fromCheckpoint(
    dir: string,
    options: Omit<TfjsPolicyOptions, "model" | "tokenizer"> = {},
  ): Promise<TfjsPolicy> {
    const { model, tokenizer } = await loadCheckpoint(dir);
    return new TfjsPolicy({ ...options, model, tokenizer });
  }

  /** The prompt ids of an observation, leaving room for `completionLength` ids (default maxTokens). */
  promptIds(observation: Pick<Observation, "text">, completionLength = this.maxTokens): number[] {
    return this.tokenizer.promptIds(observation.text, this.model.config.context - completionLength);
  }

  /** The action's ids: its sampled tokens when present, else its text encoded plus <eos>. */
  actionTokens(action: PolicyAction): number[] {
    return action.tokens !== undefined
      ? [...action.tokens]
      : [...this.tokenizer.encode(action.text), this.tokenizer.eos];
  }

  /** The (prompt, completion) pair a trainer learns from for one step. */
  sequence(observation: Pick<Observation, "text">, action: PolicyAction): PromptCompletion {
    const completion = this.actionTokens(action).slice(0, this.model.config.context - 3);
    return { prompt: this.promptIds(observation, Math.max(this.maxTokens, completion.length)), completion };
  }

  async act(observations: readonly Observation[]): Promise<PolicyAction[]> {
    const out: PolicyAction[] = [];
    for (let start = 0; start < observations.length; start += this.batchSize) {
      const batch = observations.slice(start, start + this.batchSize);
      const texts = (rows: readonly Observation[]) => rows.map((o) => o.text);
      const choiceTemperature = this.choiceTemperature;
      if (choiceTemperature === undefined || choiceTemperature === this.sampling.temperature)
        out.push(...this.complete(texts(batch)));
      // the discussion rows first, then the choices at their own temperature, back in input order
      else
        out.push(
          ...(await actByPhase(
            batch,
            (rows) => this.complete(texts(rows)),
            (rows) => this.complete(texts(rows), { temperature: choiceTemperature }),
          )),
        );
      await Promise.resolve();
    }
    return out;
  }

  /**
   * Samples one message per canonical observation text (what `act` does, without the Observation
   * wrapper; `cosir serve` uses it). Per-call overrides: sampling options, maxTokens (at most the
   * policy's), and a seed for a private generator (else the policy's generator advances).
   */
  complete(
    texts: readonly string[],
    options: SamplingOptions & { maxTokens?: number; seed?: number } = {},
  ): PolicyAction[] {
    const t = this.tokenizer;
    const maxTokens = Math.min(options.maxTokens ?? this.maxTokens, this.maxTokens);
    const rng = options.seed === undefined ? this.rng : new SeededRandom(options.seed);
    const out: PolicyAction[] = [];
    for (let start = 0; start < texts.length; start += this.batchSize) {
      const chunk = texts.slice(start, start + this.batchSize);
      const result = sampleTokens(
        this.model,
        chunk.map((text) => this.promptIds({ text })),
        {
          ...this.sampling,
          ...definedOnly({ temperature: options.temperature, topK: options.topK, topP: options.topP }),
          maxTokens,
          stopToken: t.eos,
          rng,
          bannedTokens: [t.pad, t.bos, t.unk, t.sep],
          ...(this.prefixes === undefined ? {} : { prefixCache: this.prefixes }),
          decode: (ids) => t.decode(ids),
        },
      );
      result.tokens.forEach((tokens, r) => out.push({ text: result.texts[r]!, tokens, logprobs: result.logprobs[r]! }));
    }
    return out;
  }

  /** Log-probs of each action's tokens given its observation, under the current weights. */
  async logprobs(batch: readonly { observation: Observation; action: PolicyAction }[]): Promise<number[][]> {
    const out: number[][] = [];
    for (let start = 0; start < batch.length; start += this.batchSize) {
      const items = batch
        .slice(start, start + this.batchSize)
        .map(({ observation, action }) => this.sequence(observation, action));
      const packed = packSequences(items, { padToken: this.tokenizer.pad });
      const values = tf.tidy(() => tokenLogprobs(this.model, packed.tokens).logprobs.dataSync());
      tf.dispose([packed.tokens, packed.mask]);
      out.push(...unpackCompletions(packed, values));
      await Promise.resolve();
    }
    return out;
  }

  /** State of the sampling generator (for exact resume). */
  rngState(): [number, number, number, number] {
    return this.rng.state();
  }

  setRngState(state: readonly number[]): void {
    this.rng = new SeededRandom(state);
  }

  /** Frees the model's weights (and the held prompts). */
  dispose(): void {
    this.prefixes?.dispose();
    this.model.dispose();
  }
}

function definedOnly<T extends Record<string, unknown>>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
