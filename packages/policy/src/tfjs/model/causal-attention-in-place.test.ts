import fc from "fast-check";
import * as tf from "@tensorflow/tfjs-core";
import { beforeAll, describe, expect, it } from "vitest";
import { selectBackend } from "../backend";
import { SeededRandom } from "../seeded-random";
import { causalAttention, visibleTiles } from "./causal-attention";
import { attentionInPlaceRuns, setAttentionInPlace } from "./causal-attention-in-place";
import { simdBatchMatMul, simdHeadsMatMul, simdHeadsMatMulAvailable } from "./simd-batch-mat-mul";

beforeAll(async () => {
  await selectBackend({ log: null });
});

const bits = (t: tf.Tensor) => Array.from(new Uint32Array(Float32Array.from(t.dataSync()).buffer));

function randomTensor(shape: number[], rng: SeededRandom): tf.Tensor {
  return tf.tensor(
    Float32Array.from({ length: shape.reduce((x, y) => x * y, 1) }, () => rng.normal()),
    shape,
  );
}

/** [batch * time, heads * width] -> [batch * heads, time, width]: the transposing path's copy. */
const toHeads = (x: tf.Tensor, batch: number, time: number, heads: number) =>
  tf.reshape(tf.transpose(tf.reshape(x, [batch, time, heads, -1]), [0, 2, 1, 3]), [
    batch * heads,
    time,
    -1,
  ]) as tf.Tensor3D;

/** A packed tree's bias [batch, time, time]: each used column sees itself and its parent's ancestors; padding itself. */
function treeBias(batch: number, time: number, rng: SeededRandom): Float32Array {
  const bias = new Float32Array(batch * time * time).fill(-1e9);
  for (let r = 0; r < batch; r++) {
    const used = 1 + Math.floor(rng.next() * time);
    for (let c = 0; c < time; c++) {
      const at = (r * time + c) * time;
      bias[at + c] = 0;
      if (c >= used || c === 0) continue;
      const parent = rng.next() < 0.3 ? Math.floor(rng.next() * c) - (rng.next() < 0.2 ? c : 0) : c - 1;
      if (parent >= 0) bias.set(bias.subarray((r * time + parent) * time, (r * time + parent) * time + parent + 1), at);
    }
  }
  return bias;
}

/** Value and the gradients of q, k, v of sum(attention * w), with attention in place on or off. */
function attentionAndGrads(
  inPlace: boolean,
  args: { batch: number; time: number; heads: number; rng: SeededRandom; tree: boolean },
) {
  const { batch, time, heads, rng } = args;
  const previous = setAttentionInPlace(inPlace);
  try {
    return tf.tidy(() => {
      const width = heads * (1 + Math.floor(rng.next() * 20));
      const [q, k, v, w] = [0, 1, 2, 3].map(() => randomTensor([batch * time, width], rng)) as [
        tf.Tensor2D,
        tf.Tensor2D,
        tf.Tensor2D,
        tf.Tensor2D,
      ];
      const biasData = args.tree ? treeBias(batch, time, rng) : undefined;
      const bias = biasData === undefined ? undefined : tf.tensor3d(biasData, [batch, time, time]);
      const quads = Math.ceil(time / 4);
      const tiles =
        biasData === undefined
          ? undefined
          : tf.tensor3d(visibleTiles(biasData, batch, time), [batch, quads, quads], "int32");
      const run = (qi: tf.Tensor, ki: tf.Tensor, vi: tf.Tensor) =>
        causalAttention(qi as tf.Tensor2D, ki as tf.Tensor2D, vi as tf.Tensor2D, batch, time, heads, bias, tiles);
      const grads = tf.grads((qi: tf.Tensor, ki: tf.Tensor, vi: tf.Tensor) => tf.sum(tf.mul(run(qi, ki, vi), w)));
      return [run(q as tf.Tensor, k, v), ...grads([q as tf.Tensor, k, v])].map(bits);
    });
  } finally {
    setAttentionInPlace(previous);
  }
}

