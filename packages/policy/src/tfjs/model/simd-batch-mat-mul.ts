import { InvalidArgumentError } from "@cosir/bayes";
import * as tf from "@tensorflow/tfjs-core";
import type { WasmBackendLike, WasmKernelParams } from "./wasm-backend-like";
import { type TileMask, type tiledFunctions, tiledBlockSize, tiledMatMulModule } from "./simd-tiled-mat-mul";
import { bindModule, F32, forLoop, I32, name, op, section, uleb, V128, vector, type WasmFunction } from "./wasm-writer";

/*
 * A batched matmul for tfjs-wasm that runs as fast as its inputs allow. tfjs-wasm sends every matmul with a batch
 * above 1 (attention's per-head products) to a generic scalar loop (`slow_batch_matmul`, about 2 GFLOP/s); this
 * kernel computes the same products with WebAssembly SIMD on tfjs-wasm's own memory (no copies), four rows by four
 * columns at a time, and keeps that loop's summation order exactly: for each output element, the shared dimension in
 * blocks of 48, each block summed from zero in order (s = s + a*b, no fused multiply-add), each block's sum added to
 * the output (out = out + s). Its results therefore equal tf.matMul's bit for bit on wasm, so nothing computed with it
 * (the committed base's pinned traces included) moves. The module is written out below as bytes (about 400), one
 * exported function; any other back end, or a wasm without SIMD, runs tf.matMul itself.
 */

/** The kernel's name in tfjs' registry (inputs a [batch, m, k], b [batch, k, n]; batch 1 broadcasts). */
export const simdBatchMatMulKernel = "CosirSimdBatchMatMul";

/** tfjs-wasm's generic loop sums the shared dimension in blocks of this many (kBlockSize in batch_mat_mul_impl.cc). */
const blockSize = 48;

// parameters and locals of the generated functions, by index
const P = { a: 0, b: 1, out: 2, batch: 3, m: 4, k: 5, n: 6, aBatchBytes: 7, bBatchBytes: 8 };
const L = { bi: 9, k0: 10, kEnd: 11, i: 12, j: 13, k: 14, m4: 15, n4: 16, a: 17, b: 18, o: 19, bv: 24, s: 25 };
const accs = [20, 21, 22, 23];
const locals = [
  [...uleb(11), I32],
  [...uleb(5), V128],
  [...uleb(1), F32],
];

/** Byte address of a[i + r, k] in this batch: a [m, k], or a stored transposed [k, m] (`transposeA`). */
function addressOfA(transposeA: boolean, r: number): number[] {
  const row = [...op.get(L.i), ...op.i32(r), ...op.add];
  const index = transposeA
    ? [...op.get(L.k), ...op.get(P.m), ...op.mul, ...row, ...op.add]
    : [...row, ...op.get(P.k), ...op.mul, ...op.get(L.k), ...op.add];
  return [...index, ...op.shl2, ...op.get(L.a), ...op.add];
}

/** Byte address of b[k, j] in this batch. */
const addressOfB = [
  ...op.get(L.k),
  ...op.get(P.n),
  ...op.mul,
  ...op.get(L.j),
  ...op.add,
  ...op.shl2,
  ...op.get(L.b),
  ...op.add,
];

/** Byte address of out[i + r, j] in this batch. */
function addressOfOut(r: number): number[] {
  return [
    ...[...op.get(L.i), ...op.i32(r), ...op.add, ...op.get(P.n), ...op.mul, ...op.get(L.j), ...op.add],
    ...[...op.shl2, ...op.get(L.o), ...op.add],
  ];
}

/** `rows` rows x 4 columns at (i, j): acc_r = sum over the block of a[i+r, k] * b[k, j..j+3], then out += acc_r. */
function vectorTile(transposeA: boolean, rows: number): number[] {
  const used = accs.slice(0, rows);
  return [
    ...used.flatMap((acc) => [...op.v128Zero, ...op.set(acc)]),
    ...forLoop(L.k, op.get(L.k0), op.get(L.kEnd), 1, [
      ...addressOfB,
      ...op.v128Load,
      ...op.set(L.bv),
      ...used.flatMap((acc, r) => [
        ...[...op.get(acc), ...addressOfA(transposeA, r), ...op.f32Load, ...op.splat],
        ...[...op.get(L.bv), ...op.vMul, ...op.vAdd, ...op.set(acc)],
      ]),
    ]),
    ...used.flatMap((acc, r) => [
      ...[...addressOfOut(r), ...addressOfOut(r), ...op.v128Load],
      ...[...op.get(acc), ...op.vAdd, ...op.v128Store],
    ]),
  ];
}

