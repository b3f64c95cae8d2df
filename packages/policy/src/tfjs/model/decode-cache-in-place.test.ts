import * as tf from "@tensorflow/tfjs-core";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { randomModelConfig, randomTransformerConfig, setRandomWeights } from "../../test-support/random-transformer";
import { heldCacheBits } from "../../test-support/held-cache-bits";
import { expectSameBitsBothWays, floatBits } from "../../test-support/tree-step-bits";
import { selectBackend } from "../backend";
import { SeededRandom } from "../seeded-random";
import { decodeCacheInPlaceAvailable, setDecodeCacheInPlace } from "./cached-attention";
import { PrefixCache } from "./prefix-cache";
import { simdBatchMatMul, simdHeldMatMul } from "./simd-batch-mat-mul";
import { Transformer } from "./transformer";
import { decodeAppend, decodeAppendInPlace, padRows, setHeapWasm } from "./wasm-heap-kernels";

beforeAll(async () => {
  await selectBackend({ log: null });
});

describe("decodeAppendInPlace (a decode step's column written into a cache held with room)", () => {
  it("gives decodeAppend's queries, and its keys and values in the held columns, leaving the room past them alone", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 6 }),
        fc.constantFrom(1, 2, 4),
        fc.constantFrom(1, 2, 8, 16),
        fc.integer({ min: 0, max: 30 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 0, max: 1 << 30 }),
        (batch, heads, headWidth, length, room, seed) => {
          const rng = new SeededRandom(seed);
          const width = heads * headWidth;
          const bh = batch * heads;
          const capacity = length + room;
          const random = (n: number) => Float32Array.from({ length: n }, () => rng.normal() * 3);
          const qkvData = random(batch * 3 * width);
          const keysData = random(bh * headWidth * capacity);
          const valuesData = random(bh * capacity * headWidth);
          const scale = 1 / Math.sqrt(headWidth);
          const before = tf.memory().numTensors;
          tf.tidy(() => {
            const qkv = tf.tensor2d(qkvData, [batch, 3 * width]);
            const keys = tf.tensor3d(keysData, [bh, headWidth, capacity]);
            const values = tf.tensor3d(valuesData, [bh, capacity, headWidth]);
            const want = decodeAppend(
              qkv,
              tf.slice(keys, [0, 0, 0], [-1, -1, length]),
              tf.slice(values, [0, 0, 0], [-1, length, -1]),
              heads,
              scale,
            );
            const q = decodeAppendInPlace(qkv, { keys, values, length }, heads, scale);
            expect(q?.shape).toEqual([bh, 1, headWidth]);
            expect(floatBits(q as tf.Tensor)).toEqual(floatBits(want?.q as tf.Tensor));
            expect(floatBits(tf.slice(keys, [0, 0, 0], [-1, -1, length + 1]))).toEqual(
              floatBits(want?.keys as tf.Tensor),
            );
            expect(floatBits(tf.slice(values, [0, 0, 0], [-1, length + 1, -1]))).toEqual(
              floatBits(want?.values as tf.Tensor),
            );
            // the room past this step's column is as it was
            const after = length + 1;
            const restKeys = tf.slice(tf.tensor3d(keysData, [bh, headWidth, capacity]), [0, 0, after], [-1, -1, -1]);
            expect(floatBits(tf.slice(keys, [0, 0, after], [-1, -1, -1]))).toEqual(floatBits(restKeys));
            const restValues = tf.slice(
              tf.tensor3d(valuesData, [bh, capacity, headWidth]),
              [0, after, 0],
              [-1, -1, -1],
            );
            expect(floatBits(tf.slice(values, [0, after, 0], [-1, -1, -1]))).toEqual(floatBits(restValues));
          });
          expect(tf.memory().numTensors).toBe(before);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("a known case: one row, one head of width 2, one held position and room for two", () => {
    tf.tidy(() => {
      const keys = tf.tensor3d([
        [
          [10, 0, 0],
          [20, 0, 0],
        ],
      ]);
      const values = tf.tensor3d([
        [
          [30, 40],
          [0, 0],
          [0, 0],
        ],
      ]);
      const q = decodeAppendInPlace(tf.tensor2d([[4, 8, 1, 2, 3, 5]]), { keys, values, length: 1 }, 1, 0.5);
      expect(Array.from(q?.dataSync() ?? [])).toEqual([2, 4]);
      expect(keys.arraySync()).toEqual([
        [
          [10, 1, 0],
          [20, 2, 0],
        ],
      ]);
      expect(values.arraySync()).toEqual([
        [
          [30, 40],
          [3, 5],
          [0, 0],
        ],
      ]);
    });
  });
});

