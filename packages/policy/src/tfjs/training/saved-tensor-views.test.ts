import * as tf from "@tensorflow/tfjs-core";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { randomModelConfig, randomTransformer } from "../../test-support/random-transformer";
import { expectSameBitsBothWays, floatBits, treeStepBits } from "../../test-support/tree-step-bits";
import { selectBackend } from "../backend";
import { setSimdMatMul } from "../model/simd-batch-mat-mul";
import { nextTokenLoss } from "./next-token-loss";
import { packPrefixTree } from "./pack-prefix-tree";
import type { PromptCompletion } from "./pack-sequences";
import { setSavedTensorViews, withSavedTensorViews } from "./saved-tensor-views";
import { TransformerTrainer } from "./transformer-trainer";

beforeAll(async () => {
  await selectBackend({ backend: "wasm", log: null });
});

const vocab = 13;
const token = fc.integer({ min: 1, max: vocab - 1 });

/** Seats' turns, each prompt extending its seat's header and history: packed prefix trees of up to ~100 columns. */
const treeItems = fc
  .array(
    fc.record({
      header: fc.array(token, { minLength: 1, maxLength: 40 }),
      turns: fc.array(
        fc.record({
          history: fc.array(token, { maxLength: 16 }),
          completion: fc.array(token, { minLength: 1, maxLength: 8 }),
        }),
        { minLength: 1, maxLength: 3 },
      ),
    }),
    { minLength: 1, maxLength: 4 },
  )
  .map((seats) => {
    const items: PromptCompletion[] = [];
    for (const { header, turns } of seats) {
      let history: number[] = [...header];
      for (const t of turns) {
        history = [...history, ...t.history];
        items.push({ prompt: history, completion: t.completion });
      }
    }
    return items;
  });

/** `run` with setSavedTensorViews(on), the setting restored after. */
function withViews<T>(on: boolean, run: () => T): T {
  const previous = setSavedTensorViews(on);
  try {
    return run();
  } finally {
    setSavedTensorViews(previous);
  }
}

/** Whether the engine's own saving is in place (no method of this module left on it). */
const engineRestored = () => !Object.hasOwn(tf.engine(), "clone");

