import { InvalidArgumentError } from "@cosir/bayes";
import * as tf from "@tensorflow/tfjs-core";
import { embeddingGradientScratchBytes, simdColumnSums } from "./simd-column-sums";
import { simdRmsNormRows } from "./simd-rms-norm-rows";
import type { WasmBackendLike, WasmKernelParams } from "./wasm-backend-like";
import {
  bindModule,
  F32,
  forLoop,
  I32,
  ifThen,
  name,
  op,
  section,
  uleb,
  vector,
  type WasmFunction,
} from "./wasm-writer";

/*
 * Inference kernels for what tfjs-wasm does slowly or in many small kernels, run in JavaScript on its own memory:
 * - gatherRows, picking rows of a matrix: tfjs-wasm's GatherV2 walks every element through a generic strided loop
 *   (about 35 ns an element: 2.5 ms for the 1,024 rows a cached prefill reads from the prefix pool);
 * - concatColumns, joining two 3-D tensors along their last axis: tfjs-wasm's Concat copies each outer row through a
 *   fresh subarray (0.7 ms to add one key column to a decode step's [64, 16, 75] keys);
 * - rmsNormRows, RMSNorm's value in one pass instead of six kernels (square, mean, add, rsqrt, two products), each
 *   float32 operation rounded as tfjs-wasm rounds it (Math.fround after every step; the mean a float32 running sum
 *   divided by the width), seven times per decode step.
 * The copies are copies, and rmsNormRows repeats tfjs-wasm's float32 operations in its order, so all three equal the
 * kernels they replace bit for bit (tests: fast-check against those kernels; a prefill, cached prefill and decode
 * steps give the same logits with and without them): sampled tokens, log-probs and the committed base's pinned
 * traces do not move. Any other back end runs tf.gather, tf.concat and the six kernels. No gradients: training
 * paths never call them.
 */

/** The kernels' names in tfjs' registry. */
export const gatherRowsKernel = "CosirGatherRows";
export const concatColumnsKernel = "CosirConcatColumns";
export const rmsNormRowsKernel = "CosirRmsNormRows";
export const embeddingRowsKernel = "CosirEmbeddingRows";
export const embeddingGradientKernel = "CosirEmbeddingGradient";
export const rmsNormGradKernel = "CosirRmsNormGrad";
export const decodeAppendKernel = "CosirDecodeAppend";
export const decodeAppendInPlaceKernel = "CosirDecodeAppendInPlace";
export const padRowsKernel = "CosirPadRows";
export const prefillHeadsKernel = "CosirPrefillHeads";
export const columnSumsKernel = "CosirColumnSums";
export const adamUpdateKernel = "CosirAdamUpdate";
export const scaledSumKernel = "CosirScaledSum";

/** The SIMD matmul sums its shared dimension in blocks of this many (simd-batch-mat-mul.ts, tfjs-wasm's loop). */
const matMulBlock = 48;

// --- the copies and RMSNorm as WebAssembly on tfjs-wasm's memory -------------------------------------------------
// JavaScript pays a call per row for copyWithin (1,024 rows a decode step's key columns) and rounds every float32
// operation through Math.fround; the same copies (memory.copy) and the same float32 operations in the same order run
// here as a small generated module. Where it cannot run, the JavaScript versions below do.

const f32Op = {
  div: [0x95],
  sub: [0x93],
  sqrt: [0x91],
  one: [0x43, 0x00, 0x00, 0x80, 0x3f],
  fromU32: [0xb3],
  memoryCopy: [0xfc, 10, 0, 0],
};

/** concatRows(pa, pb, po, outer, aBytes, bBytes): each of `outer` rows, aBytes of a then bBytes of b. */
function concatRowsBody(): number[] {
  const [pa, pb, po, outer, aBytes, bBytes, r] = [0, 1, 2, 3, 4, 5, 6];
  const copy = (from: number, bytes: number) => [
    ...[...op.get(po), ...op.get(from), ...op.get(bytes), ...f32Op.memoryCopy],
    ...[...op.get(po), ...op.get(bytes), ...op.add, ...op.set(po), ...op.get(from), ...op.get(bytes), ...op.add],
    ...op.set(from),
  ];
  const body = [...forLoop(r, op.i32(0), op.get(outer), 1, [...copy(pa, aBytes), ...copy(pb, bBytes)]), 0x0b];
  const code = [...vector([[...uleb(1), I32]]), ...body];
  return [...uleb(code.length), ...code];
}

/**
 * rmsNormRows(px, pg, po, n, d, eps): per row, sum = sum + v * v in order from 0, r = 1 / sqrt(sum / d + eps), then
 * out = (v * r) * g, every operation in float32 (rmsNormRowsFunc's Math.fround steps, which repeat tfjs-wasm's).
 */
function rmsNormRowsBody(): number[] {
  const [px, pg, po, n, d, eps] = [0, 1, 2, 3, 4, 5];
  const [i, j, row, sum, r] = [6, 7, 8, 9, 10];
  const at = (base: number) => [...op.get(j), ...op.shl2, ...op.get(base), ...op.add];
  const body = [
    ...forLoop(i, op.i32(0), op.get(n), 1, [
      ...[...op.get(px), ...op.get(i), ...op.get(d), ...op.mul, ...op.shl2, ...op.add, ...op.set(row)],
      ...[...op.f32Zero, ...op.set(sum)],
      ...forLoop(j, op.i32(0), op.get(d), 1, [
        ...[...op.get(sum), ...at(row), ...op.f32Load, ...at(row), ...op.f32Load, ...op.f32Mul, ...op.f32Add],
        ...op.set(sum),
      ]),
      ...[...f32Op.one, ...op.get(sum), ...op.get(d), ...f32Op.fromU32, ...f32Op.div, ...op.get(eps), ...op.f32Add],
      ...[...f32Op.sqrt, ...f32Op.div, ...op.set(r)],
      ...forLoop(j, op.i32(0), op.get(d), 1, [
        ...[...at(po), ...at(row), ...op.f32Load, ...op.get(r), ...op.f32Mul, ...at(pg), ...op.f32Load, ...op.f32Mul],
        ...op.f32Store,
      ]),
      ...[...op.get(po), ...op.get(d), ...op.shl2, ...op.add, ...op.set(po)],
    ]),
    0x0b,
  ];
  const code = [
    ...vector([
      [...uleb(3), I32],
      [...uleb(2), F32],
    ]),
    ...body,
  ];
  return [...uleb(code.length), ...code];
}

/**
 * rmsNormGrad(px, pg, pdy, pdx, pt, n, d, eps): RMSNorm's backward per row from its input, rmsNorm's six-kernel
 * gradient in float32 in its order: r as rmsNormRows computes it; xhat = x * r, dxhat = dy * g, terms = dy * xhat (the
 * gain gradient's terms, summed by the caller), m = (sum of dxhat * xhat in order from 0) / d, and
 * dx = r * (dxhat - xhat * m).
 */
