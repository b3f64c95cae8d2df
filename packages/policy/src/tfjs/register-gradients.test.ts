import fc from "fast-check";
import * as tf from "@tensorflow/tfjs-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { selectBackend } from "./backend";
import { simdBatchMatMulAvailable, simdBatchMatMulKernel } from "./model/simd-batch-mat-mul";
import { differentiableKernels, gradientTable } from "./register-gradients";
import { SeededRandom } from "./seeded-random";

/*
 * Every gradient in the table against central finite differences. Each kernel runs alone
 * (engine.runKernel, so no op wrapper adds kernels of its own) on small random shapes and values from
 * fast-check; its analytic gradient (float32, on the test back end) of L = sum(dy * outputs) is compared
 * with finite differences of a float64 JavaScript implementation of the same kernel, whose forward
 * values are checked against the kernel's first. Values keep a margin from kinks and jumps (ReLU at 0,
 * floor at integers, ties of max) far wider than the difference step. A kernel added to the table
 * without a case here fails the suite.
 */

/** A float64 array with its shape, row-major. */
interface Nd {
  shape: number[];
  data: Float64Array;
}

const sizeOf = (shape: readonly number[]) => shape.reduce((a, b) => a * b, 1);

function nd(shape: number[], data: ArrayLike<number>): Nd {
  return { shape, data: Float64Array.from(data) };
}

function strides(shape: readonly number[]): number[] {
  const s = new Array<number>(shape.length).fill(1);
  for (let i = shape.length - 2; i >= 0; i--) s[i] = s[i + 1]! * shape[i + 1]!;
  return s;
}

/** Calls fn with every multi-index of `shape` in row-major order and its flat position. */
function forEachIndex(shape: readonly number[], fn: (index: number[], flat: number) => void): void {
  const n = sizeOf(shape);
  const index = new Array<number>(shape.length).fill(0);
  for (let flat = 0; flat < n; flat++) {
    fn(index, flat);
    for (let d = shape.length - 1; d >= 0; d--) {
      if (++index[d]! < shape[d]!) break;
      index[d] = 0;
    }
  }
}

/** Flat position in `shape` of the trailing-aligned index (broadcast dims of size 1 read position 0). */
function broadcastOffset(shape: readonly number[], index: readonly number[]): number {
  const st = strides(shape);
  const shift = index.length - shape.length;
  let offset = 0;
  for (let d = 0; d < shape.length; d++) offset += (shape[d] === 1 ? 0 : index[d + shift]!) * st[d]!;
  return offset;
}

function broadcastShape(a: readonly number[], b: readonly number[]): number[] {
  const rank = Math.max(a.length, b.length);
  return Array.from({ length: rank }, (_, i) => {
    const x = a[a.length - rank + i] ?? 1;
    const y = b[b.length - rank + i] ?? 1;
    return x === 1 ? y : x;
  });
}

function elementwise(xs: Nd[], f: (...v: number[]) => number): Nd {
  const shape = xs.map((x) => x.shape).reduce(broadcastShape);
  const out = new Float64Array(sizeOf(shape));
  forEachIndex(shape, (index, flat) => {
    out[flat] = f(...xs.map((x) => x.data[broadcastOffset(x.shape, index)]!));
  });
  return { shape, data: out };
}

function reduce(x: Nd, axes: number[], keepDims: boolean, f: (values: number[]) => number): Nd {
  const kept = x.shape.map((n, d) => (axes.includes(d) ? 1 : n));
  const groups = Array.from({ length: sizeOf(kept) }, () => [] as number[]);
  const st = strides(kept);
  forEachIndex(x.shape, (index, flat) => {
    groups[index.reduce((o, i, d) => o + (axes.includes(d) ? 0 : i * st[d]!), 0)]!.push(x.data[flat]!);
  });
  const shape = keepDims ? kept : x.shape.filter((_, d) => !axes.includes(d));
  return nd(shape, groups.map(f));
}

