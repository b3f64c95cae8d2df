import { doWhile, F32, forLoop, I32, ifThen, name, op, section, uleb, V128, vector } from "./wasm-writer";

/*
 * The SIMD matmul's second module (simd-batch-mat-mul.ts runs it): the same sums in the same order as the first
 * module and tfjs-wasm's generic loop (for each output element, the shared dimension in blocks of 48, each block
 * summed from zero in order with s = s + a*b, no fused multiply-add, then out = out + s), so its results equal
 * tf.matMul's bit for bit; only the work around the sums changed, measured on the RL update:
 * - tiles of 4 rows by 8 columns (two vectors per row: each splat of a's element feeds two products), then 4 by 4,
 *   single rows and single elements at the edges;
 * - pointers that step through a and b instead of an address multiplied out for every load.
 * And mask-aware variants for attention over packed prefix trees, where a query sees only its ancestors: `tiles`
 * [maskBatch, quads, quads] (int32, quads = ceil(time / 4), shared by `heads` consecutive batches) says which 4 x 4
 * tiles of a [time, time] operand hold any visible entry. "out": the [time, time] operand is the output (scores,
 * dP); an invisible tile is not computed and stays 0 (its scores are masked to -1e9 before the softmax either way,
 * and dS there is P * (...) with P exactly 0). "a": the [time, time] operand is `a` (P or dS, stored transposed
 * or not); an invisible tile's entries are exactly 0, so its products add +-0, which changes no sum: they are
 * skipped. A 4 x 8 output tile is computed if either of its 4 x 4 tiles is visible.
 */

/** tfjs-wasm's generic loop sums the shared dimension in blocks of this many (kBlockSize in batch_mat_mul_impl.cc). */
export const tiledBlockSize = 48;

/** Where the mask applies: nowhere, to the output, or to `a`. */
export type TileMask = "none" | "out" | "a";

// parameters of every generated function: byte addresses in the imported memory, sizes, batch strides in bytes (0
// broadcasts that operand), the tile mask (unused where there is none), and each operand's layout: batch bi starts at
// (bi / group) * outer + (bi % group) * inner bytes (outer: aBatchBytes, bBatchBytes, oOuter), and its rows are lda,
// ldb and ldo bytes apart (a stored transposed: lda between its k rows). A plain [batch, rows, cols] operand is group 1,
// inner 0, rows of cols * 4 bytes; attention's heads read in place from [batch * time, heads * width] are group heads,
// outer time * heads * width * 4, inner width * 4, rows heads * width * 4.
const P = {
  a: 0,
  b: 1,
  out: 2,
  batch: 3,
  m: 4,
  k: 5,
  n: 6,
  aBatchBytes: 7,
  bBatchBytes: 8,
  tiles: 9,
  heads: 10,
  quads: 11,
  group: 12,
  aInner: 13,
  bInner: 14,
  oOuter: 15,
  oInner: 16,
  lda: 17,
  ldb: 18,
  ldo: 19,
};
/** How many parameters every function takes (its locals are numbered after them). */
export const tiledParameterCount = 20;
const at = (x: number) => tiledParameterCount + x;
const L = {
  bi: at(0),
  k0: at(1),
  kEnd: at(2),
  i: at(3),
  j: at(4),
  pa: at(5),
  pb: at(6),
  po: at(7),
  aBase: at(8),
  bBase: at(9),
  oBase: at(10),
  fb: at(11),
  kq: at(12),
  kqEnd: at(13),
  m4: at(14),
  n4: at(15),
  n8: at(16),
  /** a's byte step from one row of the product to the next, and from one k to the next. */
  rowA: at(17),
  stepA: at(18),
  nBytes: at(19),
  cnt: at(20),
  s: at(32),
  /** rowA times 2 and 3. */
  rowA2: at(33),
  rowA3: at(34),
  /** The block's index in a list of block ends (the "blocks" functions). */
  block: at(35),
  /** This batch's index over the group and within it. */
  go: at(36),
  gi: at(37),
};
/** v128 accumulators acc[r * 2 + v] (row r, vector v), b's two vectors, a's element splat. */
const acc = [21, 22, 23, 24, 25, 26, 27, 28].map(at);
const B = [at(29), at(30)];
const X = at(31);
const locals = [
  [...uleb(21), I32], // 0..20
  [...uleb(11), V128], // 21..31
  [...uleb(1), F32], // 32
  [...uleb(5), I32], // 33..37
];

