import * as tf from "@tensorflow/tfjs-core";
import { InvalidArgumentError } from "@cosir/bayes";
import type { Transformer } from "../model/transformer";
import { AdamOptimizer, type AdamOptions } from "./adam-optimizer";

export interface TransformerTrainerOptions extends AdamOptions {
  /** Clip the global gradient norm to this value (Infinity = no clipping). Default 1. */
  clipNorm?: number;
}

export interface TrainStepResult {
  /** The loss before the update. */
  loss: number;
  /** Global gradient norm before clipping. */
  gradNorm: number;
  /** Whether clipping scaled the gradient down. */
  clipped: boolean;
  /** Optimizer steps taken so far (including this one). */
  step: number;
}

/**
 * Gradient-descent plumbing for a Transformer: `trainStep(batch, lossFn)` takes the gradients of
 * `lossFn(model, batch)` with respect to every weight, clips their global norm and applies Adam.
 * Any differentiable scalar loss works (nextTokenLoss for SFT; a PPO loss built on tokenLogprobs).
 */
export class TransformerTrainer {
  readonly optimizer: AdamOptimizer;
  readonly clipNorm: number;

  constructor(
    readonly model: Transformer,
    options: TransformerTrainerOptions = {},
  ) {
    this.clipNorm = options.clipNorm ?? 1;
    if (!(this.clipNorm > 0))
      throw new InvalidArgumentError("clipNorm", options.clipNorm, "expected a positive number (Infinity to disable)");
    this.optimizer = new AdamOptimizer(options);
  }

  trainStep<B>(batch: B, lossFn: (model: Transformer, batch: B) => tf.Scalar): TrainStepResult {
    const variables = this.model.variables;
    const varList = [...variables.values()];
    const [loss, norm] = tf.tidy(() => {
      const { value, grads } = tf.variableGrads(() => lossFn(this.model, batch), varList);
      const squares = Object.values(grads).map((g) => tf.sum(tf.square(g)));
      const gradNorm = tf.sqrt(tf.addN(squares)) as tf.Scalar;
      const scale = Number.isFinite(this.clipNorm)
        ? (tf.minimum(1, tf.div(this.clipNorm, tf.add(gradNorm, 1e-6))) as tf.Scalar)
        : 1;
      this.optimizer.apply(variables, grads, scale);
      return [value, gradNorm];
    });
    const values = tf.tidy(() => tf.stack([loss, norm]).dataSync());
    loss.dispose();
    norm.dispose();
    const gradNorm = values[1]!;
    return { loss: values[0]!, gradNorm, clipped: gradNorm > this.clipNorm, step: this.optimizer.step };
  }

  dispose(): void {
    this.optimizer.dispose();
  }
}
