import fc from "fast-check";
import * as tf from "@tensorflow/tfjs-core";
import { beforeAll, describe, expect, it } from "vitest";
import { selectBackend } from "../backend";
import { SeededRandom } from "../seeded-random";
import { causalAttention, visibleTiles } from "./causal-attention";
import { weightGradient } from "./linear";
import { blockEnds, setSimdMatMul, simdBatchMatMul, simdBatchMatMulAvailable } from "./simd-batch-mat-mul";

beforeAll(async () => {
  await selectBackend({ log: null });
});

function randomTensor(shape: number[], rng: SeededRandom, scale = 1): tf.Tensor {
  return tf.tensor(
    Float32Array.from({ length: shape.reduce((x, y) => x * y, 1) }, () => rng.normal() * scale),
    shape,
  );
}

/** Runs `fn` under SIMD settings, restoring them after. */
function withSettings<T>(change: Parameters<typeof setSimdMatMul>[0], fn: () => T): T {
  const previous = setSimdMatMul(change);
  try {
    return fn();
  } finally {
    setSimdMatMul(previous);
  }
}

const bits = (t: tf.Tensor) => Array.from(new Uint32Array(Float32Array.from(t.dataSync()).buffer));

/**
 * A packed-tree bias [batch, time, time] as packPrefixTree lays it out: in each row, `used` columns whose parents are
 * earlier columns (or none: a root), each seeing its ancestors and itself; padding columns see only themselves.
 */
function treeBias(batch: number, time: number, rng: SeededRandom, branching: number): Float32Array {
  const bias = new Float32Array(batch * time * time).fill(-1e9);
  for (let r = 0; r < batch; r++) {
    const used = 1 + Math.floor(rng.next() * time);
    for (let c = 0; c < time; c++) {
      const at = (r * time + c) * time;
      bias[at + c] = 0;
      if (c >= used || c === 0) continue;
      // mostly the column before (a chain), sometimes an earlier one (a branch), sometimes a new root
      const u = rng.next();
      const parent = u < branching ? Math.floor(rng.next() * c) - (u < branching / 4 ? c : 0) : c - 1;
      if (parent >= 0) bias.set(bias.subarray((r * time + parent) * time, (r * time + parent) * time + parent + 1), at);
    }
  }
  return bias;
}

// sizes around the tiles' edges: times past a multiple of 4 and 8, shared sizes past a block of 48
const shapes = fc.record({
  batch: fc.integer({ min: 1, max: 3 }),
  heads: fc.integer({ min: 1, max: 3 }),
  time: fc.integer({ min: 1, max: 61 }),
  headWidth: fc.integer({ min: 1, max: 20 }),
  branching: fc.constantFrom(0, 0.2, 0.6),
  seed: fc.integer({ min: 0, max: 1 << 30 }),
});

describe("the tiled SIMD module", () => {
  it("equals the first module and tf.matMul bit for bit (4 x 8 tiles and every edge)", () => {
    expect(simdBatchMatMulAvailable()).toBe(tf.getBackend() === "wasm");
    fc.assert(
      fc.property(
        fc.record({
          batch: fc.integer({ min: 1, max: 4 }),
          m: fc.integer({ min: 1, max: 19 }),
          k: fc.integer({ min: 1, max: 110 }),
          n: fc.integer({ min: 1, max: 27 }),
          layout: fc.constantFrom("same", "a1", "b1"),
          seed: fc.integer({ min: 0, max: 1 << 30 }),
        }),
        ({ batch, m, k, n, layout, seed }) => {
          tf.tidy(() => {
            const rng = new SeededRandom(seed);
            const a = randomTensor([layout === "a1" ? 1 : batch, m, k], rng) as tf.Tensor3D;
            const b = randomTensor([layout === "b1" ? 1 : batch, k, n], rng) as tf.Tensor3D;
            const aT = tf.transpose(a, [0, 2, 1]) as tf.Tensor3D;
            const first = withSettings({ tiled: false }, () => simdBatchMatMul(a, b, { unbatched: true }));
            const tiled = withSettings({ tiled: true }, () => simdBatchMatMul(a, b, { unbatched: true }));
            const tiledT = withSettings({ tiled: true }, () =>
              simdBatchMatMul(aT, b, { unbatched: true, transposeA: true }),
            );
            expect(bits(tiled)).toEqual(bits(first));
            expect(bits(tiledT)).toEqual(bits(first));
            // tf.matMul runs tfjs-wasm's generic loop for batches above 1 (XNNPACK for 1, in its own order)
            if (layout === "same" && batch > 1) expect(bits(tiled)).toEqual(bits(tf.matMul(a, b)));
          });
        },
      ),
      { numRuns: 80 },
    );
  });
});

