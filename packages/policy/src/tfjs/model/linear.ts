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

/*
 * Whether dense layers run with less tfjs bookkeeping: where no gradient is recorded (a prefill, a decode step, the
 * reference pass: tfjs' tape is off) the product runs directly instead of through tf.customGrad, whose engine scope,
 * tidy and kernel bookkeeping cost about as much as a decode step's small product; and where one is recorded, a
 * variable weight is read by the gradient in place instead of through the engine's saved copy. The same kernels on the
 * same operands, so the same values bit for bit. On by default; off is the benchmark's previous step and the tests'
 * reference.
 */
let lean = true;

/** Sets whether dense layers run with less bookkeeping (see `lean`); returns the previous setting. */
export function setLeanLinear(on: boolean): boolean {
  const previous = lean;
  lean = on;
  return previous;
}

/**
 * A weight the gradient may read in place instead of a saved copy (setLeanLinear): a variable, which only an optimizer
 * step changes, and that comes after the backward pass. tfjs' engine copies every saved tensor (on tfjs-wasm a memory
 * copy and a kernel), so a saved variable costs a copy per call; anything else is saved as before.
 */
function heldWeight(w: tf.Tensor2D): tf.Tensor2D | undefined {
  return lean && w instanceof tf.Variable ? w : undefined;
}

function plainWith(blockEnds?: Int32Array) {
  return tf.customGrad((x, w, save) => {
    const a = x as tf.Tensor2D;
    const b = w as tf.Tensor2D;
    const held = heldWeight(b);
    (save as tf.GradSaveFunc)(held === undefined ? [a, b] : [a]);
    return {
      value: tf.matMul(a, b),
      gradFunc: (dy, saved) => {
        const [sx, sw] = (held === undefined ? saved : [saved[0], held]) as [tf.Tensor2D, tf.Tensor2D];
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
    const held = heldWeight(b);
    (save as tf.GradSaveFunc)(held === undefined ? [a, b, y] : [a, y]);
    return {
      value: y,
      gradFunc: (dy, saved) => {
        const [sx, sw, sy] = (held === undefined ? saved : [saved[0], held, saved[1]]) as [
          tf.Tensor2D,
          tf.Tensor2D,
          tf.Tensor2D,
        ];
        const dz = tf.mul(dy, tf.step(sy)) as tf.Tensor2D;
        return [backwardMatMul(dz, transpose2d(sw)), weightGradient(sx, dz, blockEnds)];
      },
    };
  });
}

const plain = plainWith();
const relu = reluWith();

/**
 * Whether tfjs records kernels for a gradient here (inside tf.grads / variableGrads and outside another kernel's own
 * forward). An engine without the method (another tfjs version) counts as recording, so linear keeps its custom
 * gradient.
 */
export function gradientTapeOn(): boolean {
  const engine = tf.engine() as unknown as { isTapeOn?: () => boolean };
  return typeof engine.isTapeOn !== "function" || engine.isTapeOn();
}

/**
 * Dense layer without bias: x [n, in] @ w [in, out], optionally followed by ReLU (fused). `blockEnds`: x's rows are
 * some rows of a larger input whose other rows get no gradient (blockEnds of their indices), and the weight gradient
 * sums them in that input's blocks of 48 (simdBatchMatMul's `blockEnds`): equal bit for bit to the larger layer's
 * weight gradient on the SIMD kernel. Only where simdBlockEndsAvailable(). Where no gradient is recorded, the
 * forward product runs directly (setLeanLinear), the same kernel as the custom gradient's forward.
 */
export function linear(x: tf.Tensor2D, w: tf.Tensor2D, activation?: "relu", blockEnds?: Int32Array): tf.Tensor2D {
  if (lean && !gradientTapeOn())
    return (
      activation === "relu" ? tf.fused.matMul({ a: x, b: w, activation: "relu" }) : tf.matMul(x, w)
    ) as tf.Tensor2D;
  if (blockEnds !== undefined)
    return (activation === "relu" ? reluWith(blockEnds) : plainWith(blockEnds))(x, w) as tf.Tensor2D;
  return (activation === "relu" ? relu(x, w) : plain(x, w)) as tf.Tensor2D;
}
