// The LM head's differentiable log-probs (imported by index.mjs): value and gradient in h of log p(target) at 140
// scored positions (a warm-start step of 8 teacher replies) over Qwen3's 151,669-row head, hidden 64. Ours is
// headLogProbs (hand-written gradient, untransposed matmul against a kept W^T); the baseline, in the same run, is the
// generic formula it replaced: matMul(h, W, false, true), a one-hot pick and tf.logSumExp, through tfjs' gradients.
import * as tf from "@tensorflow/tfjs-core";
import { headLogProbs } from "../dist/hf/index.js";

function generic(h, head, targets) {
  const logits = tf.matMul(h, head, false, true);
  const mask = tf.cast(tf.oneHot(tf.tensor1d(targets, "int32"), head.shape[0]), "float32");
  return tf.sub(tf.sum(tf.mul(logits, mask), 1), tf.logSumExp(logits, 1));
}

/** Best wall seconds of `runs` calls of fn (its result disposed), after one warm-up. */
function bestSeconds(fn, runs) {
  tf.dispose(fn());
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    tf.dispose(fn());
    best = Math.min(best, (performance.now() - start) / 1000);
  }
  return best;
}

export async function hfHeadFigures({ report, quick }) {
  const vocab = 151_669;
  const rows = quick ? 16 : 140;
  const head = tf.randomNormal([vocab, 64], 0, 0.5, "float32", 1);
  const headT = tf.transpose(head);
  const h = tf.randomNormal([rows, 64], 0, 1, "float32", 2);
  const targets = Array.from({ length: rows }, (_, i) => (i * 7919) % vocab);
  const grad = (f) => () => tf.grad((x) => tf.sum(f(x)))(h);
  const runs = quick ? 1 : 3;
  const baseline = bestSeconds(
    grad((x) => generic(x, head, targets)),
    runs,
  );
  const ours = bestSeconds(
    grad((x) => headLogProbs(x, head, headT, targets)),
    runs,
  );
  report({
    name: "policy.hf.headLogProbs.gradient",
    value: ours,
    unit: "s",
    baseline,
    ratio: ours / baseline,
    note: `value + gradient in h of log p(target) at ${rows} positions, 151,669 x 64 head; baseline: transposed matMul + one-hot + tf.logSumExp (its gradient runs an Equal mask over all logits)`,
  });
  tf.dispose([head, headT, h]);
}