/** One element at (i, j): s = sum over the block of a[i, k] * b[k, j], then out += s. */
function scalarElement(transposeA: boolean): number[] {
  return [
    ...op.f32Zero,
    ...op.set(L.s),
    ...forLoop(L.k, op.get(L.k0), op.get(L.kEnd), 1, [
      ...[...op.get(L.s), ...addressOfA(transposeA, 0), ...op.f32Load],
      ...[...addressOfB, ...op.f32Load, ...op.f32Mul, ...op.f32Add, ...op.set(L.s)],
    ]),
    ...[...addressOfOut(0), ...addressOfOut(0), ...op.f32Load, ...op.get(L.s), ...op.f32Add, ...op.f32Store],
  ];
}

/** One block of the shared dimension, [k0, kEnd), over every output element of this batch. */
function blockPass(transposeA: boolean): number[] {
  const kEnd = [...op.get(L.k0), ...op.i32(blockSize), ...op.add];
  return [
    // kEnd = min(k0 + 48, k)
    ...[...kEnd, ...op.get(P.k), ...kEnd, ...op.get(P.k), ...op.ltU, ...op.select, ...op.set(L.kEnd)],
    ...forLoop(L.i, op.i32(0), op.get(L.m4), 4, forLoop(L.j, op.i32(0), op.get(L.n4), 4, vectorTile(transposeA, 4))),
    // rows m4.. one at a time, four columns at a time; then columns n4.. of every row one element at a time
    ...forLoop(L.i, op.get(L.m4), op.get(P.m), 1, forLoop(L.j, op.i32(0), op.get(L.n4), 4, vectorTile(transposeA, 1))),
    ...forLoop(L.i, op.i32(0), op.get(P.m), 1, forLoop(L.j, op.get(L.n4), op.get(P.n), 1, scalarElement(transposeA))),
  ];
}

/** The body of mm / mmTransposedA: every batch's base addresses, its output zeroed, then its blocks in order. */
function functionBody(transposeA: boolean): number[] {
  const base = (param: number, stride: number[], local: number) => [
    ...[...op.get(param), ...op.get(L.bi), ...stride, ...op.mul, ...op.add, ...op.set(local)],
  ];
  const perBatch = [
    ...base(P.a, op.get(P.aBatchBytes), L.a),
    ...base(P.b, op.get(P.bBatchBytes), L.b),
    ...base(P.out, [...op.get(P.m), ...op.get(P.n), ...op.mul, ...op.shl2], L.o),
    ...[...op.get(L.o), ...op.i32(0), ...op.get(P.m), ...op.get(P.n), ...op.mul, ...op.shl2, ...op.memoryFill],
    ...forLoop(L.k0, op.i32(0), op.get(P.k), blockSize, blockPass(transposeA)),
  ];
  const body = [
    ...[...op.get(P.m), ...op.i32(-4), ...op.and, ...op.set(L.m4)],
    ...[...op.get(P.n), ...op.i32(-4), ...op.and, ...op.set(L.n4)],
    ...forLoop(L.bi, op.i32(0), op.get(P.batch), 1, perBatch),
    0x0b,
  ];
  const code = [...vector(locals), ...body];
  return [...uleb(code.length), ...code];
}

/**
 * Two functions of (a, b, out, batch, m, k, n, aBatchBytes, bBatchBytes), byte addresses in the imported memory, a
 * batch stride of 0 broadcasting that operand: mm, out[batch, m, n] = a[., m, k] @ b[., k, n]; mmTransposedA, the
 * same with a stored [., k, m].
 */
