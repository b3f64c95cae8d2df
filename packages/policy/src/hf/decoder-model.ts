import * as tf from "@tensorflow/tfjs-core";
import { InvalidArgumentError } from "@cosir/bayes";
import type { DecoderConfig } from "./decoder-config";
import { DecoderKvCache } from "./decoder-kv-cache";
import type { DecoderLayerWeights, DecoderWeights } from "./decoder-weights";
import { PROJECTION_MODULES } from "./decoder-weights";
import { headLogProbs } from "./head-log-probs";
import { floatToHalf, halfToFloat } from "./hf-safetensors";

/** A low-rank update of projections, keyed `layers.{i}.{PROJECTION_MODULES value}` (LoRA hooks in here). */
export interface ProjectionAdapter {
  /** The update to add to `x W^T` for that projection, or null when the module has no adapter. */
  delta(x: tf.Tensor2D, key: string): tf.Tensor2D | null;
}

/**
 * Known mistakes that can be planted on purpose, so the comparison against llama.cpp is shown to catch them
 * (mutation tests). Never set outside such tests.
 */
export interface DecoderFaults {
  skipQkNorm?: boolean;
  /** Query head h reads key/value head h % kvHeads instead of floor(h / group). */
  interleavedGqa?: boolean;
  /** Not a mistake: use llama.cpp's half-precision GELU table (to compare GeGLU models with it at 1e-4). */
  ggmlGeluTable?: boolean;
}

/** What one forward pass feeds: token rows of equal length, with per-row validity (left padding off). */
export interface DecoderInput {
  tokens: number[][];
  /** false for padding slots (default: all true). */
  valid?: boolean[][];
}

const NEG = -1e9;

/**
 * Largest LM head (in floats) kept a second time as W^T for the fast untransposed matmul: the tiny checkpoints' 9.7M
 * (39 MB), not Qwen3-0.6B's 155M (622 MB more on a wasm heap that is already near its limit with 2.4 GB of weights).
 */
const TRANSPOSED_HEAD_LIMIT = 64 * 1024 * 1024;

function rmsNorm(x: tf.Tensor, weight: tf.Tensor1D, eps: number, offset: number): tf.Tensor {
  // x / sqrt(mean(x^2) + eps) * (offset + w): Gemma stores w - 1 (offset 1), Qwen3 stores w (offset 0)
  const scale = tf.rsqrt(tf.add(tf.mean(tf.square(x), -1, true), eps));
  const w = offset === 0 ? weight : tf.add(weight, offset);
  return tf.mul(tf.mul(x, scale), w);
}

/** Rotate-half RoPE (GPT-NeoX layout) on x [B, T, heads, d] with cos/sin [B, T, 1, d]. */
function rope(x: tf.Tensor4D, cos: tf.Tensor, sin: tf.Tensor): tf.Tensor4D {
  const half = x.shape[3] / 2;
  const [x1, x2] = tf.split(x, [half, half], 3);
  const rotated = tf.concat([tf.neg(x2!), x1!], 3);
  return tf.add(tf.mul(x, cos), tf.mul(rotated, sin)) as tf.Tensor4D;
}

/** cos and sin tables [B, T, 1, d] for the given positions: inv_freq_i = theta^(-2i/d). */
function ropeTables(positions: number[][], headDim: number, theta: number, scale: number): [tf.Tensor, tf.Tensor] {
  const b = positions.length;
  const t = positions[0]?.length ?? 0;
  const half = headDim / 2;
  const cos = new Float32Array(b * t * headDim);
  const sin = new Float32Array(b * t * headDim);
  for (let r = 0; r < b; r++)
    for (let i = 0; i < t; i++) {
      const p = positions[r]![i]!;
      for (let j = 0; j < half; j++) {
        const angle = (p / scale) * theta ** ((-2 * j) / headDim);
        const at = (r * t + i) * headDim;
        cos[at + j] = cos[at + j + half] = Math.cos(angle);
        sin[at + j] = sin[at + j + half] = Math.sin(angle);
      }
    }
  return [tf.tensor4d(cos, [b, t, 1, headDim]), tf.tensor4d(sin, [b, t, 1, headDim])];
}

/**
 * llama.cpp's CPU GELU (ggml's GGML_GELU_FP16 table): the input rounded to half precision, the tanh GELU of that
 * looked up already rounded to half. Only for comparing with llama.cpp: it is ~1e-3 off the exact function and
 * not differentiable (it reads the values back).
 */