describe("padRows (a cache's keys or values copied into room to grow)", () => {
  it("equals tf.pad with zeros after the axis, bit for bit, as WebAssembly and JavaScript", () => {
    fc.assert(
      fc.property(
        fc.tuple(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: 7 }), fc.integer({ min: 1, max: 9 })),
        fc.constantFrom(1 as const, 2 as const),
        fc.integer({ min: 0, max: 6 }),
        fc.boolean(),
        fc.integer({ min: 0, max: 1 << 30 }),
        ([outer, rows, cols], axis, room, wasm, seed) => {
          const rng = new SeededRandom(seed);
          // -0 and +-infinity among the values: a copy keeps them, the room is +0
          const special = [-0, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY];
          const data = Float32Array.from({ length: outer * rows * cols }, (_, i) =>
            i % 5 === 4 ? (special[i % 3] as number) : rng.normal(),
          );
          const size = (axis === 1 ? rows : cols) + room;
          const previous = setHeapWasm(wasm);
          const before = tf.memory().numTensors;
          try {
            tf.tidy(() => {
              const x = tf.tensor3d(data, [outer, rows, cols]);
              const padding: [number, number][] =
                axis === 1
                  ? [
                      [0, 0],
                      [0, room],
                      [0, 0],
                    ]
                  : [
                      [0, 0],
                      [0, 0],
                      [0, room],
                    ];
              const got = padRows(x, axis, size);
              expect(got.shape).toEqual(axis === 1 ? [outer, size, cols] : [outer, rows, size]);
              expect(floatBits(got)).toEqual(floatBits(tf.pad(x, padding)));
            });
          } finally {
            setHeapWasm(previous);
          }
          expect(tf.memory().numTensors).toBe(before);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe("simdHeldMatMul (a product reading the first columns of a held cache in place)", () => {
  it("equals simdBatchMatMul over the copy of those rows and columns, bit for bit", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 9 }),
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 1, max: 110 }),
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 0, max: 9 }),
        fc.integer({ min: 0, max: 9 }),
        fc.integer({ min: 0, max: 1 << 30 }),
        (batch, m, k, n, moreRows, moreCols, seed) => {
          const rng = new SeededRandom(seed);
          const random = (size: number) => Float32Array.from({ length: size }, () => rng.normal());
          const [rows, cols] = [k + moreRows, n + moreCols];
          const before = tf.memory().numTensors;
          tf.tidy(() => {
            const a = tf.tensor3d(random(batch * m * k), [batch, m, k]);
            const b = tf.tensor3d(random(batch * rows * cols), [batch, rows, cols]);
            const want = simdBatchMatMul(a, tf.slice(b, [0, 0, 0], [-1, k, n]) as tf.Tensor3D);
            const got = simdHeldMatMul(a, b, n);
            expect(got.shape).toEqual([batch, m, n]);
            expect(floatBits(got)).toEqual(floatBits(want));
          });
          expect(tf.memory().numTensors).toBe(before);
        },
      ),
      { numRuns: 60 },
    );
  });
});

const token = fc.integer({ min: 1, max: 12 });

describe("decode steps appending to the cache in place (setDecodeCacheInPlace)", () => {
  it("runs here when on (the tests' back end is wasm), so the equality below tests it; off by default", () => {
    const previous = setDecodeCacheInPlace(true);
    try {
      expect(decodeCacheInPlaceAvailable()).toBe(true);
    } finally {
      setDecodeCacheInPlace(previous);
    }
    expect(decodeCacheInPlaceAvailable()).toBe(false);
  });

  it("give the copying path's logits and keys and values bit for bit, through regrowths and a weight change", () => {
    fc.assert(
      fc.property(
        randomModelConfig,
        fc.array(fc.array(token, { minLength: 1, maxLength: 40 }), { minLength: 1, maxLength: 5 }),
        fc.array(fc.array(token, { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 24 }),
        fc.boolean(),
        (c, prompts, steps, prefixed) => {
          const config = randomTransformerConfig(c, 64);
          const before = tf.memory().numTensors;
          const run = (on: boolean) => {
            const previous = setDecodeCacheInPlace(on);
            const m = new Transformer(config, { seed: c.seed });
            const out: number[][] = [];
            try {
              const prefixes = new PrefixCache();
              const { cache, logits } = prefixed ? m.prefillCached(prompts, prefixes) : m.prefill(prompts);
              prefixes.dispose();
              out.push(floatBits(logits));
              logits.dispose();
              const room = 64 - Math.max(...prompts.map((p) => p.length));
              steps.slice(0, room).forEach((step, i) => {
                // halfway, new weights: the held q | k | v weights must follow them
                if (i === Math.floor(steps.length / 2)) setRandomWeights(m, c.seed + 1);
                const next = m.decodeStep(
                  cache,
                  prompts.map((_, r) => step[r % step.length] as number),
                );
                out.push(floatBits(next));
                next.dispose();
                out.push(...heldCacheBits(cache));
              });
              cache.dispose();
            } finally {
              m.dispose();
              setDecodeCacheInPlace(previous);
            }
            return out;
          };
          expectSameBitsBothWays(run, before);
        },
      ),
      { numRuns: 30 },
    );
  }, 120_000);
});
