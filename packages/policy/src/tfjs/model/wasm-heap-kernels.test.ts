import fc from "fast-check";
import * as tf from "@tensorflow/tfjs-core";
import { beforeAll, describe, expect, it } from "vitest";
import { selectBackend } from "../backend";
import { SeededRandom } from "../seeded-random";
import { embeddingLookup } from "./embedding-lookup";
import { PrefixCache } from "./prefix-cache";
import { setSimdMatMul } from "./simd-batch-mat-mul";
import { rmsNorm } from "./rms-norm";
import { Transformer } from "./transformer";
import {
  columnSums,
  concatColumns,
  gatherRows,
  heapKernelsAvailable,
  setHeapKernels,
  setHeapWasm,
} from "./wasm-heap-kernels";

beforeAll(async () => {
  await selectBackend({ log: null });
});

function randomTensor(shape: number[], rng: SeededRandom): tf.Tensor {
  const size = shape.reduce((a, b) => a * b, 1);
  return tf.tensor(
    Float32Array.from({ length: size }, () => rng.normal()),
    shape,
    "float32",
  );
}

describe("heap copies", () => {
  it("run on the wasm heap here (the tests' back end), so the equalities below test the kernels", () => {
    expect(tf.getBackend()).toBe("wasm");
    expect(heapKernelsAvailable()).toBe(true);
  });

  it("gatherRows equals tf.gather bit for bit and a plain-array oracle (rows repeated, any order)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 1, max: 70 }),
        fc.array(fc.nat(), { maxLength: 60 }),
        fc.integer({ min: 0, max: 1 << 30 }),
        (n, width, picks, seed) => {
          const rows = Int32Array.from(picks, (p) => p % n);
          const before = tf.memory().numTensors;
          tf.tidy(() => {
            const x = randomTensor([n, width], new SeededRandom(seed)) as tf.Tensor2D;
            const fast = gatherRows(x, rows);
            expect(fast.shape).toEqual([rows.length, width]);
            const got = Array.from(fast.dataSync());
            expect(got).toEqual(Array.from(tf.gather(x, tf.tensor1d(rows, "int32")).dataSync()));
            const table = x.arraySync();
            expect(got).toEqual(Array.from(rows).flatMap((r) => table[r]!));
          });
          expect(tf.memory().numTensors).toBe(before);
        },
      ),
    );
  });

  it("concatColumns equals tf.concat on the last axis bit for bit and a plain-array oracle", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 0, max: 30 }),
        fc.integer({ min: 0, max: 12 }),
        fc.integer({ min: 0, max: 1 << 30 }),
        (batch, rows, ca, cb, seed) => {
          const before = tf.memory().numTensors;
          tf.tidy(() => {
            const rng = new SeededRandom(seed);
            const a = randomTensor([batch, rows, ca], rng) as tf.Tensor3D;
            const b = randomTensor([batch, rows, cb], rng) as tf.Tensor3D;
            const fast = concatColumns(a, b);
            expect(fast.shape).toEqual([batch, rows, ca + cb]);
            const got = Array.from(fast.dataSync());
            expect(got).toEqual(Array.from(tf.concat([a, b], 2).dataSync()));
            // the oracle on flat arrays (arraySync drops every level of a tensor with an empty axis)
            const av = Array.from(a.dataSync());
            const bv = Array.from(b.dataSync());
            const oracle: number[] = [];
            for (let r = 0; r < batch * rows; r++)
              oracle.push(...av.slice(r * ca, (r + 1) * ca), ...bv.slice(r * cb, (r + 1) * cb));
            expect(got).toEqual(oracle);
          });
          expect(tf.memory().numTensors).toBe(before);
        },
      ),
    );
  });

  it("a decode step's shapes: one key column onto [64, 16, 75]", () => {
    tf.tidy(() => {
      const rng = new SeededRandom(3);
      const a = randomTensor([64, 16, 75], rng) as tf.Tensor3D;
      const b = randomTensor([64, 16, 1], rng) as tf.Tensor3D;
      expect(Array.from(concatColumns(a, b).dataSync())).toEqual(Array.from(tf.concat([a, b], 2).dataSync()));
    });
  });

  it("rejects a row outside the matrix and mismatched shapes, naming them", () => {
    const x = tf.zeros([3, 2]) as tf.Tensor2D;
    expect(() => gatherRows(x, Int32Array.from([0, 3]))).toThrow(/rows\[1\].*3/);
    expect(() => gatherRows(x, Int32Array.from([-1]))).toThrow(/rows\[0\]/);
    const a = tf.zeros([2, 3, 4]) as tf.Tensor3D;
    const b = tf.zeros([2, 2, 1]) as tf.Tensor3D;
    expect(() => concatColumns(a, b)).toThrow(/concatColumns shapes/);
    tf.dispose([x, a, b]);
  });
});

