import * as tf from "@tensorflow/tfjs-core";
import { columnSums, heapKernelsAvailable, rmsNormGrad, rmsNormRows } from "./wasm-heap-kernels";

/*
 * Whether a differentiated RMSNorm runs as three kernels on tfjs-wasm (rmsNormRows forward; rmsNormGrad backward, then
 * columnSums for the gain gradient) instead of six forward and ten backward, the gain's column sums as a product with
 * ones (and a scatter of the rows with `gainRows`): the same values and gradients bit for bit. On by default; off is
 * the benchmark's previous step and the tests' reference.
 */
let gradKernels = true;

/** Sets whether a differentiated RMSNorm runs as one kernel each way on tfjs-wasm; returns the previous setting. */
export function setRmsNormGradKernels(on: boolean): boolean {
  const previous = gradKernels;
  gradKernels = on;
  return previous;
}

let gainColumnSums = true;

/**
 * Sets whether, with setRmsNormGradKernels on, the gain gradient's column sums run as one kernel (columnSums) rather
 * than a ones product on XNNPACK (the same values bit for bit; off is the benchmark's previous step); returns the
 * previous setting.
 */
export function setGainColumnSums(on: boolean): boolean {
  const previous = gainColumnSums;
  gainColumnSums = on;
  return previous;
}

/**
 * The gain gradient's terms [n, d] summed over rows (with `gainRows`: first put back at their rows of n). With the
 * heap kernels (and setRmsNormGradKernels on), one kernel sums the terms themselves: the ones-product sums each column
 * from +0 in row order, so the zero rows put back between ascending `gainRows.rows` add +0 to a sum that is never -0
 * and change nothing; the same values bit for bit, without the scatter and the product's operator.
 */
function gainGradient(terms: tf.Tensor2D, gainRows: { rows: Int32Array; n: number } | undefined): tf.Tensor1D {
  if (gradKernels && gainColumnSums && (gainRows === undefined || ascending(gainRows.rows))) {
    const sums = columnSums(terms);
    if (sums !== undefined) return sums;
  }
  // column sums as ones[1, n] @ M: reducing the leading axis is slow on tfjs-wasm
  // gainRows: x holds rows `rows` of n, the others get no gradient: their zero terms go back in place, so the
  // sum is the n-row layer's whatever order the matmul sums in
  const placed =
    gainRows === undefined
      ? terms
      : (tf.scatterND(tf.reshape(tf.tensor1d(gainRows.rows, "int32"), [gainRows.rows.length, 1]), terms, [
          gainRows.n,
          terms.shape[1],
        ]) as tf.Tensor2D);
  return tf.reshape(tf.matMul(tf.ones([1, placed.shape[0]]), placed), [terms.shape[1]]) as tf.Tensor1D;
}

function ascending(rows: Int32Array): boolean {
  for (let i = 1; i < rows.length; i++) if (!((rows[i] as number) > (rows[i - 1] as number))) return false;
  return true;
}

/**
 * RMSNorm, y = x / sqrt(mean(x^2) + eps) * g, over the last axis of x [n, d], with a hand-written
 * gradient (fewer, larger kernels than the autodiff of the same formula):
 *   dxhat = dy * g,  dg = sum_n dy * xhat,  dx = r * (dxhat - xhat * mean(dxhat * xhat)).
 * `inference`: no gradient needed (prefill, decoding), so on tfjs-wasm one kernel computes the same value bit for bit
 * (rmsNormRows). `gainRows`: x is rows `rows` of an n-row input whose other rows get no gradient; the gain's
 * gradient is then summed as the n-row layer's (bit for bit). With a gradient, on tfjs-wasm (setRmsNormGradKernels, on by
 * default) the value is rmsNormRows and the backward one rmsNormGrad kernel before the gain's column sums: the same
 * float32 operations in the same order, so the same values and gradients bit for bit.
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
  if (gradKernels && x.dtype === "float32" && heapKernelsAvailable()) {
    const fused = tf.customGrad((input, g, save) => {
      (save as tf.GradSaveFunc)([input as tf.Tensor2D, g as tf.Tensor1D]);
      return {
        value: rmsNormRows(input as tf.Tensor2D, g as tf.Tensor1D, eps) as tf.Tensor2D,
        gradFunc: (dy, saved) => {
          const [sx, sg] = saved as [tf.Tensor2D, tf.Tensor1D];
          const { dx, terms } = rmsNormGrad(sx, sg, dy as tf.Tensor2D, eps) as { dx: tf.Tensor2D; terms: tf.Tensor2D };
          return [dx, gainGradient(terms, gainRows)];
        },
      };
    });
    return fused(x, gain) as tf.Tensor2D;
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
        const dg = gainGradient(tf.mul(dy, sxhat) as tf.Tensor2D, gainRows);
        const dx = tf.mul(sr, tf.sub(dxhat, tf.mul(sxhat, tf.mean(tf.mul(dxhat, sxhat), -1, true))));
        return [dx, dg];
      },
    };
  });
  return f(x, gain) as tf.Tensor2D;
}
