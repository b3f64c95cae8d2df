import * as tf from "@tensorflow/tfjs-core";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { type RandomModelConfig, randomModelConfig, randomTransformer } from "../../test-support/random-transformer";
import { expectSameBitsBothWays, floatBits, treeStepBits } from "../../test-support/tree-step-bits";
import { selectBackend } from "../backend";
import { packPrefixTree } from "../training/pack-prefix-tree";
import type { PromptCompletion } from "../training/pack-sequences";
import { prefixTreeLogprobs } from "../training/prefix-tree-logprobs";
import { gradientTapeOn, linear, setLeanLinear } from "./linear";
import { PrefixCache } from "./prefix-cache";
import { setSimdMatMul } from "./simd-batch-mat-mul";

beforeAll(async () => {
  await selectBackend({ log: null });
});

const vocab = 13;
const token = fc.integer({ min: 1, max: vocab - 1 });

/** Seats' turns, each prompt extending its seat's header and history: packed prefix trees of up to ~100 columns. */
const treeItems = fc
  .array(
    fc.record({
      header: fc.array(token, { minLength: 1, maxLength: 50 }),
      turns: fc.array(
        fc.record({
          history: fc.array(token, { maxLength: 20 }),
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

/** `run` with setLeanLinear(on), the setting restored after. */
function withLean<T>(on: boolean, run: () => T): T {
  const previous = setLeanLinear(on);
  try {
    return run();
  } finally {
    setLeanLinear(previous);
  }
}

describe("gradientTapeOn (whether tfjs records kernels for a gradient)", () => {
  it("is false outside a gradient and inside a custom gradient's own forward, true where kernels are recorded", () => {
    expect(gradientTapeOn()).toBe(false);
    const seen: boolean[] = [];
    const f = tf.customGrad((x, save) => {
      seen.push(gradientTapeOn());
      (save as tf.GradSaveFunc)([]);
      return { value: tf.mul(x as tf.Tensor, 2), gradFunc: (dy) => tf.mul(dy, 2) };
    });
    const g = tf.grad((x: tf.Tensor) => {
      seen.push(gradientTapeOn());
      return f(x) as tf.Tensor;
    });
    tf.tidy(() => {
      expect(Array.from(g(tf.scalar(3)).dataSync())).toEqual([2]);
    });
    expect(seen).toEqual([true, false]);
    expect(gradientTapeOn()).toBe(false);
  });
});

describe("dense layers with less bookkeeping (setLeanLinear)", () => {
  it("a known case: the same product and gradients with it on and off, outside and inside a gradient", () => {
    for (const on of [true, false])
      withLean(on, () =>
        tf.tidy(() => {
          const x = tf.tensor2d([
            [1, 2],
            [3, -4],
          ]);
          const w = tf.variable(
            tf.tensor2d([
              [1, -1, 0.5],
              [2, 0, -3],
            ]),
          );
          expect(linear(x, w).arraySync()).toEqual([
            [5, -1, -5.5],
            [-5, -3, 13.5],
          ]);
          expect(linear(x, w, "relu").arraySync()).toEqual([
            [5, 0, 0],
            [0, 0, 13.5],
          ]);
          // d/dW sum(relu(x W)) = x^T [y > 0]; d/dx = [y > 0] W^T
          const { value, grads } = tf.variableGrads(() => tf.sum(linear(x, w, "relu")) as tf.Scalar, [w]);
          expect(value.dataSync()[0]).toBe(18.5);
          expect(grads[w.name]?.arraySync()).toEqual([
            [1, 0, 3],
            [2, 0, -4],
          ]);
          const dx = tf.grad((input: tf.Tensor) => tf.sum(linear(input as tf.Tensor2D, w, "relu")))(x);
          expect(dx.arraySync()).toEqual([
            [1, 2],
            [0.5, -3],
          ]);
          w.dispose();
        }),
      );
  });

  it("saves no copy of a variable weight in a train step: fewer Identity kernels, the same loss", async () => {
    const m = randomTransformer({ heads: 2, headWidth: 4, layers: 2, tokenShift: false, seed: 7 }, 64, vocab);
    const packed = packPrefixTree(
      [
        { prompt: [1, 2, 3, 4, 5], completion: [6, 7] },
        { prompt: [1, 2, 3, 4, 5, 6, 7, 8], completion: [9] },
      ],
      { maxColumns: 64 },
    );
    const identities = async (on: boolean) => {
      const profile = await tf.profile(() => withLean(on, () => treeStepBits(m, packed, 1)));
      return profile.kernels.filter((k) => k.name === "Identity").length;
    };
    try {
      const on = await identities(true);
      const off = await identities(false);
      // seven dense layers a block (q, k, v, proj, fc1, fc2) and none in the head, which multiplies by a transpose
      expect(off - on).toBe(6 * 2);
    } finally {
      m.dispose();
    }
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
              const { loss, grads } = withLean(on, () => treeStepBits(m, packed, seed));
              return [
                loss,
                ...Object.keys(grads)
                  .sort()
                  .map((k) => grads[k] as number[]),
              ];
            }, before);
          } finally {
            m.dispose();
            setSimdMatMul(previous);
          }
        },
      ),
      { numRuns: 30 },
    );
  }, 120_000);

  it("gives a prefill's, decode steps' and the reference pass's logits, caches and log-probs bit for bit", () => {
    fc.assert(
      fc.property(
        randomModelConfig,
        treeItems,
        fc.array(fc.array(token, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 4 }),
        (c: RandomModelConfig, items, steps) => {
          const m = randomTransformer(c, 128, vocab);
          try {
            const prompts = items.map((item) => item.prompt);
            const packed = packPrefixTree(items, { maxColumns: 128 });
            const before = tf.memory().numTensors;
            expectSameBitsBothWays(
              (on) =>
                withLean(on, () => {
                  const out: number[][] = [];
                  out.push(tf.tidy(() => floatBits(prefixTreeLogprobs(m, packed, { inference: true }).logprobs)));
                  const prefixes = new PrefixCache();
                  const { cache, logits } = m.prefillCached(prompts, prefixes);
                  prefixes.dispose();
                  out.push(floatBits(logits));
                  logits.dispose();
                  for (const step of steps) {
                    const next = m.decodeStep(
                      cache,
                      prompts.map((_, r) => step[r % step.length] as number),
                    );
                    out.push(floatBits(next));
                    next.dispose();
                    for (const t of [...cache.keys, ...cache.values]) out.push(floatBits(t));
                  }
                  cache.dispose();
                  return out;
                }),
              before,
            );
          } finally {
            m.dispose();
          }
        },
      ),
      { numRuns: 30 },
    );
  }, 120_000);
});
