import fc from "fast-check";
import * as tf from "@tensorflow/tfjs-core";
import { beforeAll, describe, expect, it } from "vitest";
import { selectBackend } from "../backend";
import { SeededRandom } from "../seeded-random";
import { linear } from "./linear";
import { setSimdMatMul, simdBatchMatMul, simdBatchMatMulAvailable } from "./simd-batch-mat-mul";

beforeAll(async () => {
  await selectBackend({ log: null });
});

function randomTensor(shape: [number, number, number], rng: SeededRandom): tf.Tensor3D {
  return tf.tensor3d(
    Float32Array.from({ length: shape[0] * shape[1] * shape[2] }, () => rng.normal()),
    shape,
  );
}

/** The float64 oracle: a [ba, m, k] @ b [bb, k, n], a batch of 1 broadcast. */
function oracle(a: tf.Tensor3D, b: tf.Tensor3D): Float64Array {
  const [ba, m, k] = a.shape;
  const [bb, , n] = b.shape;
  const batch = Math.max(ba, bb);
  const av = a.dataSync();
  const bv = b.dataSync();
  const out = new Float64Array(batch * m * n);
  for (let t = 0; t < batch; t++)
    for (let i = 0; i < m; i++)
      for (let j = 0; j < n; j++) {
        let s = 0;
        for (let p = 0; p < k; p++)
          s += av[(ba === 1 ? 0 : t) * m * k + i * k + p]! * bv[(bb === 1 ? 0 : t) * k * n + p * n + j]!;
        out[(t * m + i) * n + j] = s;
      }
  return out;
}

// shapes around the kernel's edges: rows and columns past a multiple of 4, shared sizes past a block of 48
const shapes = fc.record({
  batch: fc.integer({ min: 1, max: 5 }),
  m: fc.integer({ min: 1, max: 13 }),
  k: fc.integer({ min: 1, max: 110 }),
  n: fc.integer({ min: 1, max: 13 }),
  layout: fc.constantFrom("same", "a1", "b1"),
  seed: fc.integer({ min: 0, max: 1 << 30 }),
});

describe("simdBatchMatMul", () => {
  it("equals tf.matMul bit for bit on matching batches (the generic loop's summation order)", () => {
    fc.assert(
      fc.property(shapes, ({ batch, m, k, n, seed }) => {
        tf.tidy(() => {
          const rng = new SeededRandom(seed);
          const a = randomTensor([batch, m, k], rng);
          const b = randomTensor([batch, k, n], rng);
          const fast = simdBatchMatMul(a, b);
          expect(fast.shape).toEqual([batch, m, n]);
          expect(Array.from(fast.dataSync())).toEqual(Array.from(tf.matMul(a, b).dataSync()));
          // a stored transposed: the kernel reads its columns, the same sums as tf.matMul of the transposed copy
          const aT = tf.transpose(a, [0, 2, 1]) as tf.Tensor3D;
          const fastT = simdBatchMatMul(aT, b, { transposeA: true });
          expect(Array.from(fastT.dataSync())).toEqual(Array.from(fast.dataSync()));
        });
      }),
      { numRuns: 60 },
    );
  });

  it("agrees with a float64 oracle, a batch of 1 broadcast to the other's", () => {
    fc.assert(
      fc.property(shapes, ({ batch, m, k, n, layout, seed }) => {
        tf.tidy(() => {
          const rng = new SeededRandom(seed);
          const a = randomTensor([layout === "a1" ? 1 : batch, m, k], rng);
          const b = randomTensor([layout === "b1" ? 1 : batch, k, n], rng);
          const got = simdBatchMatMul(a, b).dataSync();
          const want = oracle(a, b);
          expect(got.length).toBe(want.length);
          want.forEach((w, i) => expect(Math.abs(got[i]! - w)).toBeLessThanOrEqual(1e-5 * (1 + Math.abs(w)) * k));
        });
      }),
      { numRuns: 60 },
    );
  });

  it("runs the SIMD kernel on tfjs-wasm (not a silent fallback) and leaks no tensor", () => {
    if (tf.getBackend() === "wasm") expect(simdBatchMatMulAvailable()).toBe(true);
    const before = tf.memory().numTensors;
    const rng = new SeededRandom(3);
    const a = randomTensor([2, 5, 50], rng);
    const b = randomTensor([2, 50, 7], rng);
    tf.dispose([simdBatchMatMul(a, b), a, b]);
    expect(tf.memory().numTensors).toBe(before);
  });

  it("says which sizes do not fit", () => {
    const a = tf.zeros([2, 3, 4]) as tf.Tensor3D;
    const b = tf.zeros([3, 4, 5]) as tf.Tensor3D;
    const c = tf.zeros([2, 5, 5]) as tf.Tensor3D;
    expect(() => simdBatchMatMul(a, b)).toThrow(/simdBatchMatMul batches/);
    expect(() => simdBatchMatMul(a, c)).toThrow(/simdBatchMatMul inner sizes/);
    tf.dispose([a, b, c]);
  });

  it("has the gradient of a matmul (autodiff against the transposed products)", () => {
    const rng = new SeededRandom(7);
    tf.tidy(() => {
      const a = randomTensor([3, 6, 9], rng);
      const b = randomTensor([3, 9, 5], rng);
      const dy = randomTensor([3, 6, 5], rng);
      const [da, db] = tf.grads((x: tf.Tensor, y: tf.Tensor) => simdBatchMatMul(x as tf.Tensor3D, y as tf.Tensor3D))(
        [a, b],
        dy,
      );
      const wantA = tf.matMul(dy, b, false, true);
      const wantB = tf.matMul(a, dy, true, false);
      expect(tf.max(tf.abs(tf.sub(da!, wantA))).dataSync()[0]).toBeLessThan(1e-5);
      expect(tf.max(tf.abs(tf.sub(db!, wantB))).dataSync()[0]).toBeLessThan(1e-5);
    });
  });

  it("gives linear's gradients (x and W, with and without ReLU) within 1e-5 of XNNPACK's with linearGradients on", () => {
    fc.assert(
      fc.property(
        fc.record({
          rows: fc.integer({ min: 1, max: 70 }),
          width: fc.integer({ min: 1, max: 12 }),
          out: fc.integer({ min: 1, max: 12 }),
          relu: fc.boolean(),
          seed: fc.integer({ min: 0, max: 1 << 30 }),
        }),
        ({ rows, width, out, relu, seed }) => {
          const rng = new SeededRandom(seed);
          tf.tidy(() => {
            const x = tf.reshape(randomTensor([1, rows, width], rng), [rows, width]) as tf.Tensor2D;
            const w = tf.reshape(randomTensor([1, width, out], rng), [width, out]) as tf.Tensor2D;
            const dy = tf.reshape(randomTensor([1, rows, out], rng), [rows, out]) as tf.Tensor2D;
            const grads = () =>
              tf.grads((a: tf.Tensor, b: tf.Tensor) =>
                linear(a as tf.Tensor2D, b as tf.Tensor2D, relu ? "relu" : undefined),
              )([x, w], dy);
            const plain = grads();
            const previous = setSimdMatMul({ linearGradients: true });
            let fast: tf.Tensor[];
            try {
              fast = grads();
            } finally {
              setSimdMatMul(previous);
            }
            plain.forEach((g, i) => {
              const scale = Math.max(1, tf.max(tf.abs(g)).dataSync()[0]!);
              expect(tf.max(tf.abs(tf.sub(g, fast[i]!))).dataSync()[0]!).toBeLessThanOrEqual(1e-5 * scale);
            });
          });
        },
      ),
      { numRuns: 30 },
    );
  });
});
