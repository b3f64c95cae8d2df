import * as tf from "@tensorflow/tfjs-core";
import { beforeAll, describe, expect, it } from "vitest";
import { renderCanonical, type Act } from "@cosir/env";
import { selectBackend } from "../backend";
import { SeededRandom } from "../seeded-random";
import { Transformer } from "../model/transformer";
import { CanonicalTokenizer } from "../tokenizer/canonical-tokenizer";
import { nextTokenAccuracy, nextTokenLoss } from "./next-token-loss";
import { alignCompletions, packSequences, unpackCompletions } from "./pack-sequences";
import { tokenLogprobs } from "./token-logprobs";
import { TransformerTrainer } from "./transformer-trainer";

const tokenizer = CanonicalTokenizer.fromVocabulary({ maxOptions: 4, maxAttributes: 4, maxAgents: 3, maxNumber: 6 });

beforeAll(async () => {
  await selectBackend({ log: null });
});

/** A small fixed set of (observation, canonical message) pairs. */
function dataset(): { prompt: number[]; completion: number[] }[] {
  const messages: Act[][] = [
    [{ kind: "share", option: 0, attribute: 1, level: 4 }],
    [{ kind: "ask", option: 2, attribute: 3 }],
    [{ kind: "propose", option: 1 }],
    [{ kind: "pass" }],
    [
      { kind: "share", option: 3, attribute: 0, level: 2 },
      { kind: "ask", option: 1, attribute: 2, to: 2 },
    ],
    [
      { kind: "share", option: 2, attribute: 2, level: 5 },
      { kind: "propose", option: 2 },
    ],
  ];
  return messages.map((acts, i) => ({
    prompt: tokenizer.promptIds(
      `AGENT A${i % 3} OF 3 OPTIONS 4 ATTRIBUTES 4 LEVELS 1 5 SUM SEE o${i % 4} a${(i + 1) % 4} ${(i % 5) + 1} HISTORY ROUND ${(i % 3) + 1} OF 3 SAY`,
      48,
    ),
    completion: [...tokenizer.encode(renderCanonical(acts)), tokenizer.eos],
  }));
}

