import * as tf from "@tensorflow/tfjs-core";
import fc from "fast-check";
import { beforeAll, describe, it } from "vitest";
import { randomModelConfig, randomTransformerConfig, setRandomWeights } from "../../test-support/random-transformer";
import { expectSameBitsBothWays, floatBits } from "../../test-support/tree-step-bits";
import { selectBackend } from "../backend";
import { packPrefixTree } from "../training/pack-prefix-tree";
import { prefixTreeLogprobs } from "../training/prefix-tree-logprobs";
import { setHeldHeadWeights } from "./held-head-weights";
import { PrefixCache } from "./prefix-cache";
import { Transformer } from "./transformer";

beforeAll(async () => {
  await selectBackend({ log: null });
});

const token = fc.integer({ min: 1, max: 12 });

describe("the held transpose of the token embedding in the no-gradient passes (setHeldHeadWeights)", () => {
  it("gives the logits of a fresh transpose bit for bit in prefill, decode steps and a tree's log-probs, across a weight change, without leaking", () => {
    fc.assert(
      fc.property(
        randomModelConfig,
        fc.array(fc.array(token, { minLength: 1, maxLength: 30 }), { minLength: 1, maxLength: 5 }),
        fc.array(fc.array(token, { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 4 }),
        (c, prompts, steps) => {
          const config = randomTransformerConfig(c, 64);
          const before = tf.memory().numTensors;
          const packed = packPrefixTree(
            prompts.map((prompt, r) => ({ prompt, completion: steps[r % steps.length] as number[] })),
            { maxColumns: 64 },
          );
          const run = (on: boolean) => {
            const previous = setHeldHeadWeights(on);
            const m = new Transformer(config, { seed: c.seed });
            const out: number[][] = [];
            const treeLogprobs = () =>
              tf.tidy(() => out.push(floatBits(prefixTreeLogprobs(m, packed, { inference: true }).logprobs)));
            try {
              treeLogprobs();
              const prefixes = new PrefixCache();
              const { cache, logits } = m.prefillCached(prompts, prefixes);
              prefixes.dispose();
              out.push(floatBits(logits));
              logits.dispose();
              steps.forEach((step, i) => {
                // halfway, new weights: the held transpose must follow them
                if (i === Math.floor(steps.length / 2)) setRandomWeights(m, c.seed + 1);
                const next = m.decodeStep(
                  cache,
                  prompts.map((_, r) => step[r % step.length] as number),
                );
                out.push(floatBits(next));
                next.dispose();
              });
              cache.dispose();
              treeLogprobs();
            } finally {
              m.dispose();
              setHeldHeadWeights(previous);
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
