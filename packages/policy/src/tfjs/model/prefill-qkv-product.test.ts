import * as tf from "@tensorflow/tfjs-core";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { randomModelConfig, randomTransformerConfig, setRandomWeights } from "../../test-support/random-transformer";
import { floatBits as bits, expectSameBitsBothWays } from "../../test-support/tree-step-bits";
import { selectBackend } from "../backend";
import { SeededRandom } from "../seeded-random";
import { prefillQkvProductAvailable, setPrefillQkvProduct } from "./cached-attention";
import { setLastBlockAtTargets } from "./last-block-at-targets";
import { PrefixCache } from "./prefix-cache";
import { Transformer } from "./transformer";
import { prefillHeads, setHeapWasm } from "./wasm-heap-kernels";

beforeAll(async () => {
  await selectBackend({ log: null });
});

/**
 * What cachedAttention computes from three products: the queries scaled and split into heads, the pool's rows gathered
 * and split (keys transposed) ahead of the new keys and values, as tfjs kernels.
 */
function reference(
  q: tf.Tensor2D,
  k: tf.Tensor2D,
  v: tf.Tensor2D,
  pool: { keys: tf.Tensor2D; values: tf.Tensor2D; rows: Int32Array; width: number } | undefined,
  batch: number,
  heads: number,
  scale: number,
) {
  const width = k.shape[1];
  const headWidth = width / heads;
  const bh = batch * heads;
  const split = (x: tf.Tensor, rows: number, perm: number[], shape: number[]) =>
    tf.reshape(tf.transpose(tf.reshape(x, [batch, rows, heads, headWidth]), perm), shape);
  const time = k.shape[0] / batch;
  const queryTime = q.shape[0] / batch;
  let keys = split(k, time, [0, 2, 3, 1], [bh, headWidth, time]);
  let values = split(v, time, [0, 2, 1, 3], [bh, time, headWidth]);
  if (pool !== undefined && pool.width > 0) {
    const rows = tf.tensor1d(pool.rows, "int32");
    const w = pool.width;
    keys = tf.concat([split(tf.gather(pool.keys, rows), w, [0, 2, 3, 1], [bh, headWidth, w]), keys], 2);
    values = tf.concat([split(tf.gather(pool.values, rows), w, [0, 2, 1, 3], [bh, w, headWidth]), values], 1);
  }
  return { q: split(tf.mul(q, scale), queryTime, [0, 2, 1, 3], [bh, queryTime, headWidth]), keys, values };
}

