import * as tf from "@tensorflow/tfjs-core";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { selectBackend } from "../tfjs/backend";
import { sequenceLogProbs } from "./decoder-log-probs";
import type { DecoderModel } from "./decoder-model";
import { microDecoder, microQwen3Config } from "../test-support/micro-decoder";
import { LoraAdapter, parseLoraSettings } from "./lora-adapter";
import { tokenLogProbs } from "./token-log-probs";

let model: DecoderModel;

beforeAll(async () => {
  await selectBackend({ log: null });
  model = microDecoder(microQwen3Config, 7);
});

const row = fc
  .array(fc.integer({ min: 0, max: 29 }), { minLength: 2, maxLength: 9 })
  .chain((tokens) => fc.record({ tokens: fc.constant(tokens), from: fc.integer({ min: 1, max: tokens.length - 1 }) }));

describe("tokenLogProbs", () => {
  it("equals sequenceLogProbs (float64 log-softmax, the oracle) on random batches, flattened row by row", () => {
    fc.assert(
      fc.property(fc.array(row, { minLength: 1, maxLength: 3 }), (rows) => {
        const before = tf.memory().numTensors;
        const t = tokenLogProbs(model, rows);
        const got = Array.from(t.dataSync());
        t.dispose();
        expect(tf.memory().numTensors).toBe(before);
        const want = sequenceLogProbs(
          model,
          rows.map((r) => [...r.tokens]),
          rows.map((r) => r.from),
        ).flat();
        expect(got).toHaveLength(want.length);
        got.forEach((v, i) => expect(Math.abs(v - want[i]!)).toBeLessThan(1e-4));
      }),
      { seed: 25, numRuns: 15 },
    );
  });

  it("carries gradients to a LoRA adapter, and refuses a row with nothing to score", () => {
    const adapter = LoraAdapter.create(model, parseLoraSettings({ r: 2 }), 3);
    try {
      const vars = [...adapter.variables().values()];
      const { value, grads } = tf.variableGrads(
        () => tf.sum(tokenLogProbs(model, [{ tokens: [1, 2, 3, 4], from: 1 }])) as tf.Scalar,
        vars,
      );
      const norm = Object.values(grads).reduce((s, g) => s + (tf.sum(tf.square(g)).dataSync()[0] as number), 0);
      expect(norm).toBeGreaterThan(0);
      value.dispose();
      for (const g of Object.values(grads)) g.dispose();
      expect(() => tokenLogProbs(model, [{ tokens: [1, 2], from: 2 }])).toThrow(/rows\[0\]\.from/);
    } finally {
      model.adapter = null;
      adapter.dispose();
    }
  });
});