describe("saved tensors as views (setSavedTensorViews, withSavedTensorViews)", () => {
  it("a known case: the same gradients with it on and off, no Identity copy with it on, the engine restored", async () => {
    // y = sum(relu(x * w) * x): Multiply saves both inputs, Relu its input, the custom gradient its own input
    const square = tf.customGrad((x, save) => {
      (save as tf.GradSaveFunc)([x as tf.Tensor]);
      return {
        value: tf.square(x as tf.Tensor),
        gradFunc: (dy, saved) => tf.mul(dy, tf.mul(saved[0] as tf.Tensor, 2)),
      };
    });
    const x = tf.tensor1d([1, -2, 3, 0.5]);
    const w = tf.tensor1d([2, 1, -1, 4]);
    const f = (a: tf.Tensor, b: tf.Tensor) => tf.sum(tf.add(tf.mul(tf.relu(tf.mul(a, b)), a), square(a) as tf.Tensor));
    const gradients = (on: boolean) =>
      withViews(on, () =>
        withSavedTensorViews(() => {
          const [dx, dw] = tf.grads(f)([x, w]);
          const out = [Array.from((dx as tf.Tensor).dataSync()), Array.from((dw as tf.Tensor).dataSync())];
          tf.dispose([dx as tf.Tensor, dw as tf.Tensor]);
          return out;
        }),
      );
    const before = tf.memory().numTensors;
    // d/dx = 2 x w [xw > 0] + 2 x; d/dw = x^2 [xw > 0]
    expect(gradients(true)).toEqual([
      [6, -4, 6, 5],
      [1, 0, 0, 0.25],
    ]);
    expect(tf.memory().numTensors).toBe(before);
    expect(gradients(false)).toEqual(gradients(true));
    const identities = async (on: boolean) => {
      const profile = await tf.profile(() => {
        gradients(on);
      });
      return profile.kernels.filter((k) => k.name === "Identity").length;
    };
    expect(await identities(true)).toBe(0);
    expect(await identities(false)).toBeGreaterThanOrEqual(4);
    expect(engineRestored()).toBe(true);
    expect(() =>
      withSavedTensorViews(() => {
        throw new Error("planted");
      }),
    ).toThrow("planted");
    expect(engineRestored()).toBe(true);
    tf.dispose([x, w]);
  });

  it("gives a train step's loss and every weight's gradient bit for bit on random models and trees, without leaking", () => {
    fc.assert(
      fc.property(
        randomModelConfig,
        treeItems,
        fc.boolean(),
        fc.integer({ min: 0, max: 1 << 30 }),
        (c, items, simd, seed) => {
          const previous = setSimdMatMul({ linearGradients: simd });
          const m = randomTransformer(c, 128, vocab);
          try {
            const packed = packPrefixTree(items, { maxColumns: 128 });
            const before = tf.memory().numTensors;
            expectSameBitsBothWays((on) => {
              const { loss, grads } = withViews(on, () => withSavedTensorViews(() => treeStepBits(m, packed, seed)));
              return [
                loss,
                ...Object.keys(grads)
                  .sort()
                  .map((k) => grads[k] as number[]),
              ];
            }, before);
            expect(engineRestored()).toBe(true);
          } finally {
            m.dispose();
            setSimdMatMul(previous);
          }
        },
      ),
      { numRuns: 30 },
    );
  }, 120_000);

  it("leaves TransformerTrainer's steps (whole and accumulated) bit for bit: the same losses, norms and weights", () => {
    fc.assert(
      fc.property(
        randomModelConfig,
        fc.array(fc.array(token, { minLength: 3, maxLength: 24 }), { minLength: 2, maxLength: 5 }),
        (c, rows) => {
          const time = Math.max(...rows.map((r) => r.length));
          const padded = rows.map((r) => [...r, ...new Array(time - r.length).fill(0)]);
          // target t + 1 of each row counts where the row has it
          const mask = rows.map((r) => Array.from({ length: time - 1 }, (_, t) => (t + 1 < r.length ? 1 : 0)));
          const run = (on: boolean) =>
            withViews(on, () => {
              const m = randomTransformer(c, 32, vocab);
              const trainer = new TransformerTrainer(m, { learningRate: 1e-2, clipNorm: 0.5 });
              const batch = { tokens: tf.tensor2d(padded), mask: tf.tensor2d(mask) };
              const half = Math.ceil(rows.length / 2);
              const parts = [
                {
                  batch: { tokens: tf.slice(batch.tokens, 0, half), mask: tf.slice(batch.mask, 0, half) },
                  weight: 0.25,
                },
                { batch: { tokens: tf.slice(batch.tokens, half), mask: tf.slice(batch.mask, half) }, weight: 0.75 },
              ].filter((p) => p.batch.tokens.shape[0] > 0);
              try {
                const whole = trainer.trainStep(batch, nextTokenLoss);
                const accumulated = trainer.trainStepAccumulated(parts, nextTokenLoss);
                const out = [
                  [whole.loss, whole.gradNorm, accumulated.loss, accumulated.gradNorm],
                  ...[...m.variables.values()].map((v) => floatBits(v)),
                ];
                return out;
              } finally {
                tf.dispose([batch.tokens, batch.mask, ...parts.flatMap((p) => [p.batch.tokens, p.batch.mask])]);
                trainer.dispose();
                m.dispose();
              }
            });
          const before = tf.memory().numTensors;
          const on = run(true);
          expect(tf.memory().numTensors).toBe(before);
          expect(on).toEqual(run(false));
          expect(engineRestored()).toBe(true);
        },
      ),
      { numRuns: 20 },
    );
  }, 120_000);

  it("saves no copy in a train step with it on: one Identity kernel (not a save) where the engine's saving makes dozens", async () => {
    const m = randomTransformer({ heads: 2, headWidth: 4, layers: 2, tokenShift: true, seed: 7 }, 64, vocab);
    const packed = packPrefixTree(
      [
        { prompt: [1, 2, 3, 4, 5], completion: [6, 7] },
        { prompt: [1, 2, 3, 4, 5, 6, 7, 8], completion: [9] },
      ],
      { maxColumns: 64 },
    );
    const identities = async (on: boolean) => {
      const profile = await tf.profile(() =>
        withViews(on, () => withSavedTensorViews(() => treeStepBits(m, packed, 1))),
      );
      return profile.kernels.filter((k) => k.name === "Identity").length;
    };
    try {
      const on = await identities(true);
      const off = await identities(false);
      // the one left is no saved tensor: the position table's gradient passes dy on by tf.clone (add-positions.ts)
      expect(on).toBe(1);
      expect(off).toBeGreaterThan(50);
    } finally {
      m.dispose();
    }
  });
});
