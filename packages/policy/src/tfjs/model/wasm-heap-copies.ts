import { InvalidArgumentError } from "@cosir/bayes";
import * as tf from "@tensorflow/tfjs-core";

/*
 * Two copies that tfjs-wasm does slowly, done on its own memory in JavaScript: picking rows of a matrix (tfjs-wasm's
 * GatherV2 walks every element through a generic strided loop, about 35 ns an element: 2.5 ms for the 1,024 rows a
 * cached prefill reads from the prefix pool) and joining two 3-D tensors along their last axis (its Concat copies
 * each outer row through a fresh subarray: 0.7 ms to add one key column to a decode step's [64, 16, 75] keys). Both
 * are plain copies, so their results equal tf.gather's and tf.concat's bit for bit; any other back end runs those.
 * Inference only: neither has a gradient.
 */

/** The kernels' names in tfjs' registry. */
export const gatherRowsKernel = "CosirGatherRows";
export const concatColumnsKernel = "CosirConcatColumns";

interface WasmBackendLike {
  wasm: { asm?: { memory?: { buffer: ArrayBuffer } } };
  dataIdMap: { get(dataId: unknown): { memoryOffset: number } | undefined };
  makeOutput(shape: number[], dtype: "float32"): tf.TensorInfo;
}

/** The wasm back end's memory as floats and ints (views made after every allocation: memory can grow), or null. */
function heap(backend: WasmBackendLike): { f32: Float32Array; i32: Int32Array } | null {
  const buffer = backend.wasm?.asm?.memory?.buffer;
  if (buffer === undefined) return null;
  return { f32: new Float32Array(buffer), i32: new Int32Array(buffer) };
}

/** Float offset (in elements) of a tensor's data on the wasm heap. */
function at(backend: WasmBackendLike, t: tf.TensorInfo): number {
  return (backend.dataIdMap.get(t.dataId) as { memoryOffset: number }).memoryOffset >> 2;
}

function gatherRowsFunc({ inputs, backend }: { inputs: tf.NamedTensorInfoMap; backend: unknown }): tf.TensorInfo {
  const wasm = backend as WasmBackendLike;
  const x = inputs.x as tf.TensorInfo;
  const rows = inputs.rows as tf.TensorInfo;
  const width = x.shape[1] as number;
  const n = rows.shape[0] as number;
  const out = wasm.makeOutput([n, width], "float32");
  const h = heap(wasm) as { f32: Float32Array; i32: Int32Array };
  const src = at(wasm, x);
  const dst = at(wasm, out);
  const index = at(wasm, rows);
  for (let r = 0; r < n; r++) {
    const from = src + (h.i32[index + r] as number) * width;
    h.f32.copyWithin(dst + r * width, from, from + width);
  }
  return out;
}

function concatColumnsFunc({ inputs, backend }: { inputs: tf.NamedTensorInfoMap; backend: unknown }): tf.TensorInfo {
  const wasm = backend as WasmBackendLike;
  const a = inputs.a as tf.TensorInfo;
  const b = inputs.b as tf.TensorInfo;
  const [batch, rows, ca] = a.shape as [number, number, number];
  const cb = b.shape[2] as number;
  const width = ca + cb;
  const out = wasm.makeOutput([batch, rows, width], "float32");
  const f32 = (heap(wasm) as { f32: Float32Array }).f32;
  const pa = at(wasm, a);
  const pb = at(wasm, b);
  const po = at(wasm, out);
  const outer = batch * rows;
  for (let r = 0; r < outer; r++) {
    const o = po + r * width;
    f32.copyWithin(o, pa + r * ca, pa + (r + 1) * ca);
    // a column or a few: element by element is cheaper than another copyWithin call
    if (cb <= 4) for (let j = 0; j < cb; j++) f32[o + ca + j] = f32[pb + r * cb + j] as number;
    else f32.copyWithin(o + ca, pb + r * cb, pb + (r + 1) * cb);
  }
  return out;
}

let registered: boolean | undefined;
let enabled = true;

/**
 * Turns the heap copies on or off for this process (on by default; off: tf.gather and tf.concat, the path before
 * them, which a benchmark measures beside them); returns the previous setting.
 */
export function setHeapCopies(on: boolean): boolean {
  const previous = enabled;
  enabled = on;
  return previous;
}

/** Whether the copies run on the wasm heap here (else tf.gather and tf.concat run). */
export function heapCopiesAvailable(): boolean {
  if (!enabled || tf.getBackend() !== "wasm") return false;
  if (heap(tf.backend() as unknown as WasmBackendLike) === null) return false;
  if (registered === undefined) {
    registered = true;
    tf.registerKernel({
      kernelName: gatherRowsKernel,
      backendName: "wasm",
      kernelFunc: gatherRowsFunc as tf.KernelFunc,
    });
    tf.registerKernel({
      kernelName: concatColumnsKernel,
      backendName: "wasm",
      kernelFunc: concatColumnsFunc as tf.KernelFunc,
    });
  }
  return true;
}

/**
 * Rows `rows` of x [n, width] as [rows.length, width]: tf.gather's result (bit for bit: a copy), without its
 * per-element cost on tfjs-wasm. Every row must be in 0..n-1. No gradient (inference paths only).
 */
export function gatherRows(x: tf.Tensor2D, rows: Int32Array): tf.Tensor2D {
  const n = x.shape[0];
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r] as number;
    if (!(row >= 0 && row < n))
      throw new InvalidArgumentError(`rows[${r}]`, row, `expected a row index in 0..${n - 1}`);
  }
  return tf.tidy(() => {
    const index = tf.tensor1d(rows, "int32");
    if (x.dtype !== "float32" || !heapCopiesAvailable()) return tf.gather(x, index) as tf.Tensor2D;
    return tf.engine().runKernel(gatherRowsKernel, { x, rows: index }, {}) as tf.Tensor2D;
  });
}

/**
 * a [batch, rows, ca] and b [batch, rows, cb] joined along the last axis: tf.concat([a, b], 2) bit for bit (a copy),
 * without its per-row cost on tfjs-wasm (a decode step's keys grow by one column this way). No gradient.
 */
export function concatColumns(a: tf.Tensor3D, b: tf.Tensor3D): tf.Tensor3D {
  if (a.shape[0] !== b.shape[0] || a.shape[1] !== b.shape[1])
    throw new InvalidArgumentError("concatColumns shapes", [a.shape, b.shape], "equal first two sizes");
  if (a.dtype !== "float32" || b.dtype !== "float32" || !heapCopiesAvailable())
    return tf.concat([a, b], 2) as tf.Tensor3D;
  return tf.engine().runKernel(concatColumnsKernel, { a, b }, {}) as tf.Tensor3D;
}