describe("the copies and RMSNorm as WebAssembly", () => {
  /** `fn` with the generated module and with the JavaScript versions, as bit patterns. */
  const bothWays = (fn: () => tf.Tensor): [number[], number[]] => {
    const bits = (t: tf.Tensor) => Array.from(new Uint32Array(Float32Array.from(t.dataSync()).buffer));
    const wasm = bits(fn());
    const previous = setHeapWasm(false);
    try {
      return [wasm, bits(fn())];
    } finally {
      setHeapWasm(previous);
    }
  };

  it("equal the JavaScript versions bit for bit (concatColumns, rmsNormRows; rows, widths and epsilons at random)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 70 }),
        fc.integer({ min: 0, max: 80 }),
        fc.integer({ min: 0, max: 5 }),
        fc.constantFrom(1e-5, 1e-6, 0.1),
        fc.constantFrom(1e-3, 1, 30),
        fc.integer({ min: 0, max: 1 << 30 }),
        (rows, ca, cb, eps, scale, seed) => {
          tf.tidy(() => {
            const rng = new SeededRandom(seed);
            const a = randomTensor([2, rows, ca], rng) as tf.Tensor3D;
            const b = randomTensor([2, rows, cb], rng) as tf.Tensor3D;
            const [wasm, js] = bothWays(() => concatColumns(a, b));
            expect(wasm).toEqual(js);
            const d = Math.max(1, ca);
            const x = tf.mul(randomTensor([rows, d], rng), scale) as tf.Tensor2D;
            const gain = randomTensor([d], rng) as tf.Tensor1D;
            const [wasmNorm, jsNorm] = bothWays(() => rmsNorm(x, gain, eps, true));
            expect(wasmNorm).toEqual(jsNorm);
          });
        },
      ),
      { numRuns: 60 },
    );
  });

  it("returns the previous setting", () => {
    expect(setHeapWasm(false)).toBe(true);
    expect(setHeapWasm(true)).toBe(false);
  });
});

describe("setHeapKernels", () => {
  it("off: tf.gather and tf.concat run (the same values), and it returns the previous setting", () => {
    const x = tf.tensor2d([1, 2, 3, 4, 5, 6], [3, 2]);
    expect(setHeapKernels(false)).toBe(true);
    try {
      expect(heapKernelsAvailable()).toBe(false);
      expect(tf.tidy(() => Array.from(gatherRows(x, Int32Array.from([2, 0])).dataSync()))).toEqual([5, 6, 1, 2]);
    } finally {
      expect(setHeapKernels(true)).toBe(false);
    }
    expect(heapKernelsAvailable()).toBe(true);
    x.dispose();
  });
});

