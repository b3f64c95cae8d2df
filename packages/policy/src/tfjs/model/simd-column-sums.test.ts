import fc from "fast-check";
import * as tf from "@tensorflow/tfjs-core";
import { beforeAll, describe, expect, it } from "vitest";
import { selectBackend } from "../backend";
import { SeededRandom } from "../seeded-random";
import { setSimdColumnSums } from "./simd-column-sums";
import { columnSums, embeddingGradient } from "./wasm-heap-kernels";

beforeAll(async () => {
  await selectBackend({ backend: "wasm", log: null });
});

const bits = (values: ArrayLike<number>) => Array.from(new Uint32Array(Float32Array.from(values).buffer));

/** The back end's live data (a kernel's scratch left behind shows here, not in tf.memory().numTensors). */
const liveData = () => (tf.backend() as unknown as { numDataIds(): number }).numDataIds();

/** Values whose sums' order shows in their rounding: magnitudes 1e-3 to 1e3, some exact zeros of both signs. */
function mixedValues(length: number, rng: SeededRandom): Float32Array {
  return Float32Array.from({ length }, () => {
    const u = rng.next();
    return u < 0.05 ? 0 : u < 0.1 ? -0 : rng.normal() * 10 ** (rng.next() * 6 - 3);
  });
}

/** `fn`'s result with the SIMD sums on or off (the JavaScript loops), the setting restored after. */
function withSimdSums<T>(on: boolean, fn: () => T): T {
  const previous = setSimdColumnSums(on);
  try {
    return fn();
  } finally {
    setSimdColumnSums(previous);
  }
}

function sumsOf(data: Float32Array, n: number, width: number, simd: boolean): Float32Array {
  return withSimdSums(simd, () =>
    tf.tidy(() => (columnSums(tf.tensor2d(data, [n, width])) as tf.Tensor1D).dataSync() as Float32Array),
  );
}

function gradientOf(dy: Float32Array, ids: Int32Array, width: number, vocab: number, simd: boolean): Float32Array {
  return withSimdSums(simd, () =>
    tf.tidy(() => {
      const g = embeddingGradient(tf.tensor2d(dy, [ids.length, width]), tf.tensor1d(ids, "int32"), vocab);
      return (g as tf.Tensor2D).dataSync() as Float32Array;
    }),
  );
}

/** embeddingGradientFunc's sums as plain arrays: per block of 48 rows, a partial sum per id from zero, then added. */
function embeddingGradientOracle(dy: Float32Array, ids: Int32Array, width: number, vocab: number): Float32Array {
  const out = new Float32Array(vocab * width);
  for (let start = 0; start < ids.length; start += 48) {
    const partial = new Float32Array(vocab * width);
    for (let r = start; r < Math.min(ids.length, start + 48); r++) {
      const id = ids[r] as number;
      if (id < 0 || id >= vocab) continue;
      for (let c = 0; c < width; c++)
        partial[id * width + c] = (partial[id * width + c] as number) + (dy[r * width + c] as number);
    }
    // an id not in the block adds its partial +0, which changes no sum here (no output is -0: it starts at +0)
    for (let i = 0; i < out.length; i++) out[i] = (out[i] as number) + (partial[i] as number);
  }
  return out;
}

describe("the column sums as SIMD WebAssembly (setSimdColumnSums)", () => {
  it("columnSums equals the JavaScript loop bit for bit (widths past 16 and 4, rows past 48, +-0)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 200 }),
        fc.integer({ min: 1, max: 70 }),
        fc.integer({ min: 0, max: 1 << 30 }),
        (n, width, seed) => {
          const data = mixedValues(n * width, new SeededRandom(seed));
          const [tensors, data0] = [tf.memory().numTensors, liveData()];
          const simd = sumsOf(data, n, width, true);
          const plain = sumsOf(data, n, width, false);
          expect([tf.memory().numTensors, liveData()]).toEqual([tensors, data0]);
          expect(bits(simd)).toEqual(bits(plain));
        },
      ),
      { numRuns: 80 },
    );
  });

  it("embeddingGradient equals the JavaScript loop and the per-block oracle bit for bit, freeing its scratch", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 1, max: 70 }),
        fc.integer({ min: 0, max: 200 }),
        fc.integer({ min: 0, max: 1 << 30 }),
        (vocab, width, rows, seed) => {
          const rng = new SeededRandom(seed);
          // ids repeated (a table of 1 to 40 rows), -1 and ids past the table (no row), rows past blocks of 48
          const ids = Int32Array.from({ length: rows }, () => Math.floor(rng.next() * (vocab + 3)) - 1);
          const dy = mixedValues(ids.length * width, rng);
          const [tensors, data0] = [tf.memory().numTensors, liveData()];
          const simd = gradientOf(dy, ids, width, vocab, true);
          const plain = gradientOf(dy, ids, width, vocab, false);
          expect([tf.memory().numTensors, liveData()]).toEqual([tensors, data0]);
          expect(bits(simd)).toEqual(bits(plain));
          expect(bits(simd)).toEqual(bits(embeddingGradientOracle(dy, ids, width, vocab)));
        },
      ),
      { numRuns: 80 },
    );
  });

  it("a known case: one token's rows summed per block of 48, then the blocks added", () => {
    // token 1 on rows 0..95 but 2 (token 0) and 3 (no token): 1 each in the first block, 2^-20 each in the second
    const width = 5;
    const ids = Int32Array.from({ length: 96 }, (_, r) => (r === 2 ? 0 : r === 3 ? -1 : 1));
    const dy = Float32Array.from({ length: 96 * width }, (_, i) => (Math.floor(i / width) >= 48 ? 2 ** -20 : 1));
    const g = gradientOf(dy, ids, width, 3, true);
    // the first block: 46; the second: 48 * 2^-20 = 12 * 2^-18, which 46 (float32 spacing 2^-18) holds exactly; in one
    // running sum each 2^-20 would be under half that spacing and 46 would stay 46
    const token1 = 46 + 12 * 2 ** -18;
    expect(Array.from(g)).toEqual([
      ...new Array(width).fill(1),
      ...new Array(width).fill(token1),
      ...new Array(width).fill(0),
    ]);
    expect(Array.from(sumsOf(Float32Array.from([1, 2, 3, 4, -0, 0.5]), 3, 2, true))).toEqual([4, 6.5]);
    expect(bits(sumsOf(Float32Array.from([-0, -0]), 2, 1, true))).toEqual(bits([0]));
  });
});
