import * as tf from "@tensorflow/tfjs-core";

/*
 * Pieces both attention paths (causalAttention's transposing one and causalAttentionInPlace) build the same way, so
 * the two stay the same float32 operations in the same order.
 */

/** Additive causal mask [t, t]: 0 where the key is at or before the query, -1e9 after. */
export function causalMask(t: number): tf.Tensor2D {
  const data = new Float32Array(t * t);
  for (let i = 0; i < t; i++) for (let j = i + 1; j < t; j++) data[i * t + j] = -1e9;
  return tf.tensor2d(data, [t, t]);
}

/** [batch * time, heads * width] -> [batch * heads, width, time]: each head's keys (or values) transposed. */
export function headsTransposed(
  x: tf.Tensor,
  batch: number,
  time: number,
  heads: number,
  headWidth: number,
): tf.Tensor3D {
  return tf.reshape(tf.transpose(tf.reshape(x, [batch, time, heads, headWidth]), [0, 2, 3, 1]), [
    batch * heads,
    headWidth,
    time,
  ]) as tf.Tensor3D;
}

/**
 * Scores [batch * heads, time, time] plus the causal mask, or plus `bias` [batch, time, time] (a packed tree's, shared
 * by every head of its row) where one is given.
 */
export function biasedScores(
  scores: tf.Tensor,
  batch: number,
  heads: number,
  time: number,
  bias: tf.Tensor3D | undefined,
): tf.Tensor {
  if (bias === undefined) return tf.add(scores, causalMask(time));
  return tf.reshape(tf.add(tf.reshape(scores, [batch, heads, time, time]), tf.reshape(bias, [batch, 1, time, time])), [
    batch * heads,
    time,
    time,
  ]);
}