describe("rmsNormRows", () => {
  it("equals rmsNorm's tfjs value bit for bit (square, mean, add, rsqrt, two products in float32)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 1, max: 130 }),
        fc.constantFrom(1e-5, 1e-6, 0.1),
        fc.constantFrom(1e-3, 1, 30),
        fc.integer({ min: 0, max: 1 << 30 }),
        (n, d, eps, scale, seed) => {
          const before = tf.memory().numTensors;
          tf.tidy(() => {
            const rng = new SeededRandom(seed);
            const x = tf.mul(randomTensor([n, d], rng), scale) as tf.Tensor2D;
            const gain = randomTensor([d], rng) as tf.Tensor1D;
            const fused = rmsNorm(x, gain, eps, true);
            expect(fused.shape).toEqual([n, d]);
            const got = Array.from(fused.dataSync());
            expect(got).toEqual(Array.from(rmsNorm(x, gain, eps).dataSync()));
            // and a float64 oracle of the formula, to float32 rounding
            const xs = x.arraySync();
            const gs = gain.arraySync();
            const oracle = xs.flatMap((row) => {
              const r = 1 / Math.sqrt(row.reduce((s, v) => s + v * v, 0) / d + eps);
              return row.map((v, j) => v * r * gs[j]!);
            });
            got.forEach((v, i) =>
              expect(Math.abs(v - oracle[i]!)).toBeLessThanOrEqual(1e-5 * (1 + Math.abs(oracle[i]!))),
            );
          });
          expect(tf.memory().numTensors).toBe(before);
        },
      ),
    );
  });

  it("prefill, cached prefill and decode steps give the same logits bit for bit with the heap kernels and without", () => {
    const model = new Transformer(
      { vocabSize: 23, width: 16, layers: 2, heads: 2, context: 48, tokenShift: true, initScale: 0.3 },
      { seed: 5 },
    );
    const prompts = [
      [1, 2, 3, 4, 5, 6, 7],
      [1, 2, 3, 9],
      [8, 8, 2],
    ];
    const play = (): number[][] => {
      const out: number[][] = [];
      const prefixes = new PrefixCache();
      const seen = model.prefillCached(prompts, prefixes);
      tf.dispose(seen.logits);
      seen.cache.dispose();
      for (const run of [
        () => model.prefill(prompts),
        () =>
          model.prefillCached(
            prompts.map((p, r) => [...p, 10 + r, 11]),
            prefixes,
          ),
      ]) {
        const { cache, logits } = run();
        out.push(Array.from(logits.dataSync()));
        logits.dispose();
        for (let step = 0; step < 6; step++) {
          const next = model.decodeStep(cache, [step + 1, 2 * step + 1, 3]);
          out.push(Array.from(next.dataSync()));
          next.dispose();
        }
        cache.dispose();
      }
      prefixes.dispose();
      return out;
    };
    const fast = play();
    setHeapKernels(false);
    let plain: number[][];
    try {
      plain = play();
    } finally {
      setHeapKernels(true);
    }
    expect(fast).toEqual(plain);
    model.dispose();
  });
});