function transpose(x: Nd, perm: number[]): Nd {
  const shape = perm.map((p) => x.shape[p]!);
  const st = strides(x.shape);
  const out = new Float64Array(x.data.length);
  forEachIndex(shape, (index, flat) => {
    out[flat] = x.data[index.reduce((o, i, d) => o + i * st[perm[d]!]!, 0)]!;
  });
  return { shape, data: out };
}

function slice(x: Nd, begin: number[], size: number[]): Nd {
  const st = strides(x.shape);
  const out = new Float64Array(sizeOf(size));
  forEachIndex(size, (index, flat) => {
    out[flat] = x.data[index.reduce((o, i, d) => o + (i + begin[d]!) * st[d]!, 0)]!;
  });
  return { shape: size.slice(), data: out };
}

function pad(x: Nd, paddings: [number, number][], value: number): Nd {
  const shape = x.shape.map((n, d) => n + paddings[d]![0] + paddings[d]![1]);
  const out = new Float64Array(sizeOf(shape)).fill(value);
  const st = strides(shape);
  forEachIndex(x.shape, (index, flat) => {
    out[index.reduce((o, i, d) => o + (i + paddings[d]![0]) * st[d]!, 0)] = x.data[flat]!;
  });
  return { shape, data: out };
}

function concat(xs: Nd[], axis: number): Nd {
  const shape = xs[0]!.shape.slice();
  shape[axis] = xs.reduce((n, x) => n + x.shape[axis]!, 0);
  const out = new Float64Array(sizeOf(shape));
  const st = strides(shape);
  let offset = 0;
  for (const x of xs) {
    forEachIndex(x.shape, (index, flat) => {
      out[index.reduce((o, i, d) => o + (d === axis ? i + offset : i) * st[d]!, 0)] = x.data[flat]!;
    });
    offset += x.shape[axis]!;
  }
  return { shape, data: out };
}

function insertAxis(x: Nd, axis: number): Nd {
  return { shape: [...x.shape.slice(0, axis), 1, ...x.shape.slice(axis)], data: x.data };
}

/** Pieces of x along `axis` of the given sizes. */
function split(x: Nd, sizes: number[], axis: number): Nd[] {
  let start = 0;
  return sizes.map((n) => {
    const begin = x.shape.map((_, d) => (d === axis ? start : 0));
    const size = x.shape.map((m, d) => (d === axis ? n : m));
    start += n;
    return slice(x, begin, size);
  });
}

function matMul(a: Nd, b: Nd, transposeA: boolean, transposeB: boolean): Nd {
  const swap = (x: Nd) =>
    transpose(
      x,
      [...x.shape.keys()].map((d, _, all) => (d < all.length - 2 ? d : 2 * all.length - 3 - d)),
    );
  const A = transposeA ? swap(a) : a;
  const B = transposeB ? swap(b) : b;
  const [m, k] = A.shape.slice(-2) as [number, number];
  const n = B.shape[B.shape.length - 1]!;
  const batch = broadcastShape(A.shape.slice(0, -2), B.shape.slice(0, -2));
  const shape = [...batch, m, n];
  const out = new Float64Array(sizeOf(shape));
  forEachIndex(shape, (index, flat) => {
    const outer = index.slice(0, -2);
    const [i, j] = index.slice(-2) as [number, number];
    let s = 0;
    for (let p = 0; p < k; p++)
      s += A.data[broadcastOffset(A.shape, [...outer, i, p])]! * B.data[broadcastOffset(B.shape, [...outer, p, j])]!;
    out[flat] = s;
  });
  return { shape, data: out };
}

function gather(x: Nd, indices: Nd, axis: number): Nd {
  const shape = [...x.shape.slice(0, axis), ...indices.shape, ...x.shape.slice(axis + 1)];
  const st = strides(x.shape);
  const out = new Float64Array(sizeOf(shape));
  const r = indices.shape.length;
  forEachIndex(shape, (index, flat) => {
    const row = indices.data[index.slice(axis, axis + r).reduce((o, i, d) => o + i * strides(indices.shape)[d]!, 0)]!;
    const source = [...index.slice(0, axis), row, ...index.slice(axis + r)];
    out[flat] = x.data[source.reduce((o, i, d) => o + i * st[d]!, 0)]!;
  });
  return { shape, data: out };
}

