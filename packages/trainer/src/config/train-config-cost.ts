import type { TrainConfig } from "./train-config";

/** Tokens of the trainer's tokenizer (CanonicalTokenizer.fromVocabulary({maxNumber: 100}), see trainerTokenizer). */
export const TRAINER_VOCAB_SIZE = 198;
/** Cell words `trainerTokenizer({ cellWords: true })` adds (8 options x 8 attributes; see TRAINER_CELL_WORDS). */
export const TRAINER_CELL_WORD_COUNT = 64;

/** What a training config may cost before validation refuses it; both are configurable through `budget`. */
export interface TrainBudget {
  /** Model parameters (float32; Adam keeps two more copies). */
  maxParameters: number;
  /** Estimated activation memory of the largest training batch, in bytes. */
  maxActivationBytes: number;
}

/** 100 M parameters (1.2 GB with Adam's moments) and 8 GiB of activations: far above the presets, far below a crash. */
export const DEFAULT_TRAIN_BUDGET: Readonly<TrainBudget> = Object.freeze({
  maxParameters: 100_000_000,
  maxActivationBytes: 8 * 1024 ** 3,
});

/** The estimate trainConfigCost gives. */
export interface TrainConfigCost {
  /** Exact parameter count of the model the config builds (transformerParameterShapes). */
  parameters: number;
  /**
   * Sequences in the largest training pass (max of sft.batchSize, pretrain.batchSize and RL's pass: the smaller of
   * rl.minibatchSize and rl.microbatchSize).
   */
  batch: number;
  /** Float32 activations kept for the backward pass of that batch, in bytes (an estimate, see below). */
  activationBytes: number;
}

/**
 * The cost of a training config before anything is built. Parameters (with V the vocabulary, d the width, T the
 * context, m the MLP ratio, L the layers): V·d token embedding (+2·V·d with tokenShift), T·d positions, per layer
 * 4·d² attention + 2·m·d² MLP + 2·d norms, and d for the final norm (the output layer is tied). Activations per
 * sequence and layer: (10 + 2·m)·T·d values (norms, Q, K, V, attention and projection outputs, residuals, MLP
 * hidden and its ReLU) plus 2·H·T² attention scores and probabilities; per sequence (1 + 2 with tokenShift)·T·d
 * embeddings and 2·T·V logits and probabilities; 4 bytes each.
 */
export function trainConfigCost(
  config: TrainConfig,
  vocabSize = TRAINER_VOCAB_SIZE + (config.model.cellWords === true ? TRAINER_CELL_WORD_COUNT : 0),
): TrainConfigCost {
  const { width: d, layers, heads, context: t, mlpRatio: m, tokenShift } = config.model;
  const v = vocabSize;
  const shift = tokenShift ? 2 : 0;
  const parameters = (1 + shift) * v * d + t * d + layers * (4 * d * d + 2 * m * d * d + 2 * d) + d;
  const batch = Math.max(
    config.sft.batchSize,
    config.pretrain.batchSize,
    Math.min(config.rl.minibatchSize, config.rl.microbatchSize),
  );
  const perLayer = (10 + 2 * m) * t * d + 2 * heads * t * t;
  const perSequence = layers * perLayer + (1 + shift) * t * d + 2 * t * v;
  return { parameters, batch, activationBytes: 4 * batch * perSequence };
}
