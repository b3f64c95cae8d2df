import * as tf from "@tensorflow/tfjs-core";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rlFixture } from "../test/rl-fixture";
import { completionLogprobs } from "./completion-logprobs";

let fixture: Awaited<ReturnType<typeof rlFixture>>;
beforeAll(async () => {
  fixture = await rlFixture();
});
afterAll(() => fixture.dispose());

const item = fc.record({
  prompt: fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 30 }),
  completion: fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 8 }),
});

describe("completionLogprobs", () => {
  it("answers in the input order, one log-prob per completion token, whatever the batch size (relation)", () => {
    fc.assert(
      fc.property(fc.array(item, { minLength: 1, maxLength: 6 }), fc.integer({ min: 1, max: 4 }), (items, batch) => {
        const before = tf.memory().numTensors;
        const one = completionLogprobs(fixture.policy, items, 1);
        const batched = completionLogprobs(fixture.policy, items, batch);
        expect(tf.memory().numTensors).toBe(before);
        items.forEach((it, i) => {
          expect(one[i]).toHaveLength(it.completion.length);
          (batched[i] as number[]).forEach((lp, j) => {
            expect(lp).toBeLessThanOrEqual(0);
            expect(lp).toBeCloseTo((one[i] as number[])[j] as number, 4);
          });
        });
      }),
      { numRuns: 15 },
    );
  });
});

describe("completionLogprobs' packing", () => {
  it('"prefixTree" gives "none"\'s log-probs (1e-5) on items that share prefixes', () => {
    const shared = fc
      .tuple(
        fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 12 }),
        fc.array(item, { minLength: 1, maxLength: 6 }),
      )
      .map(([head, rest]) => rest.map((it) => ({ prompt: [...head, ...it.prompt], completion: it.completion })));
    fc.assert(
      fc.property(shared, fc.integer({ min: 1, max: 4 }), (items, batch) => {
        const tree = completionLogprobs(fixture.policy, items, batch, "prefixTree");
        const none = completionLogprobs(fixture.policy, items, batch, "none");
        items.forEach((it, i) => {
          expect(tree[i]).toHaveLength(it.completion.length);
          (tree[i] as number[]).forEach((lp, j) => expect(Math.abs(lp - (none[i] as number[])[j]!)).toBeLessThan(1e-5));
        });
      }),
      { numRuns: 15 },
    );
  });
});
