import fc from "fast-check";
import * as tf from "@tensorflow/tfjs-core";
import { beforeAll, describe, expect, it } from "vitest";
import { selectBackend } from "../backend";
import { SeededRandom } from "../seeded-random";
import { causalAttention } from "./causal-attention";
import { type TransformerBlockWeights, transformerBlock } from "./transformer-block";

beforeAll(async () => {
  await selectBackend({ log: null });
});

function randomTensor(shape: number[], rng: SeededRandom): tf.Tensor {
  return tf.tensor(
    Float32Array.from({ length: shape.reduce((a, b) => a * b, 1) }, () => rng.normal() * 0.7),
    shape,
  );
}

/** The block's formula written with plain tfjs ops (autodiff, no custom gradients). */
function plainBlock(
  x: tf.Tensor2D,
  w: TransformerBlockWeights,
  eps: number,
  batch: number,
  time: number,
  heads: number,
) {
  const norm = (a: tf.Tensor, g: tf.Tensor) =>
    tf.mul(tf.mul(a, tf.rsqrt(tf.add(tf.mean(tf.square(a), -1, true), eps))), g);
  const h = norm(x, w.norm1) as tf.Tensor2D;
  const attended = causalAttention(tf.matMul(h, w.q), tf.matMul(h, w.k), tf.matMul(h, w.v), batch, time, heads);
  const mid = tf.add(x, tf.matMul(attended, w.proj)) as tf.Tensor2D;
  return tf.add(mid, tf.matMul(tf.relu(tf.matMul(norm(mid, w.norm2) as tf.Tensor2D, w.fc1)), w.fc2));
}

describe("transformerBlock", () => {
  it("equals the pre-norm block formula, values and gradients (seeded random shapes)", () => {
    fc.assert(
      fc.property(
        fc.record({
          batch: fc.integer({ min: 1, max: 3 }),
          time: fc.integer({ min: 1, max: 5 }),
          heads: fc.integer({ min: 1, max: 2 }),
          headWidth: fc.integer({ min: 1, max: 4 }),
          ratio: fc.integer({ min: 1, max: 3 }),
          seed: fc.integer({ min: 0, max: 1 << 30 }),
        }),
        ({ batch, time, heads, headWidth, ratio, seed }) => {
          const before = tf.memory().numTensors;
          tf.tidy(() => {
            const rng = new SeededRandom(seed);
            const d = heads * headWidth;
            const w: TransformerBlockWeights = {
              norm1: tf.add(1, randomTensor([d], rng)) as tf.Tensor1D,
              q: randomTensor([d, d], rng) as tf.Tensor2D,
              k: randomTensor([d, d], rng) as tf.Tensor2D,
              v: randomTensor([d, d], rng) as tf.Tensor2D,
              proj: randomTensor([d, d], rng) as tf.Tensor2D,
              norm2: tf.add(1, randomTensor([d], rng)) as tf.Tensor1D,
              fc1: randomTensor([d, ratio * d], rng) as tf.Tensor2D,
              fc2: randomTensor([ratio * d, d], rng) as tf.Tensor2D,
            };
            const x = randomTensor([batch * time, d], rng) as tf.Tensor2D;
            const dy = randomTensor([batch * time, d], rng);
            const attention = (q: tf.Tensor2D, k: tf.Tensor2D, v: tf.Tensor2D) =>
              causalAttention(q, k, v, batch, time, heads);
            const mine = transformerBlock(x, w, 1e-5, attention);
            const plain = plainBlock(x, w, 1e-5, batch, time, heads);
            expect(tf.max(tf.abs(tf.sub(mine, plain))).dataSync()[0]!).toBeLessThan(1e-4);
            const names = Object.keys(w) as (keyof TransformerBlockWeights)[];
            const inputs = [x, ...names.map((n) => w[n])];
            const rebuild = (ts: tf.Tensor[]) =>
              [
                ts[0] as tf.Tensor2D,
                Object.fromEntries(names.map((n, i) => [n, ts[i + 1]])) as unknown as TransformerBlockWeights,
              ] as const;
            const gMine = tf.grads((...ts: tf.Tensor[]) => {
              const [xi, wi] = rebuild(ts);
              return tf.sum(tf.mul(transformerBlock(xi, wi, 1e-5, attention), dy));
            })(inputs);
            const gPlain = tf.grads((...ts: tf.Tensor[]) => {
              const [xi, wi] = rebuild(ts);
              return tf.sum(tf.mul(plainBlock(xi, wi, 1e-5, batch, time, heads), dy));
            })(inputs);
            gMine.forEach((g, i) => {
              const scale = 1 + tf.max(tf.abs(gPlain[i]!)).dataSync()[0]!;
              expect(tf.max(tf.abs(tf.sub(g, gPlain[i]!))).dataSync()[0]! / scale).toBeLessThan(1e-4);
            });
          });
          expect(tf.memory().numTensors).toBe(before);
        },
      ),
      { numRuns: 25 },
    );
  });
});