function softmaxLast(x: Nd): Nd {
  const n = x.shape[x.shape.length - 1]!;
  const out = new Float64Array(x.data.length);
  for (let r = 0; r < x.data.length / n; r++) {
    const row = x.data.subarray(r * n, (r + 1) * n);
    const max = Math.max(...row);
    const exps = Array.from(row, (v) => Math.exp(v - max));
    const total = exps.reduce((a, b) => a + b, 0);
    exps.forEach((e, j) => (out[r * n + j] = e / total));
  }
  return { shape: x.shape.slice(), data: out };
}

/** One input of a kernel call: float inputs are differentiated, int and bool inputs are data. */
interface KernelInput {
  name: string;
  shape: number[];
  values: number[];
  dtype: "float32" | "int32" | "bool";
}

/** One call of a kernel and its float64 reference (values of the inputs in order, outputs in order). */
interface KernelCall {
  inputs: KernelInput[];
  attrs: Record<string, unknown>;
  /** Inputs passed as a list (Concat, Pack, AddN) rather than by name. */
  list?: boolean;
  reference: (inputs: Nd[]) => Nd[];
}

// ---- arbitraries -------------------------------------------------------------------------------

const f32 = (min: number, max: number) =>
  fc.float({ min: Math.fround(min), max: Math.fround(max), noNaN: true, noDefaultInfinity: true });

const shapeArb = (minRank = 1, maxRank = 3, maxDim = 4) =>
  fc.array(fc.integer({ min: 1, max: maxDim }), { minLength: minRank, maxLength: maxRank });

const valuesArb = (shape: number[], values: fc.Arbitrary<number> = f32(-2, 2)) =>
  fc.array(values, { minLength: sizeOf(shape), maxLength: sizeOf(shape) });

const floatInput = (name: string, shape: number[], values: number[]): KernelInput => ({
  name,
  shape,
  values,
  dtype: "float32",
});

/** Odd multiples of 1/32 in [-6, 6]: at least 1/32 from every integer, half-integer and 0. */
const offGrid = fc.integer({ min: -96, max: 95 }).map((j) => (2 * j + 1) / 32);

/** Magnitude in [0.25, 2] with either sign: clear of a pole at 0. */
const awayFromZero = fc.tuple(f32(0.25, 2), fc.boolean()).map(([v, negative]) => (negative ? -v : v));

/** `count` distinct values (multiples of 1/64): no ties for max, min, maximum, minimum. */
const distinctValues = (count: number) =>
  fc
    .uniqueArray(fc.integer({ min: -192, max: 192 }), { minLength: count, maxLength: count })
    .map((js) => js.map((j) => j / 64));

/** A shape and a second one that broadcasts against it (a suffix with some dims set to 1), in either order. */
const broadcastPair = shapeArb().chain((shape) =>
  fc
    .tuple(
      fc.integer({ min: 0, max: shape.length - 1 }),
      fc.array(fc.boolean(), { minLength: shape.length, maxLength: shape.length }),
      fc.boolean(),
    )
    .map(([drop, ones, swap]) => {
      const other = shape.slice(drop).map((n, i) => (ones[i + drop] ? 1 : n));
      return (swap ? [other, shape] : [shape, other]) as [number[], number[]];
    }),
);

function unaryCase(
  f: (x: number) => number,
  values: fc.Arbitrary<number> = f32(-2, 2),
  attrs: Record<string, unknown> = {},
) {
  return shapeArb().chain((shape) =>
    valuesArb(shape, values).map(
      (xs): KernelCall => ({
        inputs: [floatInput("x", shape, xs)],
        attrs,
        reference: ([x]) => [elementwise([x!], f)],
      }),
    ),
  );
}

