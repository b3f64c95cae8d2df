import * as tf from "@tensorflow/tfjs-core";
import { InvalidArgumentError } from "@cosir/bayes";
import type { AdamOptions } from "../tfjs/training/adam-optimizer";
import { AdamOptimizer } from "../tfjs/training/adam-optimizer";
import type { DecoderModel } from "./decoder-model";
import type { LoraAdapter } from "./lora-adapter";

/** One training sequence: tokens, and a weight per predicted token (0 = not trained; index i scores tokens[i]). */
export interface WeightedSequence {
  tokens: number[];
  /** Same length as tokens; weights[0] is ignored (nothing predicts the first token). */
  weights: number[];
}

/**
 * The differentiable objective -sum_i w_i log p(tokens[i] | tokens[<i]) / sum_i |w_i| over a right-padded batch, the
 * LM head computed only where w_i != 0. With w_i = advantage of the message holding token i this is the
 * REINFORCE surrogate whose gradient is the policy gradient (docs/design.md §5.4).
 */
export function weightedNegativeLogLikelihood(model: DecoderModel, batch: readonly WeightedSequence[]): tf.Scalar {
  const width = Math.max(...batch.map((s) => s.tokens.length));
  const at: Array<readonly [number, number]> = [];
  const targets: number[] = [];
  const weights: number[] = [];
  batch.forEach((s, r) => {
    if (s.weights.length !== s.tokens.length)
      throw new InvalidArgumentError(
        `batch[${r}].weights`,
        s.weights.length,
        `${s.tokens.length} weights, one per token`,
      );
    for (let i = 1; i < s.tokens.length; i++)
      if (s.weights[i] !== 0) {
        at.push([r, i - 1]);
        targets.push(s.tokens[i]!);
        weights.push(s.weights[i]!);
      }
  });
  if (at.length === 0) throw new InvalidArgumentError("batch", "no weighted tokens", "at least one non-zero weight");
  const tokens = batch.map((s) => [...s.tokens, ...Array<number>(width - s.tokens.length).fill(0)]);
  const valid = batch.map((s) => Array.from({ length: width }, (_, i) => i < s.tokens.length));
  const { hidden, cache } = model.forward({ tokens, valid });
  cache.dispose();
  // log p(target) = logit(target) - logsumexp(logits), with the head's own gradient (DecoderModel.logProbsAt)
  const picked = model.logProbsAt(hidden, at, targets);
  const norm = weights.reduce((a, w) => a + Math.abs(w), 0);
  return tf.div(tf.neg(tf.sum(tf.mul(picked, tf.tensor1d(weights)))), norm) as tf.Scalar;
}

/** LoRA training of a decoder: only the adapter's A and B move (Adam), dropout on while stepping. */
export class LoraTrainer {
  readonly optimizer: AdamOptimizer;

  constructor(
    readonly model: DecoderModel,
    readonly adapter: LoraAdapter,
    options: AdamOptions = {},
  ) {
    this.optimizer = new AdamOptimizer({ learningRate: 1e-3, ...options });
    model.adapter = adapter;
  }

  /** One update on `batch`; returns the loss before the update. */
  step(batch: readonly WeightedSequence[]): number {
    const variables = this.adapter.variables();
    this.adapter.training = true;
    try {
      const { value, grads } = tf.variableGrads(
        () => weightedNegativeLogLikelihood(this.model, batch),
        [...variables.values()],
      );
      this.optimizer.apply(variables, grads);
      const loss = value.dataSync()[0]!;
      value.dispose();
      for (const g of Object.values(grads)) g.dispose();
      return loss;
    } finally {
      this.adapter.training = false;
    }
  }
}
