import * as tf from "@tensorflow/tfjs-core";
import { InvalidArgumentError } from "@cosir/bayes";
import { adamUpdate } from "../model/wasm-heap-kernels";

/*
 * Whether an Adam step runs as one kernel per variable on tfjs-wasm (adamUpdate) instead of thirteen elementwise ones
 * (about 750 kernels, each with tfjs' per-kernel bookkeeping, in the demo's two steps an RL iteration): the same float32
 * operations in the same order, so the same weights and moments bit for bit. On by default; off is the benchmark's
 * previous step and the tests' reference.
 */
let fused = true;

/** Sets whether an Adam step runs as one kernel per variable where the heap kernels run; returns the previous setting. */
export function setFusedAdam(on: boolean): boolean {
  const previous = fused;
  fused = on;
  return previous;
}

export interface AdamOptions {
  /** Step size. Default 3e-4. */
  learningRate?: number;
  beta1?: number;
  beta2?: number;
  epsilon?: number;
  /** Decoupled weight decay (AdamW), applied to matrices only (not norms, not embeddings). Default 0. */
  weightDecay?: number;
}

/**
 * Adam / AdamW whose whole state (moments and step count) is plain tensors that a checkpoint can
 * save and restore exactly (tf.train.adam keeps its state private to the optimizer object).
 *   m = b1 m + (1 - b1) g;  v = b2 v + (1 - b2) g^2;  w -= lr sqrt(1 - b2^t) / (1 - b1^t) m / (sqrt(v) + eps)
 */
export class AdamOptimizer {
  learningRate: number;
  readonly beta1: number;
  readonly beta2: number;
  readonly epsilon: number;
  readonly weightDecay: number;
  /** Updates applied so far. */
  step = 0;
  private readonly moments = new Map<string, { m: tf.Variable; v: tf.Variable }>();

  constructor(options: AdamOptions = {}) {
    this.learningRate = options.learningRate ?? 3e-4;
    this.beta1 = options.beta1 ?? 0.9;
    this.beta2 = options.beta2 ?? 0.999;
    this.epsilon = options.epsilon ?? 1e-8;
    this.weightDecay = options.weightDecay ?? 0;
    for (const [field, value, lo, hi] of [
      ["learningRate", this.learningRate, 0, Infinity],
      ["beta1", this.beta1, 0, 1],
      ["beta2", this.beta2, 0, 1],
      ["epsilon", this.epsilon, 0, Infinity],
      ["weightDecay", this.weightDecay, 0, Infinity],
    ] as const) {
      if (!Number.isFinite(value) || value < lo || value >= hi)
        throw new InvalidArgumentError(field, value, `expected a number in [${lo}, ${hi})`);
    }
  }

  /**
   * Applies one update: `grads` by variable name, each multiplied by `gradScale` (a scalar tensor
   * or number, e.g. the clipping factor) first. Disposes nothing it was given.
   */
  apply(
    variables: ReadonlyMap<string, tf.Variable>,
    grads: Readonly<Record<string, tf.Tensor>>,
    gradScale: tf.Scalar | number = 1,
  ): void {
    this.step++;
    const t = this.step;
    const lr = (this.learningRate * Math.sqrt(1 - this.beta2 ** t)) / (1 - this.beta1 ** t);
    tf.tidy(() => {
      for (const [name, variable] of variables) {
        const raw = grads[variable.name] ?? grads[name];
        if (raw === undefined) continue;
        let state = this.moments.get(name);
        if (state === undefined) {
          state = { m: tf.variable(tf.zerosLike(variable), false), v: tf.variable(tf.zerosLike(variable), false) };
          this.moments.set(name, state);
        }
        const decays = this.weightDecay > 0 && variable.rank === 2 && !name.includes("emb");
        const settings = {
          beta1: this.beta1,
          beta2: this.beta2,
          epsilon: this.epsilon,
          lr,
          decay: decays ? this.learningRate * this.weightDecay : 0,
        };
        const one = fused
          ? adamUpdate({ w: variable, m: state.m, v: state.v, g: raw }, gradScale, settings)
          : undefined;
        if (one !== undefined) {
          state.m.assign(one.m);
          state.v.assign(one.v);
          variable.assign(one.w);
          continue;
        }
        const g = gradScale === 1 ? raw : tf.mul(raw, gradScale);
        state.m.assign(tf.add(tf.mul(state.m, this.beta1), tf.mul(g, 1 - this.beta1)));
        state.v.assign(tf.add(tf.mul(state.v, this.beta2), tf.mul(tf.square(g), 1 - this.beta2)));
        let next = tf.sub(variable, tf.mul(tf.div(state.m, tf.add(tf.sqrt(state.v), this.epsilon)), lr));
        if (decays) {
          next = tf.sub(next, tf.mul(variable, this.learningRate * this.weightDecay));
        }
        variable.assign(next);
      }
    });
  }

  /** Moments as named tensors (`adam.m.<param>`, `adam.v.<param>`) for a checkpoint; not copies. */
  stateTensors(): Map<string, tf.Tensor> {
    const out = new Map<string, tf.Tensor>();
    for (const [name, { m, v }] of this.moments) {
      out.set(`adam.m.${name}`, m);
      out.set(`adam.v.${name}`, v);
    }
    return out;
  }

  /** Restores moments saved by `stateTensors` (values are copied) and the step count. */
  loadState(step: number, tensors: ReadonlyMap<string, { shape: readonly number[]; data: Float32Array }>): void {
    if (!Number.isInteger(step) || step < 0)
      throw new InvalidArgumentError("step", step, "expected a non-negative integer");
    this.disposeMoments();
    const names = new Set<string>();
    for (const key of tensors.keys()) {
      const match = /^adam\.[mv]\.(.+)$/.exec(key);
      if (match) names.add(match[1]!);
    }
    for (const name of names) {
      const m = tensors.get(`adam.m.${name}`);
      const v = tensors.get(`adam.v.${name}`);
      if (m === undefined || v === undefined)
        throw new InvalidArgumentError(
          `adam state ${name}`,
          m === undefined ? "no m" : "no v",
          "expected both moments",
        );
      this.moments.set(
        name,
        tf.tidy(() => ({
          m: tf.variable(tf.tensor(m.data, [...m.shape], "float32"), false),
          v: tf.variable(tf.tensor(v.data, [...v.shape], "float32"), false),
        })),
      );
    }
    this.step = step;
  }

  dispose(): void {
    this.disposeMoments();
  }

  private disposeMoments(): void {
    for (const { m, v } of this.moments.values()) {
      m.dispose();
      v.dispose();
    }
    this.moments.clear();
  }
}