function binaryCase(
  f: (a: number, b: number) => number,
  a: fc.Arbitrary<number> = f32(-2, 2),
  b: fc.Arbitrary<number> = f32(-2, 2),
) {
  return broadcastPair.chain(([sa, sb]) =>
    fc.tuple(valuesArb(sa, a), valuesArb(sb, b)).map(
      ([va, vb]): KernelCall => ({
        inputs: [floatInput("a", sa, va), floatInput("b", sb, vb)],
        attrs: {},
        reference: ([x, y]) => [elementwise([x!, y!], f)],
      }),
    ),
  );
}

/** Maximum and minimum: every value of both inputs distinct, so no pair is tied. */
function binaryDistinctCase(f: (a: number, b: number) => number) {
  return broadcastPair.chain(([sa, sb]) =>
    distinctValues(sizeOf(sa) + sizeOf(sb)).map(
      (vs): KernelCall => ({
        inputs: [floatInput("a", sa, vs.slice(0, sizeOf(sa))), floatInput("b", sb, vs.slice(sizeOf(sa)))],
        attrs: {},
        reference: ([x, y]) => [elementwise([x!, y!], f)],
      }),
    ),
  );
}

/** A non-empty subset of the axes of `rank`, sorted. */
const axesArb = (rank: number) =>
  fc.subarray([...Array(rank).keys()], { minLength: 1 }).map((axes) => axes.sort((a, b) => a - b));

function reductionCase(
  axisAttr: "axis" | "reductionIndices",
  f: (values: number[]) => number,
  values?: (count: number) => fc.Arbitrary<number[]>,
) {
  return shapeArb().chain((shape) =>
    fc.tuple(values === undefined ? valuesArb(shape) : values(sizeOf(shape)), axesArb(shape.length), fc.boolean()).map(
      ([xs, axes, keepDims]): KernelCall => ({
        inputs: [floatInput("x", shape, xs)],
        attrs: { [axisAttr]: axes, keepDims },
        reference: ([x]) => [reduce(x!, axes, keepDims, f)],
      }),
    ),
  );
}

/** Sizes adding up to n, in 1..3 parts. */
const partitionArb = (n: number) =>
  fc
    .subarray(
      [...Array(n - 1).keys()].map((i) => i + 1),
      { maxLength: Math.min(2, n - 1) },
    )
    .map((cuts) => {
      const points = [0, ...cuts.sort((a, b) => a - b), n];
      return points.slice(1).map((p, i) => p - points[i]!);
    });

// ---- one case per kernel -------------------------------------------------------------------------

const sumOf = (vs: number[]) => vs.reduce((a, b) => a + b, 0);