function ggmlTableGelu(x: tf.Tensor): tf.Tensor {
  const values = x.dataSync();
  const out = new Float32Array(values.length);
  const c = Math.fround(Math.sqrt(2 / Math.PI));
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (v <= -10) out[i] = 0;
    else if (v >= 10) out[i] = v;
    else {
      const h = halfToFloat(floatToHalf(v));
      out[i] = halfToFloat(floatToHalf(0.5 * h * (1 + Math.tanh(c * h * (1 + 0.044715 * h * h)))));
    }
  }
  return tf.tensor(out, x.shape);
}

function gelu(x: tf.Tensor): tf.Tensor {
  // tanh approximation, as Gemma's gelu_pytorch_tanh
  const inner = tf.mul(tf.add(x, tf.mul(tf.pow(x, 3), 0.044715)), Math.sqrt(2 / Math.PI));
  return tf.mul(tf.mul(x, 0.5), tf.add(tf.tanh(inner), 1));
}

/**
 * A Qwen3 or Gemma 3 text decoder in tfjs, from Hugging Face weights: RMSNorm, per-head q/k norm, rotate-half
 * RoPE, grouped-query attention with an optional sliding window per layer, SwiGLU or GeGLU, tied or separate
 * head. The LM head is applied only where `logitsAt` asks (a 151k-row head at every position would dominate).
 */
export class DecoderModel {
  adapter: ProjectionAdapter | null = null;
  faults: DecoderFaults = {};
  /**
   * W^T [hidden, vocab] of the LM head when it is at most TRANSPOSED_HEAD_LIMIT floats, else null: tfjs-wasm sends
   * `matMul(h, W, false, true)` to a generic loop and `matMul(h, W^T)` to XNNPACK (in a kernel profile, the tiny
   * checkpoints' head went from 72 ms to 3 ms a decoding step of 4 rows, 1.3 s to 0.13 s for 140 scored positions).
   * Made with the model, so that no call's tensor count changes; disposed with it.
   */
  private transposedHead: tf.Tensor2D | null;

  constructor(
    readonly config: DecoderConfig,
    readonly weights: DecoderWeights,
  ) {
    const head = weights.lmHead;
    this.transposedHead = head.size <= TRANSPOSED_HEAD_LIMIT ? tf.tidy(() => tf.transpose(head)) : null;
  }

  private project(x: tf.Tensor2D, w: tf.Tensor2D, key: string): tf.Tensor2D {
    const base = tf.matMul(x, w, false, true) as tf.Tensor2D;
    const delta = this.adapter?.delta(x, key) ?? null;
    return delta === null ? base : (tf.add(base, delta) as tf.Tensor2D);
  }

  /** Additive mask [B, 1, 1, T, S]: causal, padding, and the layer's window measured in positions. */
  private mask(cache: DecoderKvCache, t: number, window: number): tf.Tensor {
    const b = cache.batch;
    const s = cache.length;
    const out = new Float32Array(b * t * s);
    for (let r = 0; r < b; r++) {
      const valid = cache.keyValid[r]!;
      const pos = cache.positions[r]!;
      for (let i = 0; i < t; i++) {
        const slot = s - t + i;
        for (let j = 0; j < s; j++) {
          const ok = j <= slot && valid[j]! && pos[slot]! - pos[j]! < window;
          out[(r * t + i) * s + j] = ok ? 0 : NEG;
        }
      }
    }
    return tf.tensor(out, [b, 1, 1, t, s]);
  }