function rmsNormGradBody(): number[] {
  const [px, pg, pdy, pdx, pt, n, d, eps] = [0, 1, 2, 3, 4, 5, 6, 7];
  const [i, j, row, rj, sum, r, acc, m, xh, dxh, dyv] = [8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18];
  const load = (base: number) => [...op.get(base), ...op.get(rj), ...op.add, ...op.f32Load];
  const rowAt = [...op.get(row), ...op.get(j), ...op.shl2, ...op.add, ...op.set(rj)];
  const perColumn = [
    ...rowAt,
    ...[...load(px), ...op.get(r), ...op.f32Mul, ...op.set(xh)],
    ...[...load(pdy), ...op.set(dyv)],
    ...[
      ...op.get(dyv),
      ...op.get(pg),
      ...op.get(j),
      ...op.shl2,
      ...op.add,
      ...op.f32Load,
      ...op.f32Mul,
      ...op.set(dxh),
    ],
  ];
  const byD = [...op.get(d), ...f32Op.fromU32, ...f32Op.div];
  const body = [
    ...forLoop(i, op.i32(0), op.get(n), 1, [
      ...[...op.get(i), ...op.get(d), ...op.mul, ...op.shl2, ...op.set(row)],
      ...[...op.f32Zero, ...op.set(sum)],
      ...forLoop(j, op.i32(0), op.get(d), 1, [
        ...rowAt,
        ...[...op.get(sum), ...load(px), ...load(px), ...op.f32Mul, ...op.f32Add, ...op.set(sum)],
      ]),
      ...[
        ...f32Op.one,
        ...op.get(sum),
        ...byD,
        ...op.get(eps),
        ...op.f32Add,
        ...f32Op.sqrt,
        ...f32Op.div,
        ...op.set(r),
      ],
      ...[...op.f32Zero, ...op.set(acc)],
      ...forLoop(j, op.i32(0), op.get(d), 1, [
        ...perColumn,
        ...[...op.get(pt), ...op.get(rj), ...op.add, ...op.get(dyv), ...op.get(xh), ...op.f32Mul, ...op.f32Store],
        ...[...op.get(acc), ...op.get(dxh), ...op.get(xh), ...op.f32Mul, ...op.f32Add, ...op.set(acc)],
      ]),
      ...[...op.get(acc), ...byD, ...op.set(m)],
      ...forLoop(j, op.i32(0), op.get(d), 1, [
        ...perColumn,
        ...[...op.get(pdx), ...op.get(rj), ...op.add, ...op.get(r)],
        ...[...op.get(dxh), ...op.get(xh), ...op.get(m), ...op.f32Mul, ...f32Op.sub, ...op.f32Mul, ...op.f32Store],
      ]),
    ]),
    0x0b,
  ];
  const code = [
    ...vector([
      [...uleb(4), I32],
      [...uleb(7), F32],
    ]),
    ...body,
  ];
  return [...uleb(code.length), ...code];
}

/**
 * copyStrided(src, sRow, sCol, dst, dRow, dCol, rows, cols) and, with `scaled`, scaleStrided(..., scale): for each of
 * `rows` x `cols` elements, dst + r * dRow + c * dCol = (src + r * sRow + c * sCol) [* scale in float32]; addresses
 * and strides in bytes. A prefill's head splits (prefillHeadsFunc).
 */
function stridedBody(scaled: boolean): number[] {
  const [src, sRow, sCol, dst, dRow, dCol, rows, cols, scale] = [0, 1, 2, 3, 4, 5, 6, 7, 8];
  const first = scaled ? 9 : 8;
  const [r, c, ps, pd] = [first, first + 1, first + 2, first + 3];
  const value = scaled
    ? [...op.get(ps), ...op.f32Load, ...op.get(scale), ...op.f32Mul]
    : [...op.get(ps), ...op.f32Load];
  const body = [
    ...forLoop(r, op.i32(0), op.get(rows), 1, [
      ...[...op.get(src), ...op.get(r), ...op.get(sRow), ...op.mul, ...op.add, ...op.set(ps)],
      ...[...op.get(dst), ...op.get(r), ...op.get(dRow), ...op.mul, ...op.add, ...op.set(pd)],
      ...forLoop(c, op.i32(0), op.get(cols), 1, [
        ...[...op.get(pd), ...value, ...op.f32Store],
        ...[...op.get(ps), ...op.get(sCol), ...op.add, ...op.set(ps)],
        ...[...op.get(pd), ...op.get(dCol), ...op.add, ...op.set(pd)],
      ]),
    ]),
    0x0b,
  ];
  const code = [...vector([[...uleb(4), I32]]), ...body];
  return [...uleb(code.length), ...code];
}

/**
 * gatherStrided(src, sRow, rowsAt, dst, dRow, dCol, count, cols): for c < count, the `cols` floats at src + rows[c] *
 * sRow (rows: the int32s at rowsAt) to dst + c * dRow + j * dCol; addresses and strides in bytes. A prefill's held
 * prefix split into heads (prefillHeadsFunc).
 */
function gatherStridedBody(): number[] {
  const [src, sRow, rowsAt, dst, dRow, dCol, count, cols] = [0, 1, 2, 3, 4, 5, 6, 7];
  const [c, j, ps, pd] = [8, 9, 10, 11];
  const body = [
    ...forLoop(c, op.i32(0), op.get(count), 1, [
      ...[...op.get(src), ...op.get(rowsAt), ...op.get(c), ...op.shl2, ...op.add, ...op.i32Load],
      ...[...op.get(sRow), ...op.mul, ...op.add, ...op.set(ps)],
      ...[...op.get(dst), ...op.get(c), ...op.get(dRow), ...op.mul, ...op.add, ...op.set(pd)],
      ...forLoop(j, op.i32(0), op.get(cols), 1, [
        ...[...op.get(pd), ...op.get(ps), ...op.f32Load, ...op.f32Store],
        ...[...op.get(ps), ...op.i32(4), ...op.add, ...op.set(ps)],
        ...[...op.get(pd), ...op.get(dCol), ...op.add, ...op.set(pd)],
      ]),
    ]),
    0x0b,
  ];
  const code = [...vector([[...uleb(4), I32]]), ...body];
  return [...uleb(code.length), ...code];
}

/** copyRows(src, sRow, dst, dRow, rows, bytes): `rows` rows of `bytes` bytes, src + r * sRow to dst + r * dRow. */
function copyRowsBody(): number[] {
  const [src, sRow, dst, dRow, rows, bytes, r] = [0, 1, 2, 3, 4, 5, 6];
  const at = (base: number, stride: number) => [...op.get(base), ...op.get(r), ...op.get(stride), ...op.mul, ...op.add];
  const body = [
    ...forLoop(r, op.i32(0), op.get(rows), 1, [
      ...at(dst, dRow),
      ...at(src, sRow),
      ...op.get(bytes),
      ...f32Op.memoryCopy,
    ]),
    0x0b,
  ];
  const code = [...vector([[...uleb(1), I32]]), ...body];
  return [...uleb(code.length), ...code];
}

/**
 * adamUpdate(pw, pm, pv, pg, ow, om, ov, n, decays, scale, b1, c1, b2, c2, eps, rate, wd): adamUpdateFunc's loop in
 * float32 (every operation rounded as tfjs-wasm's kernels round it), g * scale always (x * 1 is x), the decay term only
 * where `decays` is not 0.
 */
function adamUpdateBody(): number[] {
  const [pw, pm, pv, pg, ow, om, ov, n, decays, scale, b1, c1, b2, c2, eps, rate, wd] = [
    0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16,
  ];
  const [i, off, gi, mi, vi, wi, next] = [17, 18, 19, 20, 21, 22, 23];
  const load = (base: number) => [...op.get(base), ...op.get(off), ...op.add, ...op.f32Load];
  const store = (base: number, local: number) => [
    ...[...op.get(base), ...op.get(off), ...op.add, ...op.get(local), ...op.f32Store],
  ];
  const body = [
    ...forLoop(i, op.i32(0), op.get(n), 1, [
      ...[...op.get(i), ...op.shl2, ...op.set(off)],
      ...[...load(pg), ...op.get(scale), ...op.f32Mul, ...op.set(gi)],
      ...[...load(pm), ...op.get(b1), ...op.f32Mul, ...op.get(gi), ...op.get(c1), ...op.f32Mul, ...op.f32Add],
      ...op.set(mi),
      ...[...load(pv), ...op.get(b2), ...op.f32Mul, ...op.get(gi), ...op.get(gi), ...op.f32Mul, ...op.get(c2)],
      ...[...op.f32Mul, ...op.f32Add, ...op.set(vi)],
      ...[...load(pw), ...op.tee(wi), ...op.get(mi), ...op.get(vi), ...f32Op.sqrt, ...op.get(eps), ...op.f32Add],
      ...[...f32Op.div, ...op.get(rate), ...op.f32Mul, ...f32Op.sub, ...op.set(next)],
      ...ifThen(op.get(decays), [
        ...op.get(next),
        ...op.get(wi),
        ...op.get(wd),
        ...op.f32Mul,
        ...f32Op.sub,
        ...op.set(next),
      ]),
      ...[...store(ow, next), ...store(om, mi), ...store(ov, vi)],
    ]),
    0x0b,
  ];
  const code = [
    ...vector([
      [...uleb(2), I32],
      [...uleb(5), F32],
    ]),
    ...body,
  ];
  return [...uleb(code.length), ...code];
}