describe("TransformerTrainer", () => {
  it("overfits a fixed set of canonical messages to > 99% token accuracy (seeded)", async () => {
    const model = new Transformer(
      { vocabSize: tokenizer.size, width: 32, layers: 2, heads: 2, context: 48, initScale: 0.05 },
      { seed: 1 },
    );
    const trainer = new TransformerTrainer(model, { learningRate: 1e-2, clipNorm: 1 });
    const batch = packSequences(dataset(), { padToken: tokenizer.pad });
    let last = trainer.trainStep(batch, nextTokenLoss).loss;
    // the first step creates Adam's moments; after it, steps must not add tensors
    const before = tf.memory().numTensors;
    let accuracy = 0;
    for (let step = 1; step < 200 && accuracy <= 0.99; step++) {
      last = trainer.trainStep(batch, nextTokenLoss).loss;
      if (step % 10 === 9) accuracy = nextTokenAccuracy(model, batch);
    }
    expect(tf.memory().numTensors).toBe(before);
    expect(accuracy).toBeGreaterThan(0.99);
    expect(last).toBeLessThan(0.5);
    tf.dispose([batch.tokens, batch.mask]);
    trainer.dispose();
    model.dispose();
  });

  it("clips the gradient norm, and resumes exactly from saved optimizer state", async () => {
    const config = { vocabSize: tokenizer.size, width: 16, layers: 1, heads: 2, context: 48 };
    const batch = packSequences(dataset(), { padToken: tokenizer.pad });
    const a = new Transformer(config, { seed: 4 });
    const trainerA = new TransformerTrainer(a, { learningRate: 1e-2, clipNorm: 1e-3 });
    const first = trainerA.trainStep(batch, nextTokenLoss);
    expect(first.clipped).toBe(true);
    expect(first.gradNorm).toBeGreaterThan(1e-3);
    expect(first.step).toBe(1);
    // snapshot A after one step, continue A; rebuild B from the snapshot and take the same step
    const weights = await a.readWeights();
    const state = new Map<string, { shape: number[]; data: Float32Array }>();
    for (const [name, t] of trainerA.optimizer.stateTensors())
      state.set(name, { shape: t.shape, data: (await t.data()) as Float32Array });
    const nextA = trainerA.trainStep(batch, nextTokenLoss);
    const b = new Transformer(config, { weights });
    const trainerB = new TransformerTrainer(b, { learningRate: 1e-2, clipNorm: 1e-3 });
    trainerB.optimizer.loadState(1, state);
    const nextB = trainerB.trainStep(batch, nextTokenLoss);
    expect(nextB.loss).toBe(nextA.loss);
    expect(nextB.step).toBe(2);
    const wa = await a.readWeights();
    const wb = await b.readWeights();
    for (const [name, w] of wa) expect(Array.from(wb.get(name)!)).toEqual(Array.from(w));
    tf.dispose([batch.tokens, batch.mask]);
    for (const x of [trainerA, trainerB, a, b]) x.dispose();
  });

  it("accumulates a step over parts weighted by their tokens: the same update as one step on the whole batch", async () => {
    const config = { vocabSize: tokenizer.size, width: 16, layers: 2, heads: 2, context: 48, tokenShift: true };
    const data = dataset();
    const whole = packSequences(data, { padToken: tokenizer.pad });
    // sorted by length and cut in two, each part padded only to its own longest sequence
    const sorted = [...data].sort(
      (x, y) => x.prompt.length + x.completion.length - y.prompt.length - y.completion.length,
    );
    const cut = [sorted.slice(0, 2), sorted.slice(2)];
    const tokens = (items: typeof data) => items.reduce((s, x) => s + x.completion.length, 0);
    const parts = cut.map((items) => ({
      batch: packSequences(items, { padToken: tokenizer.pad }),
      weight: tokens(items) / tokens(data),
    }));
    expect(parts[0]!.batch.time).toBeLessThan(whole.time);
    const a = new Transformer(config, { seed: 5 });
    const b = new Transformer(config, { seed: 5 });
    const c = new Transformer(config, { seed: 5 });
    const [ta, tb, tc] = [a, b, c].map((m) => new TransformerTrainer(m, { learningRate: 1e-2, clipNorm: 0.5 }));
    for (let step = 0; step < 3; step++) {
      const ra = ta!.trainStep(whole, nextTokenLoss);
      const before = tf.memory().numTensors;
      const rb = tb!.trainStepAccumulated(parts, nextTokenLoss);
      if (step > 0) expect(tf.memory().numTensors).toBe(before);
      expect(rb.loss).toBeCloseTo(ra.loss, 5);
      expect(rb.gradNorm).toBeCloseTo(ra.gradNorm, 5);
      expect(rb.clipped).toBe(ra.clipped);
      expect(rb.step).toBe(ra.step);
      // one part of weight 1 is trainStep, bit for bit
      const rc = tc!.trainStepAccumulated([{ batch: whole, weight: 1 }], nextTokenLoss);
      expect(rc.loss).toBe(ra.loss);
      expect(rc.gradNorm).toBe(ra.gradNorm);
    }
    const [wa, wb, wc] = await Promise.all([a.readWeights(), b.readWeights(), c.readWeights()]);
    let gap = 0;
    for (const [name, w] of wa) {
      expect(Array.from(wc.get(name)!)).toEqual(Array.from(w));
      w.forEach((x, i) => (gap = Math.max(gap, Math.abs(x - wb.get(name)![i]!))));
    }
    expect(gap).toBeLessThan(1e-5);
    // a part with the wrong weight moves the weights elsewhere (the test can fail)
    const d = new Transformer(config, { seed: 5 });
    const td = new TransformerTrainer(d, { learningRate: 1e-2, clipNorm: 0.5 });
    td.trainStepAccumulated(
      parts.map((p, i) => ({ batch: p.batch, weight: i === 0 ? 1 : p.weight })),
      nextTokenLoss,
    );
    const a1 = new Transformer(config, { seed: 5 });
    const ta1 = new TransformerTrainer(a1, { learningRate: 1e-2, clipNorm: 0.5 });
    ta1.trainStep(whole, nextTokenLoss);
    const [wd, wa1] = await Promise.all([d.readWeights(), a1.readWeights()]);
    let moved = 0;
    for (const [name, w] of wa1) w.forEach((x, i) => (moved = Math.max(moved, Math.abs(x - wd.get(name)![i]!))));
    expect(moved).toBeGreaterThan(1e-4);
    expect(() => ta!.trainStepAccumulated([], nextTokenLoss)).toThrow(/parts/);
    expect(() => ta!.trainStepAccumulated([{ batch: whole, weight: Number.NaN }], nextTokenLoss)).toThrow(
      /parts\[0\]\.weight/,
    );
    tf.dispose([whole.tokens, whole.mask, ...parts.flatMap((p) => [p.batch.tokens, p.batch.mask])]);
    for (const x of [ta!, tb!, tc!, td, ta1, a, b, c, d, a1]) x.dispose();
  });

  it("gives per-token log-probs of completions with gradients (the PPO building block)", async () => {
    const model = new Transformer(
      { vocabSize: tokenizer.size, width: 16, layers: 1, heads: 2, context: 48 },
      { seed: 2 },
    );
    const items = dataset();
    const before = tf.memory().numTensors;
    const batch = packSequences(items, { padToken: tokenizer.pad });
    const { logprobs, entropy } = tokenLogprobs(model, batch.tokens, { entropy: true });
    const rows = unpackCompletions(batch, logprobs.dataSync());
    rows.forEach((row, i) => {
      expect(row.length).toBe(items[i]!.completion.length);
      row.forEach((lp) => expect(lp).toBeLessThan(0));
    });
    const h = entropy!.dataSync();
    expect(h.every((x) => x >= 0 && x <= Math.log(tokenizer.size) + 1e-4)).toBe(true);
    // a policy-gradient style loss built from them differentiates into every weight
    const advantages = alignCompletions(
      batch,
      rows.map((r, i) => r.map(() => (i % 2 === 0 ? 1 : -1))),
    );
    const grads = tf.tidy(
      () =>
        tf.variableGrads(
          () => tf.neg(tf.sum(tf.mul(tokenLogprobs(model, batch.tokens).logprobs, advantages))) as tf.Scalar,
          model.trainableVariables(),
        ).grads,
    );
    expect(Object.keys(grads).length).toBe(model.trainableVariables().length);
    tf.dispose([logprobs, entropy!, advantages, batch.tokens, batch.mask, ...Object.values(grads)]);
    expect(tf.memory().numTensors).toBe(before);
    model.dispose();
  });
});