function matMulModule(): Uint8Array {
  const bytes = [
    ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00],
    ...section(1, vector([[0x60, ...vector(new Array(9).fill([I32])), 0]])), // type: (i32 x 9) -> ()
    ...section(2, vector([[...name("env"), ...name("memory"), 0x02, 0x00, 0x00]])), // import memory, min 0
    ...section(3, vector([[0], [0]])), // two functions of type 0
    ...section(
      7,
      vector([
        [...name("mm"), 0x00, 0],
        [...name("mmTransposedA"), 0x00, 1],
      ]),
    ),
    ...section(10, vector([functionBody(false), functionBody(true)])),
  ];
  return Uint8Array.from(bytes);
}

// --- the tfjs kernel -------------------------------------------------------------------------------------------

type MatMulFn = WasmFunction;

interface Compiled {
  memory: object;
  mm: MatMulFn;
  mmTransposedA: MatMulFn;
  /** The tiled module's functions (simd-tiled-mat-mul.ts), by export name. */
  tiled: Record<keyof typeof tiledFunctions, MatMulFn>;
}

let compiled: Compiled | null | undefined;

/** The SIMD functions bound to the wasm back end's memory, or null where they cannot run. */
function instance(backend: WasmBackendLike): Compiled | null {
  const memory = backend.wasm?.asm?.memory;
  if (compiled !== undefined && (compiled === null || compiled.memory === memory)) return compiled;
  compiled = null;
  const first = bindModule(matMulModule(), memory);
  const tiled = bindModule(tiledMatMulModule(), memory);
  if (first === null || tiled === null || memory === undefined) return compiled;
  compiled = {
    memory,
    mm: first.mm as MatMulFn,
    mmTransposedA: first.mmTransposedA as MatMulFn,
    tiled: tiled as Compiled["tiled"],
  };
  return compiled;
}

/**
 * The tiled module's layout parameters after `tiles, heads, quads`: (group, aInner, bInner, oOuter, oInner, lda, ldb,
 * ldo), and the batch strides (aOuter, bOuter) before them; see simd-tiled-mat-mul.ts.
 */
interface Layout {
  batch: number;
  m: number;
  k: number;
  n: number;
  aOuter: number;
  bOuter: number;
  group: number;
  aInner: number;
  bInner: number;
  oOuter: number;
  oInner: number;
  lda: number;
  ldb: number;
  ldo: number;
}

/** The plain layout of a [batchA, ., .] @ b [batchB, k, n] (a batch of 1 broadcasts). */
function plainLayout(a: tf.TensorInfo, b: tf.TensorInfo, transposeA: boolean): Layout {
  const [batchA, rowsA, colsA] = a.shape as [number, number, number];
  const [m, k] = transposeA ? [colsA, rowsA] : [rowsA, colsA];
  const [batchB, , n] = b.shape as [number, number, number];
  return {
    batch: Math.max(batchA, batchB),
    m,
    k,
    n,
    aOuter: batchA === 1 ? 0 : m * k * 4,
    bOuter: batchB === 1 ? 0 : k * n * 4,
    group: 1,
    aInner: 0,
    bInner: 0,
    oOuter: m * n * 4,
    oInner: 0,
    lda: colsA * 4,
    ldb: n * 4,
    ldo: n * 4,
  };
}

