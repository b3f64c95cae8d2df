import * as tf from "@tensorflow/tfjs-core";
import type { Transformer } from "../model/transformer";
import { tokenLogprobs } from "./token-logprobs";

/**
 * Supervised next-token cross-entropy (nats per counted token) of right-padded sequences under a
 * mask [batch, time - 1] aligned with `tokenLogprobs` (1 = learn this target). Differentiable: the
 * SFT loss for `TransformerTrainer.trainStep`.
 */
export function nextTokenLoss(model: Transformer, batch: { tokens: tf.Tensor2D; mask: tf.Tensor2D }): tf.Scalar {
  return tf.tidy(() => {
    const { logprobs } = tokenLogprobs(model, batch.tokens);
    const count = tf.maximum(tf.sum(batch.mask), 1);
    return tf.div(tf.neg(tf.sum(tf.mul(logprobs, batch.mask))), count) as tf.Scalar;
  });
}

/**
 * `nextTokenLoss` plus an unlikelihood term on negative ids: weight * sum over targets of -log(1 - P(any negative id))
 * (the probability the model gives the ids `packNegatives` marks at that position), divided by the same count of
 * targets as the cross-entropy. Pushes down wrong continuations the cross-entropy only pushes down through the
 * softmax. With no negative marked, or weight 0, it equals `nextTokenLoss`'s value (its gradient too).
 */
export function nextTokenLossWithNegatives(
  model: Transformer,
  batch: { tokens: tf.Tensor2D; mask: tf.Tensor2D; negatives: tf.Tensor2D; weight: number },
): tf.Scalar {
  return tf.tidy(() => {
    const { logprobs, negativeMass } = tokenLogprobs(model, batch.tokens, { negatives: batch.negatives });
    const count = tf.maximum(tf.sum(batch.mask), 1);
    const crossEntropy = tf.neg(tf.sum(tf.mul(logprobs, batch.mask)));
    const unlikely = tf.neg(
      tf.sum(tf.mul(tf.log(tf.maximum(tf.sub(1, negativeMass as tf.Tensor2D), 1e-6)), batch.mask)),
    );
    return tf.div(tf.add(crossEntropy, tf.mul(unlikely, batch.weight)), count) as tf.Scalar;
  });
}

/** Share of masked targets that are the model's most likely next token (no gradient). */
export function nextTokenAccuracy(model: Transformer, batch: { tokens: tf.Tensor2D; mask: tf.Tensor2D }): number {
  return tf.tidy(() => {
    const [b, time] = batch.tokens.shape;
    const ids = tf.cast(batch.tokens, "int32") as tf.Tensor2D;
    const predicted = tf.reshape(tf.argMax(model.forward(tf.slice(ids, [0, 0], [b, time - 1]) as tf.Tensor2D), -1), [
      b,
      time - 1,
    ]);
    const hit = tf.cast(tf.equal(predicted, tf.slice(ids, [0, 1], [b, time - 1])), "float32");
    const count = tf.sum(batch.mask).dataSync()[0]!;
    return count === 0 ? 1 : tf.sum(tf.mul(hit, batch.mask)).dataSync()[0]! / count;
  });
}
