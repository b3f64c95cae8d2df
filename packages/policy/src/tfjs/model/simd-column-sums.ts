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
  V128,
  vector,
  type WasmFunction,
} from "./wasm-writer";

/*
 * The train step's two column sums as SIMD WebAssembly on tfjs-wasm's memory (wasm-heap-kernels.ts runs them): RMSNorm's
 * gain gradient (columnSums: each column of x [n, width] summed from +0, its rows in order) and the token embedding's
 * gradient (embeddingGradient: onehot(ids)^T dy as the SIMD matmul sums it, per block of 48 rows a partial sum per id
 * from zero in row order, added to the output at the block's end). Their JavaScript loops round every float32 sum
 * through a Float32Array store (a float32 sum computed in float64 and rounded once is the float32 sum); here four
 * columns share one f32x4 addition, each lane the same float32 addition in the same order, so the results are the
 * JavaScript loops' bit for bit. Only the work per element changed: about 2% of an RL iteration's CPU was those two
 * loops (session 47's profile).
 */

/*
 * Whether columnSums and embeddingGradient run as this module's SIMD functions (on by default) or as the JavaScript
 * loops (the benchmark's previous step and the tests' reference): the same values bit for bit.
 */
let simdSums = true;

/** Sets whether the column sums run as SIMD WebAssembly; returns the previous setting. */
export function setSimdColumnSums(on: boolean): boolean {
  const previous = simdSums;
  simdSums = on;
  return previous;
}

const get = op.get;
const set = op.set;
const i32 = op.i32;
const i32Store = [0x36, 2, 0];
const eqz = [0x45];

/**
 * The columns [from, to) of a column-wise pass, `lanes` (16, 4 or 1) at a time, `chunk` turned into each group's
 * code by its byte offset local.
 */
function columnGroups(c: number, w16: number, w4: number, width: number, chunk: (lanes: number) => number[]): number[] {
  return [
    ...forLoop(c, i32(0), get(w16), 16, chunk(16)),
    ...forLoop(c, get(w16), get(w4), 4, chunk(4)),
    ...forLoop(c, get(w4), get(width), 1, chunk(1)),
  ];
}

/**
 * columnSums(px, po, n, width): po[c] = ((+0 + x[0, c]) + x[1, c]) + ... in float32, 16 columns (four vectors) a pass
 * over the rows, then 4, then single columns.
 */
function columnSumsBody(): number[] {
  const [px, po, n, width] = [0, 1, 2, 3];
  const [c, r, p, rowBytes, w16, w4] = [4, 5, 6, 7, 8, 9];
  const accs = [10, 11, 12, 13];
  const s = 14;
  const chunk = (lanes: number) => {
    const vectors = lanes === 1 ? 0 : lanes / 4;
    const zero =
      lanes === 1 ? [...op.f32Zero, ...set(s)] : accs.slice(0, vectors).flatMap((a) => [...op.v128Zero, ...set(a)]);
    const add =
      lanes === 1
        ? [...get(s), ...get(p), ...op.f32Load, ...op.f32Add, ...set(s)]
        : accs
            .slice(0, vectors)
            .flatMap((a, v) => [...get(a), ...get(p), ...op.v128LoadAt(16 * v), ...op.vAdd, ...set(a)]);
    const out = [...get(po), ...get(c), ...op.shl2, ...op.add];
    const store =
      lanes === 1
        ? [...out, ...get(s), ...op.f32Store]
        : accs.slice(0, vectors).flatMap((a, v) => [...out, ...get(a), ...op.v128StoreAt(16 * v)]);
    return [
      ...zero,
      ...[...get(px), ...get(c), ...op.shl2, ...op.add, ...set(p)],
      ...forLoop(r, i32(0), get(n), 1, [...add, ...get(p), ...get(rowBytes), ...op.add, ...set(p)]),
      ...store,
    ];
  };
  const body = [
    ...[...get(width), ...op.shl2, ...set(rowBytes)],
    ...[...get(width), ...i32(-16), ...op.and, ...set(w16), ...get(width), ...i32(-4), ...op.and, ...set(w4)],
    ...columnGroups(c, w16, w4, width, chunk),
    0x0b,
  ];
  const code = [
    ...vector([
      [...uleb(6), I32],
      [...uleb(4), V128],
      [...uleb(1), F32],
    ]),
    ...body,
  ];
  return [...uleb(code.length), ...code];
}

/** How many rows a block of the SIMD matmul's shared dimension holds (simd-tiled-mat-mul.ts). */
const block = 48;

/**
 * The scratch bytes embeddingGradient needs for a table of `vocab` rows of `width`: a partial sum row per id, a seen
 * flag per id and the ids a block touched.
 */
export function embeddingGradientScratchBytes(vocab: number, width: number): number {
  return (vocab * width + vocab + block) * 4;
}

/**
 * embeddingGradient(pd, pids, po, n, width, vocab, ps): po [vocab, width] = onehot(ids)^T dy as embeddingGradientFunc's
 * JavaScript sums it. ps: embeddingGradientScratchBytes of scratch (any contents; zeroed here). Per block of 48 rows,
 * each row with an id in 0..vocab-1 adds into its id's partial row (the first time in the block the id is listed);
 * at the block's end each listed id's partial row is added to its output row and zeroed.
 */