/**
 * The copy task (the same as bench/index.mjs's token-shift figure): `keys` distinct random tokens,
 * a separator, then `queries` pairs (K, V) where K is one of the keys but the last and V the token
 * that followed it; only the V are learned. Key positions are random, so position alone cannot
 * find V: a model must match K against the token before each key.
 */
function copyTaskBatch(rng: SeededRandom, rows: number, content = 16, keys = 8, queries = 4) {
  const separator = content + 1;
  const time = keys + 1 + 2 * queries;
  const ids = new Int32Array(rows * time);
  const mask = new Float32Array(rows * (time - 1));
  for (let b = 0; b < rows; b++) {
    const pool = Array.from({ length: content }, (_, i) => i + 1);
    for (let i = pool.length - 1; i > 0; i--) {
      const j = rng.int(i + 1);
      [pool[i], pool[j]] = [pool[j]!, pool[i]!];
    }
    const row = [...pool.slice(0, keys), separator];
    for (let q = 0; q < queries; q++) {
      const k = rng.int(keys - 1);
      row.push(pool[k]!, pool[k + 1]!);
      mask[b * (time - 1) + keys + 1 + 2 * q] = 1;
    }
    ids.set(row, b * time);
  }
  return {
    config: { vocabSize: content + 2, width: 64, layers: 2, heads: 4, context: time, initScale: 0.125 },
    tokens: tf.tensor2d(ids, [rows, time], "int32"),
    mask: tf.tensor2d(mask, [rows, time - 1]),
  };
}

describe("token shift", () => {
  it("lets a 2-layer width-64 model learn the copy task in at most 200 steps, where the same model without it stays near chance", () => {
    const evaluation = copyTaskBatch(new SeededRandom(99), 256);
    /** Trains on fresh batches (the same ones for both models) until `stop(accuracy)` or `steps`. */
    const train = (tokenShift: boolean, steps: number, stop: (accuracy: number) => boolean) => {
      const model = new Transformer({ ...evaluation.config, tokenShift }, { seed: 1 });
      const trainer = new TransformerTrainer(model, { learningRate: 1e-2 });
      const rng = new SeededRandom(1);
      let accuracy = 0;
      let step = 0;
      while (step < steps && !stop(accuracy)) {
        const batch = copyTaskBatch(rng, 32);
        trainer.trainStep(batch, nextTokenLoss);
        tf.dispose([batch.tokens, batch.mask]);
        if (++step % 25 === 0) accuracy = nextTokenAccuracy(model, evaluation);
      }
      trainer.dispose();
      model.dispose();
      return { accuracy, step };
    };
    const shifted = train(true, 200, (accuracy) => accuracy > 0.95);
    expect(shifted.accuracy).toBeGreaterThan(0.95);
    // chance is 1/7 (the V of a key is one of the other seven keys); the plain model, given as many steps, has not left it
    const plain = train(false, shifted.step, () => false);
    expect(plain.accuracy).toBeLessThan(0.4);
    tf.dispose([evaluation.tokens, evaluation.mask]);
  });
});
