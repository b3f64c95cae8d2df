import * as tf from "@tensorflow/tfjs-core";

/**
 * Rows `rows` of x [n, width] as [rows.length, width], differentiable in x. The gradient scatters dy back with
 * ScatterNd, which sums rows picked more than once (tfjs-wasm has that kernel, but not the UnsortedSegmentSum of
 * gather's own gradient), and costs O(rows x width) where the one-hot matmul of `embeddingLookup` would cost
 * O(rows x n x width): the logits of a packed batch are needed at its target columns only.
 */
export function selectRows(x: tf.Tensor2D, rows: Int32Array): tf.Tensor2D {
  const [n, width] = x.shape;
  const f = tf.customGrad((xIn, save) => {
    (save as tf.GradSaveFunc)([]);
    const index = tf.tensor1d(rows, "int32");
    return {
      value: tf.gather(xIn as tf.Tensor2D, index) as tf.Tensor2D,
      gradFunc: (dy) => [tf.scatterND(tf.reshape(tf.tensor1d(rows, "int32"), [rows.length, 1]), dy, [n, width])],
    };
  });
  return f(x) as tf.Tensor2D;
}