function embeddingGradientBody(): number[] {
  const [pd, pids, po, n, width, vocab, ps] = [0, 1, 2, 3, 4, 5, 6];
  const [start, end, r, id, t, q, pp, pr, c, rowBytes, seen, touched, w16, w4] = [
    7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20,
  ];
  // into[c..] = into[c..] + from[c..], lanes columns at a time; `zero`: from[c..] = 0 after
  const addInto = (into: number, from: number, zero: boolean) => (lanes: number) => {
    const at = (base: number) => [...get(base), ...get(c), ...op.shl2, ...op.add];
    if (lanes === 1)
      return [
        ...[...at(into), ...at(into), ...op.f32Load, ...at(from), ...op.f32Load, ...op.f32Add, ...op.f32Store],
        ...(zero ? [...at(from), ...op.f32Zero, ...op.f32Store] : []),
      ];
    return Array.from({ length: lanes / 4 }, (_, v) => [
      ...[...at(into), ...at(into), ...op.v128LoadAt(16 * v), ...at(from), ...op.v128LoadAt(16 * v), ...op.vAdd],
      ...op.v128StoreAt(16 * v),
      ...(zero ? [...at(from), ...op.v128Zero, ...op.v128StoreAt(16 * v)] : []),
    ]).flat();
  };
  const seenAt = [...get(seen), ...get(id), ...op.shl2, ...op.add];
  const rowOf = (base: number) => [...get(base), ...get(id), ...get(rowBytes), ...op.mul, ...op.add];
  const row = [
    ...[...get(pids), ...get(r), ...op.shl2, ...op.add, ...op.i32Load, ...set(id)],
    ...ifThen(
      [...get(id), ...get(vocab), ...op.ltU],
      [
        ...ifThen(
          [...seenAt, ...op.i32Load, ...eqz],
          [
            ...[...seenAt, ...i32(1), ...i32Store],
            ...[...get(touched), ...get(t), ...op.shl2, ...op.add, ...get(id), ...i32Store],
            ...[...get(t), ...i32(1), ...op.add, ...set(t)],
          ],
        ),
        ...[...rowOf(ps), ...set(pp), ...get(pd), ...get(r), ...get(rowBytes), ...op.mul, ...op.add, ...set(pr)],
        ...columnGroups(c, w16, w4, width, addInto(pp, pr, false)),
      ],
    ),
  ];
  const flush = [
    ...[...get(touched), ...get(q), ...op.shl2, ...op.add, ...op.i32Load, ...set(id)],
    ...[...rowOf(ps), ...set(pp), ...rowOf(po), ...set(pr)],
    ...columnGroups(c, w16, w4, width, addInto(pr, pp, true)),
    ...[...seenAt, ...i32(0), ...i32Store],
  ];
  const body = [
    ...[...get(width), ...op.shl2, ...set(rowBytes)],
    ...[...get(width), ...i32(-16), ...op.and, ...set(w16), ...get(width), ...i32(-4), ...op.and, ...set(w4)],
    ...[...get(ps), ...get(vocab), ...get(rowBytes), ...op.mul, ...op.add, ...set(seen)],
    ...[...get(seen), ...get(vocab), ...op.shl2, ...op.add, ...set(touched)],
    // the output and the partial rows and seen flags zeroed
    ...[...get(po), ...i32(0), ...get(vocab), ...get(rowBytes), ...op.mul, ...op.memoryFill],
    ...[...get(ps), ...i32(0), ...get(vocab), ...get(rowBytes), ...op.mul, ...get(vocab), ...op.shl2, ...op.add],
    ...op.memoryFill,
    ...forLoop(start, i32(0), get(n), block, [
      // end = min(start + 48, n)
      ...[...get(start), ...i32(block), ...op.add, ...get(n)],
      ...[...get(start), ...i32(block), ...op.add, ...get(n), ...op.ltU, ...op.select, ...set(end)],
      ...[...i32(0), ...set(t)],
      ...forLoop(r, get(start), get(end), 1, row),
      ...forLoop(q, i32(0), get(t), 1, flush),
    ]),
    0x0b,
  ];
  const code = [...vector([[...uleb(14), I32]]), ...body];
  return [...uleb(code.length), ...code];
}

/** The module: columnSums (4 i32 parameters) and embeddingGradient (7). */
export function simdColumnSumsModule(): Uint8Array {
  return Uint8Array.from([
    ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00],
    ...section(
      1,
      vector([
        [0x60, ...vector(new Array(4).fill([I32])), 0],
        [0x60, ...vector(new Array(7).fill([I32])), 0],
      ]),
    ),
    ...section(2, vector([[...name("env"), ...name("memory"), 0x02, 0x00, 0x00]])),
    ...section(3, vector([[0], [1]])),
    ...section(
      7,
      vector([
        [...name("columnSums"), 0x00, 0],
        [...name("embeddingGradient"), 0x00, 1],
      ]),
    ),
    ...section(10, vector([columnSumsBody(), embeddingGradientBody()])),
  ]);
}

let bound: { memory: unknown; fns: Record<string, WasmFunction> | null } | undefined;

/**
 * The module's functions on `memory` (tfjs-wasm's), or undefined where the switch is off or the module cannot run
 * there (no SIMD): then the JavaScript loops run.
 */
export function simdColumnSums(
  memory: unknown,
): { columnSums: WasmFunction; embeddingGradient: WasmFunction } | undefined {
  if (!simdSums) return undefined;
  if (bound === undefined || bound.memory !== memory)
    bound = { memory, fns: bindModule(simdColumnSumsModule(), memory) };
  const fns = bound.fns;
  if (fns?.columnSums === undefined || fns.embeddingGradient === undefined) return undefined;
  return { columnSums: fns.columnSums, embeddingGradient: fns.embeddingGradient };
}
