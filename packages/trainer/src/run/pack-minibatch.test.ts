import * as tf from "@tensorflow/tfjs-core";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rlFixture } from "../test/rl-fixture";
import { disposePackedSample, packMinibatch } from "./pack-minibatch";
import type { RlSample } from "./rl-samples";

let fixture: Awaited<ReturnType<typeof rlFixture>>;
beforeAll(async () => {
  fixture = await rlFixture();
});
afterAll(() => fixture.dispose());

const sample = fc
  .record({
    prompt: fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 20 }),
    completion: fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 6 }),
    advantage: fc.double({ min: -2, max: 2, noNaN: true }),
  })
  .map((s): RlSample => {
    const lps = s.completion.map((_, j) => -0.1 * (j + 1));
    return { ...s, sampled: lps, old: lps, ref: lps.map((x) => x - 0.01) };
  });

describe("packMinibatch", () => {
  it("cuts length-sorted micro-batches weighted by their share of action tokens, and frees every tensor (invariants)", () => {
    fc.assert(
      fc.property(fc.array(sample, { minLength: 1, maxLength: 12 }), fc.integer({ min: 1, max: 5 }), (chunk, micro) => {
        const before = tf.memory().numTensors;
        const { parts, trainedTokens } = packMinibatch(fixture.policy, chunk, micro);
        expect(parts).toHaveLength(Math.ceil(chunk.length / micro));
        expect(parts.reduce((s, p) => s + p.weight, 0)).toBeCloseTo(1, 12);
        expect(trainedTokens).toBe(parts.reduce((s, p) => s + p.batch.packed.batch * p.batch.packed.time, 0));
        let longest = 0;
        for (const { batch, weight } of parts) {
          expect(batch.weight).toBe(weight);
          expect(batch.old.shape).toEqual(batch.packed.mask.shape);
          expect(batch.advantages.shape).toEqual(batch.packed.mask.shape);
          // sorted by length: no micro-batch is padded beyond the next one's length
          expect(batch.packed.time).toBeGreaterThanOrEqual(longest);
          longest = batch.packed.time;
        }
        // the mask covers exactly the action tokens
        const masked = parts.reduce(
          (s, p) => s + (p.batch.packed.mask.dataSync() as Float32Array).reduce((a, b) => a + b, 0),
          0,
        );
        expect(masked).toBe(chunk.reduce((s, c) => s + c.completion.length, 0));
        for (const { batch } of parts) disposePackedSample(batch);
        expect(tf.memory().numTensors).toBe(before);
      }),
      { numRuns: 25 },
    );
  });
});