const cases: Record<string, fc.Arbitrary<KernelCall>> = {
  Add: binaryCase((a, b) => a + b),
  Sub: binaryCase((a, b) => a - b),
  Multiply: binaryCase((a, b) => a * b),
  RealDiv: binaryCase((a, b) => a / b, f32(-2, 2), awayFromZero),
  Maximum: binaryDistinctCase(Math.max),
  Minimum: binaryDistinctCase(Math.min),
  SquaredDifference: binaryCase((a, b) => (a - b) ** 2),
  // positive bases: the exponent's gradient a^b log a needs log a
  Pow: binaryCase((a, b) => a ** b, f32(0.25, 2), f32(-2, 2)),
  Neg: unaryCase((x) => -x),
  Exp: unaryCase(Math.exp),
  Log: unaryCase(Math.log, f32(0.25, 3)),
  Log1p: unaryCase(Math.log1p, f32(-0.75, 3)),
  Square: unaryCase((x) => x * x),
  Sqrt: unaryCase(Math.sqrt, f32(0.25, 3)),
  Rsqrt: unaryCase((x) => 1 / Math.sqrt(x), f32(0.25, 3)),
  Reciprocal: unaryCase((x) => 1 / x, awayFromZero),
  Abs: unaryCase(Math.abs, offGrid),
  Tanh: unaryCase(Math.tanh),
  Sigmoid: unaryCase((x) => 1 / (1 + Math.exp(-x)), f32(-4, 4)),
  Softplus: unaryCase((x) => Math.log1p(Math.exp(x)), f32(-4, 4)),
  Relu: unaryCase((x) => Math.max(x, 0), offGrid),
  Identity: unaryCase((x) => x),
  Step: unaryCase((x) => (x > 0 ? 1 : 0), offGrid, { alpha: 0 }),
  Sign: unaryCase(Math.sign, offGrid),
  Floor: unaryCase(Math.floor, offGrid),
  Ceil: unaryCase(Math.ceil, offGrid),
  Round: unaryCase(Math.round, offGrid),
  Cast: unaryCase((x) => x, f32(-2, 2), { dtype: "float32" }),
  ClipByValue: fc
    .tuple(fc.integer({ min: -8, max: 0 }), fc.integer({ min: 1, max: 8 }))
    .chain(([lo, hi]) =>
      unaryCase((x) => Math.min(Math.max(x, lo / 4), hi / 4), offGrid, { clipValueMin: lo / 4, clipValueMax: hi / 4 }),
    ),
  Select: shapeArb().chain((shape) =>
    fc.tuple(valuesArb(shape, fc.boolean().map(Number)), valuesArb(shape), valuesArb(shape)).map(
      ([condition, t, e]): KernelCall => ({
        inputs: [
          { name: "condition", shape, values: condition, dtype: "bool" },
          floatInput("t", shape, t),
          floatInput("e", shape, e),
        ],
        attrs: {},
        reference: ([c, x, y]) => [elementwise([c!, x!, y!], (ci, xi, yi) => (ci !== 0 ? xi : yi))],
      }),
    ),
  ),
  Sum: reductionCase("axis", sumOf),
  Mean: reductionCase("axis", (vs) => sumOf(vs) / vs.length),
  Max: reductionCase("reductionIndices", (vs) => Math.max(...vs), distinctValues),
  Min: reductionCase("axis", (vs) => Math.min(...vs), distinctValues),
  Reshape: shapeArb().chain((shape) =>
    fc.tuple(valuesArb(shape), fc.constantFrom("flat", "row", "reversed", "unit")).map(([xs, form]): KernelCall => {
      const n = sizeOf(shape);
      const to = { flat: [n], row: [1, n], reversed: shape.slice().reverse(), unit: [...shape, 1] }[form];
      return { inputs: [floatInput("x", shape, xs)], attrs: { shape: to }, reference: ([x]) => [nd(to, x!.data)] };
    }),
  ),
  Transpose: shapeArb().chain((shape) =>
    fc
      .tuple(
        valuesArb(shape),
        fc.shuffledSubarray([...shape.keys()], { minLength: shape.length, maxLength: shape.length }),
      )
      .map(
        ([xs, perm]): KernelCall => ({
          inputs: [floatInput("x", shape, xs)],
          attrs: { perm },
          reference: ([x]) => [transpose(x!, perm)],
        }),
      ),
  ),
  Slice: shapeArb().chain((shape) =>
    fc
      .tuple(
        valuesArb(shape),
        fc.tuple(
          ...shape.map((n) =>
            fc
              .integer({ min: 0, max: n - 1 })
              .chain((b) => fc.tuple(fc.constant(b), fc.integer({ min: 1, max: n - b }))),
          ),
        ),
      )
      .map(([xs, ranges]): KernelCall => {
        const begin = ranges.map((r) => r[0]);
        const size = ranges.map((r) => r[1]);
        return {
          inputs: [floatInput("x", shape, xs)],
          attrs: { begin, size },
          reference: ([x]) => [slice(x!, begin, size)],
        };
      }),
  ),
  PadV2: shapeArb().chain((shape) =>
    fc
      .tuple(
        valuesArb(shape),
        fc.tuple(...shape.map(() => fc.tuple(fc.integer({ min: 0, max: 2 }), fc.integer({ min: 0, max: 2 })))),
        f32(-2, 2),
      )
      .map(
        ([xs, paddings, constantValue]): KernelCall => ({
          inputs: [floatInput("x", shape, xs)],
          attrs: { paddings, constantValue },
          reference: ([x]) => [pad(x!, paddings, constantValue)],
        }),
      ),
  ),
  Concat: shapeArb().chain((shape) =>
    fc
      .tuple(
        fc.integer({ min: 0, max: shape.length - 1 }),
        fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 1, maxLength: 3 }),
      )
      .chain(([axis, widths]) => {
        const shapes = widths.map((w) => shape.map((n, d) => (d === axis ? w : n)));
        return fc.tuple(...shapes.map((s) => valuesArb(s))).map(
          (vs): KernelCall => ({
            inputs: shapes.map((s, i) => floatInput(String(i), s, vs[i]!)),
            attrs: { axis },
            list: true,
            reference: (xs) => [concat(xs, axis)],
          }),
        );
      }),
  ),
  Pack: shapeArb().chain((shape) =>
    fc.tuple(fc.integer({ min: 0, max: shape.length }), fc.integer({ min: 1, max: 3 })).chain(([axis, count]) =>
      fc.array(valuesArb(shape), { minLength: count, maxLength: count }).map(
        (vs): KernelCall => ({
          inputs: vs.map((v, i) => floatInput(String(i), shape, v)),
          attrs: { axis },
          list: true,
          reference: (xs) => [
            concat(
              xs.map((x) => insertAxis(x, axis)),
              axis,
            ),
          ],
        }),
      ),
    ),
  ),
  Unpack: shapeArb().chain((shape) =>
    fc.tuple(valuesArb(shape), fc.integer({ min: 0, max: shape.length - 1 })).map(
      ([xs, axis]): KernelCall => ({
        inputs: [floatInput("value", shape, xs)],
        attrs: { axis },
        reference: ([x]) =>
          split(x!, Array<number>(shape[axis]!).fill(1), axis).map((part) =>
            nd(
              part.shape.filter((_, d) => d !== axis),
              part.data,
            ),
          ),
      }),
    ),
  ),
  SplitV: shapeArb().chain((shape) =>
    fc
      .integer({ min: 0, max: shape.length - 1 })
      .chain((axis) => fc.tuple(fc.constant(axis), valuesArb(shape), partitionArb(shape[axis]!)))
      .map(
        ([axis, xs, sizes]): KernelCall => ({
          inputs: [floatInput("x", shape, xs)],
          attrs: { numOrSizeSplits: sizes, axis },
          reference: ([x]) => split(x!, sizes, axis),
        }),
      ),
  ),
  AddN: shapeArb().chain((shape) =>
    fc.array(valuesArb(shape), { minLength: 2, maxLength: 4 }).map(
      (vs): KernelCall => ({
        inputs: vs.map((v, i) => floatInput(String(i), shape, v)),
        attrs: {},
        list: true,
        reference: (xs) => [elementwise(xs, (...v) => sumOf(v))],
      }),
    ),
  ),
  Softmax: shapeArb().chain((shape) =>
    valuesArb(shape, f32(-3, 3)).map(
      (xs): KernelCall => ({
        inputs: [floatInput("logits", shape, xs)],
        attrs: { dim: shape.length - 1 },
        reference: ([x]) => [softmaxLast(x!)],
      }),
    ),
  ),
  BatchMatMul: fc
    .record({
      m: fc.integer({ min: 1, max: 4 }),
      k: fc.integer({ min: 1, max: 4 }),
      n: fc.integer({ min: 1, max: 4 }),
      batch: fc.integer({ min: 2, max: 3 }),
      // batch dims of a and b: none, the same, or one side broadcast (size 1 or absent)
      layout: fc.constantFrom("none", "same", "a1", "b1", "aNone", "bNone"),
      transposeA: fc.boolean(),
      transposeB: fc.boolean(),
    })
    .chain(({ m, k, n, batch, layout, transposeA, transposeB }) => {
      const batches = {
        none: [[], []],
        same: [[batch], [batch]],
        a1: [[1], [batch]],
        b1: [[batch], [1]],
        aNone: [[], [batch]],
        bNone: [[batch], []],
      }[layout] as [number[], number[]];
      const sa = [...batches[0], ...(transposeA ? [k, m] : [m, k])];
      const sb = [...batches[1], ...(transposeB ? [n, k] : [k, n])];
      return fc.tuple(valuesArb(sa), valuesArb(sb)).map(
        ([va, vb]): KernelCall => ({
          inputs: [floatInput("a", sa, va), floatInput("b", sb, vb)],
          attrs: { transposeA, transposeB },
          reference: ([a, b]) => [matMul(a!, b!, transposeA, transposeB)],
        }),
      );
    }),
  [simdBatchMatMulKernel]: fc
    .record({
      m: fc.integer({ min: 1, max: 6 }),
      k: fc.integer({ min: 1, max: 5 }),
      n: fc.integer({ min: 1, max: 6 }),
      batch: fc.integer({ min: 2, max: 3 }),
      layout: fc.constantFrom("same", "a1", "b1"),
      transposeA: fc.boolean(),
    })
    .chain(({ m, k, n, batch, layout, transposeA }) => {
      const sa = [layout === "a1" ? 1 : batch, ...(transposeA ? [k, m] : [m, k])];
      const sb = [layout === "b1" ? 1 : batch, k, n];
      return fc.tuple(valuesArb(sa), valuesArb(sb)).map(
        ([va, vb]): KernelCall => ({
          inputs: [floatInput("a", sa, va), floatInput("b", sb, vb)],
          attrs: { transposeA },
          reference: ([a, b]) => [matMul(a!, b!, transposeA, false)],
        }),
      );
    }),
  GatherV2: shapeArb().chain((shape) =>
    fc
      .tuple(valuesArb(shape), fc.integer({ min: 0, max: shape.length - 1 }), shapeArb(1, 2, 3))
      .chain(([xs, axis, indexShape]) =>
        valuesArb(indexShape, fc.integer({ min: 0, max: shape[axis]! - 1 })).map(
          (indices): KernelCall => ({
            inputs: [
              floatInput("x", shape, xs),
              { name: "indices", shape: indexShape, values: indices, dtype: "int32" },
            ],
            attrs: { axis, batchDims: 0 },
            reference: ([x, idx]) => [gather(x!, idx!, axis)],
          }),
        ),
      ),
  ),
};

