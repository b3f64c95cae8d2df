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
