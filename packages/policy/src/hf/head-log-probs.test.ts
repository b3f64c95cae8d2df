import * as tf from "@tensorflow/tfjs-core";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { selectBackend } from "../tfjs/backend";
import { headLogProbs } from "./head-log-probs";

beforeAll(async () => {
  await selectBackend({ log: null });
});

/** The generic formula (the oracle): logits, log-softmax through tfjs' own gradients, the target by a one-hot mask. */
function oracle(h: tf.Tensor2D, head: tf.Tensor2D, targets: number[]): tf.Tensor1D {
  const logits = tf.matMul(h, head, false, true);
  const mask = tf.cast(tf.oneHot(tf.tensor1d(targets, "int32"), head.shape[0]), "float32");
  return tf.sub(tf.sum(tf.mul(logits, mask), 1), tf.logSumExp(logits, 1)) as tf.Tensor1D;
}

const problem = fc.record({
  n: fc.integer({ min: 1, max: 5 }),
  vocab: fc.integer({ min: 2, max: 40 }),
  width: fc.integer({ min: 1, max: 6 }),
  seed: fc.integer({ min: 0, max: 1_000_000 }),
});

describe("headLogProbs", () => {
  it("gives the generic log-softmax's values and gradient in h (with and without W^T), and leaks no tensors", () => {
    fc.assert(
      fc.property(problem, fc.boolean(), ({ n, vocab, width, seed }, transposed) => {
        const before = tf.memory().numTensors;
        const h = tf.randomNormal([n, width], 0, 2, "float32", seed) as tf.Tensor2D;
        const head = tf.randomNormal([vocab, width], 0, 1, "float32", seed + 1) as tf.Tensor2D;
        const headT = transposed ? tf.transpose(head) : null;
        const targets = Array.from({ length: n }, (_, i) => (seed + 7 * i) % vocab);
        const weights = tf.randomNormal([n], 0, 1, "float32", seed + 2);
        const got = tf.grad((x: tf.Tensor) =>
          tf.sum(tf.mul(headLogProbs(x as tf.Tensor2D, head, headT, targets), weights)),
        )(h);
        const want = tf.grad((x: tf.Tensor) => tf.sum(tf.mul(oracle(x as tf.Tensor2D, head, targets), weights)))(h);
        const value = headLogProbs(h, head, headT, targets);
        const reference = tf.tidy(() => oracle(h, head, targets));
        const close = (a: tf.Tensor, b: tf.Tensor) => {
          const x = a.dataSync();
          const y = b.dataSync();
          x.forEach((v, i) => expect(Math.abs(v - y[i]!)).toBeLessThan(1e-4 * (1 + Math.abs(y[i]!))));
        };
        close(value, reference);
        close(got, want);
        tf.dispose([h, head, weights, got, want, value, reference, ...(headT === null ? [] : [headT])]);
        expect(tf.memory().numTensors).toBe(before);
      }),
      { seed: 25, numRuns: 30 },
    );
  });
});
