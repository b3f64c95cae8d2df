import * as tf from "@tensorflow/tfjs-core";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { selectBackend } from "../backend";
import { Transformer } from "../model/transformer";
import { nextTokenLoss, nextTokenLossWithNegatives } from "./next-token-loss";
import { packNegatives, packSequences, type PromptCompletion } from "./pack-sequences";

const VOCAB = 12;
const config = { vocabSize: VOCAB, width: 16, layers: 1, heads: 2, context: 16 };

beforeAll(async () => {
  await selectBackend({ log: null });
});

/** The loss by hand: softmax rows of the model's logits, cross-entropy plus weight * -log(1 - P(negatives)). */
function oracleLoss(model: Transformer, items: readonly PromptCompletion[], weight: number): number {
  const packed = packSequences(items, { padToken: 0 });
  const time = packed.time;
  const logits = tf.tidy(() =>
    model.forward(tf.slice(packed.tokens, [0, 0], [items.length, time - 1]) as tf.Tensor2D).arraySync(),
  ) as number[][];
  tf.dispose([packed.tokens, packed.mask]);
  let total = 0;
  let count = 0;
  items.forEach((s, b) => {
    s.completion.forEach((target, j) => {
      const row = logits[b * (time - 1) + s.prompt.length - 1 + j] as number[];
      const max = Math.max(...row);
      const z = row.reduce((n, x) => n + Math.exp(x - max), 0);
      const p = row.map((x) => Math.exp(x - max) / z);
      total -= Math.log(p[target] as number);
      const negative = [...new Set(s.negatives?.[j] ?? [])].reduce((n, id) => n + (p[id] as number), 0);
      total -= weight * Math.log(Math.max(1 - negative, 1e-6));
      count++;
    });
  });
  return total / count;
}

const item = fc
  .record({
    prompt: fc.array(fc.integer({ min: 1, max: VOCAB - 1 }), { minLength: 1, maxLength: 5 }),
    completion: fc.array(fc.integer({ min: 1, max: VOCAB - 1 }), { minLength: 1, maxLength: 4 }),
    seed: fc.integer({ min: 0, max: 1000 }),
  })
  .map(({ prompt, completion, seed }) => ({
    prompt,
    completion,
    // a deterministic subset of the other ids at each position
    negatives: completion.map((t, j) =>
      Array.from({ length: VOCAB }, (_, id) => id).filter((id) => id !== t && (id * 7 + j + seed) % 3 === 0),
    ),
  }));