// ---- the check -------------------------------------------------------------------------------------

/** Float32 rounding of the forward values and of the analytic gradient, relative to the magnitude. */
const tolerance = (reference: number) => 2e-4 * (1 + Math.abs(reference));

function runKernel(kernel: string, call: KernelCall, tensors: tf.Tensor[]): tf.Tensor[] {
  const inputs = call.list
    ? (tensors as unknown as tf.NamedTensorMap)
    : Object.fromEntries(call.inputs.map((input, i) => [input.name, tensors[i]!]));
  const out = tf.engine().runKernel(kernel, inputs, call.attrs as tf.NamedAttrMap) as tf.Tensor | tf.Tensor[];
  return Array.isArray(out) ? out : [out];
}

function checkKernel(kernel: string, call: KernelCall, seed: number): void {
  const rng = new SeededRandom(seed);
  const reference = call.reference(call.inputs.map((input) => nd(input.shape, input.values)));
  const dys = reference.map((r) => Array.from(r.data, () => rng.normal()));
  const loss = (values: Float64Array[]) =>
    sumOf(
      call
        .reference(call.inputs.map((input, i) => ({ shape: input.shape, data: values[i]! })))
        .map((out, o) => sumOf(Array.from(out.data, (v, j) => v * dys[o]![j]!))),
    );
  const differentiable = call.inputs.flatMap((input, i) => (input.dtype === "float32" ? [i] : []));

  tf.tidy(() => {
    const tensors = call.inputs.map((input) => tf.tensor(input.values, input.shape, input.dtype));
    // forward: the float64 reference is the kernel
    const outputs = runKernel(kernel, call, tensors);
    expect(outputs.length, `${kernel}: outputs`).toBe(reference.length);
    outputs.forEach((out, o) => {
      expect(out.shape, `${kernel}: output ${o} shape`).toEqual(reference[o]!.shape);
      const got = out.dataSync();
      reference[o]!.data.forEach((r, j) =>
        expect(Math.abs(got[j]! - r), `${kernel}: output ${o}[${j}]`).toBeLessThanOrEqual(tolerance(r)),
      );
    });

    // analytic: gradient of sum(dy * outputs) for every float input (several outputs flattened into one)
    const f = (...xs: tf.Tensor[]) => {
      const all = tensors.slice();
      differentiable.forEach((at, i) => (all[at] = xs[i]!));
      const outs = runKernel(kernel, call, all);
      return outs.length === 1 ? outs[0]! : tf.concat(outs.map((t) => tf.reshape(t, [t.size])));
    };
    const dy =
      outputs.length === 1 ? tf.tensor(dys[0]!, outputs[0]!.shape, "float32") : tf.tensor1d(dys.flat(), "float32");
    const grads = tf.grads(f)(
      differentiable.map((at) => tensors[at]!),
      dy,
    );

    // numeric: central differences of the float64 reference
    const values = call.inputs.map((input) => Float64Array.from(input.values));
    differentiable.forEach((at, g) => {
      const analytic = grads[g]!.dataSync();
      expect(grads[g]!.shape, `${kernel}: gradient shape of ${call.inputs[at]!.name}`).toEqual(call.inputs[at]!.shape);
      const x = values[at]!;
      for (let j = 0; j < x.length; j++) {
        const original = x[j]!;
        const h = 1e-6 * Math.max(1, Math.abs(original));
        x[j] = original + h;
        const plus = loss(values);
        x[j] = original - h;
        const minus = loss(values);
        x[j] = original;
        const numeric = (plus - minus) / (2 * h);
        expect(
          Math.abs(analytic[j]! - numeric),
          `${kernel}: d/d${call.inputs[at]!.name}[${j}] analytic ${analytic[j]} numeric ${numeric}`,
        ).toBeLessThanOrEqual(tolerance(numeric));
      }
    });
  });
}

