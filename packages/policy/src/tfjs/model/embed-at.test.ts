import * as tf from "@tensorflow/tfjs-core";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { randomModelConfig, randomTransformer } from "../../test-support/random-transformer";
import { expectSameBitsBothWays, floatBits } from "../../test-support/tree-step-bits";
import { selectBackend } from "../backend";
import { SeededRandom } from "../seeded-random";
import { embedAtRows, setEmbedAtKernel } from "./embed-at";
import { PrefixCache } from "./prefix-cache";
import { tokenShiftEmbedding } from "./token-shift-embedding";
import { gatherRows } from "./wasm-heap-kernels";

beforeAll(async () => {
  await selectBackend({ log: null });
});

/** Transformer's embedAt as the gathers, lookups and additions it runs without the kernel. */
function reference(
  tables: { token: tf.Tensor2D; position: tf.Tensor2D; previous: tf.Tensor2D; beforePrevious: tf.Tensor2D },
  ids: { ids: Int32Array; positions: Int32Array; previous: Int32Array; beforePrevious: Int32Array },
  shift: boolean,
): tf.Tensor2D {
  let embedded = gatherRows(tables.token, ids.ids);
  if (shift)
    embedded = tf.add(
      embedded,
      tokenShiftEmbedding(tables, tf.tensor1d(ids.previous, "int32"), tf.tensor1d(ids.beforePrevious, "int32")),
    ) as tf.Tensor2D;
  return tf.add(embedded, gatherRows(tables.position, ids.positions)) as tf.Tensor2D;
}

/** A table value: mostly normal, sometimes +-0, huge or tiny (so roundings and signed zeros are exercised). */
const value = (rng: SeededRandom) => {
  const u = rng.next();
  if (u < 0.1) return 0;
  if (u < 0.2) return -0;
  if (u < 0.25) return rng.normal() * 1e30;
  if (u < 0.3) return rng.normal() * 1e-30;
  return rng.normal();
};

describe("embedAtRows (a prefill's or decode step's input rows in one kernel)", () => {
  it("equals the gathers, lookups and additions it replaces bit for bit, with and without token shift", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 1, max: 9 }),
        fc.integer({ min: 1, max: 24 }),
        fc.boolean(),
        fc.integer({ min: 0, max: 1 << 30 }),
        (vocab, context, width, n, shift, seed) => {
          const rng = new SeededRandom(seed);
          const table = (rows: number) =>
            tf.tensor2d(
              Float32Array.from({ length: rows * width }, () => value(rng)),
              [rows, width],
            );
          const pick = (low: number, high: number) =>
            Int32Array.from({ length: n }, () => low + Math.floor(rng.next() * (high - low)));
          const before = tf.memory().numTensors;
          tf.tidy(() => {
            const tables = {
              token: table(vocab),
              position: table(context),
              previous: table(vocab),
              beforePrevious: table(vocab),
            };
            // shift ids run from -2 to vocab + 1: outside the table they add an all-zero row
            const ids = {
              ids: pick(0, vocab),
              positions: pick(0, context),
              previous: pick(-2, vocab + 2),
              beforePrevious: pick(-2, vocab + 2),
            };
            const got = embedAtRows(
              shift ? { ...tables, shift: tables } : { token: tables.token, position: tables.position },
              ids,
            );
            expect(got).toBeDefined();
            expect(got?.shape).toEqual([n, width]);
            expect(floatBits(got as tf.Tensor)).toEqual(floatBits(reference(tables, ids, shift)));
          });
          expect(tf.memory().numTensors).toBe(before);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("a known case: token + (previous + before previous) + position, a missing token adding nothing", () => {
    tf.tidy(() => {
      const token = tf.tensor2d([
        [1, 2],
        [3, 4],
      ]);
      const position = tf.tensor2d([
        [100, 200],
        [300, 400],
      ]);
      const previous = tf.tensor2d([
        [10, 20],
        [30, 40],
      ]);
      const beforePrevious = tf.tensor2d([
        [0.5, 0.25],
        [0.125, 1],
      ]);
      const got = embedAtRows(
        { token, position, shift: { previous, beforePrevious } },
        {
          ids: Int32Array.from([1, 0]),
          positions: Int32Array.from([0, 1]),
          previous: Int32Array.from([0, -1]),
          beforePrevious: Int32Array.from([-1, 1]),
        },
      );
      expect(got?.arraySync()).toEqual([
        [3 + 10 + 100, 4 + 20 + 200],
        [1 + 0.125 + 300, 2 + 1 + 400],
      ]);
    });
  });

  it("refuses an id or a position outside its table, naming the field and the value", () => {
    tf.tidy(() => {
      const token = tf.zeros([3, 2]) as tf.Tensor2D;
      const position = tf.zeros([4, 2]) as tf.Tensor2D;
      const none = Int32Array.from([-1, -1]);
      const call = (ids: number[], positions: number[]) =>
        embedAtRows(
          { token, position },
          { ids: Int32Array.from(ids), positions: Int32Array.from(positions), previous: none, beforePrevious: none },
        );
      expect(() => call([0, 3], [0, 1])).toThrow(/ids\[1\].*3/);
      expect(() => call([0, -1], [0, 1])).toThrow(/ids\[1\].*-1/);
      expect(() => call([0, 1], [4, 1])).toThrow(/positions\[0\].*4/);
    });
  });

  it("gives a cached prefill's and decode steps' logits and caches bit for bit on random models, without leaking", () => {
    const token = fc.integer({ min: 1, max: 12 });
    fc.assert(
      fc.property(
        randomModelConfig,
        fc.array(fc.array(token, { minLength: 1, maxLength: 30 }), { minLength: 1, maxLength: 5 }),
        fc.array(fc.array(token, { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 4 }),
        (c, prompts, steps) => {
          const m = randomTransformer(c, 64);
          try {
            const before = tf.memory().numTensors;
            expectSameBitsBothWays((on) => {
              const previous = setEmbedAtKernel(on);
              try {
                const out: number[][] = [];
                const prefixes = new PrefixCache();
                // twice: the second prefill reads the first's rows from the prefix pool
                for (const round of [prompts, prompts.map((p) => [...p, 3, 4])]) {
                  const { cache, logits } = m.prefillCached(round, prefixes);
                  out.push(floatBits(logits));
                  logits.dispose();
                  for (const step of steps) {
                    const next = m.decodeStep(
                      cache,
                      round.map((_, r) => step[r % step.length] as number),
                    );
                    out.push(floatBits(next));
                    next.dispose();
                  }
                  for (const t of [...cache.keys, ...cache.values]) out.push(floatBits(t));
                  cache.dispose();
                }
                prefixes.dispose();
                const plain = m.prefill(prompts);
                out.push(floatBits(plain.logits));
                plain.logits.dispose();
                plain.cache.dispose();
                return out;
              } finally {
                setEmbedAtKernel(previous);
              }
            }, before);
          } finally {
            m.dispose();
          }
        },
      ),
      { numRuns: 30 },
    );
  }, 120_000);
});