function kernelFunc({ inputs, backend, attrs }: WasmKernelParams): tf.TensorInfo {
  const a = inputs.a as tf.TensorInfo;
  const b = inputs.b as tf.TensorInfo;
  const tiles = inputs.tiles as tf.TensorInfo | undefined;
  const ends = inputs.blockEnds as tf.TensorInfo | undefined;
  const transposeA = attrs?.transposeA === true;
  const mask = (attrs?.mask ?? "none") as TileMask;
  const heads = (attrs?.heads ?? 1) as number;
  const strided = attrs?.layout as number[] | undefined;
  const wasm = backend as WasmBackendLike;
  const fn = instance(wasm);
  if (strided !== undefined) {
    if (fn === null || !settings.tiled)
      throw new InvalidArgumentError(simdBatchMatMulKernel, "layout", "the SIMD kernel's tiled module");
    return runTiled(fn, wasm, a, b, tiles, ends, transposeA, mask, heads, stridedLayout(strided), attrs?.outShape);
  }
  const [, rowsA, colsA] = a.shape as [number, number, number];
  const k = transposeA ? rowsA : colsA;
  if (fn === null || a.shape.length !== 3 || b.shape.length !== 3 || k !== b.shape[1])
    throw new InvalidArgumentError(
      simdBatchMatMulKernel,
      [a.shape, b.shape],
      "[batch, m, k] x [batch, k, n] on SIMD wasm",
    );
  const layout = plainLayout(a, b, transposeA);
  if (ends !== undefined || (mask !== "none" && tiles !== undefined) || settings.tiled)
    return runTiled(fn, wasm, a, b, tiles, ends, transposeA, mask, heads, layout, undefined);
  const out = wasm.makeOutput([layout.batch, layout.m, layout.n], "float32");
  const run = transposeA ? fn.mmTransposedA : fn.mm;
  const [a0, b0, o0] = [addressOf(wasm, a), addressOf(wasm, b), addressOf(wasm, out)];
  run(a0, b0, o0, layout.batch, layout.m, layout.k, layout.n, layout.aOuter, layout.bOuter);
  return out;
}

const addressOf = (wasm: WasmBackendLike, t: tf.TensorInfo) =>
  (wasm.dataIdMap.get(t.dataId) as { memoryOffset: number }).memoryOffset;

const layoutKeys = [
  "batch",
  "m",
  "k",
  "n",
  "aOuter",
  "bOuter",
  "group",
  "aInner",
  "bInner",
  "oOuter",
  "oInner",
  "lda",
  "ldb",
  "ldo",
] as const satisfies readonly (keyof Layout)[];

function stridedLayout(values: number[]): Layout {
  return Object.fromEntries(layoutKeys.map((key, i) => [key, values[i] as number])) as unknown as Layout;
}

/** One call of the tiled module's function for this mask and transposition, over `layout`. */
function runTiled(
  fn: Compiled,
  wasm: WasmBackendLike,
  a: tf.TensorInfo,
  b: tf.TensorInfo,
  tiles: tf.TensorInfo | undefined,
  ends: tf.TensorInfo | undefined,
  transposeA: boolean,
  mask: TileMask,
  heads: number,
  l: Layout,
  outShape: unknown,
): tf.TensorInfo {
  const out = wasm.makeOutput((outShape as number[] | undefined) ?? [l.batch, l.m, l.n], "float32");
  const head = [
    addressOf(wasm, a),
    addressOf(wasm, b),
    addressOf(wasm, out),
    l.batch,
    l.m,
    l.k,
    l.n,
    l.aOuter,
    l.bOuter,
  ];
  const tail = [l.group, l.aInner, l.bInner, l.oOuter, l.oInner, l.lda, l.ldb, l.ldo];
  if (ends !== undefined) {
    fn.tiled.mmTransposedBlocks(...head, addressOf(wasm, ends), ends.shape[0] as number, 0, ...tail);
  } else if (mask !== "none" && tiles !== undefined) {
    const run = mask === "out" ? fn.tiled.mmMaskedOut : transposeA ? fn.tiled.mmTransposedMaskedA : fn.tiled.mmMaskedA;
    run(...head, addressOf(wasm, tiles), heads, tiles.shape[1] as number, ...tail);
  } else {
    const run = transposeA ? fn.tiled.mmTransposedA : fn.tiled.mm;
    run(...head, 0, 1, 0, ...tail);
  }
  return out;
}

let registered = false;