describe("weightGradient on the tiled module", () => {
  it("reads x as a stored transpose and equals the transposing path (first module) bit for bit", () => {
    fc.assert(
      fc.property(
        fc.record({
          rows: fc.integer({ min: 1, max: 120 }),
          width: fc.constantFrom(1, 5, 16, 33, 64),
          out: fc.constantFrom(1, 7, 16, 64, 80),
          seed: fc.integer({ min: 0, max: 1 << 30 }),
        }),
        ({ rows, width, out, seed }) => {
          tf.tidy(() => {
            const rng = new SeededRandom(seed);
            const x = randomTensor([rows, width], rng) as tf.Tensor2D;
            const dy = randomTensor([rows, out], rng) as tf.Tensor2D;
            const first = withSettings({ linearGradients: true, tiled: false }, () => weightGradient(x, dy));
            const tiled = withSettings({ linearGradients: true, tiled: true }, () => weightGradient(x, dy));
            expect(tiled.shape).toEqual([width, out]);
            expect(bits(tiled)).toEqual(bits(first));
          });
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe("visibleTiles", () => {
  it("marks the 4 x 4 tiles holding a visible entry (a known case)", () => {
    // time 6: a chain 0-1-2, then column 3 a branch off 1, 4 off 3, 5 padding (sees itself)
    const time = 6;
    const parents = [-1, 0, 1, 1, 3, -2];
    const bias = new Float32Array(time * time).fill(-1e9);
    const sees = (c: number): number[] => (parents[c] === -2 ? [c] : [...(c > 0 ? sees(parents[c]!) : []), c]);
    for (let c = 0; c < time; c++) for (const j of sees(c)) bias[c * time + j] = 0;
    // quads of 4: rows 0-3 see columns 0-3 only; rows 4-5 see 0, 1, 3, 4, 5
    expect(Array.from(visibleTiles(bias, 1, time))).toEqual([1, 0, 1, 1]);
    // a row with no visible entry keeps its whole row of tiles
    const blind = new Float32Array(64).fill(-1e9);
    blind[0] = 0;
    expect(Array.from(visibleTiles(blind, 1, 8))).toEqual([1, 1, 1, 1]);
    expect(() => visibleTiles(new Float32Array(5), 1, 2)).toThrow(/bias/);
  });

  it("leaves hidden only tiles whose every entry the bias hides (a float64 oracle of the mask)", () => {
    fc.assert(
      fc.property(shapes, ({ batch, time, branching, seed }) => {
        const bias = treeBias(batch, time, new SeededRandom(seed), branching);
        const tiles = visibleTiles(bias, batch, time);
        const q = Math.ceil(time / 4);
        for (let r = 0; r < batch; r++)
          for (let qi = 0; qi < q; qi++)
            for (let qj = 0; qj < q; qj++) {
              let any = false;
              for (let i = qi * 4; i < Math.min(time, qi * 4 + 4); i++)
                for (let j = qj * 4; j < Math.min(time, qj * 4 + 4); j++) any ||= bias[(r * time + i) * time + j] === 0;
              expect(tiles[(r * q + qi) * q + qj]).toBe(any ? 1 : 0);
            }
      }),
      { numRuns: 40 },
    );
  });
});

describe("mask-aware products", () => {
  it("equal the full products where they count: hidden output tiles 0 (or in full), the rest bit for bit; hidden a tiles skipped", () => {
    fc.assert(
      fc.property(shapes, ({ batch, heads, time, headWidth, branching, seed }) => {
        tf.tidy(() => {
          const rng = new SeededRandom(seed);
          const bh = batch * heads;
          const bias = treeBias(batch, time, rng, branching);
          const q = Math.ceil(time / 4);
          const visible = tf.tensor3d(visibleTiles(bias, batch, time), [batch, q, q], "int32");
          const hidden = (b: number, i: number, j: number) =>
            visible.dataSync()[(Math.floor(b / heads) * q + (i >> 2)) * q + (j >> 2)] === 0;
          const x = randomTensor([bh, time, headWidth], rng) as tf.Tensor3D;
          const yT = randomTensor([bh, headWidth, time], rng) as tf.Tensor3D;
          // the "out" operand: scores x @ yT
          // unbatched: the kernel even for a batch of 1 (tf.matMul would run XNNPACK there, in its own order)
          const full = simdBatchMatMul(x, yT, { unbatched: true });
          const masked = simdBatchMatMul(x, yT, { unbatched: true, tiles: { visible, heads, operand: "out" } });
          // a hidden tile is 0, unless it shares a 4 x 8 output tile with a visible one (then computed in full)
          const fullBits = bits(full);
          const maskedBits = bits(masked);
          const want = fullBits.map((v, e) => {
            const b = Math.floor(e / (time * time));
            return hidden(b, Math.floor(e / time) % time, e % time) && maskedBits[e] === 0 ? 0 : v;
          });
          expect(maskedBits).toEqual(want);
          // and where no 4 x 8 tile has a visible half, hidden tiles are not computed at all
          const rowsOfTiles = maskedBits.filter((v, e) => {
            const b = Math.floor(e / (time * time));
            const [i, j] = [Math.floor(e / time) % time, e % time];
            return hidden(b, i, j) && hidden(b, i, j ^ 4) && j < (time & -8) && v !== 0;
          });
          expect(rowsOfTiles).toEqual([]);
          // the "a" operand: a [time, time] matrix that is exactly 0 wherever the bias hides it (as P and dS are)
          const zeroed = Float32Array.from(randomTensor([bh, time, time], rng).dataSync(), (v, e) =>
            bias[Math.floor(Math.floor(e / (time * time)) / heads) * time * time + (e % (time * time))]! === 0 ? v : 0,
          );
          const p = tf.tensor3d(zeroed, [bh, time, time]);
          const v = randomTensor([bh, time, headWidth], rng) as tf.Tensor3D;
          const a = { unbatched: true, tiles: { visible, heads, operand: "a" as const } };
          const fullPV = bits(simdBatchMatMul(p, v, { unbatched: true }));
          expect(bits(simdBatchMatMul(p, v, a))).toEqual(fullPV);
          // transposed, P^T @ v (attention's dV and dK): the stored operand is still in the bias's orientation
          expect(bits(simdBatchMatMul(p, v, { transposeA: true, ...a }))).toEqual(
            bits(simdBatchMatMul(p, v, { transposeA: true, unbatched: true })),
          );
          if (bh > 1) expect(bits(simdBatchMatMul(p, v, a))).toEqual(bits(tf.matMul(p, v)));
        });
      }),
      { numRuns: 60 },
    );
  });

  it("agree with a float64 oracle on a small tree (3 heads, time 9)", () => {
    tf.tidy(() => {
      const rng = new SeededRandom(11);
      const [heads, time, w] = [3, 9, 5];
      const bias = treeBias(1, time, rng, 0.6);
      const q = Math.ceil(time / 4);
      const visible = tf.tensor3d(visibleTiles(bias, 1, time), [1, q, q], "int32");
      const p = tf.tensor3d(
        Float32Array.from({ length: heads * time * time }, (_, e) =>
          bias[e % (time * time)] === 0 ? rng.normal() : 0,
        ),
        [heads, time, time],
      );
      const v = randomTensor([heads, time, w], rng) as tf.Tensor3D;
      const got = simdBatchMatMul(p, v, { tiles: { visible, heads, operand: "a" } }).dataSync();
      const pv = p.dataSync();
      const vv = v.dataSync();
      for (let h = 0; h < heads; h++)
        for (let i = 0; i < time; i++)
          for (let c = 0; c < w; c++) {
            let s = 0;
            for (let j = 0; j < time; j++) s += pv[(h * time + i) * time + j]! * vv[(h * time + j) * w + c]!;
            expect(Math.abs(got[(h * time + i) * w + c]! - s)).toBeLessThan(1e-5 * (1 + Math.abs(s)));
          }
    });
  });

  it("leave causalAttention over a packed tree bit for bit: values and the gradients of q, k and v", () => {
    fc.assert(
      fc.property(shapes, ({ batch, heads, time, headWidth, branching, seed }) => {
        const before = tf.memory().numTensors;
        tf.tidy(() => {
          const rng = new SeededRandom(seed);
          const width = heads * headWidth;
          const biasData = treeBias(batch, time, rng, branching);
          const bias = tf.tensor3d(biasData, [batch, time, time]);
          const q4 = Math.ceil(time / 4);
          const tiles = tf.tensor3d(visibleTiles(biasData, batch, time), [batch, q4, q4], "int32");
          const [q, k, v, dy] = [0, 1, 2, 3].map(() => randomTensor([batch * time, width], rng, 2)) as tf.Tensor2D[];
          const run = (withTiles: boolean) =>
            tf.grads((a: tf.Tensor, b: tf.Tensor, c: tf.Tensor) =>
              tf.mul(
                causalAttention(
                  a as tf.Tensor2D,
                  b as tf.Tensor2D,
                  c as tf.Tensor2D,
                  batch,
                  time,
                  heads,
                  bias,
                  withTiles ? tiles : undefined,
                ),
                dy!,
              ),
            )([q!, k!, v!]);
          const value = (withTiles: boolean) =>
            causalAttention(q!, k!, v!, batch, time, heads, bias, withTiles ? tiles : undefined);
          expect(bits(value(true))).toEqual(bits(value(false)));
          const fast = run(true);
          const plain = run(false);
          fast.forEach((g, i) => expect(bits(g)).toEqual(bits(plain[i]!)));
          // and with the setting off, the tiles are ignored
          withSettings({ maskedAttention: false }, () => expect(bits(value(true))).toEqual(bits(value(false))));
        });
        expect(tf.memory().numTensors).toBe(before);
      }),
      { numRuns: 40 },
    );
  });

  it("say which tiles do not fit", () => {
    tf.tidy(() => {
      const p = tf.zeros([2, 8, 8]) as tf.Tensor3D;
      const v = tf.zeros([2, 8, 3]) as tf.Tensor3D;
      const wrong = tf.zeros([1, 3, 3], "int32") as tf.Tensor3D;
      const floats = tf.zeros([1, 2, 2]) as tf.Tensor3D;
      if (!simdBatchMatMulAvailable()) return;
      expect(() => simdBatchMatMul(p, v, { tiles: { visible: wrong, heads: 2, operand: "a" } })).toThrow(/tiles/);
      expect(() => simdBatchMatMul(p, v, { tiles: { visible: floats, heads: 2, operand: "a" } })).toThrow(/tiles/);
      // and a mask-aware product has no gradient of its own (attention's custom gradient is the one)
      const visible = tf.ones([1, 2, 2], "int32") as tf.Tensor3D;
      const tiled = (x: tf.Tensor) =>
        simdBatchMatMul(x as tf.Tensor3D, v, { tiles: { visible, heads: 2, operand: "a" } });
      expect(() => tf.grad(tiled)(p)).toThrow(/simdBatchMatMul tiles/);
    });
  });
});

describe("listed blocks (simdBatchMatMul's blockEnds)", () => {
  it("blockEnds: the count of kept rows at the end of each block of 48 that holds any (a known case)", () => {
    expect(Array.from(blockEnds([0, 5, 47, 48, 200, 201, 239, 240]))).toEqual([3, 4, 7, 8]);
    expect(Array.from(blockEnds([]))).toEqual([]);
    expect(() => blockEnds([3, 3])).toThrow(/rows\[1\]/);
  });

  // the product over the kept rows only, with the full product's blocks, against the full product whose other rows of
  // `b` are 0 (a's other rows are not: their terms are a * 0 = +-0): the weight gradients and attention's dK, dV of a
  // last block computed at its read columns only
  it("over kept rows equals the full product with the other rows' terms zero, bit for bit", () => {
    fc.assert(
      fc.property(
        fc.record({
          batch: fc.integer({ min: 1, max: 3 }),
          rows: fc.integer({ min: 1, max: 300 }),
          m: fc.integer({ min: 1, max: 21 }),
          n: fc.integer({ min: 1, max: 19 }),
          keep: fc.constantFrom(0.05, 0.2, 0.6, 1),
          seed: fc.integer({ min: 0, max: 1 << 30 }),
        }),
        ({ batch, rows, m, n, keep, seed }) => {
          if (!simdBatchMatMulAvailable()) return;
          tf.tidy(() => {
            const rng = new SeededRandom(seed);
            const kept = Int32Array.from(
              Array.from({ length: rows }, (_, r) => r).filter((r) => r === 0 || rng.next() < keep),
            );
            const a = randomTensor([batch, rows, m], rng) as tf.Tensor3D;
            const mask = new Float32Array(rows);
            for (const r of kept) mask[r] = 1;
            const b = tf.mul(randomTensor([batch, rows, n], rng), tf.reshape(tf.tensor1d(mask), [1, rows, 1]));
            const full = simdBatchMatMul(a, b as tf.Tensor3D, { transposeA: true, unbatched: true });
            const index = tf.tensor1d(kept, "int32");
            const sub = simdBatchMatMul(tf.gather(a, index, 1) as tf.Tensor3D, tf.gather(b, index, 1) as tf.Tensor3D, {
              transposeA: true,
              unbatched: true,
              blockEnds: blockEnds(kept),
            });
            expect(bits(sub)).toEqual(bits(full));
          });
        },
      ),
      { numRuns: 60 },
    );
  });

  it("matters: the kept rows summed in blocks of 48 of their own differ from the full product (a known case)", () => {
    if (!simdBatchMatMulAvailable()) return;
    tf.tidy(() => {
      const rng = new SeededRandom(7);
      // 200 rows, every other one kept: the kept rows' own blocks of 48 would straddle the full product's
      const kept = Int32Array.from({ length: 100 }, (_, i) => 2 * i);
      const a = randomTensor([1, 100, 16], rng) as tf.Tensor3D;
      const b = randomTensor([1, 100, 8], rng) as tf.Tensor3D;
      const listed = simdBatchMatMul(a, b, { transposeA: true, unbatched: true, blockEnds: blockEnds(kept) });
      const own = simdBatchMatMul(a, b, { transposeA: true, unbatched: true });
      expect(bits(listed)).not.toEqual(bits(own));
    });
  });
});