describe("simdHeadsMatMul", () => {
  it("equals simdBatchMatMul over the transposed copies bit for bit, any operand in place", () => {
    if (!simdHeadsMatMulAvailable()) return;
    fc.assert(
      fc.property(
        fc.record({
          batch: fc.integer({ min: 1, max: 3 }),
          heads: fc.integer({ min: 1, max: 4 }),
          m: fc.integer({ min: 1, max: 21 }),
          k: fc.integer({ min: 1, max: 110 }),
          n: fc.integer({ min: 1, max: 19 }),
          transposeA: fc.boolean(),
          aHeads: fc.boolean(),
          bHeads: fc.boolean(),
          outHeads: fc.boolean(),
          seed: fc.integer({ min: 0, max: 1 << 30 }),
        }),
        ({ batch, heads, m, k, n, transposeA, aHeads, bHeads, outHeads, seed }) => {
          const rng = new SeededRandom(seed);
          tf.tidy(() => {
            const [ra, ca] = transposeA ? [k, m] : [m, k];
            const a = aHeads ? randomTensor([batch * ra, heads * ca], rng) : randomTensor([batch * heads, ra, ca], rng);
            const b = bHeads ? randomTensor([batch * k, heads * n], rng) : randomTensor([batch * heads, k, n], rng);
            const out = simdHeadsMatMul(a, b, { batch, heads, transposeA, aHeads, bHeads, outHeads });
            const a3 = aHeads ? toHeads(a, batch, ra, heads) : (a as tf.Tensor3D);
            const b3 = bHeads ? toHeads(b, batch, k, heads) : (b as tf.Tensor3D);
            const expected = simdBatchMatMul(a3, b3, { transposeA, unbatched: true });
            expect(bits(outHeads ? toHeads(out, batch, m, heads) : out)).toEqual(bits(expected));
            expect(out.shape).toEqual(outHeads ? [batch * m, heads * n] : [batch * heads, m, n]);
          });
        },
      ),
      { numRuns: 60 },
    );
  }, 120_000);

  it("names the operand whose shape does not fit", () => {
    if (!simdHeadsMatMulAvailable()) return;
    tf.tidy(() => {
      expect(() =>
        simdHeadsMatMul(tf.zeros([5, 6]), tf.zeros([4, 3, 2]), { batch: 2, heads: 2, aHeads: true }),
      ).toThrow(/simdHeadsMatMul a/);
      expect(() => simdHeadsMatMul(tf.zeros([4, 3, 2]), tf.zeros([4, 5, 2]), { batch: 2, heads: 2 })).toThrow(
        /inner sizes/,
      );
    });
  });
});

describe("causalAttention in place", () => {
  const cases = fc.record({
    batch: fc.integer({ min: 1, max: 3 }),
    heads: fc.integer({ min: 1, max: 4 }),
    time: fc.integer({ min: 1, max: 61 }),
    tree: fc.boolean(),
    seed: fc.integer({ min: 0, max: 1 << 30 }),
  });

  it("gives the transposing path's value and gradients of q, k and v bit for bit (causal and packed trees)", () => {
    if (!simdHeadsMatMulAvailable()) return;
    fc.assert(
      fc.property(cases, ({ batch, heads, time, tree, seed }) => {
        const previous = setAttentionInPlace(true);
        const runs = attentionInPlaceRuns(batch, heads);
        setAttentionInPlace(previous);
        expect(runs).toBe(batch * heads > 1);
        const inPlace = attentionAndGrads(true, { batch, time, heads, tree, rng: new SeededRandom(seed) });
        const transposing = attentionAndGrads(false, { batch, time, heads, tree, rng: new SeededRandom(seed) });
        expect(inPlace).toEqual(transposing);
      }),
      { numRuns: 40 },
    );
  }, 240_000);

  it("a known case: 2 rows, 4 heads, 53 columns of a tree (tiles and a block of 48 crossed)", () => {
    const args = { batch: 2, time: 53, heads: 4, tree: true };
    const inPlace = attentionAndGrads(true, { ...args, rng: new SeededRandom(7) });
    const transposing = attentionAndGrads(false, { ...args, rng: new SeededRandom(7) });
    expect(inPlace).toEqual(transposing);
    expect(inPlace[0]?.length).toBeGreaterThan(2 * 53 * 4);
  }, 60_000);

  it("agrees with plain tf ops (softmax(q k^T / sqrt(width) + bias) v per head) within float rounding", () => {
    const rng = new SeededRandom(3);
    const [batch, time, heads, width] = [2, 9, 3, 12];
    const previous = setAttentionInPlace(true);
    tf.tidy(() => {
      const [q, k, v] = [0, 1, 2].map(() => randomTensor([batch * time, width], rng)) as tf.Tensor2D[];
      const biasData = treeBias(batch, time, rng);
      const bias = tf.tensor3d(biasData, [batch, time, time]);
      const tiles = tf.tensor3d(visibleTiles(biasData, batch, time), [batch, 3, 3], "int32");
      const got = causalAttention(
        q as tf.Tensor2D,
        k as tf.Tensor2D,
        v as tf.Tensor2D,
        batch,
        time,
        heads,
        bias,
        tiles,
      );
      const [qh, kh, vh] = [q, k, v].map((x) => toHeads(x as tf.Tensor, batch, time, heads));
      const scores = tf.div(tf.matMul(qh as tf.Tensor3D, kh as tf.Tensor3D, false, true), Math.sqrt(width / heads));
      const biased = tf.add(tf.reshape(scores, [batch, heads, time, time]), tf.reshape(bias, [batch, 1, time, time]));
      const o = tf.matMul(tf.reshape(tf.softmax(biased), [batch * heads, time, time]), vh as tf.Tensor3D);
      const expected = tf.reshape(tf.transpose(tf.reshape(o, [batch, heads, time, -1]), [0, 2, 1, 3]), [
        batch * time,
        width,
      ]);
      const diff = tf.max(tf.abs(tf.sub(got, expected))).dataSync()[0] as number;
      expect(diff).toBeLessThan(1e-5);
    });
    setAttentionInPlace(previous);
  });
});