/** Where simdBatchMatMul runs (see setSimdMatMul). */
export interface SimdMatMulSettings {
  /** Batched products (attention): equal to tf.matMul bit for bit, so on by default. */
  batched: boolean;
  /**
   * The dense layers' backward products (linear's dX and dW): tfjs-wasm runs them through XNNPACK, which packs a new
   * operator for every fresh right operand (each of them, in a backward pass), so the SIMD kernel is 1-7x faster
   * there; but its rounding is not XNNPACK's, so gradients move by float rounding. Off by default (a pretraining run
   * replays its log bit for bit); the RL update turns it on (`rl.gradientMatMul`).
   */
  linearGradients: boolean;
  /**
   * The tiled module (simd-tiled-mat-mul.ts: 4 x 8 tiles, pointers stepped through the operands) rather than the
   * first one (4 x 4 tiles, addresses multiplied out): the same sums in the same order, so equal bit for bit; on by
   * default, off for the bench's previous step.
   */
  tiled: boolean;
  /**
   * Attention over packed prefix trees skips the 4 x 4 tiles of its [time, time] products that the tree's mask
   * hides entirely (causalAttention with `tiles`): equal bit for bit; on by default, off for the bench's previous
   * step.
   */
  maskedAttention: boolean;
}

const settings: SimdMatMulSettings = { batched: true, linearGradients: false, tiled: true, maskedAttention: true };

/** Changes where the SIMD kernel runs, for this process; returns the previous settings (to restore them). */
export function setSimdMatMul(change: Partial<SimdMatMulSettings>): SimdMatMulSettings {
  const previous = { ...settings };
  Object.assign(settings, change);
  return previous;
}

/** The current settings (a copy). */
export function simdMatMulSettings(): SimdMatMulSettings {
  return { ...settings };
}

/** Whether this process's tfjs back end runs the SIMD kernel (wasm with SIMD and its memory reachable). */
export function simdBatchMatMulAvailable(): boolean {
  if (tf.getBackend() !== "wasm") return false;
  if (instance(tf.backend() as unknown as WasmBackendLike) === null) return false;
  if (!registered) {
    registered = true;
    tf.registerKernel({
      kernelName: simdBatchMatMulKernel,
      backendName: "wasm",
      kernelFunc,
    });
  }
  return true;
}

/** Options of simdBatchMatMul. */
export interface SimdBatchMatMulOptions {
  /** Run the SIMD kernel even where both batches are 1 (tf.matMul would use XNNPACK, with its own rounding). */
  unbatched?: boolean;
  /** `a` is stored transposed, [batch, k, m] (no transpose pass: the kernel reads its columns). */
  transposeA?: boolean;
  /**
   * A packed tree's visible tiles (visibleTiles: int32 [batch / heads, quads, quads]) over the product's [time, time]
   * operand, `operand` "out" (the output: hidden tiles are not computed and stay 0) or "a" (`a`: its hidden tiles are
   * exactly 0 and skipped; stored as the bias is, queries in its rows, with or without `transposeA`); only with `maskedAttention` on and the SIMD kernel running (else the full product).
   * Not differentiable: for attention's own custom gradient.
   */
  tiles?: { visible: tf.Tensor3D; heads: number; operand: "out" | "a" };
  /**
   * With `transposeA`: the shared dimension's blocks as a list of ends (blockEnds of the rows kept), in place of
   * blocks of 48 from 0. For a product over some rows of a larger one whose other rows' terms are exactly 0: each
   * listed block sums the same nonzero terms, in the same order, from zero as the larger product's block, so the
   * result equals it bit for bit. Only on the SIMD kernel's tiled module (simdBlockEndsAvailable); not
   * differentiable.
   */
  blockEnds?: Int32Array;
}

/** Whether simdBatchMatMul's `blockEnds` can run here (the SIMD kernel with its tiled module). */
export function simdBlockEndsAvailable(): boolean {
  return settings.tiled && simdBatchMatMulAvailable();
}

/**
 * The block ends of rows `rows` (ascending, distinct) of a product whose shared dimension is summed in blocks of 48:
 * for each block of 48 that holds any of them, the count of rows up to its end (strictly increasing; the last one is
 * rows.length). For simdBatchMatMul's `blockEnds`.
 */
export function blockEnds(rows: ArrayLike<number>): Int32Array {
  const ends: number[] = [];
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i] as number;
    if (i > 0 && !(row > (rows[i - 1] as number)))
      throw new InvalidArgumentError(`rows[${i}]`, row, `expected ascending distinct rows (after ${rows[i - 1]})`);
    const block = Math.floor(row / tiledBlockSize);
    const next = rows[i + 1];
    if (next === undefined || Math.floor(next / tiledBlockSize) !== block) ends.push(i + 1);
  }
  return Int32Array.from(ends);
}

