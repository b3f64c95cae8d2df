import * as tf from "@tensorflow/tfjs-core";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import type { Transformer } from "./transformer";
import { type RandomModelConfig, randomModelConfig, randomTransformer } from "../../test-support/random-transformer";
import { selectBackend } from "../backend";
import { packPrefixTree } from "../training/pack-prefix-tree";
import type { PromptCompletion } from "../training/pack-sequences";
import { setTrainLastBlockAtTargets } from "./last-block-at-targets";
import { setSimdMatMul, simdBlockEndsAvailable } from "./simd-batch-mat-mul";
import { treeStepBits } from "../../test-support/tree-step-bits";

beforeAll(async () => {
  await selectBackend({ log: null });
});

const vocab = 13;

const model = (c: RandomModelConfig) => randomTransformer(c, 160, vocab);

const token = fc.integer({ min: 1, max: vocab - 1 });

/**
 * Seats' turns, each prompt extending its seat's header and history: rows hold branching trees of up to ~150 columns
 * (several blocks of 48 in a row and across rows); `twice` repeats an item (the same targets twice: a duplicate
 * target column, as identical group episodes give).
 */
const treeItems = fc
  .record({
    seats: fc.array(
      fc.record({
        header: fc.array(token, { minLength: 1, maxLength: 70 }),
        turns: fc.array(
          fc.record({
            history: fc.array(token, { maxLength: 25 }),
            completion: fc.array(token, { minLength: 1, maxLength: 8 }),
          }),
          { minLength: 1, maxLength: 3 },
        ),
      }),
      { minLength: 1, maxLength: 4 },
    ),
    twice: fc.boolean(),
  })
  .map(({ seats, twice }) => {
    const items: PromptCompletion[] = [];
    for (const { header, turns } of seats) {
      let history: number[] = [...header];
      for (const t of turns) {
        history = [...history, ...t.history];
        items.push({ prompt: history, completion: t.completion });
      }
    }
    if (twice) items.push({ ...(items[0] as PromptCompletion) });
    return items;
  });

/** The loss sum_k c_k log p(target k) + entropy at each target, and every variable's gradient, as bit patterns. */
function lossAndGradients(m: Transformer, packed: ReturnType<typeof packPrefixTree>, seed: number, atTargets: boolean) {
  const previous = setTrainLastBlockAtTargets(atTargets);
  try {
    return treeStepBits(m, packed, seed);
  } finally {
    setTrainLastBlockAtTargets(previous);
  }
}

describe("the train step's last block at the target columns only (transformerBlockAtRows)", () => {
  it("gives the loss and every weight's gradient of the every-column path bit for bit, without leaking", () => {
    const previous = setSimdMatMul({ linearGradients: true });
    try {
      if (!simdBlockEndsAvailable()) return;
      fc.assert(
        fc.property(
          randomModelConfig,
          treeItems,
          fc.integer({ min: 0, max: 40 }),
          fc.integer({ min: 0, max: 1 << 30 }),
          (c, items, extra, seed) => {
            const m = model(c);
            try {
              const longest = Math.max(...items.map((i) => i.prompt.length + i.completion.length));
              const packed = packPrefixTree(items, { maxColumns: Math.min(160, longest + extra) });
              const full = lossAndGradients(m, packed, seed, false);
              const before = tf.memory().numTensors;
              const fast = lossAndGradients(m, packed, seed, true);
              expect(tf.memory().numTensors).toBe(before);
              expect(fast.loss).toEqual(full.loss);
              for (const [name, g] of Object.entries(full.grads))
                expect({ name, g: fast.grads[name] }).toEqual({ name, g });
            } finally {
              m.dispose();
            }
          },
        ),
        { numRuns: 30 },
      );
    } finally {
      setSimdMatMul(previous);
    }
  }, 300_000);
});