const get = op.get;
const set = op.set;
const i32 = op.i32;

/** min(x + step, limit) of i32 locals x and limit. */
function minPlus(x: number, step: number, limit: number): number[] {
  const plus = [...get(x), ...i32(step), ...op.add];
  return [...plus, ...get(limit), ...plus, ...get(limit), ...op.ltU, ...op.select];
}

/** The mask's flag of tile (qr, qc), each an i32 instruction sequence: nonzero where visible. */
function flag(qr: number[], qc: number[]): number[] {
  return [...qr, ...get(P.quads), ...op.mul, ...qc, ...op.add, ...op.shl2, ...get(L.fb), ...op.add, ...op.i32Load];
}
const quadOf = (local: number) => [...get(local), ...op.shr2];

/**
 * One output tile of `rows` rows x `cols` columns (8, 4 or 1) at (i, j) over this block [k0, kEnd): each element's
 * sum from zero over the block in k order, then added to the output.
 */
function tile(transposeA: boolean, mask: TileMask, rows: number, cols: number): number[] {
  const vectors = cols / 4;
  const used = cols === 1 ? [] : acc.filter((_, x) => x % 2 < vectors && Math.floor(x / 2) < rows);
  const accOf = (r: number, v: number) => acc[r * 2 + v] as number;
  // a[i + r, k] lies at pa + r * rowA
  const loadA = (r: number) => [
    ...get(L.pa),
    ...(r === 0 ? [] : [...get([L.rowA, L.rowA2, L.rowA3][r - 1] as number), ...op.add]),
  ];
  const step =
    cols === 1
      ? [
          ...[...get(L.s), ...get(L.pa), ...op.f32Load, ...get(L.pb), ...op.f32Load, ...op.f32Mul, ...op.f32Add],
          ...set(L.s),
        ]
      : [
          ...Array.from({ length: vectors }, (_, v) => [
            ...get(L.pb),
            ...op.v128LoadAt(16 * v),
            ...set(B[v] as number),
          ]).flat(),
          ...Array.from({ length: rows }, (_, r) => [
            ...[...loadA(r), ...op.f32Load, ...op.splat, ...set(X)],
            ...Array.from({ length: vectors }, (_, v) => [
              ...[...get(accOf(r, v)), ...get(X), ...get(B[v] as number), ...op.vMul, ...op.vAdd, ...set(accOf(r, v))],
            ]).flat(),
          ]).flat(),
        ];
  // the k loop over [from, to) (never empty): pointers into a and b, advanced each turn
  const run = (from: number) => [
    ...[...get(L.aBase), ...get(L.i), ...get(L.rowA), ...op.mul, ...op.add],
    ...[...get(from), ...get(L.stepA), ...op.mul, ...op.add, ...set(L.pa)],
    ...[...get(L.bBase), ...get(from), ...get(P.ldb), ...op.mul, ...op.add],
    ...[...get(L.j), ...op.shl2, ...op.add, ...set(L.pb)],
  ];
  const loop = (from: number, to: number) => [
    ...run(from),
    ...[...get(to), ...get(from), ...op.sub, ...set(L.cnt)],
    ...doWhile(
      [
        ...step,
        ...[...get(L.pa), ...get(L.stepA), ...op.add, ...set(L.pa)],
        ...[...get(L.pb), ...get(P.ldb), ...op.add, ...set(L.pb)],
        ...[...get(L.cnt), ...i32(1), ...op.sub, ...op.tee(L.cnt)],
      ],
      [],
    ),
  ];
  const sums =
    mask === "a"
      ? forLoop(L.kq, get(L.k0), get(L.kEnd), 4, [
          ...minPlus(L.kq, 4, L.kEnd),
          ...set(L.kqEnd),
          ...ifThen(
            transposeA ? flag(quadOf(L.kq), quadOf(L.i)) : flag(quadOf(L.i), quadOf(L.kq)),
            loop(L.kq, L.kqEnd),
          ),
        ])
      : loop(L.k0, L.kEnd);
  // out[i + r, j ..] lies at po + r * ldo
  const outAt = (r: number) => [...get(L.po), ...(r === 0 ? [] : [...get(P.ldo), ...i32(r), ...op.mul, ...op.add])];
  const store =
    cols === 1
      ? [...outAt(0), ...outAt(0), ...op.f32Load, ...get(L.s), ...op.f32Add, ...op.f32Store]
      : Array.from({ length: rows }, (_, r) =>
          Array.from({ length: vectors }, (_, v) => [
            ...[...outAt(r), ...outAt(r), ...op.v128LoadAt(16 * v), ...get(accOf(r, v)), ...op.vAdd],
            ...op.v128StoreAt(16 * v),
          ]).flat(),
        ).flat();
  const body = [
    ...(cols === 1 ? [...op.f32Zero, ...set(L.s)] : used.flatMap((x) => [...op.v128Zero, ...set(x)])),
    ...sums,
    ...[...get(L.oBase), ...get(L.i), ...get(P.ldo), ...op.mul, ...op.add, ...get(L.j), ...op.shl2, ...op.add],
    ...set(L.po),
    ...store,
  ];
  if (mask !== "out") return body;
  const visible = flag(quadOf(L.i), quadOf(L.j));
  const either =
    cols === 8 ? [...visible, ...flag(quadOf(L.i), [...quadOf(L.j), ...i32(1), ...op.add]), ...op.or] : visible;
  return ifThen(either, body);
}

