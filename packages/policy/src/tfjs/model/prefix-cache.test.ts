import * as tf from "@tensorflow/tfjs-core";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { selectBackend } from "../backend";
import { sampleTokens } from "../sampling/sample-tokens";
import { PrefixCache } from "./prefix-cache";
import { Transformer } from "./transformer";

beforeAll(async () => {
  await selectBackend({ log: null });
});

const vocab = 13;
const token = fc.integer({ min: 1, max: vocab - 1 });

/** Calls of a sampler: each prompt of a later call extends an earlier prompt's first part (a seat's next turn). */
const calls = fc
  .record({
    headers: fc.array(fc.array(token, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 4 }),
    turns: fc.array(
      fc.array(fc.record({ seat: fc.nat(), keep: fc.nat(), more: fc.array(token, { maxLength: 5 }) }), {
        minLength: 1,
        maxLength: 4,
      }),
      { minLength: 1, maxLength: 4 },
    ),
  })
  .map(({ headers, turns }) => {
    const last = headers.map((h) => [...h]);
    return turns.map((call) =>
      call.map(({ seat, keep, more }) => {
        const s = seat % headers.length;
        const before = last[s] as number[];
        const prompt = [...before.slice(0, 1 + (keep % before.length)), ...more];
        last[s] = prompt;
        return prompt;
      }),
    );
  });

describe("PrefixCache with Transformer.prefillCached", () => {
  it("samples the same tokens with the same log-probs (1e-5) as re-prefilling every prompt, with and without token shift", () => {
    for (const tokenShift of [false, true]) {
      const model = new Transformer(
        { vocabSize: vocab, width: 16, layers: 2, heads: 2, context: 64, initScale: 0.6, tokenShift },
        { seed: 4 },
      );
      fc.assert(
        fc.property(calls, fc.nat(), fc.integer({ min: 1, max: 3 }), (list, seed, capacity) => {
          const before = tf.memory().numTensors;
          const prefixes = new PrefixCache(capacity, 200);
          list.forEach((prompts, c) => {
            const options = { maxTokens: 4, seed: seed + c, stopToken: 1 };
            const plain = sampleTokens(model, prompts, options);
            const cached = sampleTokens(model, prompts, { ...options, prefixCache: prefixes });
            expect(cached.tokens).toEqual(plain.tokens);
            cached.logprobs.forEach((row, r) =>
              row.forEach((lp, j) => expect(Math.abs(lp - plain.logprobs[r]![j]!)).toBeLessThan(1e-5)),
            );
          });
          expect(prefixes.prompts).toBeLessThanOrEqual(capacity);
          prefixes.dispose();
          expect(tf.memory().numTensors).toBe(before);
        }),
        { numRuns: 20 },
      );
      model.dispose();
    }
  });

  it("runs only the tokens after the longest held prefix, at their own positions", () => {
    const model = new Transformer({ vocabSize: vocab, width: 8, layers: 1, heads: 2, context: 32 }, { seed: 1 });
    const prefixes = new PrefixCache();
    const first = model.prefillCached([[2, 3, 4, 5]], prefixes);
    expect(first.reused).toBe(0);
    const second = model.prefillCached(
      [
        [2, 3, 4, 6, 7],
        [2, 3, 4, 5],
        [9, 9],
      ],
      prefixes,
    );
    // 3 shared, 3 of 4 (the last token is always run), none
    expect(second.reused).toBe(6);
    expect(second.cache.nextPositions).toEqual([5, 4, 2]);
    const plain = model.prefill([
      [2, 3, 4, 6, 7],
      [2, 3, 4, 5],
      [9, 9],
    ]);
    const gap = tf.tidy(() => tf.max(tf.abs(tf.sub(second.logits, plain.logits))).dataSync()[0]!);
    expect(gap).toBeLessThan(1e-5);
    for (const r of [first, second, plain]) {
      r.cache.dispose();
      r.logits.dispose();
    }
    expect(prefixes.prompts).toBe(4);
    prefixes.clear();
    expect(prefixes.size).toBe(0);
    model.dispose();
  });

  it("refuses a capacity or pool size that is not a positive integer", () => {
    expect(() => new PrefixCache(0)).toThrow(/capacity/);
    expect(() => new PrefixCache(4, 1.5)).toThrow(/maxPositions/);
  });
});
