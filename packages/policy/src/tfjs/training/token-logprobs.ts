import * as tf from "@tensorflow/tfjs-core";
import type { Transformer } from "../model/transformer";

export interface TokenLogprobs {
  /** log p(tokens[b, t + 1] | tokens[b, 0..t]) for t = 0..time-2: [batch, time - 1]. */
  logprobs: tf.Tensor2D;
  /** Entropy (nats) of the model's next-token distribution at the same positions, when asked for. */
  entropy?: tf.Tensor2D;
  /** The probability the model gives the ids `options.negatives` marks at each position, when asked for. */
  negativeMass?: tf.Tensor2D;
}

/**
 * Per-token log-probs of right-padded sequences [batch, time] under the model, differentiable with
 * respect to its variables (what PPO and SFT losses are built from). The target is picked with a
 * one-hot product rather than a gather so its gradient needs no scatter kernel.
 */
export function tokenLogprobs(
  model: Transformer,
  tokens: tf.Tensor2D,
  options: { entropy?: boolean; negatives?: tf.Tensor2D } = {},
): TokenLogprobs {
  const [batch, time] = tokens.shape;
  const vocab = model.config.vocabSize;
  const result: TokenLogprobs = tf.tidy(() => {
    const ids = tokens.dtype === "int32" ? tokens : (tf.cast(tokens, "int32") as tf.Tensor2D);
    const inputs = tf.slice(ids, [0, 0], [batch, time - 1]) as tf.Tensor2D;
    const targets = tf.reshape(tf.slice(ids, [0, 1], [batch, time - 1]), [batch * (time - 1)]) as tf.Tensor1D;
    const logp = tf.logSoftmax(model.forward(inputs));
    const picked = tf.sum(tf.mul(logp, tf.oneHot(targets, vocab)), -1);
    const out: Record<string, tf.Tensor> = { logprobs: tf.reshape(picked, [batch, time - 1]) };
    if (options.entropy === true)
      out.entropy = tf.reshape(tf.neg(tf.sum(tf.mul(tf.exp(logp), logp), -1)), [batch, time - 1]);
    // multi-hot [batch * (time - 1), vocab] rows from `packNegatives`
    if (options.negatives !== undefined)
      out.negativeMass = tf.reshape(tf.sum(tf.mul(tf.exp(logp), options.negatives), -1), [batch, time - 1]);
    return out;
  }) as unknown as TokenLogprobs;
  return result;
}
