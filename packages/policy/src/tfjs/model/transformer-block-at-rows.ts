import * as tf from "@tensorflow/tfjs-core";
import { linear } from "./linear";
import { rmsNorm } from "./rms-norm";
import { selectRows } from "./select-rows";
import { blockEnds } from "./simd-batch-mat-mul";
import type { BlockAttention, TransformerBlockWeights } from "./transformer-block";

/**
 * `transformerBlock`'s output at rows `rows` (ascending, distinct) of x [n, width] only, as [rows.length, width], with
 * its gradient, for a train step that reads the last block's output at a few columns (a packed tree's targets):
 * RMSNorm, keys and values at every row (`attention` gets the picked rows' queries and every row's keys and values,
 * e.g. treeTargetAttentionGrad), the queries, projection and MLP at the picked rows. The values are
 * transformerBlockAt's; the gradients are those of transformerBlock where the other rows' output gets no gradient,
 * bit for bit on the SIMD kernel (`rl.gradientMatMul: "simd"`): each row's backward products are its own, the weight
 * gradients sum the picked rows in the n-row input's blocks of 48 (linear's `blockEnds`: the other rows' terms were
 * exactly 0), RMSNorm's gain gradient puts the zeros back in place (rmsNorm's `gainRows`), and x's and the normalised
 * input's gradients add up in the same order. Needs simdBlockEndsAvailable().
 */
export function transformerBlockAtRows(
  x: tf.Tensor2D,
  weights: TransformerBlockWeights,
  normEps: number,
  rows: Int32Array,
  attention: BlockAttention,
): tf.Tensor2D {
  const ends = blockEnds(rows);
  const h = rmsNorm(x, weights.norm1, normEps);
  const attended = attention(
    linear(selectRows(h, rows), weights.q, undefined, ends),
    linear(h, weights.k),
    linear(h, weights.v),
  );
  const mid = tf.add(selectRows(x, rows), linear(attended, weights.proj, undefined, ends)) as tf.Tensor2D;
  const normed = rmsNorm(mid, weights.norm2, normEps, false, { rows, n: x.shape[0] });
  return tf.add(mid, linear(linear(normed, weights.fc1, "relu", ends), weights.fc2, undefined, ends)) as tf.Tensor2D;
}
