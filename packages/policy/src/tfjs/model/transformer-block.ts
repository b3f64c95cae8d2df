import * as tf from "@tensorflow/tfjs-core";
import { linear } from "./linear";
import { rmsNorm } from "./rms-norm";

/** The weights of one pre-norm block, stored [in, out] so every projection is x @ W. */
export interface TransformerBlockWeights {
  norm1: tf.Tensor1D;
  q: tf.Tensor2D;
  k: tf.Tensor2D;
  v: tf.Tensor2D;
  proj: tf.Tensor2D;
  norm2: tf.Tensor1D;
  fc1: tf.Tensor2D;
  fc2: tf.Tensor2D;
}

/**
 * Multi-head attention of a block's queries, keys and values [rows, width] (heads side by side in
 * the columns), returning the merged heads [rows, width]. What it attends to besides these keys (a
 * KV cache) and what it keeps of them is the caller's: training, prefill and decoding differ only here.
 */
export type BlockAttention = (q: tf.Tensor2D, k: tf.Tensor2D, v: tf.Tensor2D) => tf.Tensor2D;

/**
 * Attention that makes its own queries, keys and values from the block's normalised input h [rows, width] (a decode
 * step's one q | k | v product), returning the merged heads [rows, width].
 */
export interface NormedAttention {
  fromNormed: (h: tf.Tensor2D) => tf.Tensor2D;
}

/**
 * One pre-norm transformer block (docs/design.md §4) on the residual stream x [rows, width]:
 * x + proj(attention(Q, K, V of RMSNorm(x))), then + fc2(ReLU(fc1(RMSNorm(x)))). The one block body
 * behind `Transformer.forward`, `prefill` and `decodeStep`, so the three cannot drift apart. `inference`: no gradient
 * is taken (prefill and decoding), so RMSNorm may run as one kernel (the same values bit for bit). A NormedAttention
 * makes q, k and v itself (a decode step's one product).
 */
export function transformerBlock(
  x: tf.Tensor2D,
  weights: TransformerBlockWeights,
  normEps: number,
  attention: BlockAttention | NormedAttention,
  inference = false,
): tf.Tensor2D {
  const h = rmsNorm(x, weights.norm1, normEps, inference);
  const attended =
    typeof attention === "function"
      ? attention(linear(h, weights.q), linear(h, weights.k), linear(h, weights.v))
      : attention.fromNormed(h);
  const mid = tf.add(x, linear(attended, weights.proj)) as tf.Tensor2D;
  return tf.add(
    mid,
    linear(linear(rmsNorm(mid, weights.norm2, normEps, inference), weights.fc1, "relu"), weights.fc2),
  ) as tf.Tensor2D;
}
