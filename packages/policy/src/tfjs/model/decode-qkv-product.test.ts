import * as tf from "@tensorflow/tfjs-core";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { randomModelConfig, randomTransformerConfig, setRandomWeights } from "../../test-support/random-transformer";
import { heldCacheBits } from "../../test-support/held-cache-bits";
import { expectSameBitsBothWays } from "../../test-support/tree-step-bits";
import { selectBackend } from "../backend";
import { SeededRandom } from "../seeded-random";
import { decodeQkvProductAvailable, setDecodeQkvProduct } from "./cached-attention";
import { PrefixCache } from "./prefix-cache";
import { Transformer } from "./transformer";
import { decodeAppend, setHeapWasm } from "./wasm-heap-kernels";

beforeAll(async () => {
  await selectBackend({ log: null });
});

const bits = (t: tf.Tensor) => Array.from(new Uint32Array(Float32Array.from(t.dataSync()).buffer));

describe("decodeAppend (a decode step's queries, keys and values in one kernel)", () => {
  it("equals the reshapes, the query scale and the concatenations it replaces, bit for bit, as WebAssembly and JavaScript", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 9 }),
        fc.constantFrom(1, 2, 4),
        fc.constantFrom(1, 2, 8, 16),
        fc.integer({ min: 0, max: 40 }),
        fc.boolean(),
        fc.integer({ min: 0, max: 1 << 30 }),
        (batch, heads, headWidth, length, wasm, seed) => {
          const rng = new SeededRandom(seed);
          const width = heads * headWidth;
          const bh = batch * heads;
          const random = (n: number) => Float32Array.from({ length: n }, () => rng.normal() * 3);
          const qkvData = random(batch * 3 * width);
          const keysData = random(bh * headWidth * length);
          const valuesData = random(bh * length * headWidth);
          const scale = 1 / Math.sqrt(headWidth);
          const previous = setHeapWasm(wasm);
          try {
            const before = tf.memory().numTensors;
            tf.tidy(() => {
              const qkv = tf.tensor2d(qkvData, [batch, 3 * width]);
              const keys = tf.tensor3d(keysData, [bh, headWidth, length]);
              const values = tf.tensor3d(valuesData, [bh, length, headWidth]);
              const got = decodeAppend(qkv, keys, values, heads, scale);
              expect(got).toBeDefined();
              const [q, k, v] = tf.split(qkv, 3, 1);
              const wantQ = tf.reshape(tf.mul(q as tf.Tensor, scale), [bh, 1, headWidth]);
              const wantKeys = tf.concat([keys, tf.reshape(k as tf.Tensor, [bh, headWidth, 1])], 2);
              const wantValues = tf.concat([values, tf.reshape(v as tf.Tensor, [bh, 1, headWidth])], 1);
              expect(got?.q.shape).toEqual([bh, 1, headWidth]);
              expect(got?.keys.shape).toEqual([bh, headWidth, length + 1]);
              expect(got?.values.shape).toEqual([bh, length + 1, headWidth]);
              expect(bits(got?.q as tf.Tensor)).toEqual(bits(wantQ));
              expect(bits(got?.keys as tf.Tensor)).toEqual(bits(wantKeys));
              expect(bits(got?.values as tf.Tensor)).toEqual(bits(wantValues));
            });
            expect(tf.memory().numTensors).toBe(before);
          } finally {
            setHeapWasm(previous);
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it("a known case: one row, one head of width 2, one cached position", () => {
    tf.tidy(() => {
      const qkv = tf.tensor2d([[4, 8, 1, 2, 3, 5]]);
      const got = decodeAppend(qkv, tf.tensor3d([[[10], [20]]]), tf.tensor3d([[[30, 40]]]), 1, 0.5);
      expect(Array.from(got?.q.dataSync() ?? [])).toEqual([2, 4]);
      expect(got?.keys.arraySync()).toEqual([
        [
          [10, 1],
          [20, 2],
        ],
      ]);
      expect(got?.values.arraySync()).toEqual([
        [
          [30, 40],
          [3, 5],
        ],
      ]);
    });
  });
});

const token = fc.integer({ min: 1, max: 12 });

describe("decode steps with q, k and v as one product (setDecodeQkvProduct)", () => {
  it("runs here (the tests' back end is wasm), so the equality below tests it", () => {
    expect(decodeQkvProductAvailable()).toBe(true);
  });

  it("give the three-product path's logits and caches bit for bit, across a weight change, without leaking", () => {
    fc.assert(
      fc.property(
        randomModelConfig,
        fc.array(fc.array(token, { minLength: 1, maxLength: 30 }), { minLength: 1, maxLength: 5 }),
        fc.array(fc.array(token, { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 4 }),
        (c, prompts, steps) => {
          const config = randomTransformerConfig(c, 64);
          const before = tf.memory().numTensors;
          const run = (on: boolean) => {
            const previous = setDecodeQkvProduct(on);
            const m = new Transformer(config, { seed: c.seed });
            const out: number[][] = [];
            try {
              const prefixes = new PrefixCache();
              const { cache, logits } = m.prefillCached(prompts, prefixes);
              prefixes.dispose();
              out.push(bits(logits));
              logits.dispose();
              steps.forEach((step, i) => {
                // halfway, new weights: the held q | k | v weights must follow them
                if (i === Math.floor(steps.length / 2)) {
                  setRandomWeights(m, c.seed + 1);
                }
                const next = m.decodeStep(
                  cache,
                  prompts.map((_, r) => step[r % step.length] as number),
                );
                out.push(bits(next));
                next.dispose();
                // the held columns: with the one product the cache is held with room (setDecodeCacheInPlace)
                out.push(...heldCacheBits(cache));
              });
              cache.dispose();
            } finally {
              m.dispose();
              setDecodeQkvProduct(previous);
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
