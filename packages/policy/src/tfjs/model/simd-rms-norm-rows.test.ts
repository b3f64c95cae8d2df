import fc from "fast-check";
import * as tf from "@tensorflow/tfjs-core";
import { beforeAll, describe, expect, it } from "vitest";
import { selectBackend } from "../backend";
import { SeededRandom } from "../seeded-random";
import { setSimdRmsNormRows } from "./simd-rms-norm-rows";
import { rmsNormRows } from "./wasm-heap-kernels";

beforeAll(async () => {
  await selectBackend({ backend: "wasm", log: null });
});

const bits = (values: ArrayLike<number>) => Array.from(new Uint32Array(Float32Array.from(values).buffer));

/** rmsNormRows of x [n, d] with the four-row SIMD function on or off (the scalar function for every row). */
function normalised(x: Float32Array, gain: Float32Array, n: number, eps: number, simd: boolean): Float32Array {
  const previous = setSimdRmsNormRows(simd);
  try {
    return tf.tidy(() => {
      const out = rmsNormRows(tf.tensor2d(x, [n, gain.length]), tf.tensor1d(gain), eps) as tf.Tensor2D;
      return out.dataSync() as Float32Array;
    });
  } finally {
    setSimdRmsNormRows(previous);
  }
}

describe("rmsNormRows four rows at a time (setSimdRmsNormRows)", () => {
  it("equals the scalar function bit for bit (rows past a multiple of 4, widths of 4 and others, zero and huge rows)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 40 }),
        fc.oneof(
          fc.integer({ min: 1, max: 33 }).map((q) => 4 * q),
          fc.integer({ min: 1, max: 70 }),
        ),
        fc.constantFrom(1e-5, 1e-6, 0.1),
        fc.integer({ min: 0, max: 1 << 30 }),
        (n, d, eps, seed) => {
          const rng = new SeededRandom(seed);
          // rows of mixed scales, some all zero (r = 1 / sqrt(eps)), some whose squares overflow (r = 0)
          const x = new Float32Array(n * d);
          for (let i = 0; i < n; i++) {
            const u = rng.next();
            const scale = u < 0.1 ? 0 : u < 0.15 ? 1e25 : 10 ** (rng.next() * 6 - 3);
            for (let j = 0; j < d; j++) x[i * d + j] = rng.normal() * scale;
          }
          const gain = Float32Array.from({ length: d }, () => rng.normal());
          const before = tf.memory().numTensors;
          const simd = normalised(x, gain, n, eps, true);
          const scalar = normalised(x, gain, n, eps, false);
          expect(tf.memory().numTensors).toBe(before);
          expect(bits(simd)).toEqual(bits(scalar));
        },
      ),
      { numRuns: 100 },
    );
  });

  it("a known case: rows [3, 4, 0, 0] x 4 and a fifth, eps 0", () => {
    const x = Float32Array.from([3, 4, 0, 0, 0, 0, 3, 4, 4, 0, 0, 3, 0, 3, 4, 0, 3, 0, 4, 0]);
    const gain = Float32Array.from([1, 2, 1, 0.5]);
    // each row's mean square is 25 / 4, so r = 0.4 (in float32: 1 / sqrt(6.25) = 0.4f)
    const r = Math.fround(0.4);
    const want = Array.from(x, (v, i) => Math.fround(Math.fround(v * r) * (gain[i % 4] as number)));
    expect(bits(normalised(x, gain, 5, 0, true))).toEqual(bits(want));
  });
});
