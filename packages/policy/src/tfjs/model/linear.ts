import * as tf from "@tensorflow/tfjs-core";
import { simdBatchMatMul, simdBatchMatMulAvailable, simdMatMulSettings } from "./simd-batch-mat-mul";
import { transpose2d } from "./transpose-2d";

/*
 * x @ w with a hand-written gradient that only ever runs untransposed, unbatched matmuls.
 * On tfjs-wasm only that form reaches XNNPACK (about 25-35 GFLOP/s on one core); the default
 * matMul gradient uses transposeA/transposeB, which fall to a generic loop at 1-2.5 GFLOP/s.
 * Transposing an operand explicitly first is a cheap memory pass by comparison, and for the
 * weight gradient the thinner of x and dy is the one transposed.
 */
/**
 * A backward product a @ b: XNNPACK through tf.matMul, or the SIMD kernel with `linearGradients` set
 * (setSimdMatMul): XNNPACK packs a new operator for every fresh right operand, which every backward product has.
 */
function backwardMatMul(a: tf.Tensor2D, b: tf.Tensor2D): tf.Tensor2D {
  if (!simdMatMulSettings().linearGradients) return tf.matMul(a, b);
  const [m, k] = a.shape;
  const n = b.shape[1];
  const a3 = tf.reshape(a, [1, m, k]) as tf.Tensor3D;
  const b3 = tf.reshape(b, [1, k, n]) as tf.Tensor3D;
  return tf.reshape(simdBatchMatMul(a3, b3, { unbatched: true }), [m, n]) as tf.Tensor2D;
}

/**
 * dW = x^T dy [in, out] for y = x @ W, untransposed matmuls only; when x is wider than dy, (dy^T x)^T moves less
 * memory. On the SIMD kernel (`linearGradients`, its tiled module) x is read in place as a stored transpose: the same
 * products summed in the same order as either form, without a transpose pass.
 */
export function weightGradient(x: tf.Tensor2D, dy: tf.Tensor2D, blockEnds?: Int32Array): tf.Tensor2D {
  const { linearGradients, tiled } = simdMatMulSettings();
  if ((linearGradients && tiled && simdBatchMatMulAvailable()) || blockEnds !== undefined) {
    const [rows, width] = x.shape;
    const out = dy.shape[1];
    const x3 = tf.reshape(x, [1, rows, width]) as tf.Tensor3D;
    const dy3 = tf.reshape(dy, [1, rows, out]) as tf.Tensor3D;
    return tf.reshape(simdBatchMatMul(x3, dy3, { unbatched: true, transposeA: true, blockEnds }), [
      width,
      out,
    ]) as tf.Tensor2D;
  }
  return x.shape[1] > dy.shape[1]
    ? transpose2d(backwardMatMul(transpose2d(dy), x))
    : backwardMatMul(transpose2d(x), dy);
}

function plainWith(blockEnds?: Int32Array) {
  return tf.customGrad((x, w, save) => {
    const a = x as tf.Tensor2D;
    const b = w as tf.Tensor2D;
    (save as tf.GradSaveFunc)([a, b]);
    return {
      value: tf.matMul(a, b),
      gradFunc: (dy, saved) => {
        const [sx, sw] = saved as [tf.Tensor2D, tf.Tensor2D];
        return [backwardMatMul(dy as tf.Tensor2D, transpose2d(sw)), weightGradient(sx, dy as tf.Tensor2D, blockEnds)];
      },
    };
  });
}

function reluWith(blockEnds?: Int32Array) {
  return tf.customGrad((x, w, save) => {
    const a = x as tf.Tensor2D;
    const b = w as tf.Tensor2D;
    const y = tf.fused.matMul({ a, b, activation: "relu" });
    (save as tf.GradSaveFunc)([a, b, y]);
    return {
      value: y,
      gradFunc: (dy, saved) => {
        const [sx, sw, sy] = saved as [tf.Tensor2D, tf.Tensor2D, tf.Tensor2D];
        const dz = tf.mul(dy, tf.step(sy)) as tf.Tensor2D;
        return [backwardMatMul(dz, transpose2d(sw)), weightGradient(sx, dz, blockEnds)];
      },
    };
  });
}

const plain = plainWith();
const relu = reluWith();

/**
 * Dense layer without bias: x [n, in] @ w [in, out], optionally followed by ReLU (fused). `blockEnds`: x's rows are
 * some rows of a larger input whose other rows get no gradient (blockEnds of their indices), and the weight gradient
 * sums them in that input's blocks of 48 (simdBatchMatMul's `blockEnds`): equal bit for bit to the larger layer's
 * weight gradient on the SIMD kernel. Only where simdBlockEndsAvailable().
 */
export function linear(x: tf.Tensor2D, w: tf.Tensor2D, activation?: "relu", blockEnds?: Int32Array): tf.Tensor2D {
  if (blockEnds !== undefined)
    return (activation === "relu" ? reluWith(blockEnds) : plainWith(blockEnds))(x, w) as tf.Tensor2D;
  return (activation === "relu" ? relu(x, w) : plain(x, w)) as tf.Tensor2D;
}
