import type { Observation } from "@cosir/env";
import { CanonicalTokenizer, TfjsPolicy, Transformer, type TransformerConfigInput } from "@cosir/policy/tfjs";

/** The trainer's view of a tfjs policy: model + tokenizer + how actions become token ids. */
export interface PolicyModel {
  model: Transformer;
  tokenizer: CanonicalTokenizer;
}

/** The largest integer word of the trainer's tokenizer (every number word is 0..TRAINER_MAX_NUMBER). */
export const TRAINER_MAX_NUMBER = 100;

/** Options and attributes given a cell word by `trainerTokenizer({ cellWords: true })`: every held-out family's default size. */
export const TRAINER_CELL_WORDS = { options: 8, attributes: 8 } as const;

/**
 * Tokenizer covering every task the trainer and the held-out families generate (env's defaults); with
 * `cellWords`, a cell `o<k> a<m>` (k, m < 8) is one word (CanonicalTokenizer.withCellWords).
 */
export function trainerTokenizer(options: { cellWords?: boolean } = {}): CanonicalTokenizer {
  const base = CanonicalTokenizer.fromVocabulary({ maxNumber: TRAINER_MAX_NUMBER });
  return options.cellWords === true
    ? base.withCellWords(TRAINER_CELL_WORDS.options, TRAINER_CELL_WORDS.attributes)
    : base;
}

/**
 * A fresh model over `tokenizer` (absent: the trainer's, with cell words where `model.cellWords`, a tokenizer
 * setting the config keeps beside the model's shape).
 */
export function createPolicyModel(
  model: Omit<TransformerConfigInput, "vocabSize"> & { cellWords?: boolean },
  seed: number,
  tokenizer?: CanonicalTokenizer,
): PolicyModel {
  const { cellWords, ...shape } = model;
  const t = tokenizer ?? trainerTokenizer({ cellWords });
  return { model: new Transformer({ ...shape, vocabSize: t.size }, { seed }), tokenizer: t };
}

/** Prompt ids for an observation, leaving room for `maxNewTokens` of action. */
export function promptIds(pm: PolicyModel, observation: Observation, maxNewTokens: number): number[] {
  return pm.tokenizer.promptIds(observation.text, pm.model.config.context - maxNewTokens);
}

/** Target ids of an action text for supervised learning: its words then <eos>. */
export function actionIds(pm: PolicyModel, text: string): number[] {
  return [...pm.tokenizer.encode(text), pm.tokenizer.eos];
}

export interface SamplingPolicyOptions {
  temperature: number;
  maxNewTokens: number;
  /** Seed of the sampling generator; a fresh policy with the same seed samples the same tokens. */
  seed: number;
  name?: string;
  /** Hold each prompt's keys and values across turns (TfjsPolicy's prefixCache); clear it when done. */
  prefixCache?: boolean;
  /** Temperature of the choices (TfjsPolicy's choiceTemperature; 0 greedy); absent: `temperature` for every phase. */
  choiceTemperature?: number;
}

/**
 * The model as an env Policy on the canonical surface (TfjsPolicy): keeps the exact sampled ids and
 * their log-probs in each action (never re-tokenised). Temperature 0 is greedy.
 */
export function samplingPolicy(pm: PolicyModel, options: SamplingPolicyOptions): TfjsPolicy {
  return new TfjsPolicy({
    model: pm.model,
    tokenizer: pm.tokenizer,
    temperature: options.temperature,
    maxTokens: options.maxNewTokens,
    seed: options.seed,
    name: options.name ?? "tfjs",
    prefixCache: options.prefixCache ?? false,
    choiceTemperature: options.choiceTemperature,
  });
}
