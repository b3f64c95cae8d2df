import * as tf from "@tensorflow/tfjs-core";
import { InvalidArgumentError } from "@cosir/bayes";
import type { Transformer } from "../model/transformer";
import { scaledSum } from "../model/wasm-heap-kernels";
import { AdamOptimizer, type AdamOptions } from "./adam-optimizer";
import { withSavedTensorViews } from "./saved-tensor-views";

/*
 * Whether trainStepAccumulated sums its parts' gradients with one kernel per variable and part (scaledSum: sum + g *
 * weight) instead of a product and an addition (about 170 kernels fewer in a demo RL iteration): the same float32
 * operations, so the same sums bit for bit. On by default; off is the benchmark's previous step and the tests'
 * reference.
 */
let gradientSumKernel = true;

/** Sets whether accumulated gradients are summed by one kernel per variable and part; returns the previous setting. */
export function setGradientSumKernel(on: boolean): boolean {
  const previous = gradientSumKernel;
  gradientSumKernel = on;
  return previous;
}

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
    const varList = [...this.model.variables.values()];
    const [loss, norm] = tf.tidy(() => {
      const { value, grads } = withSavedTensorViews(() => tf.variableGrads(() => lossFn(this.model, batch), varList));
      return [value, this.applyClipped(grads)];
    });
    const values = tf.tidy(() => tf.stack([loss, norm]).dataSync());
    loss.dispose();
    norm.dispose();
    const gradNorm = values[1]!;
    return { loss: values[0]!, gradNorm, clipped: gradNorm > this.clipNorm, step: this.optimizer.step };
  }

  /**
   * One optimizer step on a batch too padded or too large to pass at once: the gradient of
   * sum_i weight_i * lossFn(model, parts[i].batch), accumulated part by part, then clipped and applied
   * exactly as `trainStep` does. With a token-mean loss and weight_i = (tokens of part i) / (tokens
   * of all parts), it is the gradient of the loss of the whole batch, so a minibatch sorted by length
   * and cut into parts pads each part only to its own longest sequence. `loss` is the weighted sum.
   */
  trainStepAccumulated<B>(
    parts: readonly { batch: B; weight: number }[],
    lossFn: (model: Transformer, batch: B) => tf.Scalar,
  ): TrainStepResult {
    if (parts.length === 0) throw new InvalidArgumentError("parts", parts, "expected at least one part");
    parts.forEach((p, i) => {
      if (!(Number.isFinite(p.weight) && p.weight >= 0))
        throw new InvalidArgumentError(`parts[${i}].weight`, p.weight, "expected a finite number >= 0");
    });
    const varList = [...this.model.variables.values()];
    let sum: Record<string, tf.Tensor> | undefined;
    let loss = 0;
    for (const part of parts) {
      const [value, grads] = tf.tidy(() => {
        const out = withSavedTensorViews(() => tf.variableGrads(() => lossFn(this.model, part.batch), varList));
        const scaled: Record<string, tf.Tensor> = {};
        for (const [name, g] of Object.entries(out.grads)) {
          const fused = gradientSumKernel ? scaledSum(g, part.weight, sum?.[name]) : undefined;
          if (fused !== undefined) {
            scaled[name] = fused;
            continue;
          }
          const w = tf.mul(g, part.weight);
          scaled[name] = sum?.[name] === undefined ? w : tf.add(sum[name] as tf.Tensor, w);
        }
        return [out.value, scaled] as const;
      });
      loss += part.weight * (value.dataSync()[0] as number);
      value.dispose();
      if (sum) for (const t of Object.values(sum)) t.dispose();
      sum = grads;
    }
    const grads = sum as Record<string, tf.Tensor>;
    const norm = tf.tidy(() => this.applyClipped(grads));
    const gradNorm = norm.dataSync()[0] as number;
    norm.dispose();
    for (const t of Object.values(grads)) t.dispose();
    return { loss, gradNorm, clipped: gradNorm > this.clipNorm, step: this.optimizer.step };
  }

  /** Clips `grads` to `clipNorm` by their global norm and applies Adam; returns the norm before clipping. In a tidy. */
  private applyClipped(grads: Record<string, tf.Tensor>): tf.Scalar {
    const squares = Object.values(grads).map((g) => tf.sum(tf.square(g)));
    const gradNorm = tf.sqrt(tf.addN(squares)) as tf.Scalar;
    const scale = Number.isFinite(this.clipNorm)
      ? (tf.minimum(1, tf.div(this.clipNorm, tf.add(gradNorm, 1e-6))) as tf.Scalar)
      : 1;
    this.optimizer.apply(this.model.variables, grads, scale);
    return gradNorm;
  }

  dispose(): void {
    this.optimizer.dispose();
  }
}
