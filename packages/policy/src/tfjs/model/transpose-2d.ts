import * as tf from "@tensorflow/tfjs-core";

/**
 * Transpose of a matrix [rows, cols]. On tfjs-wasm the rank-2 transpose kernel walks memory
 * badly (about 5 ms for 2048 x 256); viewing the matrix as [rows/16, 16, cols/16, 16] and
 * permuting [2, 3, 0, 1] gives the same result in tiles, about 5x faster. Falls back to the plain
 * transpose when a side is not a multiple of 16.
 */
export function transpose2d(x: tf.Tensor2D): tf.Tensor2D {
  const [rows, cols] = x.shape;
  if (rows % 16 !== 0 || cols % 16 !== 0 || rows * cols < 4096) return tf.transpose(x);
  return tf.tidy(() =>
    tf.reshape(tf.transpose(tf.reshape(x, [rows / 16, 16, cols / 16, 16]), [2, 3, 0, 1]), [cols, rows]),
  );
}