/** Runs fn with this package's gradient registered for `kernel` (another may be, e.g. once tfjs-node is loaded). */
function withOwnGradient(kernel: string, fn: () => void): void {
  const own = gradientTable.find((g) => g.kernelName === kernel)!;
  const registered = tf.getGradient(kernel);
  if (registered !== own) {
    tf.unregisterGradient(kernel);
    tf.registerGradient(own);
  }
  try {
    fn();
  } finally {
    if (registered !== own) {
      tf.unregisterGradient(kernel);
      if (registered != null) tf.registerGradient(registered);
    }
  }
}

let tensorsAtStart = 0;

beforeAll(async () => {
  await selectBackend({ log: null });
  simdBatchMatMulAvailable(); // registers the SIMD kernel where the back end runs it
  tensorsAtStart = tf.memory().numTensors;
});

afterAll(() => {
  expect(tf.memory().numTensors).toBe(tensorsAtStart);
});

describe("registered gradients against float64 central finite differences", () => {
  it("the table has one gradient per kernel, and every case here names a kernel of the table", () => {
    expect(new Set(differentiableKernels).size).toBe(differentiableKernels.length);
    for (const kernel of Object.keys(cases)) expect(differentiableKernels, `case ${kernel}`).toContain(kernel);
  });

  it.each(differentiableKernels.map((kernel) => [kernel]))("%s", (kernel) => {
    const arbitrary = cases[kernel];
    // the SIMD kernel exists on tfjs-wasm only (elsewhere simdBatchMatMul is tf.matMul)
    if (kernel === simdBatchMatMulKernel && !simdBatchMatMulAvailable()) return;
    expect(arbitrary, `no finite-difference case for kernel ${kernel}: add one to \`cases\``).toBeDefined();
    withOwnGradient(kernel, () => {
      fc.assert(
        fc.property(arbitrary!, fc.integer({ min: 0, max: 2 ** 31 - 1 }), (call, seed) => {
          const before = tf.memory().numTensors;
          checkKernel(kernel, call, seed);
          expect(tf.memory().numTensors, `${kernel}: tensors leaked`).toBe(before);
        }),
        { numRuns: 40 },
      );
    });
  });
});