/**
 * One block of the shared dimension, [k0, kEnd), over every output element of this batch; kEnd is k0 + 48 (at most
 * k), or with `blocks` already set by the caller from its list of block ends.
 */
function blockPass(transposeA: boolean, mask: TileMask, blocks = false): number[] {
  const t = (rows: number, cols: number) => tile(transposeA, mask, rows, cols);
  const columns = (rows: number) => [
    ...forLoop(L.j, i32(0), get(L.n8), 8, t(rows, 8)),
    ...forLoop(L.j, get(L.n8), get(L.n4), 4, t(rows, 4)),
  ];
  return [
    ...(blocks ? [] : [...minPlus(L.k0, tiledBlockSize, P.k), ...set(L.kEnd)]),
    ...forLoop(L.i, i32(0), get(L.m4), 4, columns(4)),
    ...forLoop(L.i, get(L.m4), get(P.m), 1, columns(1)),
    ...forLoop(L.i, i32(0), get(P.m), 1, forLoop(L.j, get(L.n4), get(P.n), 1, t(1, 1))),
  ];
}

/**
 * The shared dimension's blocks from a list (the "blocks" functions): `tiles` holds the blocks' ends (int32, strictly
 * increasing, the last one k) and `heads` how many there are; block b is [end[b - 1], end[b]) (the first from 0).
 */
function listedBlocks(transposeA: boolean): number[] {
  return [
    ...[...i32(0), ...set(L.k0)],
    ...forLoop(L.block, i32(0), get(P.heads), 1, [
      ...[...get(P.tiles), ...get(L.block), ...op.shl2, ...op.add, ...op.i32Load, ...set(L.kEnd)],
      ...blockPass(transposeA, "none", true),
      ...[...get(L.kEnd), ...set(L.k0)],
    ]),
  ];
}