/** scaledSum(pg, ps, po, n, hasSum, weight): po[i] = ps[i] + pg[i] * weight (without ps where hasSum is 0), in float32. */
function scaledSumBody(): number[] {
  const [pg, ps, po, n, hasSum, weight] = [0, 1, 2, 3, 4, 5];
  const [i, off] = [6, 7];
  const product = [...op.get(pg), ...op.get(off), ...op.add, ...op.f32Load, ...op.get(weight), ...op.f32Mul];
  const at = (base: number) => [...op.get(base), ...op.get(off), ...op.add];
  const withSum = forLoop(i, op.i32(0), op.get(n), 1, [
    ...[...op.get(i), ...op.shl2, ...op.set(off)],
    ...[...at(po), ...at(ps), ...op.f32Load, ...product, ...op.f32Add, ...op.f32Store],
  ]);
  const alone = forLoop(i, op.i32(0), op.get(n), 1, [
    ...[...op.get(i), ...op.shl2, ...op.set(off)],
    ...[...at(po), ...product, ...op.f32Store],
  ]);
  const code = [
    ...vector([[...uleb(2), I32]]),
    ...[...op.get(hasSum), 0x04, 0x40, ...withSum, 0x05, ...alone, 0x0b],
    0x0b,
  ];
  return [...uleb(code.length), ...code];
}

function heapModule(): Uint8Array {
  return Uint8Array.from([
    ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00],
    ...section(
      1,
      vector([
        [0x60, ...vector(new Array(6).fill([I32])), 0],
        [0x60, ...vector([...new Array(5).fill([I32]), [F32]]), 0],
        [0x60, ...vector([...new Array(7).fill([I32]), [F32]]), 0],
        [0x60, ...vector(new Array(8).fill([I32])), 0],
        [0x60, ...vector([...new Array(8).fill([I32]), [F32]]), 0],
        [0x60, ...vector([...new Array(9).fill([I32]), ...new Array(8).fill([F32])]), 0],
      ]),
    ),
    ...section(2, vector([[...name("env"), ...name("memory"), 0x02, 0x00, 0x00]])),
    ...section(3, vector([[0], [1], [2], [3], [4], [3], [0], [5], [1]])),
    ...section(
      7,
      vector([
        [...name("concatRows"), 0x00, 0],
        [...name("rmsNormRows"), 0x00, 1],
        [...name("rmsNormGrad"), 0x00, 2],
        [...name("copyStrided"), 0x00, 3],
        [...name("scaleStrided"), 0x00, 4],
        [...name("gatherStrided"), 0x00, 5],
        [...name("copyRows"), 0x00, 6],
        [...name("adamUpdate"), 0x00, 7],
        [...name("scaledSum"), 0x00, 8],
      ]),
    ),
    ...section(
      10,
      vector([
        concatRowsBody(),
        rmsNormRowsBody(),
        rmsNormGradBody(),
        stridedBody(false),
        stridedBody(true),
        gatherStridedBody(),
        copyRowsBody(),
        adamUpdateBody(),
        scaledSumBody(),
      ]),
    ),
  ]);
}

let heapFunctions: { memory: unknown; fns: Record<string, WasmFunction> | null } | undefined;
let wasmCopies = true;

/** The module's functions on this back end's memory, or null (then the JavaScript versions run). */
function heapWasm(backend: WasmBackendLike): Record<string, WasmFunction> | null {
  if (!wasmCopies) return null;
  const memory = backend.wasm?.asm?.memory;
  if (heapFunctions === undefined || heapFunctions.memory !== memory)
    heapFunctions = { memory, fns: bindModule(heapModule(), memory) };
  return heapFunctions.fns;
}

/**
 * Runs concatColumns and rmsNormRows as WebAssembly (default) or as JavaScript (benchmarks, tests); the results are
 * the same bit for bit. Returns the previous setting.
 */