  private attention(
    x: tf.Tensor3D,
    layer: number,
    w: DecoderLayerWeights,
    cache: DecoderKvCache,
    rot: [tf.Tensor, tf.Tensor],
  ): tf.Tensor3D {
    const c = this.config;
    const [b, t, h] = x.shape;
    const d = c.headDim;
    const nq = c.numHeads;
    const nk = c.numKvHeads;
    const g = nq / nk;
    const x2 = tf.reshape(x, [b * t, h]) as tf.Tensor2D;
    const key = (m: string) => `layers.${layer}.${m}`;
    let q = tf.reshape(this.project(x2, w.q, key(PROJECTION_MODULES.q)), [b, t, nq, d]) as tf.Tensor4D;
    let k = tf.reshape(this.project(x2, w.k, key(PROJECTION_MODULES.k)), [b, t, nk, d]) as tf.Tensor4D;
    const v = tf.reshape(this.project(x2, w.v, key(PROJECTION_MODULES.v)), [b, t, nk, d]);
    if (!this.faults.skipQkNorm) {
      q = rmsNorm(q, w.qNorm, c.rmsNormEps, c.normWeightOffset) as tf.Tensor4D;
      k = rmsNorm(k, w.kNorm, c.rmsNormEps, c.normWeightOffset) as tf.Tensor4D;
    }
    q = rope(q, rot[0], rot[1]);
    k = rope(k, rot[0], rot[1]);
    // Query heads of one key/value head are contiguous (h = kv * group + i), so the group folds into rows.
    const qg = this.faults.interleavedGqa
      ? tf.transpose(tf.reshape(q, [b, t, g, nk, d]), [0, 3, 2, 1, 4])
      : tf.transpose(tf.reshape(q, [b, t, nk, g, d]), [0, 2, 3, 1, 4]);
    const newK = tf.transpose(k, [0, 2, 1, 3]) as tf.Tensor4D;
    const newV = tf.transpose(v, [0, 2, 1, 3]) as tf.Tensor4D;
    const old = [cache.keys[layer], cache.values[layer]];
    const keys = old[0] === undefined ? newK : (tf.concat([old[0], newK], 2) as tf.Tensor4D);
    const values = old[1] === undefined ? newV : (tf.concat([old[1], newV], 2) as tf.Tensor4D);
    cache.keys[layer] = tf.keep(keys);
    cache.values[layer] = tf.keep(values);
    if (old[0] !== undefined) old[0].dispose();
    if (old[1] !== undefined) old[1].dispose();
    const s = keys.shape[2];
    const scores = tf.mul(tf.matMul(tf.reshape(qg, [b, nk, g * t, d]), keys, false, true), c.attentionScale);
    const masked = tf.add(tf.reshape(scores, [b, nk, g, t, s]), this.mask(cache, t, c.layerWindows[layer]!));
    const probs = tf.reshape(tf.softmax(masked), [b, nk, g * t, s]);
    const context = tf.reshape(tf.matMul(probs, values), [b, nk, g, t, d]);
    const heads = this.faults.interleavedGqa
      ? tf.transpose(context, [0, 3, 2, 1, 4])
      : tf.transpose(context, [0, 3, 1, 2, 4]);
    const flat = tf.reshape(heads, [b * t, nq * d]) as tf.Tensor2D;
    return tf.reshape(this.project(flat, w.o, key(PROJECTION_MODULES.o)), [b, t, h]) as tf.Tensor3D;
  }

  private mlp(x: tf.Tensor3D, layer: number, w: DecoderLayerWeights): tf.Tensor3D {
    const [b, t, h] = x.shape;
    const x2 = tf.reshape(x, [b * t, h]) as tf.Tensor2D;
    const key = (m: string) => `layers.${layer}.${m}`;
    const gate = this.project(x2, w.gate, key(PROJECTION_MODULES.gate));
    const up = this.project(x2, w.up, key(PROJECTION_MODULES.up));
    const act =
      this.config.activation === "silu"
        ? tf.mul(gate, tf.sigmoid(gate))
        : this.faults.ggmlGeluTable
          ? ggmlTableGelu(gate)
          : gelu(gate);
    const down = this.project(tf.mul(act, up) as tf.Tensor2D, w.down, key(PROJECTION_MODULES.down));
    return tf.reshape(down, [b, t, h]) as tf.Tensor3D;
  }

  /** Appends the input's slots to `cache` (a fresh one when omitted) and returns the slots' positions. */
  private extend(input: DecoderInput, cache: DecoderKvCache): number[][] {
    const next = cache.nextPositions();
    return input.tokens.map((row, r) => {
      const valid = input.valid?.[r] ?? row.map(() => true);
      let p = next[r]!;
      const positions = row.map((_, i) => (valid[i] ? p++ : p));
      cache.keyValid[r]!.push(...valid);
      cache.positions[r]!.push(...positions);
      return positions;
    });
  }