describe("embeddingRows and embeddingGradient", () => {
  /** embeddingLookup's value and its table gradient for a loss sum(lookup * w), with the heap kernels on or off. */
  function lookup(table: tf.Tensor2D, ids: Int32Array, w: tf.Tensor2D, heapKernels: boolean, linearGradients: boolean) {
    const previousHeap = setHeapKernels(heapKernels);
    const previousSimd = setSimdMatMul({ linearGradients });
    try {
      return tf.tidy(() => {
        const idTensor = tf.tensor1d(ids, "int32");
        const value = Array.from(embeddingLookup(table, idTensor).dataSync());
        const grad = tf.grad((t: tf.Tensor) => tf.sum(tf.mul(embeddingLookup(t as tf.Tensor2D, idTensor), w)))(table);
        return { value, grad: Array.from(grad.dataSync()) };
      });
    } finally {
      setHeapKernels(previousHeap);
      setSimdMatMul(previousSimd);
    }
  }

  it("equal the one-hot products bit for bit (ids repeated, -1 for none, several blocks of 48 rows)", () => {
    fc.assert(
      fc.property(
        // tf.oneHot (the path compared against) needs a depth of at least 2
        fc.integer({ min: 2, max: 30 }),
        fc.integer({ min: 1, max: 24 }),
        fc.array(fc.integer({ min: -1, max: 40 }), { minLength: 1, maxLength: 160 }),
        fc.boolean(),
        fc.integer({ min: 0, max: 1 << 30 }),
        (vocab, width, picks, linearGradients, seed) => {
          const rng = new SeededRandom(seed);
          const table = randomTensor([vocab, width], rng) as tf.Tensor2D;
          const ids = Int32Array.from(picks, (p) => (p < 0 ? -1 : p % vocab));
          const w = randomTensor([ids.length, width], rng) as tf.Tensor2D;
          const before = tf.memory().numTensors;
          const fast = lookup(table, ids, w, true, linearGradients);
          const plain = lookup(table, ids, w, false, linearGradients);
          expect(tf.memory().numTensors).toBe(before);
          expect(fast.value).toEqual(plain.value);
          expect(fast.grad).toEqual(plain.grad);
          // the value is a row per id (zeros for -1): the plain-array oracle
          const rows = table.arraySync();
          expect(fast.value).toEqual(Array.from(ids).flatMap((id) => (id < 0 ? new Array(width).fill(0) : rows[id]!)));
          tf.dispose([table, w]);
        },
      ),
      { numRuns: 40 },
    );
  });

  it("sum a token's many rows in the SIMD kernel's blocks of 48 (the demo's shape: 200 rows, few tokens)", () => {
    const rng = new SeededRandom(11);
    const table = randomTensor([3, 8], rng) as tf.Tensor2D;
    const ids = Int32Array.from({ length: 200 }, (_, r) => (r % 7 === 0 ? -1 : r % 3));
    const w = randomTensor([ids.length, 8], rng) as tf.Tensor2D;
    const fast = lookup(table, ids, w, true, true);
    const plain = lookup(table, ids, w, false, true);
    expect(fast.grad).toEqual(plain.grad);
    tf.dispose([table, w]);
  });
});

describe("columnSums", () => {
  const bits = (values: ArrayLike<number>) => Array.from(new Uint32Array(Float32Array.from(values).buffer));

  it("equals tf.matMul(ones, x) bit for bit and a float32 sum in row order (rows past 48, mixed magnitudes, +-0)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 300 }),
        fc.integer({ min: 1, max: 70 }),
        fc.integer({ min: 0, max: 1 << 30 }),
        (n, width, seed) => {
          const rng = new SeededRandom(seed);
          // magnitudes from 1e-3 to 1e3 so that the order of the sum shows in its rounding; some exact zeros of both signs
          const data = Float32Array.from({ length: n * width }, () => {
            const u = rng.next();
            return u < 0.05 ? 0 : u < 0.1 ? -0 : rng.normal() * 10 ** (rng.next() * 6 - 3);
          });
          const before = tf.memory().numTensors;
          const [got, want] = tf.tidy(() => {
            const x = tf.tensor2d(data, [n, width]);
            const sums = columnSums(x) as tf.Tensor1D;
            return [sums.dataSync(), tf.matMul(tf.ones([1, n]), x).dataSync()];
          });
          expect(tf.memory().numTensors).toBe(before);
          const oracle = new Float32Array(width);
          for (let r = 0; r < n; r++)
            for (let c = 0; c < width; c++) oracle[c] = (oracle[c] as number) + (data[r * width + c] as number);
          expect(bits(got)).toEqual(bits(want));
          expect(bits(got)).toEqual(bits(oracle));
        },
      ),
      { numRuns: 60 },
    );
  });

  it("a known case: [[1, 2], [3, 4], [-0, 0.5]] sums to [4, 6.5]", () => {
    const sums = tf.tidy(() =>
      Array.from((columnSums(tf.tensor2d([1, 2, 3, 4, -0, 0.5], [3, 2])) as tf.Tensor).dataSync()),
    );
    expect(sums).toEqual([4, 6.5]);
  });

  it("is undefined with the heap kernels off (rmsNorm then sums with the ones product)", () => {
    const previous = setHeapKernels(false);
    try {
      expect(tf.tidy(() => columnSums(tf.ones([2, 2]) as tf.Tensor2D))).toBeUndefined();
    } finally {
      setHeapKernels(previous);
    }
  });
});