/**
 * a [batch, m, k] @ b [batch, k, n] (either batch may be 1, broadcast), untransposed or with `a` stored transposed:
 * the SIMD kernel on tfjs-wasm, equal bit for bit to tf.matMul of the explicitly transposed operand there (unless
 * `settings.batched` is off); that tf.matMul on every other back end, and where both batches are 1 unless
 * `options.unbatched`. Differentiable (its gradient is in register-gradients.ts and is built from this function).
 */
export function simdBatchMatMul(a: tf.Tensor3D, b: tf.Tensor3D, options: SimdBatchMatMulOptions = {}): tf.Tensor3D {
  const transposeA = options.transposeA === true;
  const k = transposeA ? a.shape[1] : a.shape[2];
  if (a.shape[0] !== b.shape[0] && a.shape[0] !== 1 && b.shape[0] !== 1)
    throw new InvalidArgumentError("simdBatchMatMul batches", [a.shape[0], b.shape[0]], "equal, or one of them 1");
  if (k !== b.shape[1])
    throw new InvalidArgumentError("simdBatchMatMul inner sizes", [k, b.shape[1]], "equal sizes of a and b");
  if (options.blockEnds !== undefined) {
    const ends = options.blockEnds;
    if (!transposeA || !simdBlockEndsAvailable() || ends.length === 0 || ends[ends.length - 1] !== k)
      throw new InvalidArgumentError(
        "simdBatchMatMul blockEnds",
        { ends: ends.length, last: ends[ends.length - 1], k, transposeA },
        "a list ending at k, with transposeA, on the SIMD kernel's tiled module",
      );
    for (let i = 0; i < ends.length; i++)
      if (!((ends[i] as number) > (i === 0 ? 0 : (ends[i - 1] as number))))
        throw new InvalidArgumentError(`blockEnds[${i}]`, ends[i], "expected strictly increasing ends");
    return tf.tidy(
      () =>
        tf
          .engine()
          .runKernel(
            simdBatchMatMulKernel,
            { a, b, blockEnds: tf.tensor1d(ends, "int32") },
            { transposeA, mask: "blocks" },
          ) as tf.Tensor3D,
    );
  }
  const unbatched = a.shape[0] === 1 && b.shape[0] === 1;
  const wanted = unbatched ? options.unbatched === true : settings.batched;
  if (!wanted || a.dtype !== "float32" || b.dtype !== "float32" || !simdBatchMatMulAvailable())
    return tf.matMul(transposeA ? (tf.transpose(a, [0, 2, 1]) as tf.Tensor3D) : a, b);
  const tiles = options.tiles;
  if (tiles !== undefined && settings.maskedAttention) {
    const quads = Math.ceil(Math.max(a.shape[1], a.shape[2]) / 4);
    const batch = Math.max(a.shape[0], b.shape[0]);
    const square =
      tiles.operand === "out"
        ? [options.transposeA === true ? a.shape[2] : a.shape[1], b.shape[2]]
        : [a.shape[1], a.shape[2]];
    if (
      tiles.visible.dtype !== "int32" ||
      tiles.visible.shape[0] * tiles.heads !== batch ||
      tiles.visible.shape[1] !== Math.ceil((square[0] as number) / 4) ||
      tiles.visible.shape[2] !== Math.ceil((square[1] as number) / 4) ||
      square[0] !== square[1] ||
      (tiles.operand === "out" && transposeA)
    )
      throw new InvalidArgumentError(
        "simdBatchMatMul tiles",
        { tiles: tiles.visible.shape, heads: tiles.heads, a: a.shape, b: b.shape, quads },
        "int32 [batch / heads, time / 4, time / 4] tiles of a [time, time] operand (a, or the untransposed output)",
      );
    return tf
      .engine()
      .runKernel(
        simdBatchMatMulKernel,
        { a, b, tiles: tiles.visible },
        { transposeA, mask: tiles.operand, heads: tiles.heads },
      ) as tf.Tensor3D;
  }
  return tf.engine().runKernel(simdBatchMatMulKernel, { a, b }, { transposeA }) as tf.Tensor3D;
}

