import { InvalidArgumentError } from "@cosir/bayes";
import * as tf from "@tensorflow/tfjs-core";
import { simdBatchMatMul, simdHeadsMatMulAvailable, simdHeldMatMul } from "./simd-batch-mat-mul";
import {
  concatColumns,
  decodeAppend,
  decodeAppendInPlace,
  heapKernelsAvailable,
  type PoolPast,
  prefillHeads,
} from "./wasm-heap-kernels";

/*
 * Whether a decode step runs each block's q, k and v as one product over the concatenated weights [width, 3 * width]
 * and its queries, keys and values as one kernel (decodeAppend), instead of three products, the query scale, reshapes
 * and two concatColumns: the same values bit for bit (XNNPACK sums each output column the same way whatever columns
 * sit beside it; the rest are copies). On by default; off is the benchmark's previous step and the tests' reference.
 */
let qkvProduct = true;

/** Sets whether decode steps run q, k and v as one product and one kernel; returns the previous setting. */
export function setDecodeQkvProduct(on: boolean): boolean {
  const previous = qkvProduct;
  qkvProduct = on;
  return previous;
}

/** Whether a decode step may run q, k and v as one product here (the setting, and the heap kernels). */
export function decodeQkvProductAvailable(): boolean {
  return qkvProduct && heapKernelsAvailable();
}

/*
 * Whether decode steps append to a cache held with room to grow (KvCache.makeRoom) in place, instead of copying every
 * layer's keys and values into new tensors one column longer each step (decodeAppend: about 1.5% of a demo RL
 * iteration, a copy of some 1.7 MB a step); the attention products then read the held columns in place
 * (simdHeldMatMul). The same sums in the same order over the same values, so the same logits and held keys and
 * values bit for bit. Off by default: a decode step's CPU time fell 5-9% net in a probe, but `pnpm bench` measured
 * the RL rollout at 0.99x of the copying path over seven runs (the one copy into room, up to 32 columns more and
 * zeroed, costs about three steps' appends, and many sampling calls take few steps); the switch stays for the
 * benchmark and a cheaper first step.
 */
let cacheInPlace = false;

/** Sets whether decode steps append to the cache in place; returns the previous setting. */
export function setDecodeCacheInPlace(on: boolean): boolean {
  const previous = cacheInPlace;
  cacheInPlace = on;
  return previous;
}

/**
 * Whether a decode step may hold its cache with room and append in place here (the setting, the one q | k | v product
 * and its kernel, and the SIMD kernel's tiled module for the strided products).
 */
export function decodeCacheInPlaceAvailable(): boolean {
  return cacheInPlace && decodeQkvProductAvailable() && simdHeadsMatMulAvailable();
}

/*
 * Whether a prefill runs each block's q, k and v as one product over the concatenated weights (the last block's k and
 * v, its queries at the read columns apart) and the head splits, the query scale, the held prefix's gather and the
 * concatenations as one kernel (prefillHeads), instead of three products, a scale, five rank-4 transposes, two gathers
 * and two concatenations: the same values bit for bit. Off by default: `pnpm bench` measured it no faster (RL episodes
 * per CPU second 0.95x [0.91, 1.00] and 1.00x [0.97, 1.02] of the path without it in two runs); the switch stays for the
 * benchmark and a faster kernel.
 */
let prefillProduct = false;

/** Sets whether prefills run q, k and v as one product and one kernel; returns the previous setting. */
export function setPrefillQkvProduct(on: boolean): boolean {
  const previous = prefillProduct;
  prefillProduct = on;
  return previous;
}

/** Whether a prefill may run q, k and v as one product here (the setting, and the heap kernels). */
export function prefillQkvProductAvailable(): boolean {
  return prefillProduct && heapKernelsAvailable();
}

/** Keys pre-transposed [batch * heads, headWidth, length] and values [batch * heads, length, headWidth]. */
export interface AttentionKeysValues {
  keys: tf.Tensor3D;
  values: tf.Tensor3D;
}

