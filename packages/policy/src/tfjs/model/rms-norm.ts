import * as tf from "@tensorflow/tfjs-core";
import { rmsNormRows } from "./wasm-heap-kernels";

/**
 * RMSNorm, y = x / sqrt(mean(x^2) + eps) * g, over the last axis of x [n, d], with a hand-written
 * gradient (fewer, larger kernels than the autodiff of the same formula):
 *   dxhat = dy * g,  dg = sum_n dy * xhat,  dx = r * (dxhat - xhat * mean(dxhat * xhat)).
 * `inference`: no gradient needed (prefill, decoding), so on tfjs-wasm one kernel computes the same value bit for bit
 * (rmsNormRows). `gainRows`: x is rows `rows` of an n-row input whose other rows get no gradient; the gain's
 * gradient is then summed as the n-row layer's (bit for bit).
 */
export function rmsNorm(
  x: tf.Tensor2D,
  gain: tf.Tensor1D,
  eps: number,
  inference = false,
  gainRows?: { rows: Int32Array; n: number },
): tf.Tensor2D {
  if (inference) {
    const fused = rmsNormRows(x, gain, eps);
    if (fused !== undefined) return fused;
  }
  const f = tf.customGrad((input, g, save) => {
    const xi = input as tf.Tensor2D;
    const r = tf.rsqrt(tf.add(tf.mean(tf.square(xi), -1, true), eps));
    const xhat = tf.mul(xi, r);
    (save as tf.GradSaveFunc)([xhat, r, g as tf.Tensor]);
    return {
      value: tf.mul(xhat, g as tf.Tensor),
      gradFunc: (dy, saved) => {
        const [sxhat, sr, sg] = saved as [tf.Tensor2D, tf.Tensor2D, tf.Tensor1D];
        const dxhat = tf.mul(dy, sg);
        // column sums as ones[1, n] @ M: reducing the leading axis is slow on tfjs-wasm
        // gainRows: x holds rows `rows` of n, the others get no gradient: their zero terms go back in place, so the
        // sum is the n-row layer's whatever order the matmul sums in
        const terms = tf.mul(dy, sxhat) as tf.Tensor2D;
        const placed =
          gainRows === undefined
            ? terms
            : (tf.scatterND(tf.reshape(tf.tensor1d(gainRows.rows, "int32"), [gainRows.rows.length, 1]), terms, [
                gainRows.n,
                terms.shape[1],
              ]) as tf.Tensor2D);
        const dg = tf.reshape(tf.matMul(tf.ones([1, placed.shape[0]]), placed), [sxhat.shape[1]]);
        const dx = tf.mul(sr, tf.sub(dxhat, tf.mul(sxhat, tf.mean(tf.mul(dxhat, sxhat), -1, true))));
        return [dx, dg];
      },
    };
  });
  return f(x, gain) as tf.Tensor2D;
}
