// The token-shift figure of the policy benchmarks (imported by index.mjs): how many steps a 2-layer
// width-64 transformer needs to learn the copy task with `tokenShift`, against the same model without
// it. The task is the one of src/tfjs/training/transformer-trainer.test.ts, which checks the short
// version (at most 200 steps with, near chance after as many without).
import * as tf from "@tensorflow/tfjs-core";
import { SeededRandom, Transformer, TransformerTrainer, nextTokenAccuracy, nextTokenLoss } from "../dist/tfjs/index.js";

/**
 * `keys` distinct random tokens, a separator, then `queries` pairs (K, V): K one of the keys but the
 * last, V the token that followed it; only the V are learned. Key positions are random, so position
 * alone cannot find V: a model must match K against the token before each key.
 */
function copyTaskBatch(rng, rows, content = 16, keys = 8, queries = 4) {
  const separator = content + 1;
  const time = keys + 1 + 2 * queries;
  const ids = new Int32Array(rows * time);
  const mask = new Float32Array(rows * (time - 1));
  for (let b = 0; b < rows; b++) {
    const pool = Array.from({ length: content }, (_, i) => i + 1);
    for (let i = pool.length - 1; i > 0; i--) {
      const j = rng.int(i + 1);
      [pool[i], pool[j]] = [pool[j], pool[i]];
    }
    const row = [...pool.slice(0, keys), separator];
    for (let q = 0; q < queries; q++) {
      const k = rng.int(keys - 1);
      row.push(pool[k], pool[k + 1]);
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

const target = 0.95;
const every = 25;

/** Trains on fresh batches of 32 (the same for every model) until accuracy > target or `limit` steps. */
function stepsToLearn(tokenShift, limit, evaluation) {
  const model = new Transformer({ ...evaluation.config, tokenShift }, { seed: 1 });
  const trainer = new TransformerTrainer(model, { learningRate: 1e-2 });
  const rng = new SeededRandom(1);
  const curve = [];
  let accuracy = 0;
  let step = 0;
  const start = performance.now();
  while (step < limit && accuracy <= target) {
    const batch = copyTaskBatch(rng, 32);
    trainer.trainStep(batch, nextTokenLoss);
    tf.dispose([batch.tokens, batch.mask]);
    if (++step % every === 0) {
      accuracy = nextTokenAccuracy(model, evaluation);
      curve.push(accuracy);
    }
  }
  const seconds = (performance.now() - start) / 1000;
  trainer.dispose();
  model.dispose();
  return { reached: accuracy > target, step, accuracy, curve, seconds };
}

export function tokenShiftFigures({ report, quick }) {
  const limit = quick ? 150 : 2000;
  const evaluation = copyTaskBatch(new SeededRandom(99), 256);
  const shifted = stepsToLearn(true, limit, evaluation);
  const plain = stepsToLearn(false, limit, evaluation);
  tf.dispose([evaluation.tokens, evaluation.mask]);
  const describe = (run) =>
    `${run.reached ? `reached ${target} at step ${run.step}` : `not reached in ${run.step} steps (accuracy ${run.accuracy.toFixed(3)})`}, ${run.seconds.toFixed(1)} s`;
  // steps of the plain model are a lower bound when it never got there
  report({
    name: "policy.tokenShift.copySteps",
    value: shifted.step,
    unit: "steps",
    baseline: plain.step,
    ratio: plain.step / shifted.step,
    note: `copy task (8 keys of 16 tokens, 4 queries; chance 1/7), 2 layers, width 64, batch 32, Adam 1e-2; steps to ${target} held-out accuracy: token shift ${describe(shifted)}; without ${describe(plain)}`,
  });
  // the two learning curves at the step the token-shift model got there
  const at = Math.min(shifted.curve.length, plain.curve.length) - 1;
  report({
    name: "policy.tokenShift.copyAccuracy",
    value: shifted.curve[at] ?? 0,
    unit: "accuracy",
    baseline: plain.curve[at] ?? 0,
    note: `held-out accuracy of both models after ${(at + 1) * every} steps`,
  });
}
