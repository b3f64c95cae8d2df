import { InvalidArgumentError } from "@cosir/bayes";
import * as tf from "@tensorflow/tfjs-core";
import { biasedScores, headsTransposed } from "./attention-parts";
import { attentionInPlaceRuns, causalAttentionInPlace } from "./causal-attention-in-place";
import { simdBatchMatMul } from "./simd-batch-mat-mul";

export { causalMask } from "./attention-parts";

/**
 * Which 4 x 4 tiles of each row's [time, time] attention bias (0 where a query may attend, -1e9 elsewhere, as
 * packPrefixTree lays it out) hold a visible entry: int32 [batch, ceil(time / 4), ceil(time / 4)], 1 where any entry
 * is above -1e8. A query row with no visible entry at all (its softmax would then spread over the hidden keys) marks
 * every tile of its row visible, so nothing it reads is skipped. For simdBatchMatMul's `tiles`.
 */
export function visibleTiles(bias: Float32Array, batch: number, time: number): Int32Array {
  if (bias.length !== batch * time * time)
    throw new InvalidArgumentError(
      "bias",
      `${bias.length} values`,
      `expected batch * time * time = ${batch * time * time}`,
    );
  const quads = Math.ceil(time / 4);
  const tiles = new Int32Array(batch * quads * quads);
  for (let r = 0; r < batch; r++)
    for (let i = 0; i < time; i++) {
      const row = (r * time + i) * time;
      const tileRow = (r * quads + (i >> 2)) * quads;
      let any = false;
      for (let j = 0; j < time; j++)
        if ((bias[row + j] as number) > -1e8) {
          tiles[tileRow + (j >> 2)] = 1;
          any = true;
        }
      if (!any) tiles.fill(1, tileRow, tileRow + quads);
    }
  return tiles;
}

/**
 * Multi-head causal self-attention of queries, keys and values [batch * time, width] (heads
 * side by side in the columns), returning the merged heads [batch * time, width]. One custom
 * gradient for the whole block, built only from kernels that are fast on tfjs-wasm: rank-4
 * transposes for the head split and merge (no slices, splits or gathers: those copy through
 * JavaScript there) and untransposed batched matmuls (simdBatchMatMul: SIMD on wasm, equal to tf.matMul bit for
 * bit), with keys kept transposed so that QK^T needs no transposed matmul. Softmax backward: dS = P * (dP - rowsum(dP * P)).
 * `bias` [batch, time, time] replaces the causal mask (0 where a query may attend, -1e9 elsewhere): a packed prefix
 * tree's rows attend to their ancestors only. `tiles` (visibleTiles of that bias, int32 [batch, time / 4, time / 4])
 * lets the [time, time] products skip the tiles the bias hides entirely (simdBatchMatMul's `tiles`): the same values
 * bit for bit, about half the products on a packed tree. With setAttentionInPlace(true) (off by default: not
 * measured faster) the heads are read and written in place on tfjs-wasm's SIMD kernel instead of through the
 * transposes (causalAttentionInPlace): the same values bit for bit.
 */
export function causalAttention(
  q: tf.Tensor2D,
  k: tf.Tensor2D,
  v: tf.Tensor2D,
  batch: number,
  time: number,
  heads: number,
  bias?: tf.Tensor3D,
  tiles?: tf.Tensor3D,
): tf.Tensor2D {
  if (attentionInPlaceRuns(batch, heads)) return causalAttentionInPlace(q, k, v, batch, time, heads, bias, tiles);
  const width = q.shape[1];
  const headWidth = width / heads;
  const bh = batch * heads;
  const scale = 1 / Math.sqrt(headWidth);
  // [b*t, h*w] -> [b*h, t, w] (and -> [b*h, w, t]: headsTransposed)
  const toHeads = (x: tf.Tensor) =>
    tf.reshape(tf.transpose(tf.reshape(x, [batch, time, heads, headWidth]), [0, 2, 1, 3]), [
      bh,
      time,
      headWidth,
    ]) as tf.Tensor3D;
  // [b*h, t, w] -> [b*t, h*w]
  const fromHeads = (x: tf.Tensor) =>
    tf.reshape(tf.transpose(tf.reshape(x, [batch, heads, time, headWidth]), [0, 2, 1, 3]), [
      batch * time,
      width,
    ]) as tf.Tensor2D;
  const f = tf.customGrad((qIn, kIn, vIn, save) => {
    const qs = toHeads(tf.mul(qIn as tf.Tensor, scale));
    const kT = headsTransposed(kIn as tf.Tensor, batch, time, heads, headWidth);
    const vh = toHeads(vIn as tf.Tensor);
    const masked = (operand: "out" | "a") =>
      bias === undefined || tiles === undefined ? {} : { tiles: { visible: tiles, heads, operand } };
    const scores = simdBatchMatMul(qs, kT, masked("out"));
    const p = tf.softmax(biasedScores(scores, batch, heads, time, bias)) as tf.Tensor3D;
    const o = simdBatchMatMul(p, vh, masked("a"));
    (save as tf.GradSaveFunc)(tiles === undefined ? [qs, kT, vh, p, o] : [qs, kT, vh, p, o, tiles]);
    return {
      value: fromHeads(o),
      gradFunc: (dy, saved) => {
        const [sq, skT, sv, sp, so, sTiles] = saved as tf.Tensor3D[] as [
          tf.Tensor3D,
          tf.Tensor3D,
          tf.Tensor3D,
          tf.Tensor3D,
          tf.Tensor3D,
          tf.Tensor3D | undefined,
        ];
        const maskedSaved = (operand: "out" | "a") =>
          bias === undefined || sTiles === undefined ? {} : { tiles: { visible: sTiles, heads, operand } };
        const dO = toHeads(dy);
        // dV = P^T dO and dK = dS^T Q as [t, t]^T x [t, w]: the kernel reads the [t, t] operand's columns, the same
        // sums as multiplying its transposed copy (which tf.matMul does where the SIMD kernel does not run)
        // with tiles, dP's hidden tiles stay 0: dS there is P * (0 - rowSum) with P exactly 0, as before
        const dV = simdBatchMatMul(sp, dO, { transposeA: true, ...maskedSaved("a") });
        const dP = simdBatchMatMul(dO, tf.transpose(sv, [0, 2, 1]) as tf.Tensor3D, maskedSaved("out"));
        // rowsum(dP * P) = rowsum(dO * O) since O = P V: a [t, w] product instead of a [t, t] one (FlashAttention's
        // D). Only with a bias (packed trees, a new path): its rounding differs, and the causal path keeps the
        // committed demo base's pretraining log replaying bit for bit.
        const rowSum = bias === undefined ? tf.sum(tf.mul(dP, sp), -1, true) : tf.sum(tf.mul(dO, so), -1, true);
        const dS = tf.mul(sp, tf.sub(dP, rowSum)) as tf.Tensor3D;
        const dQ = tf.mul(simdBatchMatMul(dS, tf.transpose(skT, [0, 2, 1]) as tf.Tensor3D, maskedSaved("a")), scale);
        const dK = simdBatchMatMul(dS, sq, { transposeA: true, ...maskedSaved("a") });
        return [fromHeads(dQ), fromHeads(dK), fromHeads(dV)];
      },
    };
  });
  return f(q, k, v) as tf.Tensor2D;
}
