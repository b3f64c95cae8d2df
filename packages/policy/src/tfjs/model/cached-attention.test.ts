import fc from "fast-check";
import * as tf from "@tensorflow/tfjs-core";
import { beforeAll, describe, expect, it } from "vitest";
import { selectBackend } from "../backend";
import { SeededRandom } from "../seeded-random";
import { type AttentionKeysValues, cachedAttention } from "./cached-attention";
import { causalAttention, causalMask } from "./causal-attention";

beforeAll(async () => {
  await selectBackend({ log: null });
});

function randomTensor(shape: number[], rng: SeededRandom): tf.Tensor {
  return tf.tensor(
    Float32Array.from({ length: shape.reduce((a, b) => a * b, 1) }, () => rng.normal()),
    shape,
  );
}

function maxAbsDiff(a: tf.Tensor, b: tf.Tensor): number {
  return tf.tidy(() => tf.max(tf.abs(tf.sub(a, b))).dataSync()[0]!);
}

/** Positions [from, from + count) of every row of x [batch * time, width]. */
function positions(x: tf.Tensor2D, batch: number, time: number, from: number, count: number): tf.Tensor2D {
  const width = x.shape[1];
  return tf.reshape(tf.slice(tf.reshape(x, [batch, time, width]), [0, from, 0], [batch, count, width]), [
    batch * count,
    width,
  ]);
}

/** Additive bias [batch, 1, count, from + count]: new position i sees keys 0..from + i. */
function stepBias(batch: number, from: number, count: number): tf.Tensor4D {
  const length = from + count;
  const data = new Float32Array(batch * count * length);
  for (let r = 0; r < batch; r++)
    for (let i = 0; i < count; i++)
      for (let j = from + i + 1; j < length; j++) data[(r * count + i) * length + j] = -1e9;
  return tf.tensor4d(data, [batch, 1, count, length]);
}

const shapes = fc.record({
  batch: fc.integer({ min: 1, max: 3 }),
  heads: fc.integer({ min: 1, max: 3 }),
  headWidth: fc.integer({ min: 1, max: 4 }),
  time: fc.integer({ min: 1, max: 6 }),
  prefixFraction: fc.double({ min: 0, max: 1, noNaN: true }),
  seed: fc.integer({ min: 0, max: 1 << 30 }),
});

describe("cachedAttention", () => {
  it("over an empty cache with the causal mask equals causalAttention, and extending the cache one position at a time gives the same rows and cache", () => {
    fc.assert(
      fc.property(shapes, ({ batch, heads, headWidth, time, prefixFraction, seed }) => {
        const before = tf.memory().numTensors;
        tf.tidy(() => {
          const rng = new SeededRandom(seed);
          const width = heads * headWidth;
          const [q, k, v] = [0, 1, 2].map(() => randomTensor([batch * time, width], rng) as tf.Tensor2D) as [
            tf.Tensor2D,
            tf.Tensor2D,
            tf.Tensor2D,
          ];
          const causal = tf.reshape(tf.tile(causalMask(time), [batch, 1]), [batch, 1, time, time]) as tf.Tensor4D;
          const whole = cachedAttention(q, k, v, undefined, causal, batch, time, heads);
          expect(maxAbsDiff(whole.output, causalAttention(q, k, v, batch, time, heads))).toBeLessThan(1e-5);
          expect(whole.cache.keys.shape).toEqual([batch * heads, headWidth, time]);
          expect(whole.cache.values.shape).toEqual([batch * heads, time, headWidth]);

          const prefix = Math.max(1, Math.round(prefixFraction * time));
          const first = cachedAttention(
            positions(q, batch, time, 0, prefix),
            positions(k, batch, time, 0, prefix),
            positions(v, batch, time, 0, prefix),
            undefined,
            stepBias(batch, 0, prefix),
            batch,
            prefix,
            heads,
          );
          expect(maxAbsDiff(first.output, positions(whole.output, batch, time, 0, prefix))).toBeLessThan(1e-5);
          let cache: AttentionKeysValues = first.cache;
          for (let t = prefix; t < time; t++) {
            const step = cachedAttention(
              positions(q, batch, time, t, 1),
              positions(k, batch, time, t, 1),
              positions(v, batch, time, t, 1),
              cache,
              stepBias(batch, t, 1),
              batch,
              1,
              heads,
            );
            expect(maxAbsDiff(step.output, positions(whole.output, batch, time, t, 1))).toBeLessThan(1e-5);
            cache = step.cache;
          }
          expect(maxAbsDiff(cache.keys, whole.cache.keys)).toBe(0);
          expect(maxAbsDiff(cache.values, whole.cache.values)).toBe(0);
        });
        expect(tf.memory().numTensors).toBe(before);
      }),
      { numRuns: 30 },
    );
  });
});