function functionBody(transposeA: boolean, mask: TileMask | "blocks"): number[] {
  // base = param + go * outer + gi * inner
  const base = (param: number, outer: number, inner: number, local: number) => [
    ...[...get(param), ...get(L.go), ...get(outer), ...op.mul, ...op.add],
    ...[...get(L.gi), ...get(inner), ...op.mul, ...op.add, ...set(local)],
  ];
  const perBatch = [
    ...[...get(L.bi), ...get(P.group), ...op.divU, ...op.tee(L.go)],
    ...[...get(P.group), ...op.mul, ...set(L.gi), ...get(L.bi), ...get(L.gi), ...op.sub, ...set(L.gi)],
    ...base(P.a, P.aBatchBytes, P.aInner, L.aBase),
    ...base(P.b, P.bBatchBytes, P.bInner, L.bBase),
    ...base(P.out, P.oOuter, P.oInner, L.oBase),
    // the output's rows zeroed, each n * 4 bytes at oBase + i * ldo
    ...forLoop(L.i, i32(0), get(P.m), 1, [
      ...[...get(L.oBase), ...get(L.i), ...get(P.ldo), ...op.mul, ...op.add],
      ...[...i32(0), ...get(L.nBytes), ...op.memoryFill],
    ]),
    // this batch's mask: batch bi / heads of `tiles`
    ...(mask === "none" || mask === "blocks"
      ? []
      : [
          ...[...get(P.tiles), ...get(L.bi), ...get(P.heads), ...op.divU, ...get(P.quads), ...op.mul],
          ...[...get(P.quads), ...op.mul, ...op.shl2, ...op.add, ...set(L.fb)],
        ]),
    ...(mask === "blocks"
      ? listedBlocks(transposeA)
      : forLoop(L.k0, i32(0), get(P.k), tiledBlockSize, blockPass(transposeA, mask))),
  ];
  const body = [
    ...[...get(P.m), ...i32(-4), ...op.and, ...set(L.m4)],
    ...[...get(P.n), ...i32(-4), ...op.and, ...set(L.n4)],
    ...[...get(P.n), ...i32(-8), ...op.and, ...set(L.n8)],
    ...[...get(P.n), ...op.shl2, ...set(L.nBytes)],
    ...(transposeA
      ? [...i32(4), ...set(L.rowA), ...get(P.lda), ...set(L.stepA)]
      : [...get(P.lda), ...set(L.rowA), ...i32(4), ...set(L.stepA)]),
    ...[...get(L.rowA), ...i32(2), ...op.mul, ...set(L.rowA2), ...get(L.rowA), ...i32(3), ...op.mul, ...set(L.rowA3)],
    ...forLoop(L.bi, i32(0), get(P.batch), 1, perBatch),
    0x0b,
  ];
  const code = [...vector(locals), ...body];
  return [...uleb(code.length), ...code];
}

/**
 * The generated functions, by export name: (transposeA, mask). "blocks": no mask, the shared dimension's blocks given
 * as a list of ends (for products over a subset of rows whose sums must keep the full product's blocks of 48: the
 * skipped rows' terms are +-0, which changes no sum, so each listed block sums the same nonzero terms from zero).
 */
export const tiledFunctions = {
  mm: [false, "none"],
  mmTransposedA: [true, "none"],
  mmMaskedOut: [false, "out"],
  mmMaskedA: [false, "a"],
  mmTransposedMaskedA: [true, "a"],
  mmTransposedBlocks: [true, "blocks"],
} as const satisfies Record<string, readonly [boolean, TileMask | "blocks"]>;

/**
 * The module: functions of (a, b, out, batch, m, k, n, aBatchBytes, bBatchBytes, tiles, heads, quads, group, aInner,
 * bInner, oOuter, oInner, lda, ldb, ldo), out[batch, m, n] = a[., m, k] @ b[., k, n], `a` stored [., k, m] in the
 * transposed ones, each operand laid out as the parameters above say; see tiledFunctions.
 */
export function tiledMatMulModule(): Uint8Array {
  const entries = Object.entries(tiledFunctions);
  const bytes = [
    ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00],
    ...section(1, vector([[0x60, ...vector(new Array(tiledParameterCount).fill([I32])), 0]])), // type: (i32 x 20) -> ()
    ...section(2, vector([[...name("env"), ...name("memory"), 0x02, 0x00, 0x00]])), // import memory, min 0
    ...section(3, vector(entries.map(() => [0]))),
    ...section(7, vector(entries.map(([fn], index) => [...name(fn), 0x00, index]))),
    ...section(10, vector(entries.map(([, [transposeA, mask]]) => functionBody(transposeA, mask)))),
  ];
  return Uint8Array.from(bytes);
}