/**
 * Multi-head attention of `time` new positions per row (q, k, v [batch * time, width]) over the
 * cached keys and values of earlier positions (none for a prefill) followed by their own, with an
 * additive `bias` [batch, 1, time, past + time] holding the causal and padding masks. Returns the
 * merged heads [batch * time, width] and the extended keys and values, the next step's cache (kept
 * in the layout that makes both attention matmuls untransposed). Inference only: no gradient. `queryTime`: the
 * queries are the last `queryTime` of the `time` new positions per row only (q [batch * queryTime, width], bias
 * [batch, 1, queryTime, past + time]; transformerBlockAt's last block of a prefill): the same rows of the output bit
 * for bit, each query's scores, softmax and sums being its own.
 */
export function cachedAttention(
  q: tf.Tensor2D,
  k: tf.Tensor2D,
  v: tf.Tensor2D,
  past: AttentionKeysValues | undefined,
  bias: tf.Tensor4D,
  batch: number,
  time: number,
  heads: number,
  queryTime = time,
): { output: tf.Tensor2D; cache: AttentionKeysValues } {
  const width = q.shape[1];
  const headWidth = width / heads;
  const bh = batch * heads;
  // one position per row (a decode step): the head split is a plain reshape, no transpose needed
  const toHeads = (x: tf.Tensor, rows: number, perm: number[], shape: [number, number, number]) =>
    (rows === 1
      ? tf.reshape(x, shape)
      : tf.reshape(tf.transpose(tf.reshape(x, [batch, rows, heads, headWidth]), perm), shape)) as tf.Tensor3D;
  const newKeys = toHeads(k, time, [0, 2, 3, 1], [bh, headWidth, time]);
  const newValues = toHeads(v, time, [0, 2, 1, 3], [bh, time, headWidth]);
  const keys = past === undefined ? newKeys : concatColumns(past.keys, newKeys);
  // values grow along their middle axis: the same copy as joining [bh, 1, length * headWidth] rows
  const values =
    past === undefined
      ? newValues
      : (tf.reshape(
          concatColumns(
            tf.reshape(past.values, [bh, 1, past.values.shape[1] * headWidth]) as tf.Tensor3D,
            tf.reshape(newValues, [bh, 1, time * headWidth]) as tf.Tensor3D,
          ),
          [bh, past.values.shape[1] + time, headWidth],
        ) as tf.Tensor3D);
  const scaled = toHeads(tf.mul(q, 1 / Math.sqrt(headWidth)), queryTime, [0, 2, 1, 3], [bh, queryTime, headWidth]);
  return { output: attend(scaled, keys, values, bias, batch, heads, queryTime), cache: { keys, values } };
}

/**
 * Scaled queries [bh, queryTime, headWidth] over keys and values: softmax(q k + bias) v, heads merged; `held`: the
 * first `held` columns of keys and rows of values held with room (simdHeldMatMul reads them in place).
 */
function attend(
  scaled: tf.Tensor3D,
  keys: tf.Tensor3D,
  values: tf.Tensor3D,
  bias: tf.Tensor4D,
  batch: number,
  heads: number,
  queryTime: number,
  held?: number,
): tf.Tensor2D {
  const [bh, , headWidth] = scaled.shape;
  const width = heads * headWidth;
  // `held`: keys and values held with room, their first `held` columns (rows) in use, read in place
  const length = held ?? keys.shape[2];
  const product = (a: tf.Tensor3D, b: tf.Tensor3D, n: number) =>
    held === undefined ? simdBatchMatMul(a, b) : simdHeldMatMul(a, b, n);
  const scores = tf.add(tf.reshape(product(scaled, keys, length), [batch, heads, queryTime, length]), bias);
  const p = tf.softmax(tf.reshape(scores, [bh, queryTime, length])) as tf.Tensor3D;
  const heads3 = product(p, values, headWidth);
  return (
    queryTime === 1
      ? tf.reshape(heads3, [batch, width])
      : tf.reshape(tf.transpose(tf.reshape(heads3, [batch, heads, queryTime, headWidth]), [0, 2, 1, 3]), [
          batch * queryTime,
          width,
        ])
  ) as tf.Tensor2D;
}

