import { bindModule, forLoop, I32, name, op, section, uleb, V128, vector, type WasmFunction } from "./wasm-writer";

/*
 * rmsNormRows (RMSNorm's value in one kernel: prefills, decode steps, the reference pass) four rows at a time as SIMD
 * WebAssembly (wasm-heap-kernels.ts runs it): each lane holds one row's running sum of squares, added in the row's
 * column order (a 4 x 4 block of the rows is transposed by shuffles so lane r reads row r's columns in turn), then each
 * lane's r = 1 / sqrt(sum / d + eps) and out = (x * r) * g four columns at a time. Every lane does the scalar
 * function's float32 operations in its order (f32x4 mul, add, div and sqrt round each lane as f32 mul, add, div and
 * sqrt do), so the output is the scalar function's bit for bit; only the rows past a multiple of 4, or a width that is
 * no multiple of 4, run the scalar function. The scalar function was about 1.8% of an RL iteration's main thread
 * (session 47's profile).
 */

/*
 * Whether rmsNormRows runs four rows at a time as SIMD (on by default) or one at a time (the benchmark's previous step
 * and the tests' reference): the same values bit for bit.
 */
let simdRows = true;

/** Sets whether rmsNormRows runs four rows at a time as SIMD WebAssembly; returns the previous setting. */
export function setSimdRmsNormRows(on: boolean): boolean {
  const previous = simdRows;
  simdRows = on;
  return previous;
}

const get = op.get;
const set = op.set;
const i32 = op.i32;
const simd = (code: number, ...immediates: number[]) => [0xfd, ...uleb(code), ...immediates];
const v = {
  div: simd(0xe7),
  sqrt: simd(0xe3),
  extract: (lane: number) => simd(0x1f, lane),
  /** i8x16.shuffle of two f32x4 by float lanes (0-3 the first operand's, 4-7 the second's). */
  shuffle: (lanes: number[]) => simd(0x0d, ...lanes.flatMap((l) => [4 * l, 4 * l + 1, 4 * l + 2, 4 * l + 3])),
  splatF32: (value: number) => [0x43, ...new Uint8Array(Float32Array.of(value).buffer), ...op.splat],
};

/**
 * rmsNormRows4(px, pg, po, n, d, eps): rows 0..n-1 (n a multiple of 4, d of 4) of x [n, d] normalised into po, as the
 * scalar rmsNormRows computes each: sum = sum + x * x from 0 in column order, r = 1 / sqrt(sum / d + eps), out =
 * (x * r) * g, all in float32.
 */
function rmsNormRows4Body(): number[] {
  const [px, pg, po, n, d, eps] = [0, 1, 2, 3, 4, 5];
  const [i, j, row, rowBytes, k] = [6, 7, 8, 9, 10];
  const [acc, r, t0, t1, t2, t3, rs] = [11, 12, 13, 14, 15, 16, 17];
  const rowsIn = [18, 19, 20, 21];
  // the 4 x 4 block at (row, j): rows' vectors, then pairs interleaved, then columns as lanes
  const load = rowsIn.flatMap((x, q) => [
    ...[...get(row), ...get(j), ...op.shl2, ...op.add],
    ...(q === 0 ? [] : [...get(rowBytes), ...i32(q), ...op.mul, ...op.add]),
    ...op.v128Load,
    ...set(x),
  ]);
  const pair = (a: number, b: number, lanes: number[], into: number) => [
    ...get(a),
    ...get(b),
    ...v.shuffle(lanes),
    ...set(into),
  ];
  const column = (a: number, b: number, lanes: number[]) => [
    ...[...get(acc), ...get(a), ...get(b), ...v.shuffle(lanes), ...op.tee(rs), ...get(rs), ...op.vMul, ...op.vAdd],
    ...set(acc),
  ];
  const [x0, x1, x2, x3] = rowsIn as [number, number, number, number];
  const sums = forLoop(j, i32(0), get(d), 4, [
    ...load,
    ...pair(x0, x1, [0, 4, 1, 5], t0),
    ...pair(x0, x1, [2, 6, 3, 7], t1),
    ...pair(x2, x3, [0, 4, 1, 5], t2),
    ...pair(x2, x3, [2, 6, 3, 7], t3),
    // columns j, j + 1, j + 2, j + 3 in turn, lane q row q's
    ...column(t0, t2, [0, 1, 4, 5]),
    ...column(t0, t2, [2, 3, 6, 7]),
    ...column(t1, t3, [0, 1, 4, 5]),
    ...column(t1, t3, [2, 3, 6, 7]),
  ]);
  const dSplat = [...get(d), 0xb3 /* f32.convert_i32_u */, ...op.splat];
  const epsSplat = [...get(eps), ...op.splat];
  const scale = [
    ...[...v.splatF32(1), ...get(acc), ...dSplat, ...v.div, ...epsSplat, ...op.vAdd, ...v.sqrt, ...v.div],
    ...set(r),
  ];
  // row q of the block: out = (x * r_q) * g, four columns at a time
  const normalise = (q: number) => [
    ...[...get(r), ...v.extract(q), ...op.splat, ...set(rs)],
    ...forLoop(j, i32(0), get(d), 4, [
      ...[...get(j), ...op.shl2, ...set(k)],
      ...[...get(po), ...get(rowBytes), ...i32(q), ...op.mul, ...op.add, ...get(k), ...op.add],
      ...[...get(row), ...get(rowBytes), ...i32(q), ...op.mul, ...op.add, ...get(k), ...op.add, ...op.v128Load],
      ...[...get(rs), ...op.vMul, ...get(pg), ...get(k), ...op.add, ...op.v128Load, ...op.vMul, ...op.v128Store],
    ]),
  ];
  const body = [
    ...[...get(d), ...op.shl2, ...set(rowBytes)],
    ...forLoop(i, i32(0), get(n), 4, [
      ...[...get(px), ...get(i), ...get(rowBytes), ...op.mul, ...op.add, ...set(row)],
      ...[...op.v128Zero, ...set(acc)],
      ...sums,
      ...scale,
      ...[0, 1, 2, 3].flatMap(normalise),
      ...[...get(po), ...get(rowBytes), ...i32(4), ...op.mul, ...op.add, ...set(po)],
    ]),
    0x0b,
  ];
  const code = [
    ...vector([
      [...uleb(5), I32],
      [...uleb(11), V128],
    ]),
    ...body,
  ];
  return [...uleb(code.length), ...code];
}

/** The module: rmsNormRows4 (five i32 parameters and an f32). */
export function simdRmsNormRowsModule(): Uint8Array {
  return Uint8Array.from([
    ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00],
    ...section(1, vector([[0x60, ...vector([...new Array(5).fill([I32]), [0x7d]]), 0]])),
    ...section(2, vector([[...name("env"), ...name("memory"), 0x02, 0x00, 0x00]])),
    ...section(3, vector([[0]])),
    ...section(7, vector([[...name("rmsNormRows4"), 0x00, 0]])),
    ...section(10, vector([rmsNormRows4Body()])),
  ]);
}

let bound: { memory: unknown; fns: Record<string, WasmFunction> | null } | undefined;

/**
 * rmsNormRows4 on `memory` (tfjs-wasm's), or undefined where the switch is off or the module cannot run there (no
 * SIMD): then the scalar function runs every row.
 */
export function simdRmsNormRows(memory: unknown): WasmFunction | undefined {
  if (!simdRows) return undefined;
  if (bound === undefined || bound.memory !== memory)
    bound = { memory, fns: bindModule(simdRmsNormRowsModule(), memory) };
  return bound.fns?.rmsNormRows4;
}