  /**
   * Runs the decoder over `input`, extending `cache` (created when omitted), and returns the final-normed hidden
   * states [B, T, hidden] and the cache. Differentiable when called under tf.grad/variableGrads.
   */
  forward(input: DecoderInput, cache?: DecoderKvCache): { hidden: tf.Tensor3D; cache: DecoderKvCache } {
    const c = this.config;
    const b = input.tokens.length;
    const t = input.tokens[0]?.length ?? 0;
    if (b === 0 || t === 0 || input.tokens.some((row) => row.length !== t))
      throw new InvalidArgumentError(
        "tokens",
        input.tokens.map((r) => r.length),
        "non-empty rows of equal length",
      );
    for (const row of input.tokens)
      for (const id of row)
        if (!Number.isInteger(id) || id < 0 || id >= c.vocabSize)
          throw new InvalidArgumentError("tokens", id, `token ids in [0, ${c.vocabSize})`);
    const kv =
      cache ??
      new DecoderKvCache(
        [],
        [],
        Array.from({ length: b }, () => []),
        Array.from({ length: b }, () => []),
      );
    const positions = this.extend(input, kv);
    const hidden = tf.tidy(() => {
      const ids = tf.tensor2d(input.tokens.flat(), [b, t], "int32");
      let x = tf.gather(this.weights.embed, ids) as unknown as tf.Tensor3D;
      if (c.embeddingScale !== 1) x = tf.mul(x, tf.scalar(Math.fround(c.embeddingScale)));
      const tables = new Map<string, [tf.Tensor, tf.Tensor]>();
      for (let i = 0; i < c.numLayers; i++) {
        const w = this.weights.layers[i]!;
        const theta = c.layerRopeTheta[i]!;
        const scale = c.layerRopeScale[i] ?? 1;
        const ropeKey = `${theta}/${scale}`;
        if (!tables.has(ropeKey)) tables.set(ropeKey, ropeTables(positions, c.headDim, theta, scale));
        let a = this.attention(
          rmsNorm(x, w.attnNorm, c.rmsNormEps, c.normWeightOffset) as tf.Tensor3D,
          i,
          w,
          kv,
          tables.get(ropeKey)!,
        );
        if (w.postAttnNorm !== null) a = rmsNorm(a, w.postAttnNorm, c.rmsNormEps, c.normWeightOffset) as tf.Tensor3D;
        x = tf.add(x, a);
        let m = this.mlp(rmsNorm(x, w.ffnNorm, c.rmsNormEps, c.normWeightOffset) as tf.Tensor3D, i, w);
        if (w.postFfnNorm !== null) m = rmsNorm(m, w.postFfnNorm, c.rmsNormEps, c.normWeightOffset) as tf.Tensor3D;
        x = tf.add(x, m);
      }
      return rmsNorm(x, this.weights.finalNorm, c.rmsNormEps, c.normWeightOffset) as tf.Tensor3D;
    });
    return { hidden, cache: kv };
  }

  private rowsAt(hidden: tf.Tensor3D, at: ReadonlyArray<readonly [number, number]>): tf.Tensor2D {
    const [b, t, h] = hidden.shape;
    const index = tf.tensor1d(
      at.map(([r, i]) => r * t + i),
      "int32",
    );
    return tf.gather(tf.reshape(hidden, [b * t, h]), index) as tf.Tensor2D;
  }

  /** Logits [N, vocab] of the given (row, slot) pairs of `hidden` only. */
  logitsAt(hidden: tf.Tensor3D, at: ReadonlyArray<readonly [number, number]>): tf.Tensor2D {
    const headT = this.transposedHead;
    return tf.tidy(() => {
      const rows = this.rowsAt(hidden, at);
      return headT === null ? tf.matMul(rows, this.weights.lmHead, false, true) : tf.matMul(rows, headT);
    });
  }

  /**
   * log p(targets[k]) from the head at the (row, slot) pairs `at` of `hidden`, differentiable in `hidden` (so in a
   * LoRA adapter) with the head frozen: headLogProbs, which skips the [N x vocab] passes of a generic log-softmax.
   */
  logProbsAt(
    hidden: tf.Tensor3D,
    at: ReadonlyArray<readonly [number, number]>,
    targets: readonly number[],
  ): tf.Tensor1D {
    const headT = this.transposedHead;
    return tf.tidy(() => headLogProbs(this.rowsAt(hidden, at), this.weights.lmHead, headT, targets));
  }

  dispose(): void {
    const w = this.weights;
    const all = [w.embed, w.finalNorm, ...w.layers.flatMap((l) => Object.values(l))];
    if (w.lmHead !== w.embed) all.push(w.lmHead);
    if (this.transposedHead !== null) all.push(this.transposedHead);
    this.transposedHead = null;
    for (const t of all) if (t !== null) (t as tf.Tensor).dispose();
  }
}