/** Whether simdHeadsMatMul can run here (the SIMD kernel's tiled module on tfjs-wasm, batched products on). */
export function simdHeadsMatMulAvailable(): boolean {
  return settings.tiled && settings.batched && simdBatchMatMulAvailable();
}

/** Options of simdHeadsMatMul: the heads' shape and which operands are in the [batch * time, heads * width] layout. */
export interface SimdHeadsMatMulOptions {
  batch: number;
  heads: number;
  /** `a` is stored transposed (a plain [batch * heads, k, m], or heads of [k, m]). */
  transposeA?: boolean;
  /** Which operands are heads side by side in the columns of a 2-D [batch * rows, heads * cols] tensor. */
  aHeads?: boolean;
  bHeads?: boolean;
  outHeads?: boolean;
  /** As simdBatchMatMul's `tiles` (the [time, time] operand is plain); used only with `maskedAttention` on. */
  tiles?: { visible: tf.Tensor3D; operand: "out" | "a" };
}

/** A stored operand's matrix [rows, cols] and its layout in bytes, for the heads' batch index bi = b * heads + h. */
function headsOperand(
  t: tf.Tensor,
  inHeads: boolean,
  batch: number,
  heads: number,
  field: string,
): { rows: number; cols: number; outer: number; inner: number; ld: number } {
  const [first, second, third] = t.shape as number[];
  if (inHeads) {
    if (t.rank !== 2 || (first as number) % batch !== 0 || (second as number) % heads !== 0)
      throw new InvalidArgumentError(
        field,
        t.shape,
        `[batch * rows, heads * cols] with batch ${batch}, heads ${heads}`,
      );
    const [rows, cols] = [(first as number) / batch, (second as number) / heads];
    return { rows, cols, outer: rows * heads * cols * 4, inner: cols * 4, ld: heads * cols * 4 };
  }
  if (t.rank !== 3 || first !== batch * heads)
    throw new InvalidArgumentError(field, t.shape, `[batch * heads = ${batch * heads}, rows, cols]`);
  const [rows, cols] = [second as number, third as number];
  return { rows, cols, outer: heads * rows * cols * 4, inner: rows * cols * 4, ld: cols * 4 };
}

/**
 * a @ b per head, batch * heads products, where any operand may be read or written in place in attention's
 * [batch * time, heads * width] layout (head h of row b in columns h * width ..) instead of a [batch * heads, ., .]
 * copy: the tiled module with strides, the same sums in the same order as simdBatchMatMul over the copies, so equal
 * bit for bit (causal-attention-in-place.test.ts). Only where simdHeadsMatMulAvailable; float32; not differentiable (for
 * causalAttention's own gradient).
 */