describe("prefillHeads (a prefill's queries, keys and values from one product, in one kernel)", () => {
  it("equals the gathers, transposes, query scale and concatenations it replaces, bit for bit, as WebAssembly and JavaScript", () => {
    fc.assert(
      fc.property(
        fc.record({
          batch: fc.integer({ min: 1, max: 5 }),
          heads: fc.constantFrom(1, 2, 4),
          headWidth: fc.constantFrom(1, 2, 8, 16),
          time: fc.integer({ min: 1, max: 12 }),
          past: fc.integer({ min: 0, max: 9 }),
          poolRows: fc.integer({ min: 1, max: 30 }),
          queriesApart: fc.boolean(),
          fresh: fc.boolean(),
          wasm: fc.boolean(),
          seed: fc.integer({ min: 0, max: 1 << 30 }),
        }),
        ({ batch, heads, headWidth, time, past, poolRows, queriesApart, fresh, wasm, seed }) => {
          const rng = new SeededRandom(seed);
          const width = heads * headWidth;
          const n = batch * time;
          const random = (count: number) => Float32Array.from({ length: count }, () => rng.normal() * 3);
          const [qData, kData, vData] = [random(n * width), random(n * width), random(n * width)];
          const lastQ = random(batch * width);
          const poolKeys = random(poolRows * width);
          const poolValues = random(poolRows * width);
          const rows = Int32Array.from({ length: batch * past }, () => rng.int(poolRows));
          const scale = 1 / Math.sqrt(headWidth);
          const before = tf.memory().numTensors;
          const previous = setHeapWasm(wasm);
          tf.tidy(() => {
            const [q, k, v] = [qData, kData, vData].map((d) => tf.tensor2d(d, [n, width])) as [
              tf.Tensor2D,
              tf.Tensor2D,
              tf.Tensor2D,
            ];
            const pool =
              past === 0
                ? undefined
                : {
                    keys: tf.tensor2d(poolKeys, [poolRows, width]),
                    values: tf.tensor2d(poolValues, [poolRows, width]),
                    rows,
                    width: past,
                  };
            const apart = tf.tensor2d(lastQ, [batch, width]);
            const product = queriesApart ? tf.concat([k, v], 1) : tf.concat([q, k, v], 1);
            const got = prefillHeads(product as tf.Tensor2D, {
              heads,
              batch,
              scale,
              fresh,
              past: pool,
              ...(queriesApart ? { q: apart } : {}),
            });
            const want = reference(
              queriesApart ? apart : (q as tf.Tensor2D),
              k as tf.Tensor2D,
              v as tf.Tensor2D,
              pool,
              batch,
              heads,
              scale,
            );
            expect(got).toBeDefined();
            expect(got?.q.shape).toEqual(want.q.shape);
            expect(got?.keys.shape).toEqual([batch * heads, headWidth, past + time]);
            expect(got?.values.shape).toEqual([batch * heads, past + time, headWidth]);
            expect(bits(got?.q as tf.Tensor)).toEqual(bits(want.q));
            expect(bits(got?.keys as tf.Tensor)).toEqual(bits(want.keys));
            expect(bits(got?.values as tf.Tensor)).toEqual(bits(want.values));
            if (fresh) {
              expect(bits(got?.k as tf.Tensor)).toEqual(bits(k as tf.Tensor));
              expect(bits(got?.v as tf.Tensor)).toEqual(bits(v as tf.Tensor));
            } else expect(got?.k).toBeUndefined();
          });
          setHeapWasm(previous);
          expect(tf.memory().numTensors).toBe(before);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("a known case: one row of two positions, one head of width 1, one held pool row", () => {
    tf.tidy(() => {
      // q | k | v per position: (2, 3, 5) and (4, 7, 11); the pool's row 1 holds key 13, value 17
      const product = tf.tensor2d([
        [2, 3, 5],
        [4, 7, 11],
      ]);
      const past = {
        keys: tf.tensor2d([[0], [13]]),
        values: tf.tensor2d([[0], [17]]),
        rows: Int32Array.of(1),
        width: 1,
      };
      const got = prefillHeads(product, { heads: 1, batch: 1, scale: 0.5, fresh: true, past });
      expect(got?.q.arraySync()).toEqual([[[1], [2]]]);
      expect(got?.keys.arraySync()).toEqual([[[13, 3, 7]]]);
      expect(got?.values.arraySync()).toEqual([[[17], [5], [11]]]);
      expect(got?.k?.arraySync()).toEqual([[3], [7]]);
      expect(got?.v?.arraySync()).toEqual([[5], [11]]);
    });
  });

  it("names the field of a product that does not split and of a pool row out of range", () => {
    tf.tidy(() => {
      expect(() =>
        prefillHeads(tf.zeros([3, 7]) as tf.Tensor2D, { heads: 1, batch: 1, scale: 1, fresh: false }),
      ).toThrow(/prefillHeads product/);
      const past = {
        keys: tf.zeros([2, 1]) as tf.Tensor2D,
        values: tf.zeros([2, 1]) as tf.Tensor2D,
        rows: Int32Array.of(2),
        width: 1,
      };
      expect(() =>
        prefillHeads(tf.zeros([2, 3]) as tf.Tensor2D, { heads: 1, batch: 1, scale: 1, fresh: false, past }),
      ).toThrow(/past\.rows.*2/);
    });
  });
});

const token = fc.integer({ min: 1, max: 12 });

describe("prefills with q, k and v as one product (setPrefillQkvProduct)", () => {
  it("is off by default and runs here when on (the tests' back end is wasm), so the equality below tests it", () => {
    // off by default (no faster in the benchmark); the tests turn it on
    expect(prefillQkvProductAvailable()).toBe(false);
    const previous = setPrefillQkvProduct(true);
    expect(prefillQkvProductAvailable()).toBe(true);
    setPrefillQkvProduct(previous);
  });

  it("give the three-product path's logits, caches and prefix pool bit for bit, across a weight change, without leaking", () => {
    fc.assert(
      fc.property(
        randomModelConfig,
        fc.array(fc.array(token, { minLength: 1, maxLength: 24 }), { minLength: 1, maxLength: 4 }),
        fc.array(fc.array(token, { minLength: 0, maxLength: 8 }), { minLength: 1, maxLength: 3 }),
        fc.boolean(),
        (c, prompts, growth, lastBlock) => {
          const config = randomTransformerConfig(c, 64);
          const before = tf.memory().numTensors;
          const run = (on: boolean) => {
            const previous = setPrefillQkvProduct(on);
            const previousLast = setLastBlockAtTargets(lastBlock);
            const m = new Transformer(config, { seed: c.seed });
            const prefixes = new PrefixCache();
            const out: number[][] = [];
            const record = (
              cache: { keys: tf.Tensor[]; values: tf.Tensor[]; dispose: () => void },
              logits: tf.Tensor,
            ) => {
              out.push(bits(logits));
              logits.dispose();
              const next = m.decodeStep(
                cache as never,
                prompts.map((_, r) => 1 + (r % 12)),
              );
              out.push(bits(next));
              next.dispose();
              for (const t of [...cache.keys, ...cache.values]) out.push(bits(t));
              cache.dispose();
            };
            try {
              const plain = m.prefill(prompts);
              record(plain.cache, plain.logits);
              // each round's prompts extend the last round's: later rounds read held prefixes from the pool
              let current = prompts.map((p) => [...p]);
              growth.forEach((extra, round) => {
                if (round === 1) {
                  // new weights: the held k | v and q | k | v weights must follow them (the pool is cleared with them)
                  setRandomWeights(m, c.seed + 1);
                  prefixes.clear();
                }
                current = current.map((p, r) =>
                  [...p, ...extra.slice(0, 1 + ((r + round) % Math.max(1, extra.length)))].slice(0, 60),
                );
                const { cache, logits, reused } = m.prefillCached(current, prefixes);
                out.push([reused]);
                record(cache, logits);
                for (const t of [...prefixes.pools().keys, ...prefixes.pools().values]) out.push(bits(t));
              });
            } finally {
              prefixes.dispose();
              m.dispose();
              setPrefillQkvProduct(previous);
              setLastBlockAtTargets(previousLast);
            }
            return out;
          };
          expectSameBitsBothWays(run, before);
        },
      ),
      { numRuns: 30 },
    );
  }, 180_000);
});
