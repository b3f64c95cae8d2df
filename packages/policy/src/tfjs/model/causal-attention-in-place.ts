import * as tf from "@tensorflow/tfjs-core";
import { biasedScores, headsTransposed } from "./attention-parts";
import { simdHeadsMatMul, simdHeadsMatMulAvailable } from "./simd-batch-mat-mul";

/*
 * causalAttention with q, k, v, its output and the gradients of q, k and v read and written in place in the
 * [batch * time, heads * width] layout (simdHeadsMatMul: the tiled SIMD module with strides), instead of rank-4
 * transposes into [batch * heads, time, width] copies and back: ten transposes per call (four forward, six backward)
 * become two (the keys transposed for QK^T forward, the values transposed for dP = dO V^T backward; a product over a
 * transposed operand in place would need gathered loads). The same float32 operations in the same order: the query
 * scale and dQ's scale are elementwise either way, every product sums the same terms in the same blocks of 48, and
 * rowsum(dO * O) sums each head's width in order whatever the layout, so the values and gradients equal
 * causalAttention's transposing path bit for bit (causal-attention-in-place.test.ts).
 */

interface InPlaceSettings {
  /**
   * Off by default: bit for bit, but not measured faster (0.97x [0.90, 1.04] an RL iteration's episodes per CPU
   * second in `pnpm bench`, 1.01x a train step's CPU time; packages/policy/README.md).
   */
  on: boolean;
}

const settings: InPlaceSettings = { on: false };

/** Turns attention in place on or off for this process; returns the previous setting. */
export function setAttentionInPlace(on: boolean): boolean {
  const previous = settings.on;
  settings.on = on;
  return previous;
}

/** Whether causalAttention of batch * heads products runs in place here. */
export function attentionInPlaceRuns(batch: number, heads: number): boolean {
  // one product (batch * heads = 1) goes to XNNPACK on the transposing path, with its own rounding
  return settings.on && batch * heads > 1 && simdHeadsMatMulAvailable();
}

/** causalAttention (see there: the same arguments, value and gradients) with the heads read and written in place. */
export function causalAttentionInPlace(
  q: tf.Tensor2D,
  k: tf.Tensor2D,
  v: tf.Tensor2D,
  batch: number,
  time: number,
  heads: number,
  bias?: tf.Tensor3D,
  tiles?: tf.Tensor3D,
): tf.Tensor2D {
  const width = q.shape[1];
  const headWidth = width / heads;
  const bh = batch * heads;
  const scale = 1 / Math.sqrt(headWidth);
  const shape = { batch, heads };
  const f = tf.customGrad((qIn, kIn, vIn, save) => {
    const masked = (operand: "out" | "a") =>
      bias === undefined || tiles === undefined ? {} : { tiles: { visible: tiles, operand } };
    const qs = tf.mul(qIn as tf.Tensor, scale) as tf.Tensor2D;
    const kT = headsTransposed(kIn as tf.Tensor, batch, time, heads, headWidth);
    const scores = simdHeadsMatMul(qs, kT, { ...shape, aHeads: true, ...masked("out") });
    const p = tf.softmax(biasedScores(scores, batch, heads, time, bias)) as tf.Tensor3D;
    const o = simdHeadsMatMul(p, vIn as tf.Tensor, { ...shape, bHeads: true, outHeads: true, ...masked("a") });
    const kept = [qs, kIn as tf.Tensor, vIn as tf.Tensor, p, o];
    (save as tf.GradSaveFunc)(tiles === undefined ? kept : [...kept, tiles]);
    return {
      value: o as tf.Tensor2D,
      gradFunc: (dy, saved) => {
        const [sq, sk, sv, sp, so, sTiles] = saved as [
          tf.Tensor,
          tf.Tensor,
          tf.Tensor,
          tf.Tensor3D,
          tf.Tensor,
          tf.Tensor3D?,
        ];
        const maskedSaved = (operand: "out" | "a") =>
          bias === undefined || sTiles === undefined ? {} : { tiles: { visible: sTiles, operand } };
        const dO = dy as tf.Tensor2D;
        const dV = simdHeadsMatMul(sp, dO, {
          ...shape,
          transposeA: true,
          bHeads: true,
          outHeads: true,
          ...maskedSaved("a"),
        });
        const vT = headsTransposed(sv, batch, time, heads, headWidth);
        const dP = simdHeadsMatMul(dO, vT, { ...shape, aHeads: true, ...maskedSaved("out") });
        // rowsum(dO * O) per head (bias only, as causalAttention): each head's width summed in order, then [b, h, t, 1]
        const rowSum =
          bias === undefined
            ? tf.sum(tf.mul(dP, sp), -1, true)
            : tf.reshape(
                tf.transpose(tf.sum(tf.reshape(tf.mul(dO, so), [batch, time, heads, headWidth]), -1), [0, 2, 1]),
                [bh, time, 1],
              );
        const dS = tf.mul(sp, tf.sub(dP, rowSum)) as tf.Tensor3D;
        const dQ = tf.mul(
          simdHeadsMatMul(dS, sk, { ...shape, bHeads: true, outHeads: true, ...maskedSaved("a") }),
          scale,
        );
        const dK = simdHeadsMatMul(dS, sq, {
          ...shape,
          transposeA: true,
          bHeads: true,
          outHeads: true,
          ...maskedSaved("a"),
        });
        return [dQ, dK, dV];
      },
    };
  });
  return f(q, k, v) as tf.Tensor2D;
}
