import * as tf from "@tensorflow/tfjs-core";
import type { PackedPrefixTree } from "../training/pack-prefix-tree";
import { simdBatchMatMul } from "./simd-batch-mat-mul";
import type { BlockAttention } from "./transformer-block";
import { gatherRows } from "./wasm-heap-kernels";

/**
 * causalAttention over a packed prefix tree for the target columns' queries only (transformerBlockAt in a pass
 * without gradient): the attention gets those queries [targets, width] and every column's keys and values
 * [batch * time, width], and returns the merged heads at the targets [targets, width]. Each row's targets sit in
 * slots [batch, slots, ...] (slots: the most targets of any row; a spare slot sees every column so its softmax stays
 * finite, and is dropped), each with its column's row of the bias. Every score is the same dot product over the head
 * width, every softmax the same row, every output the same sum over the row's columns in the same order as
 * causalAttention's (which skips tiles the bias hides: their terms are exact zeros), so the targets' rows equal its
 * output bit for bit.
 */
export function treeTargetAttention(
  tree: Pick<PackedPrefixTree, "batch" | "time" | "bias" | "targetRows">,
  heads: number,
): BlockAttention {
  const { batch, time, bias, targetRows } = tree;
  const perRow = new Int32Array(batch);
  const targetSlot = new Int32Array(targetRows.length);
  for (let i = 0; i < targetRows.length; i++) {
    const row = Math.floor((targetRows[i] as number) / time);
    targetSlot[i] = perRow[row] as number;
    perRow[row] = (perRow[row] as number) + 1;
  }
  let slots = 1;
  for (const n of perRow) slots = Math.max(slots, n);
  const slotTarget = new Int32Array(batch * slots);
  const slotBias = new Float32Array(batch * slots * time);
  for (let i = 0; i < targetRows.length; i++) {
    const column = targetRows[i] as number;
    const slot = Math.floor(column / time) * slots + (targetSlot[i] as number);
    targetSlot[i] = slot;
    slotTarget[slot] = i;
    slotBias.set(bias.subarray(column * time, (column + 1) * time), slot * time);
  }
  return (q, k, v) =>
    tf.tidy(() => {
      const width = q.shape[1];
      const headWidth = width / heads;
      const bh = batch * heads;
      const split = (x: tf.Tensor, rows: number, perm: number[], shape: [number, number, number]) =>
        tf.reshape(tf.transpose(tf.reshape(x, [batch, rows, heads, headWidth]), perm), shape) as tf.Tensor3D;
      const qs = split(
        gatherRows(tf.mul(q, 1 / Math.sqrt(headWidth)) as tf.Tensor2D, slotTarget),
        slots,
        [0, 2, 1, 3],
        [bh, slots, headWidth],
      );
      const kT = split(k, time, [0, 2, 3, 1], [bh, headWidth, time]);
      const vh = split(v, time, [0, 2, 1, 3], [bh, time, headWidth]);
      const scores = tf.reshape(simdBatchMatMul(qs, kT), [batch, heads, slots, time]);
      const biased = tf.reshape(tf.add(scores, tf.tensor4d(slotBias, [batch, 1, slots, time])), [bh, slots, time]);
      const o = simdBatchMatMul(tf.softmax(biased) as tf.Tensor3D, vh);
      const merged = tf.reshape(tf.transpose(tf.reshape(o, [batch, heads, slots, headWidth]), [0, 2, 1, 3]), [
        batch * slots,
        width,
      ]) as tf.Tensor2D;
      return gatherRows(merged, targetSlot);
    });
}
