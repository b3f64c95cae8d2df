import * as tf from "@tensorflow/tfjs-core";
import { linear } from "./linear";
import { rmsNorm } from "./rms-norm";
import type { BlockAttention, NormedAttention, TransformerBlockWeights } from "./transformer-block";
import { gatherRows } from "./wasm-heap-kernels";

/**
 * `transformerBlock`'s output at rows `rows` of x [n, width] only, as [rows.length, width], for a pass that takes no
 * gradient and reads the last block's output at a few columns (a tree's targets, a prompt's last token): keys and
 * values from every row (`attention` gets the picked rows' queries [rows.length, width] and every row's keys and
 * values [n, width]), the queries, the attention, the projection and the MLP at the picked rows. Every one of those
 * is computed row by row (each output row of a product from its own input row, in the same order), so the picked
 * rows equal `transformerBlock`'s bit for bit (tests: transformer-block-at.test.ts). A NormedAttention gets every
 * row's normalised input and makes the picked rows' queries and every row's keys and values itself (a prefill's one
 * k | v product), returning the picked rows' merged heads.
 */
export function transformerBlockAt(
  x: tf.Tensor2D,
  weights: TransformerBlockWeights,
  normEps: number,
  rows: Int32Array,
  attention: BlockAttention | NormedAttention,
): tf.Tensor2D {
  return tf.tidy(() => {
    const h = rmsNorm(x, weights.norm1, normEps, true);
    const attended =
      typeof attention === "function"
        ? attention(linear(gatherRows(h, rows), weights.q), linear(h, weights.k), linear(h, weights.v))
        : attention.fromNormed(h);
    const mid = tf.add(gatherRows(x, rows), linear(attended, weights.proj)) as tf.Tensor2D;
    return tf.add(
      mid,
      linear(linear(rmsNorm(mid, weights.norm2, normEps, true), weights.fc1, "relu"), weights.fc2),
    ) as tf.Tensor2D;
  });
}
