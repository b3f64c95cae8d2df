import * as tf from "@tensorflow/tfjs-core";
import { weightGradient } from "./linear";

/**
 * Rows of `table` [vocab, width] at `ids` [n], as onehot(ids) [n, vocab] @ table: on tfjs-wasm that
 * matmul (XNNPACK) is several times faster than the gather kernel, and its gradient
 * onehot^T @ dy needs no UnsortedSegmentSum (which the wasm back end lacks). Only the table gets a
 * gradient; ids are data.
 */
export function embeddingLookup(table: tf.Tensor2D, ids: tf.Tensor1D): tf.Tensor2D {
  const vocab = table.shape[0];
  const f = tf.customGrad((t, save) => {
    const oneHot = tf.oneHot(tf.cast(ids, "int32") as tf.Tensor1D, vocab) as tf.Tensor2D;
    const rows = tf.cast(oneHot, "float32") as tf.Tensor2D;
    // saved tensors outlive the forward pass's tidy scope; a captured `ids` would not
    (save as tf.GradSaveFunc)([rows]);
    return {
      value: tf.matMul(rows, t as tf.Tensor2D),
      gradFunc: (dy, saved) => [weightGradient(saved[0] as tf.Tensor2D, dy as tf.Tensor2D)],
    };
  });
  return f(table) as tf.Tensor2D;
}