export function simdHeadsMatMul(a: tf.Tensor, b: tf.Tensor, options: SimdHeadsMatMulOptions): tf.Tensor {
  const { batch, heads } = options;
  const transposeA = options.transposeA === true;
  if (!simdHeadsMatMulAvailable() || a.dtype !== "float32" || b.dtype !== "float32")
    throw new InvalidArgumentError("simdHeadsMatMul", tf.getBackend(), "float32 operands on SIMD wasm's tiled module");
  const oa = headsOperand(a, options.aHeads === true, batch, heads, "simdHeadsMatMul a");
  const ob = headsOperand(b, options.bHeads === true, batch, heads, "simdHeadsMatMul b");
  const [m, k] = transposeA ? [oa.cols, oa.rows] : [oa.rows, oa.cols];
  if (k !== ob.rows) throw new InvalidArgumentError("simdHeadsMatMul inner sizes", [k, ob.rows], "equal sizes");
  const n = ob.cols;
  const outHeads = options.outHeads === true;
  const out = outHeads
    ? { shape: [batch * m, heads * n], outer: m * heads * n * 4, inner: n * 4, ld: heads * n * 4 }
    : { shape: [batch * heads, m, n], outer: heads * m * n * 4, inner: m * n * 4, ld: n * 4 };
  const layout: Layout = {
    batch: batch * heads,
    m,
    k,
    n,
    aOuter: oa.outer,
    bOuter: ob.outer,
    group: heads,
    aInner: oa.inner,
    bInner: ob.inner,
    oOuter: out.outer,
    oInner: out.inner,
    lda: oa.ld,
    ldb: ob.ld,
    ldo: out.ld,
  };
  // the kernel's attributes are numbers and arrays: the layout travels as its values in layoutKeys' order
  const attrs: Record<string, unknown> = {
    transposeA,
    layout: layoutKeys.map((key) => layout[key]),
    outShape: out.shape,
  };
  const tiles = options.tiles;
  if (tiles === undefined || !settings.maskedAttention)
    return tf.engine().runKernel(simdBatchMatMulKernel, { a, b }, attrs as tf.NamedAttrMap) as tf.Tensor;
  const square = tiles.operand === "out" ? [m, n, outHeads || transposeA] : [oa.rows, oa.cols, options.aHeads];
  const quads = Math.ceil((square[0] as number) / 4);
  if (
    tiles.visible.dtype !== "int32" ||
    tiles.visible.shape[0] !== batch ||
    tiles.visible.shape[1] !== quads ||
    tiles.visible.shape[2] !== quads ||
    square[0] !== square[1] ||
    square[2] === true
  )
    throw new InvalidArgumentError(
      "simdHeadsMatMul tiles",
      { tiles: tiles.visible.shape, batch, m, n, operand: tiles.operand },
      "int32 [batch, time / 4, time / 4] tiles of a plain [time, time] operand (a, or the untransposed output)",
    );
  return tf.engine().runKernel(simdBatchMatMulKernel, { a, b, tiles: tiles.visible }, {
    ...attrs,
    mask: tiles.operand,
    heads,
  } as tf.NamedAttrMap) as tf.Tensor;
}

/**
 * a [batch, m, k] @ the first k rows and n columns of b [batch, rows, cols] (a decode cache held with room to grow:
 * its keys [batch * heads, headWidth, capacity] or values [batch * heads, capacity, headWidth]), read in place: the
 * tiled module with b's rows cols * 4 bytes apart, the same function, sums and order as simdBatchMatMul over the copy
 * b[:, :k, :n], so equal to it bit for bit (a batch of 1: simdBatchMatMul over that copy, as it runs tf.matMul there).
 * Only where simdHeadsMatMulAvailable; float32; not differentiable.
 */
export function simdHeldMatMul(a: tf.Tensor3D, b: tf.Tensor3D, n: number): tf.Tensor3D {
  const [batch, m, k] = a.shape;
  const [, rows, cols] = b.shape;
  if (!simdHeadsMatMulAvailable() || a.dtype !== "float32" || b.dtype !== "float32")
    throw new InvalidArgumentError("simdHeldMatMul", tf.getBackend(), "float32 operands on SIMD wasm's tiled module");
  if (b.shape[0] !== batch || k > rows || n > cols || n < 1 || k < 1)
    throw new InvalidArgumentError(
      "simdHeldMatMul shapes",
      { a: a.shape, b: b.shape, n },
      "a [batch, m, k] and b [batch, rows >= k, cols >= n]",
    );
  // one batch: simdBatchMatMul runs tf.matMul (XNNPACK's sums), so over the copy here too
  if (batch === 1) return tf.tidy(() => simdBatchMatMul(a, tf.slice(b, [0, 0, 0], [1, k, n]) as tf.Tensor3D));
  const layout: Layout = {
    batch,
    m,
    k,
    n,
    aOuter: m * k * 4,
    bOuter: rows * cols * 4,
    group: 1,
    aInner: 0,
    bInner: 0,
    oOuter: m * n * 4,
    oInner: 0,
    lda: k * 4,
    ldb: cols * 4,
    ldo: n * 4,
  };
  const attrs = { transposeA: false, layout: layoutKeys.map((key) => layout[key]), outShape: [batch, m, n] };
  return tf.engine().runKernel(simdBatchMatMulKernel, { a, b }, attrs as unknown as tf.NamedAttrMap) as tf.Tensor3D;
}