/**
 * cachedAttention of a decode step (one new position per row, a cache behind it) from the block's one q | k | v
 * product qkv [batch, 3 * width]: decodeAppend's queries, keys and values in one kernel, then the same scores, softmax
 * and sums. The same output and cache bit for bit. Needs decodeQkvProductAvailable().
 */
export function cachedAttentionFromQkv(
  qkv: tf.Tensor2D,
  past: AttentionKeysValues,
  bias: tf.Tensor4D,
  batch: number,
  heads: number,
): { output: tf.Tensor2D; cache: AttentionKeysValues } {
  const headWidth = qkv.shape[1] / 3 / heads;
  const { q, keys, values } = decodeAppend(qkv, past.keys, past.values, heads, 1 / Math.sqrt(headWidth)) as {
    q: tf.Tensor3D;
    keys: tf.Tensor3D;
    values: tf.Tensor3D;
  };
  return { output: attend(q, keys, values, bias, batch, heads, 1), cache: { keys, values } };
}

/**
 * cachedAttentionFromQkv over a cache held with room (KvCache.makeRoom): this step's key column and value row are
 * written at column `length` of `held`'s keys and values in place (decodeAppendInPlace), and the products read their
 * first length + 1 columns in place. The same output bit for bit, and the held columns equal the keys and values
 * cachedAttentionFromQkv returns. Needs decodeCacheInPlaceAvailable() (or at least its kernels).
 */
export function cachedAttentionInPlace(
  qkv: tf.Tensor2D,
  held: AttentionKeysValues,
  length: number,
  bias: tf.Tensor4D,
  batch: number,
  heads: number,
): tf.Tensor2D {
  const headWidth = qkv.shape[1] / 3 / heads;
  const q = decodeAppendInPlace(qkv, { ...held, length }, heads, 1 / Math.sqrt(headWidth));
  if (q === undefined || !simdHeadsMatMulAvailable())
    throw new InvalidArgumentError(
      "decodeCacheInPlace",
      "unavailable",
      "expected the heap kernels and the SIMD kernel's tiled module (a cache held with room)",
    );
  return attend(q, held.keys, held.values, bias, batch, heads, 1, length + 1);
}

/**
 * cachedAttention of a prefill (`time` new positions per row, after the prefix pool's held rows `past` if any) from the
 * block's one product (q | k | v [batch * time, 3 * width], or k | v [batch * time, 2 * width] with the queries `q`
 * [batch * queryTime, width] apart): prefillHeads' queries, keys and values in one kernel, then the same scores,
 * softmax and sums. The same output and cache bit for bit; `fresh`: the new keys and values [batch * time, width] too
 * (for the prefix pool). Needs prefillQkvProductAvailable().
 */
export function cachedAttentionFromProduct(
  product: tf.Tensor2D,
  options: {
    past?: PoolPast;
    q?: tf.Tensor2D;
    bias: tf.Tensor4D;
    batch: number;
    heads: number;
    fresh: boolean;
  },
): { output: tf.Tensor2D; cache: AttentionKeysValues; k?: tf.Tensor2D; v?: tf.Tensor2D } {
  const { past, q, bias, batch, heads, fresh } = options;
  const width = product.shape[1] / (q === undefined ? 3 : 2);
  const scale = 1 / Math.sqrt(width / heads);
  const split = prefillHeads(product, { heads, batch, scale, fresh, q, past });
  if (split === undefined)
    throw new InvalidArgumentError(
      "prefillQkvProduct",
      "unavailable",
      "expected prefillQkvProductAvailable() (the wasm back end's heap kernels)",
    );
  const { keys, values } = split;
  const queryTime = split.q.shape[1];
  return {
    output: attend(split.q, keys, values, bias, batch, heads, queryTime),
    cache: { keys, values },
    k: split.k,
    v: split.v,
  };
}