export function setHeapWasm(on: boolean): boolean {
  const previous = wasmCopies;
  wasmCopies = on;
  return previous;
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

function gatherRowsFunc({ inputs, backend }: WasmKernelParams): tf.TensorInfo {
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

function concatColumnsFunc({ inputs, backend }: WasmKernelParams): tf.TensorInfo {
  const wasm = backend as WasmBackendLike;
  const a = inputs.a as tf.TensorInfo;
  const b = inputs.b as tf.TensorInfo;
  const [batch, rows, ca] = a.shape as [number, number, number];
  const cb = b.shape[2] as number;
  const width = ca + cb;
  const out = wasm.makeOutput([batch, rows, width], "float32");
  const fns = heapWasm(wasm);
  if (fns !== null) {
    (fns.concatRows as WasmFunction)(at(wasm, a) * 4, at(wasm, b) * 4, at(wasm, out) * 4, batch * rows, ca * 4, cb * 4);
    return out;
  }
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

function rmsNormRowsFunc({ inputs, backend, attrs }: WasmKernelParams): tf.TensorInfo {
  const wasm = backend as WasmBackendLike;
  const x = inputs.x as tf.TensorInfo;
  const gain = inputs.gain as tf.TensorInfo;
  const [n, d] = x.shape as [number, number];
  const eps = Math.fround(attrs?.eps as number);
  const out = wasm.makeOutput([n, d], "float32");
  const fns = heapWasm(wasm);
  if (fns !== null) {
    // four rows at a time as SIMD where it runs (simd-rms-norm-rows.ts: the same values), the rest one at a time
    const fourRows = d % 4 === 0 ? simdRmsNormRows(wasm.wasm.asm?.memory) : undefined;
    const n4 = fourRows === undefined ? 0 : n - (n % 4);
    const [px, pg, po] = [at(wasm, x) * 4, at(wasm, gain) * 4, at(wasm, out) * 4];
    if (n4 > 0) fourRows?.(px, pg, po, n4, d, eps);
    (fns.rmsNormRows as WasmFunction)(px + n4 * d * 4, pg, po + n4 * d * 4, n - n4, d, eps);
    return out;
  }
  const f32 = (heap(wasm) as { f32: Float32Array }).f32;
  const px = at(wasm, x);
  const pg = at(wasm, gain);
  const po = at(wasm, out);
  const fround = Math.fround;
  for (let i = 0; i < n; i++) {
    const row = px + i * d;
    let sum = 0;
    for (let j = 0; j < d; j++) {
      const v = f32[row + j] as number;
      sum = fround(sum + fround(v * v));
    }
    const r = fround(1 / fround(Math.sqrt(fround(fround(sum / d) + eps))));
    for (let j = 0; j < d; j++) f32[po + i * d + j] = fround((f32[row + j] as number) * r) * (f32[pg + j] as number);
  }
  return out;
}

function rmsNormGradFunc({ inputs, backend, attrs }: WasmKernelParams): tf.TensorInfo[] {
  const wasm = backend as WasmBackendLike;
  const x = inputs.x as tf.TensorInfo;
  const gain = inputs.gain as tf.TensorInfo;
  const dy = inputs.dy as tf.TensorInfo;
  const [n, d] = x.shape as [number, number];
  const eps = Math.fround(attrs?.eps as number);
  const dx = wasm.makeOutput([n, d], "float32");
  const terms = wasm.makeOutput([n, d], "float32");
  const fns = heapWasm(wasm);
  if (fns !== null) {
    (fns.rmsNormGrad as WasmFunction)(
      at(wasm, x) * 4,
      at(wasm, gain) * 4,
      at(wasm, dy) * 4,
      at(wasm, dx) * 4,
      at(wasm, terms) * 4,
      n,
      d,
      eps,
    );
    return [dx, terms];
  }
  const f32 = (heap(wasm) as { f32: Float32Array }).f32;
  const [px, pg, pdy, pdx, pt] = [at(wasm, x), at(wasm, gain), at(wasm, dy), at(wasm, dx), at(wasm, terms)];
  const fround = Math.fround;
  for (let i = 0; i < n; i++) {
    const row = i * d;
    let sum = 0;
    for (let j = 0; j < d; j++) {
      const v = f32[px + row + j] as number;
      sum = fround(sum + fround(v * v));
    }
    const r = fround(1 / fround(Math.sqrt(fround(fround(sum / d) + eps))));
    let acc = 0;
    for (let j = 0; j < d; j++) {
      const xh = fround((f32[px + row + j] as number) * r);
      const dyv = f32[pdy + row + j] as number;
      const dxh = fround(dyv * (f32[pg + j] as number));
      f32[pt + row + j] = dyv * xh;
      acc = fround(acc + fround(dxh * xh));
    }
    const m = fround(acc / d);
    for (let j = 0; j < d; j++) {
      const xh = fround((f32[px + row + j] as number) * r);
      const dxh = fround((f32[pdy + row + j] as number) * (f32[pg + j] as number));
      f32[pdx + row + j] = r * fround(dxh - fround(xh * m));
    }
  }
  return [dx, terms];
}

/**
 * A decode step's queries, keys and values from its one product qkv [batch, 3 * width] (columns q | k | v, heads side
 * by side in each): q scaled [batch * heads, 1, headWidth] (q * scale in float32, as tf.mul computes it), the keys
 * [batch * heads, headWidth, length] with the new column appended and the values [batch * heads, length, headWidth]
 * with the new row appended: the copies cachedAttention makes with reshapes and concatColumns.
 */
function decodeAppendFunc({ inputs, backend, attrs }: WasmKernelParams): tf.TensorInfo[] {
  const wasm = backend as WasmBackendLike;
  const qkv = inputs.qkv as tf.TensorInfo;
  const keys = inputs.keys as tf.TensorInfo;
  const values = inputs.values as tf.TensorInfo;
  const heads = attrs?.heads as number;
  const scale = Math.fround(attrs?.scale as number);
  const batch = qkv.shape[0] as number;
  const width = (qkv.shape[1] as number) / 3;
  const headWidth = width / heads;
  const length = keys.shape[2] as number;
  const bh = batch * heads;
  const q = wasm.makeOutput([bh, 1, headWidth], "float32");
  const keysOut = wasm.makeOutput([bh, headWidth, length + 1], "float32");
  const valuesOut = wasm.makeOutput([bh, length + 1, headWidth], "float32");
  const [pqkv, pk, pv, pq, pko, pvo] = [at(wasm, qkv), at(wasm, keys), at(wasm, values), at(wasm, q)].concat([
    at(wasm, keysOut),
    at(wasm, valuesOut),
  ]) as [number, number, number, number, number, number];
  const fns = heapWasm(wasm);
  const f32 = (heap(wasm) as { f32: Float32Array }).f32;
  const fround = Math.fround;
  for (let b = 0; b < batch; b++) {
    const row = pqkv + b * 3 * width;
    for (let c = 0; c < width; c++) f32[pq + b * width + c] = fround((f32[row + c] as number) * scale);
    // per batch row: heads * headWidth key rows, each its past then one new column; heads value blocks, each its
    // past rows then one new row
    const keyRows = heads * headWidth;
    const [ka, kb, ko] = [pk + b * keyRows * length, row + width, pko + b * keyRows * (length + 1)];
    const [va, vb, vo] = [
      pv + b * heads * length * headWidth,
      row + 2 * width,
      pvo + b * heads * (length + 1) * headWidth,
    ];
    if (fns !== null) {
      (fns.concatRows as WasmFunction)(ka * 4, kb * 4, ko * 4, keyRows, length * 4, 4);
      (fns.concatRows as WasmFunction)(va * 4, vb * 4, vo * 4, heads, length * headWidth * 4, headWidth * 4);
      continue;
    }
    for (let r = 0; r < keyRows; r++) {
      f32.copyWithin(ko + r * (length + 1), ka + r * length, ka + (r + 1) * length);
      f32[ko + r * (length + 1) + length] = f32[kb + r] as number;
    }
    for (let h = 0; h < heads; h++) {
      const o = vo + h * (length + 1) * headWidth;
      f32.copyWithin(o, va + h * length * headWidth, va + (h + 1) * length * headWidth);
      f32.copyWithin(o + length * headWidth, vb + h * headWidth, vb + (h + 1) * headWidth);
    }
  }
  return [q, keysOut, valuesOut];
}

/**
 * x viewed as `rows` rows of `from` floats, each copied into a row of `to` floats (to >= from), the rest zero: tf.pad
 * of its last axis (or, for [outer, rows, width], its middle one), bit for bit (a copy and +0), in one memory.copy per
 * row instead of tfjs-wasm's padding loop (about 1.2 ms for a demo rollout's six cache tensors).
 */
function padRowsFunc({ inputs, backend, attrs }: WasmKernelParams): tf.TensorInfo {
  const wasm = backend as WasmBackendLike;
  const x = inputs.x as tf.TensorInfo;
  const [rows, from, to] = [attrs?.rows, attrs?.from, attrs?.to] as [number, number, number];
  const out = wasm.makeOutput(attrs?.shape as number[], "float32");
  const [px, po] = [at(wasm, x), at(wasm, out)];
  const f32 = (heap(wasm) as { f32: Float32Array }).f32;
  f32.fill(0, po, po + rows * to);
  const fns = heapWasm(wasm);
  if (fns !== null) (fns.copyRows as WasmFunction)(px * 4, from * 4, po * 4, to * 4, rows, from * 4);
  else for (let r = 0; r < rows; r++) f32.copyWithin(po + r * to, px + r * from, px + (r + 1) * from);
  return out;
}

/**
 * decodeAppendFunc writing into a cache held with room to grow (KvCache.makeRoom): keys [batch * heads, headWidth,
 * capacity] and values [batch * heads, capacity, headWidth], of which the first `length` columns (rows) are held;
 * this step's key column and value row are written at `length` in place, and only the scaled queries [batch * heads,
 * 1, headWidth] are a new tensor. The same float32 products and copies as decodeAppendFunc, so the held columns equal
 * its keys and values bit for bit, without copying the whole cache each step.
 */
function decodeAppendInPlaceFunc({ inputs, backend, attrs }: WasmKernelParams): tf.TensorInfo {
  const wasm = backend as WasmBackendLike;
  const qkv = inputs.qkv as tf.TensorInfo;
  const heads = attrs?.heads as number;
  const scale = Math.fround(attrs?.scale as number);
  const length = attrs?.length as number;
  const batch = qkv.shape[0] as number;
  const width = (qkv.shape[1] as number) / 3;
  const headWidth = width / heads;
  const capacity = (inputs.keys as tf.TensorInfo).shape[2] as number;
  const q = wasm.makeOutput([batch * heads, 1, headWidth], "float32");
  const [pqkv, pk, pv, pq] = [qkv, inputs.keys as tf.TensorInfo, inputs.values as tf.TensorInfo, q].map((t) =>
    at(wasm, t),
  ) as [number, number, number, number];
  const f32 = (heap(wasm) as { f32: Float32Array }).f32;
  const fround = Math.fround;
  for (let b = 0; b < batch; b++) {
    const row = pqkv + b * 3 * width;
    for (let c = 0; c < width; c++) f32[pq + b * width + c] = fround((f32[row + c] as number) * scale);
    // key row r = h * headWidth + i of batch row b is cache row b * width + r; its column `length` takes k[r]
    for (let r = 0; r < width; r++) f32[pk + (b * width + r) * capacity + length] = f32[row + width + r] as number;
    // head h's values of batch row b: block b * heads + h, its row `length` takes v[h * headWidth ..]
    for (let h = 0; h < heads; h++) {
      const o = pv + ((b * heads + h) * capacity + length) * headWidth;
      for (let i = 0; i < headWidth; i++) f32[o + i] = f32[row + 2 * width + h * headWidth + i] as number;
    }
  }
  return q;
}

/**
 * A prefill's attention inputs from its one product of the normalised rows [n = batch * time, width] with the block's
 * weights side by side: q | k | v [n, 3 * width], or k | v [n, 2 * width] with the queries `q` [batch * queryTime,
 * width] apart (the last block at each row's last column). Outputs: the queries scaled [batch * heads, queryTime,
 * headWidth] (q * scale in float32, as tf.mul computes it), the keys [batch * heads, headWidth, past + time] and the
 * values [batch * heads, past + time, headWidth], their first `past` columns from the prefix pool's rows `pastRows`
 * [batch * past] (poolKeys and poolValues [pool, width]) and the rest the new keys and values; with `fresh`, also the
 * new keys and values [n, width] (what the prefix pool appends). Every output but the queries is a copy: the values
 * cachedAttention's gathers, reshapes, transposes and concatenations make.
 */
function prefillHeadsFunc({ inputs, backend, attrs }: WasmKernelParams): tf.TensorInfo[] {
  const wasm = backend as WasmBackendLike;
  const product = inputs.product as tf.TensorInfo;
  const query = inputs.q as tf.TensorInfo | undefined;
  const pastRows = inputs.pastRows as tf.TensorInfo | undefined;
  const [heads, batch, fresh] = [attrs?.heads as number, attrs?.batch as number, attrs?.fresh === true];
  const scale = Math.fround(attrs?.scale as number);
  const [n, columns] = product.shape as [number, number];
  const width = query === undefined ? columns / 3 : columns / 2;
  const [time, headWidth, bh] = [n / batch, width / heads, batch * heads];
  const queryTime = query === undefined ? time : (query.shape[0] as number) / batch;
  const past = pastRows === undefined ? 0 : (pastRows.shape[0] as number) / batch;
  const length = past + time;
  const outputs = [
    wasm.makeOutput([bh, queryTime, headWidth], "float32"),
    wasm.makeOutput([bh, headWidth, length], "float32"),
    wasm.makeOutput([bh, length, headWidth], "float32"),
    ...(fresh ? [wasm.makeOutput([n, width], "float32"), wasm.makeOutput([n, width], "float32")] : []),
  ];
  // views after every allocation (memory can grow)
  const { f32, i32 } = heap(wasm) as { f32: Float32Array; i32: Int32Array };
  const [pq, pk, pv] = outputs.map((t) => at(wasm, t)) as [number, number, number];
  const pp = at(wasm, product);
  const kAt = pp + (query === undefined ? width : 0);
  const vAt = kAt + width;
  const [qAt, qStride] = query === undefined ? [pp, columns] : [at(wasm, query), width];
  const [pRows, pKeys, pValues] =
    pastRows === undefined
      ? [0, 0, 0]
      : [pastRows, inputs.poolKeys, inputs.poolValues].map((t) => at(wasm, t as tf.TensorInfo));
  const fns = heapWasm(wasm);
  if (fns !== null) {
    const [copy, scaled, gather, rowsCopy] = [fns.copyStrided, fns.scaleStrided, fns.gatherStrided, fns.copyRows];
    const [rowBytes, headBytes] = [columns * 4, headWidth * 4];
    for (let b = 0; b < batch; b++)
      for (let h = 0; h < heads; h++) {
        const head = b * heads + h;
        const [keys, values] = [(pk + head * headWidth * length) * 4, (pv + head * length * headWidth) * 4];
        const [q, k, v] = [qAt + b * queryTime * qStride, kAt + b * time * columns, vAt + b * time * columns].map(
          (p) => (p + h * headWidth) * 4,
        ) as [number, number, number];
        const qTo = (pq + head * queryTime * headWidth) * 4;
        (scaled as WasmFunction)(q, qStride * 4, 4, qTo, headBytes, 4, queryTime, headWidth, scale);
        // keys [headWidth, length]: row j, columns past.. from the new rows' element j (sequential writes)
        (copy as WasmFunction)(k, 4, rowBytes, keys + past * 4, length * 4, 4, headWidth, time);
        (rowsCopy as WasmFunction)(v, rowBytes, values + past * headBytes, headBytes, time, headBytes);
        if (past === 0) continue;
        const rowsAt = (pRows as number) * 4 + b * past * 4;
        const gatherHead = (pool: number, to: number, toRow: number, toColumn: number) =>
          (gather as WasmFunction)((pool + h * headWidth) * 4, width * 4, rowsAt, to, toRow, toColumn, past, headWidth);
        gatherHead(pKeys as number, keys, 4, length * 4);
        gatherHead(pValues as number, values, headBytes, 4);
      }
    if (fresh)
      for (const [from, to] of [
        [kAt, outputs[3]],
        [vAt, outputs[4]],
      ] as [number, tf.TensorInfo][])
        (rowsCopy as WasmFunction)(from * 4, rowBytes, at(wasm, to) * 4, width * 4, n, width * 4);
    return outputs;
  }
  const fround = Math.fround;
  for (let b = 0; b < batch; b++)
    for (let h = 0; h < heads; h++) {
      const head = b * heads + h;
      for (let t = 0; t < queryTime; t++) {
        const from = qAt + (b * queryTime + t) * qStride + h * headWidth;
        const to = pq + (head * queryTime + t) * headWidth;
        for (let j = 0; j < headWidth; j++) f32[to + j] = fround((f32[from + j] as number) * scale);
      }
      const keys = pk + head * headWidth * length;
      const values = pv + head * length * headWidth;
      for (let c = 0; c < length; c++) {
        let kFrom: number;
        let vFrom: number;
        if (c < past) {
          const row = i32[(pRows as number) + b * past + c] as number;
          kFrom = (pKeys as number) + row * width + h * headWidth;
          vFrom = (pValues as number) + row * width + h * headWidth;
        } else {
          const row = b * time + c - past;
          kFrom = kAt + row * columns + h * headWidth;
          vFrom = vAt + row * columns + h * headWidth;
        }
        for (let j = 0; j < headWidth; j++) {
          f32[keys + j * length + c] = f32[kFrom + j] as number;
          f32[values + c * headWidth + j] = f32[vFrom + j] as number;
        }
      }
    }
  if (fresh) {
    const [pkRows, pvRows] = [at(wasm, outputs[3] as tf.TensorInfo), at(wasm, outputs[4] as tf.TensorInfo)];
    for (let r = 0; r < n; r++) {
      f32.copyWithin(pkRows + r * width, kAt + r * columns, kAt + r * columns + width);
      f32.copyWithin(pvRows + r * width, vAt + r * columns, vAt + r * columns + width);
    }
  }
  return outputs;
}

function embeddingRowsFunc({ inputs, backend }: WasmKernelParams): tf.TensorInfo {
  const wasm = backend as WasmBackendLike;
  const table = inputs.table as tf.TensorInfo;
  const ids = inputs.ids as tf.TensorInfo;
  const [vocab, width] = table.shape as [number, number];
  const n = ids.shape[0] as number;
  const out = wasm.makeOutput([n, width], "float32");
  const h = heap(wasm) as { f32: Float32Array; i32: Int32Array };
  const src = at(wasm, table);
  const dst = at(wasm, out);
  const index = at(wasm, ids);
  for (let r = 0; r < n; r++) {
    const id = h.i32[index + r] as number;
    // an id outside the table (-1: no token) has an all-zero one-hot row, so an all-zero embedding
    if (id >= 0 && id < vocab) h.f32.copyWithin(dst + r * width, src + id * width, src + (id + 1) * width);
    else h.f32.fill(0, dst + r * width, dst + (r + 1) * width);
  }
  return out;
}

function columnSumsFunc({ inputs, backend }: WasmKernelParams): tf.TensorInfo {
  const wasm = backend as WasmBackendLike;
  const x = inputs.x as tf.TensorInfo;
  const [n, width] = x.shape as [number, number];
  const out = wasm.makeOutput([width], "float32");
  const h = heap(wasm) as { f32: Float32Array; i32: Int32Array };
  const px = at(wasm, x);
  const po = at(wasm, out);
  const simd = simdColumnSums(wasm.wasm.asm?.memory);
  if (simd !== undefined) {
    simd.columnSums(px * 4, po * 4, n, width);
    return out;
  }
  // ones[1, n] @ x as XNNPACK sums it: each column from +0, its rows in order (a Float32Array rounds every sum)
  h.f32.fill(0, po, po + width);
  for (let r = 0; r < n; r++) {
    const row = px + r * width;
    for (let c = 0; c < width; c++) h.f32[po + c] = (h.f32[po + c] as number) + (h.f32[row + c] as number);
  }
  return out;
}

function embeddingGradientFunc({ inputs, backend, attrs }: WasmKernelParams): tf.TensorInfo {
  const wasm = backend as WasmBackendLike;
  const dy = inputs.dy as tf.TensorInfo;
  const ids = inputs.ids as tf.TensorInfo;
  const vocab = attrs?.vocab as number;
  const [n, width] = dy.shape as [number, number];
  const out = wasm.makeOutput([vocab, width], "float32");
  const h = heap(wasm) as { f32: Float32Array; i32: Int32Array };
  const pd = at(wasm, dy);
  const po = at(wasm, out);
  const index = at(wasm, ids);
  const simd = simdColumnSums(wasm.wasm.asm?.memory);
  if (simd !== undefined && wasm.disposeData !== undefined) {
    // the same sums in SIMD WebAssembly (simd-column-sums.ts), its partial rows in a scratch freed before returning
    const scratch = wasm.makeOutput([embeddingGradientScratchBytes(vocab, width) / 4], "float32");
    simd.embeddingGradient(pd * 4, index * 4, po * 4, n, width, vocab, at(wasm, scratch) * 4);
    wasm.disposeData(scratch.dataId);
    return out;
  }
  h.f32.fill(0, po, po + vocab * width);
  // onehot^T dy as the SIMD matmul sums it: per block of 48 rows, a partial sum from zero in row order, added to the
  // output at the block's end. The one-hot's zero terms add +-0, which leaves every sum as it is.
  const partial = new Float32Array(vocab * width);
  const touched: number[] = [];
  const seen = new Uint8Array(vocab);
  for (let start = 0; start < n; start += matMulBlock) {
    const end = Math.min(n, start + matMulBlock);
    for (let r = start; r < end; r++) {
      const id = h.i32[index + r] as number;
      if (!(id >= 0 && id < vocab)) continue;
      if (seen[id] === 0) {
        seen[id] = 1;
        touched.push(id);
      }
      const row = pd + r * width;
      const acc = id * width;
      for (let c = 0; c < width; c++) partial[acc + c] = (partial[acc + c] as number) + (h.f32[row + c] as number);
    }
    for (const id of touched) {
      const acc = id * width;
      const o = po + acc;
      for (let c = 0; c < width; c++) {
        h.f32[o + c] = (h.f32[o + c] as number) + (partial[acc + c] as number);
        partial[acc + c] = 0;
      }
      seen[id] = 0;
    }
    touched.length = 0;
  }
  return out;
}

/**
 * One Adam step of one variable (AdamOptimizer.apply's thirteen elementwise kernels as one): the same float32
 * operations in the same order, each rounded to float32 as tfjs-wasm's kernel rounds it (a product, quotient or square
 * root of float32 operands computed in float64 and rounded once is the float32 result: float64 holds more than twice
 * float32's digits), with each scalar operand rounded to float32 as tf.mul(x, number) makes it.
 */
function adamUpdateFunc({ inputs, backend, attrs }: WasmKernelParams): tf.TensorInfo[] {
  const wasm = backend as WasmBackendLike;
  const [w, m, v, g] = [inputs.w, inputs.m, inputs.v, inputs.g] as tf.TensorInfo[] as [
    tf.TensorInfo,
    tf.TensorInfo,
    tf.TensorInfo,
    tf.TensorInfo,
  ];
  const scaleTensor = inputs.scale as tf.TensorInfo | undefined;
  const shape = [...w.shape];
  const outputs = [
    wasm.makeOutput(shape, "float32"),
    wasm.makeOutput(shape, "float32"),
    wasm.makeOutput(shape, "float32"),
  ];
  const f32 = (heap(wasm) as { f32: Float32Array }).f32;
  const [pw, pm, pv, pg] = [at(wasm, w), at(wasm, m), at(wasm, v), at(wasm, g)];
  const [ow, om, ov] = outputs.map((o) => at(wasm, o)) as [number, number, number];
  const f = Math.fround;
  const { beta1, beta2, epsilon, lr, decay } = attrs as {
    beta1: number;
    beta2: number;
    epsilon: number;
    lr: number;
    decay: number;
  };
  const [b1, c1, b2, c2, eps, rate] = [f(beta1), f(1 - beta1), f(beta2), f(1 - beta2), f(epsilon), f(lr)];
  const wd = f(decay);
  // gradScale: a scalar tensor (the clipping factor) read where it sits, a number other than 1 as tf.mul rounds it
  const scaled = scaleTensor !== undefined || (attrs?.scale as number) !== 1;
  const scale = scaleTensor !== undefined ? (f32[at(wasm, scaleTensor)] as number) : f(attrs?.scale as number);
  const n = w.shape.reduce((a, b) => a * b, 1);
  const fns = heapWasm(wasm);
  if (fns?.adamUpdate !== undefined) {
    const bytes = [pw, pm, pv, pg, ow, om, ov].map((p) => p * 4);
    // f32 arguments are rounded to float32 on the way in, as Math.fround rounds them below
    fns.adamUpdate(
      ...bytes,
      n,
      decay > 0 ? 1 : 0,
      scaled ? scale : 1,
      beta1,
      1 - beta1,
      beta2,
      1 - beta2,
      epsilon,
      lr,
      decay,
    );
    return outputs;
  }
  for (let i = 0; i < n; i++) {
    const raw = f32[pg + i] as number;
    const gi = scaled ? f(raw * scale) : raw;
    const mi = f(f((f32[pm + i] as number) * b1) + f(gi * c1));
    const vi = f(f((f32[pv + i] as number) * b2) + f(f(gi * gi) * c2));
    const wi = f32[pw + i] as number;
    let next = f(wi - f(f(mi / f(f(Math.sqrt(vi)) + eps)) * rate));
    if (decay > 0) next = f(next - f(wi * wd));
    f32[ow + i] = next;
    f32[om + i] = mi;
    f32[ov + i] = vi;
  }
  return outputs;
}

/**
 * sum + g * weight (or g * weight alone without `sum`), tf.add(sum, tf.mul(g, weight))'s value in one kernel: the
 * product rounded to float32, then the sum, as those two kernels round them (the weight rounded to float32 as tf.mul
 * makes it).
 */
function scaledSumFunc({ inputs, backend, attrs }: WasmKernelParams): tf.TensorInfo {
  const wasm = backend as WasmBackendLike;
  const g = inputs.g as tf.TensorInfo;
  const sum = inputs.sum as tf.TensorInfo | undefined;
  const out = wasm.makeOutput([...g.shape], "float32");
  const n = g.shape.reduce((a, b) => a * b, 1);
  const weight = attrs?.weight as number;
  const [pg, po] = [at(wasm, g), at(wasm, out)];
  const ps = sum === undefined ? 0 : at(wasm, sum);
  const fns = heapWasm(wasm);
  if (fns?.scaledSum !== undefined) {
    fns.scaledSum(pg * 4, ps * 4, po * 4, n, sum === undefined ? 0 : 1, weight);
    return out;
  }
  const f32 = (heap(wasm) as { f32: Float32Array }).f32;
  const w = Math.fround(weight);
  for (let i = 0; i < n; i++) {
    const product = Math.fround((f32[pg + i] as number) * w);
    f32[po + i] = sum === undefined ? product : (f32[ps + i] as number) + product;
  }
  return out;
}

let registered: boolean | undefined;
let enabled = true;

/**
 * Turns the heap kernels on or off for this process (on by default; off: tf.gather, tf.concat and rmsNorm's six
 * kernels, the path before them, which a benchmark measures beside them); returns the previous setting.
 */
export function setHeapKernels(on: boolean): boolean {
  const previous = enabled;
  enabled = on;
  return previous;
}

/** Whether the heap kernels run here (else tf.gather, tf.concat and rmsNorm's six kernels run). */
export function heapKernelsAvailable(): boolean {
  if (!enabled || tf.getBackend() !== "wasm") return false;
  if (heap(tf.backend() as unknown as WasmBackendLike) === null) return false;
  if (registered === undefined) {
    registered = true;
    const kernels: [string, (params: WasmKernelParams) => tf.TensorInfo | tf.TensorInfo[]][] = [
      [gatherRowsKernel, gatherRowsFunc],
      [rmsNormRowsKernel, rmsNormRowsFunc],
      [embeddingRowsKernel, embeddingRowsFunc],
      [embeddingGradientKernel, embeddingGradientFunc],
      [rmsNormGradKernel, rmsNormGradFunc],
      [decodeAppendKernel, decodeAppendFunc],
      [decodeAppendInPlaceKernel, decodeAppendInPlaceFunc],
      [padRowsKernel, padRowsFunc],
      [prefillHeadsKernel, prefillHeadsFunc],
      [concatColumnsKernel, concatColumnsFunc],
      [columnSumsKernel, columnSumsFunc],
      [adamUpdateKernel, adamUpdateFunc],
      [scaledSumKernel, scaledSumFunc],
    ];
    for (const [kernelName, kernelFunc] of kernels) tf.registerKernel({ kernelName, backendName: "wasm", kernelFunc });
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
    if (x.dtype !== "float32" || !heapKernelsAvailable()) return tf.gather(x, index) as tf.Tensor2D;
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
  if (a.dtype !== "float32" || b.dtype !== "float32" || !heapKernelsAvailable())
    return tf.concat([a, b], 2) as tf.Tensor3D;
  return tf.engine().runKernel(concatColumnsKernel, { a, b }, {}) as tf.Tensor3D;
}

/**
 * rmsNorm's value, x / sqrt(mean(x^2) + eps) * g over the rows of x [n, d], in one kernel on tfjs-wasm, equal to
 * the six-kernel value bit for bit; undefined where it cannot run (the caller runs those). No gradient.
 */
export function rmsNormRows(x: tf.Tensor2D, gain: tf.Tensor1D, eps: number): tf.Tensor2D | undefined {
  if (x.dtype !== "float32" || !heapKernelsAvailable()) return undefined;
  return tf.engine().runKernel(rmsNormRowsKernel, { x, gain }, { eps }) as tf.Tensor2D;
}

/**
 * RMSNorm's backward from its input x [n, d], gain and the output's gradient dy in one kernel on tfjs-wasm: dx and the
 * gain gradient's terms dy * xhat [n, d] (the caller sums their columns), each equal bit for bit to rmsNorm's six-kernel
 * gradient (r and xhat recomputed from x as its forward computes them). Undefined where it cannot run.
 */
export function rmsNormGrad(
  x: tf.Tensor2D,
  gain: tf.Tensor1D,
  dy: tf.Tensor2D,
  eps: number,
): { dx: tf.Tensor2D; terms: tf.Tensor2D } | undefined {
  if (x.dtype !== "float32" || dy.dtype !== "float32" || !heapKernelsAvailable()) return undefined;
  const [dx, terms] = tf.engine().runKernel(rmsNormGradKernel, { x, gain, dy }, { eps }) as tf.Tensor2D[];
  return { dx: dx as tf.Tensor2D, terms: terms as tf.Tensor2D };
}

/**
 * The column sums of x [n, width] as [width]: tf.matMul(tf.ones([1, n]), x)'s values bit for bit (XNNPACK sums each
 * column from +0 over the rows in order, as this kernel does), without a new XNNPACK operator and a packing of x for
 * every call (x is a fresh right operand each time). Undefined where the heap kernels cannot run. No gradient.
 */
export function columnSums(x: tf.Tensor2D): tf.Tensor1D | undefined {
  if (x.dtype !== "float32" || !heapKernelsAvailable()) return undefined;
  return tf.engine().runKernel(columnSumsKernel, { x }, {}) as tf.Tensor1D;
}

/**
 * One Adam step of a variable w with moments m and v from its gradient g (times `scale`, a scalar tensor or a number;
 * 1: not scaled), as AdamOptimizer.apply's elementwise kernels compute it, in one kernel on tfjs-wasm: the new weight,
 * m and v, bit for bit those kernels' (`decay` > 0: decoupled weight decay, w' - w * decay). Undefined where the heap
 * kernels cannot run. No gradient.
 */
export function adamUpdate(
  tensors: { w: tf.Tensor; m: tf.Tensor; v: tf.Tensor; g: tf.Tensor },
  scale: tf.Scalar | number,
  settings: { beta1: number; beta2: number; epsilon: number; lr: number; decay: number },
): { w: tf.Tensor; m: tf.Tensor; v: tf.Tensor } | undefined {
  const all = [tensors.w, tensors.m, tensors.v, tensors.g, ...(typeof scale === "number" ? [] : [scale])];
  if (all.some((t) => t.dtype !== "float32") || !heapKernelsAvailable()) return undefined;
  const inputs = typeof scale === "number" ? tensors : { ...tensors, scale };
  const attrs = { ...settings, scale: typeof scale === "number" ? scale : 1 };
  const [w, m, v] = tf.engine().runKernel(adamUpdateKernel, inputs, attrs) as tf.Tensor[];
  return { w: w as tf.Tensor, m: m as tf.Tensor, v: v as tf.Tensor };
}

/**
 * sum + g * weight, or g * weight where `sum` is undefined: tf.add(sum, tf.mul(g, weight)) bit for bit in one kernel
 * (a gradient accumulated over a minibatch's parts). Undefined where the heap kernels cannot run. No gradient.
 */
export function scaledSum(g: tf.Tensor, weight: number, sum?: tf.Tensor): tf.Tensor | undefined {
  if (g.dtype !== "float32" || (sum !== undefined && sum.dtype !== "float32") || !heapKernelsAvailable())
    return undefined;
  if (sum !== undefined && (sum.rank !== g.rank || sum.shape.some((d, i) => d !== g.shape[i]))) return undefined;
  return tf.engine().runKernel(scaledSumKernel, sum === undefined ? { g } : { g, sum }, { weight }) as tf.Tensor;
}

/**
 * A decode step's attention inputs from its one q | k | v product qkv [batch, 3 * width] and the cache's keys [batch *
 * heads, headWidth, length] and values [batch * heads, length, headWidth], in one kernel: the scaled queries [batch *
 * heads, 1, headWidth] and the keys and values with this step's column and row appended (copies, and q * scale in
 * float32: bit for bit what cachedAttention's reshapes, product and concatColumns give). Undefined where the heap
 * kernels cannot run. No gradient.
 */
export function decodeAppend(
  qkv: tf.Tensor2D,
  keys: tf.Tensor3D,
  values: tf.Tensor3D,
  heads: number,
  scale: number,
): { q: tf.Tensor3D; keys: tf.Tensor3D; values: tf.Tensor3D } | undefined {
  if (qkv.dtype !== "float32" || keys.dtype !== "float32" || values.dtype !== "float32" || !heapKernelsAvailable())
    return undefined;
  const [q, k, v] = tf.engine().runKernel(decodeAppendKernel, { qkv, keys, values }, { heads, scale }) as tf.Tensor3D[];
  return { q: q as tf.Tensor3D, keys: k as tf.Tensor3D, values: v as tf.Tensor3D };
}

/**
 * x [outer, rows, cols] padded with zeros after its `axis` (1 or 2) to `size`: tf.pad's result bit for bit (a copy and
 * +0) in one kernel on tfjs-wasm, else tf.pad itself. What KvCache.makeRoom grows a cache's keys and values with. No
 * gradient.
 */
export function padRows(x: tf.Tensor3D, axis: 1 | 2, size: number): tf.Tensor3D {
  const [outer, rows, cols] = x.shape;
  const extent = axis === 1 ? rows : cols;
  if (!(Number.isInteger(size) && size >= extent))
    throw new InvalidArgumentError("padRows size", size, `an integer of at least ${extent} (the axis' size)`);
  const shape: [number, number, number] = axis === 1 ? [outer, size, cols] : [outer, rows, size];
  if (x.dtype !== "float32" || !heapKernelsAvailable())
    return tf.pad(
      x,
      axis === 1
        ? [
            [0, 0],
            [0, size - rows],
            [0, 0],
          ]
        : [
            [0, 0],
            [0, 0],
            [0, size - cols],
          ],
    );
  // axis 2: outer * rows rows of cols floats; axis 1: outer rows of rows * cols floats
  const attrs =
    axis === 2
      ? { shape, rows: outer * rows, from: cols, to: size }
      : { shape, rows: outer, from: rows * cols, to: size * cols };
  return tf.engine().runKernel(padRowsKernel, { x }, attrs as unknown as tf.NamedAttrMap) as tf.Tensor3D;
}

/**
 * decodeAppend into a cache held with room to grow: keys [batch * heads, headWidth, capacity] and values [batch *
 * heads, capacity, headWidth] whose first `length` columns (rows) are held get this step's column (row) at `length`,
 * written in place (no copy of the cache); returns the scaled queries [batch * heads, 1, headWidth]. The held columns
 * then equal decodeAppend's keys and values bit for bit. Undefined where the heap kernels cannot run. No gradient.
 */
export function decodeAppendInPlace(
  qkv: tf.Tensor2D,
  held: { keys: tf.Tensor3D; values: tf.Tensor3D; length: number },
  heads: number,
  scale: number,
): tf.Tensor3D | undefined {
  const { keys, values, length } = held;
  if (qkv.dtype !== "float32" || keys.dtype !== "float32" || values.dtype !== "float32" || !heapKernelsAvailable())
    return undefined;
  const width = qkv.shape[1] / 3;
  const [bh, headWidth, capacity] = keys.shape;
  if (
    bh !== qkv.shape[0] * heads ||
    headWidth * heads !== width ||
    values.shape[0] !== bh ||
    values.shape[1] !== capacity ||
    values.shape[2] !== headWidth ||
    !(Number.isInteger(length) && length >= 0 && length < capacity)
  )
    throw new InvalidArgumentError(
      "decodeAppendInPlace",
      { qkv: qkv.shape, keys: keys.shape, values: values.shape, length, heads },
      "keys [batch * heads, headWidth, capacity] and values [batch * heads, capacity, headWidth] with room at length",
    );
  return tf
    .engine()
    .runKernel(decodeAppendInPlaceKernel, { qkv, keys, values }, { heads, scale, length }) as tf.Tensor3D;
}

/** Where a prefill's first keys and values come from: rows `rows` [batch * width] of the prefix pool's keys and values. */
export interface PoolPast {
  keys: tf.Tensor2D;
  values: tf.Tensor2D;
  rows: Int32Array;
  width: number;
}

/**
 * A prefill's attention inputs in one kernel (prefillHeadsFunc) from its one product [batch * time, 3 * width] (q | k
 * | v) or [batch * time, 2 * width] (k | v, with the queries `q` [batch * queryTime, width] apart): the scaled queries
 * [batch * heads, queryTime, headWidth], the keys [batch * heads, headWidth, past + time] and values [batch * heads,
 * past + time, headWidth] (the first `past.width` columns from the prefix pool), and with `fresh` the new keys and
 * values [batch * time, width]. Bit for bit what cachedAttention's gathers, product, transposes and concatenations
 * give. Undefined where the heap kernels cannot run. No gradient.
 */
export function prefillHeads(
  product: tf.Tensor2D,
  options: { heads: number; batch: number; scale: number; fresh: boolean; q?: tf.Tensor2D; past?: PoolPast },
): { q: tf.Tensor3D; keys: tf.Tensor3D; values: tf.Tensor3D; k?: tf.Tensor2D; v?: tf.Tensor2D } | undefined {
  const { heads, batch, scale, fresh, q, past } = options;
  const [n, columns] = product.shape;
  const width = q === undefined ? columns / 3 : columns / 2;
  if (!(Number.isInteger(width) && width % heads === 0 && n % batch === 0))
    throw new InvalidArgumentError(
      "prefillHeads product",
      product.shape,
      `expected [batch (${batch}) * time, ${q === undefined ? 3 : 2} * heads (${heads}) * headWidth]`,
    );
  if (q !== undefined && (q.shape[1] !== width || q.shape[0] % batch !== 0))
    throw new InvalidArgumentError("prefillHeads q", q.shape, `expected [batch (${batch}) * queryTime, ${width}]`);
  if (past !== undefined && past.rows.length !== batch * past.width)
    throw new InvalidArgumentError("prefillHeads past.rows", past.rows.length, `expected batch * past.width`);
  if (product.dtype !== "float32" || !heapKernelsAvailable()) return undefined;
  return tf.tidy(() => {
    const inputs: Record<string, tf.Tensor> = { product };
    if (q !== undefined) inputs.q = q;
    if (past !== undefined && past.width > 0) {
      for (const r of past.rows)
        if (!(r >= 0 && r < past.keys.shape[0]))
          throw new InvalidArgumentError(
            "prefillHeads past.rows",
            r,
            `expected a pool row in 0..${past.keys.shape[0] - 1}`,
          );
      Object.assign(inputs, {
        poolKeys: past.keys,
        poolValues: past.values,
        pastRows: tf.tensor1d(past.rows, "int32"),
      });
    }
    const out = tf.engine().runKernel(prefillHeadsKernel, inputs, { heads, batch, scale, fresh }) as tf.Tensor[];
    const [qh, keys, values, k, v] = out as [tf.Tensor3D, tf.Tensor3D, tf.Tensor3D, tf.Tensor2D?, tf.Tensor2D?];
    return fresh ? { q: qh, keys, values, k, v } : { q: qh, keys, values };
  });
}

/**
 * Rows of `table` [vocab, width] at `ids` [n] (int32), an all-zero row for an id outside the table: the one-hot
 * product onehot(ids) @ table that embeddingLookup computes, as a copy (one term of each sum is the row, the others
 * add +-0). Undefined where the heap kernels cannot run. No gradient (embeddingLookup's is embeddingGradient).
 */
export function embeddingRows(table: tf.Tensor2D, ids: tf.Tensor1D): tf.Tensor2D | undefined {
  if (table.dtype !== "float32" || ids.dtype !== "int32" || !heapKernelsAvailable()) return undefined;
  return tf.engine().runKernel(embeddingRowsKernel, { table, ids }, {}) as tf.Tensor2D;
}

/**
 * The embedding table's gradient onehot(ids)^T @ dy [vocab, width] summed as the SIMD matmul sums it (blocks of 48
 * rows, each from zero in row order), without the one-hot product: equal bit for bit to weightGradient's result when
 * that product runs on the SIMD kernel (setSimdMatMul's linearGradients). Undefined where the heap kernels cannot run.
 */
export function embeddingGradient(dy: tf.Tensor2D, ids: tf.Tensor1D, vocab: number): tf.Tensor2D | undefined {
  if (dy.dtype !== "float32" || ids.dtype !== "int32" || !heapKernelsAvailable()) return undefined;
  return tf.engine().runKernel(embeddingGradientKernel, { dy, ids }, { vocab }) as tf.Tensor2D;
}