describe("nextTokenLossWithNegatives", () => {
  it("equals the cross-entropy plus weight * -log(1 - P(negatives)) per target, computed by hand", () => {
    const model = new Transformer(config, { seed: 3 });
    fc.assert(
      fc.property(
        fc.array(item, { minLength: 1, maxLength: 3 }),
        fc.double({ min: 0, max: 5, noNaN: true }),
        (items, w) => {
          const packed = packSequences(items, { padToken: 0 });
          const negatives = packNegatives(items, packed.time, VOCAB);
          const got = nextTokenLossWithNegatives(model, { ...packed, negatives, weight: w }).dataSync()[0] as number;
          tf.dispose([packed.tokens, packed.mask, negatives]);
          expect(got).toBeCloseTo(oracleLoss(model, items, w), 4);
        },
      ),
      { numRuns: 25 },
    );
    model.dispose();
  });

  it("is nextTokenLoss, value and gradient, when nothing is marked", () => {
    const model = new Transformer(config, { seed: 5 });
    const items = [
      { prompt: [1, 4, 5], completion: [6, 7, 2] },
      { prompt: [1, 3], completion: [8, 2] },
    ];
    const packed = packSequences(items, { padToken: 0 });
    const negatives = packNegatives(items, packed.time, VOCAB);
    const vars = [...model.variables.values()];
    const a = tf.variableGrads(() => nextTokenLoss(model, packed), vars);
    const b = tf.variableGrads(() => nextTokenLossWithNegatives(model, { ...packed, negatives, weight: 3 }), vars);
    expect(b.value.dataSync()[0]).toBeCloseTo(a.value.dataSync()[0] as number, 6);
    for (const name of Object.keys(a.grads)) {
      const diff = tf.max(tf.abs(tf.sub(a.grads[name] as tf.Tensor, b.grads[name] as tf.Tensor))).dataSync()[0];
      expect(diff).toBeLessThan(1e-5);
    }
    tf.dispose([
      packed.tokens,
      packed.mask,
      negatives,
      a.value,
      b.value,
      ...Object.values(a.grads),
      ...Object.values(b.grads),
    ]);
    model.dispose();
  });

  it("a gradient step on it takes the marked ids' probability down further than one on the cross-entropy alone", () => {
    // one prompt, two right answers seen as targets; id 9 is marked wrong at the answer's position
    const items: PromptCompletion[] = [
      { prompt: [1, 4], completion: [6], negatives: [[9]] },
      { prompt: [1, 4], completion: [7], negatives: [[9]] },
    ];
    const pNegative = (weight: number, steps: number) => {
      const model = new Transformer(config, { seed: 11 });
      const packed = packSequences(items, { padToken: 0 });
      const negatives = packNegatives(items, packed.time, VOCAB);
      const vars = [...model.variables.values()];
      for (let i = 0; i < steps; i++) {
        const { value, grads } = tf.variableGrads(
          () => nextTokenLossWithNegatives(model, { ...packed, negatives, weight }),
          vars,
        );
        for (const v of vars) tf.tidy(() => v.assign(tf.sub(v, tf.mul(grads[v.name] as tf.Tensor, 0.5))));
        tf.dispose([value, ...Object.values(grads)]);
      }
      const p = tf.tidy(() =>
        tf.softmax(model.forward(tf.tensor2d([[1, 4]], [1, 2], "int32"))).arraySync(),
      ) as number[][];
      tf.dispose([packed.tokens, packed.mask, negatives]);
      model.dispose();
      return (p[1] as number[])[9] as number;
    };
    const before = pNegative(0, 0);
    expect(pNegative(0, 3)).toBeLessThan(before);
    expect(pNegative(5, 3)).toBeLessThan(pNegative(0, 3) * 0.9);
  });
});

describe("packNegatives", () => {
  it("marks each completion position's ids on the row tokenLogprobs scores it at", () => {
    const items = [
      { prompt: [1, 4, 5], completion: [6, 2], negatives: [[3, 8], []] },
      { prompt: [1], completion: [7, 6, 2], negatives: [[], [9]] },
    ];
    const time = 5;
    const t = packNegatives(items, time, VOCAB);
    const rows = t.arraySync() as number[][];
    t.dispose();
    const marked = rows.flatMap((r, i) => r.flatMap((v, id) => (v === 1 ? [`${i}:${id}`] : [])));
    // item 0: completion token 0 at row 2; item 1: completion token 1 at row (time - 1) + 1
    expect(marked).toEqual(["2:3", "2:8", "5:9"]);
  });

  it("refuses a target marked wrong, an id outside the vocabulary, and more entries than the completion", () => {
    expect(() => packNegatives([{ prompt: [1], completion: [6], negatives: [[6]] }], 2, VOCAB)).toThrow(
      /items\[0\]\.negatives\[0\].*other than the target/,
    );
    expect(() => packNegatives([{ prompt: [1], completion: [6], negatives: [[VOCAB]] }], 2, VOCAB)).toThrow(
      /items\[0\]\.negatives\[0\].*0\.\.11/,
    );
    expect(() => packNegatives([{ prompt: [1], completion: [6], negatives: [[], []] }], 2, VOCAB)).toThrow(
      /items\[0\]\.negatives.*at most 1/,
    );
  });
});
