import fc from "fast-check";
import * as tf from "@tensorflow/tfjs-core";
import { beforeAll, describe, expect, it } from "vitest";
import { selectBackend } from "../backend";
import { SeededRandom } from "../seeded-random";
import { concatColumns, gatherRows, heapCopiesAvailable, setHeapCopies } from "./wasm-heap-copies";

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
    expect(heapCopiesAvailable()).toBe(true);
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

describe("setHeapCopies", () => {
  it("off: tf.gather and tf.concat run (the same values), and it returns the previous setting", () => {
    const x = tf.tensor2d([1, 2, 3, 4, 5, 6], [3, 2]);
    expect(setHeapCopies(false)).toBe(true);
    try {
      expect(heapCopiesAvailable()).toBe(false);
      expect(tf.tidy(() => Array.from(gatherRows(x, Int32Array.from([2, 0])).dataSync()))).toEqual([5, 6, 1, 2]);
    } finally {
      expect(setHeapCopies(true)).toBe(false);
    }
    expect(heapCopiesAvailable()).toBe(true);
    x.dispose();
  });
});
