import * as tf from "@tensorflow/tfjs-core";
import { weightGradient } from "./linear";
import { simdBatchMatMulAvailable, simdMatMulSettings } from "./simd-batch-mat-mul";
import { embeddingGradient, embeddingRows } from "./wasm-heap-kernels";

/**
 * Rows of `table` [vocab, width] at `ids` [n], as onehot(ids) [n, vocab] @ table: on tfjs-wasm that
 * matmul (XNNPACK) is several times faster than the gather kernel, and its gradient
 * onehot^T @ dy needs no UnsortedSegmentSum (which the wasm back end lacks). Only the table gets a
 * gradient; ids are data. With the heap kernels (wasm-heap-kernels.ts), the same values without the one-hot
 * products: the rows copied (`embeddingRows`), and, where the backward products run on the SIMD kernel
 * (`linearGradients`), the gradient summed in that kernel's order (`embeddingGradient`); both bit for bit.
 */
export function embeddingLookup(table: tf.Tensor2D, ids: tf.Tensor1D): tf.Tensor2D {
  const vocab = table.shape[0];
  const f = tf.customGrad((t, save) => {
    const index = tf.cast(ids, "int32") as tf.Tensor1D;
    const copied = embeddingRows(t as tf.Tensor2D, index);
    if (copied !== undefined) {
      (save as tf.GradSaveFunc)([index]);
      return {
        value: copied,
        gradFunc: (dy, saved) => {
          const [savedIds] = saved as [tf.Tensor1D];
          const fast =
            simdMatMulSettings().linearGradients && simdBatchMatMulAvailable()
              ? embeddingGradient(dy as tf.Tensor2D, savedIds, vocab)
              : undefined;
          if (fast !== undefined) return [fast];
          const rows = tf.cast(tf.oneHot(savedIds, vocab), "float32") as tf.Tensor2D;
          return [weightGradient(rows, dy as tf.Tensor2D)];
        },
      };
    }
    const oneHot = tf.oneHot(index, vocab) as tf.Tensor2D;
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
