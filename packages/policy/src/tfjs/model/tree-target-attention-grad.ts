import * as tf from "@tensorflow/tfjs-core";
import type { PackedPrefixTree } from "../training/pack-prefix-tree";
import { simdBatchMatMul } from "./simd-batch-mat-mul";
import { tiledBlockSize } from "./simd-tiled-mat-mul";
import type { BlockAttention } from "./transformer-block";
import { gatherRows } from "./wasm-heap-kernels";

/**
 * Where the target columns of a packed tree sit as query slots [batch, slots]: the slots are laid out block by block
 * of the row's columns (columns 0-47, 48-95, ...), each block as many slots as the most targets any row has in it, a
 * row's targets in a block in column order, spare slots after them. So a sum over the slots in the listed blocks
 * (`ends`) sums, for every row, the same targets in the same blocks of 48 and order as a sum over its columns.
 */
function slotLayout(tree: Pick<PackedPrefixTree, "batch" | "time" | "bias">, columns: Int32Array) {
  const { batch, time, bias } = tree;
  const blocks = Math.ceil(time / tiledBlockSize);
  const counts = new Int32Array(batch * blocks);
  const place = new Int32Array(columns.length);
  for (let u = 0; u < columns.length; u++) {
    const column = columns[u] as number;
    const cell = Math.floor(column / time) * blocks + Math.floor((column % time) / tiledBlockSize);
    place[u] = counts[cell] as number;
    counts[cell] = (counts[cell] as number) + 1;
  }
  const offsets = new Int32Array(blocks + 1);
  const ends: number[] = [];
  for (let b = 0; b < blocks; b++) {
    let most = 0;
    for (let r = 0; r < batch; r++) most = Math.max(most, counts[r * blocks + b] as number);
    offsets[b + 1] = (offsets[b] as number) + most;
    if (most > 0) ends.push(offsets[b + 1] as number);
  }
  const slots = Math.max(1, offsets[blocks] as number);
  // spare slots see every column (a finite softmax; they get no gradient) and read the first target's query
  const slotTarget = new Int32Array(batch * slots);
  const slotBias = new Float32Array(batch * slots * time);
  const slotOf = new Int32Array(columns.length);
  for (let u = 0; u < columns.length; u++) {
    const column = columns[u] as number;
    const row = Math.floor(column / time);
    const slot = row * slots + (offsets[Math.floor((column % time) / tiledBlockSize)] as number) + (place[u] as number);
    slotOf[u] = slot;
    slotTarget[slot] = u;
    slotBias.set(bias.subarray(column * time, (column + 1) * time), slot * time);
  }
  return { slots, slotTarget, slotBias, slotOf, ends: Int32Array.from(ends.length === 0 ? [slots] : ends) };
}

/**
 * treeTargetAttention with its gradient, for a train step whose last block runs at the target columns only
 * (transformerBlockAtRows): queries at `columns` (a packed tree's distinct target columns, ascending) [columns,
 * width], keys and values at every column [batch * time, width], the merged heads at `columns`. Its value is
 * treeTargetAttention's, and its gradients of q (at `columns`), k and v (every column) equal causalAttention's over
 * the whole tree where the other columns' output gets no gradient, bit for bit: every row-wise product, softmax and sum
 * is that row's, and the sums over query rows (dV = P^T dO, dK = dS^T Q) run over the slots in the tree's blocks of 48
 * (simdBatchMatMul's `blockEnds`), where the skipped rows' terms were exactly 0. Needs simdBlockEndsAvailable() and
 * batch * heads > 1 (a single product goes to XNNPACK in causalAttention, with its own rounding).
 */
export function treeTargetAttentionGrad(
  tree: Pick<PackedPrefixTree, "batch" | "time" | "bias">,
  heads: number,
  columns: Int32Array,
): BlockAttention {
  const { batch, time } = tree;
  const { slots, slotTarget, slotBias, slotOf, ends } = slotLayout(tree, columns);
  return (q, k, v) => {
    const width = q.shape[1];
    const headWidth = width / heads;
    const bh = batch * heads;
    const scale = 1 / Math.sqrt(headWidth);
    const split = (x: tf.Tensor, rows: number, perm: number[], shape: [number, number, number]) =>
      tf.reshape(tf.transpose(tf.reshape(x, [batch, rows, heads, headWidth]), perm), shape) as tf.Tensor3D;
    const merge = (x: tf.Tensor, rows: number) =>
      tf.reshape(tf.transpose(tf.reshape(x, [batch, heads, rows, headWidth]), [0, 2, 1, 3]), [
        batch * rows,
        width,
      ]) as tf.Tensor2D;
    const f = tf.customGrad((qIn, kIn, vIn, save) => {
      const qs = split(
        gatherRows(tf.mul(qIn as tf.Tensor2D, scale) as tf.Tensor2D, slotTarget),
        slots,
        [0, 2, 1, 3],
        [bh, slots, headWidth],
      );
      const kT = split(kIn as tf.Tensor2D, time, [0, 2, 3, 1], [bh, headWidth, time]);
      const vh = split(vIn as tf.Tensor2D, time, [0, 2, 1, 3], [bh, time, headWidth]);
      const scores = tf.reshape(simdBatchMatMul(qs, kT), [batch, heads, slots, time]);
      const biased = tf.reshape(tf.add(scores, tf.tensor4d(slotBias, [batch, 1, slots, time])), [bh, slots, time]);
      const p = tf.softmax(biased) as tf.Tensor3D;
      const o = simdBatchMatMul(p, vh);
      (save as tf.GradSaveFunc)([qs, kT, vh, p, o]);
      return {
        value: gatherRows(merge(o, slots), slotOf),
        gradFunc: (dy, saved) => {
          const [sq, skT, sv, sp, so] = saved as tf.Tensor3D[] as [
            tf.Tensor3D,
            tf.Tensor3D,
            tf.Tensor3D,
            tf.Tensor3D,
            tf.Tensor3D,
          ];
          // causalAttention's gradient (its bias branch) at the slots; spare slots get dO = 0, so dS = 0 there
          const placed = tf.scatterND(tf.reshape(tf.tensor1d(slotOf, "int32"), [slotOf.length, 1]), dy, [
            batch * slots,
            width,
          ]);
          const dO = split(placed, slots, [0, 2, 1, 3], [bh, slots, headWidth]);
          const dV = simdBatchMatMul(sp, dO, { transposeA: true, blockEnds: ends });
          const dP = simdBatchMatMul(dO, tf.transpose(sv, [0, 2, 1]) as tf.Tensor3D);
          const rowSum = tf.sum(tf.mul(dO, so), -1, true);
          const dS = tf.mul(sp, tf.sub(dP, rowSum)) as tf.Tensor3D;
          const dQ = tf.mul(simdBatchMatMul(dS, tf.transpose(skT, [0, 2, 1]) as tf.Tensor3D), scale);
          const dK = simdBatchMatMul(dS, sq, { transposeA: true, blockEnds: ends });
          return [gatherRows(merge(dQ, slots), slotOf), merge(dK, time), merge(dV, time)];
        },
      };
    });
    return f(q, k, v) as tf.Tensor2D;
  };
}
