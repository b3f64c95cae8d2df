import * as tf from "@tensorflow/tfjs-core";
import type { Transformer } from "../model/transformer";
import type { PackedPrefixTree } from "./pack-prefix-tree";

export interface PrefixTreeLogprobs {
  /** log p(target k | its sequence's tokens before it) for every target of the packed tree: [targets]. */
  logprobs: tf.Tensor1D;
  /** Entropy (nats) of the next-token distribution at each target, when asked for: [targets]. */
  entropy?: tf.Tensor1D;
}

/**
 * Per-token log-probs of the completions packed in a prefix tree (`packPrefixTree`), differentiable with respect
 * to the model's variables: what `tokenLogprobs` gives for each sequence run alone, computed once per shared prefix
 * and with the output layer at the targets only. The target is picked with a one-hot product (no scatter kernel).
 * `inference`: no gradient will be taken (a reference or old-policy pass), so the model may run its last block at
 * the targets only (Transformer.forwardTree's `inference`): the same values bit for bit.
 */
export function prefixTreeLogprobs(
  model: Transformer,
  packed: PackedPrefixTree,
  options: { entropy?: boolean; inference?: boolean } = {},
): PrefixTreeLogprobs {
  return tf.tidy(() => {
    const logp = tf.logSoftmax(model.forwardTree(packed, { inference: options.inference === true }));
    const targets = tf.tensor1d(packed.targetTokens, "int32");
    const out: Record<string, tf.Tensor> = {
      logprobs: tf.sum(tf.mul(logp, tf.oneHot(targets, model.config.vocabSize)), -1),
    };
    if (options.entropy === true) out.entropy = tf.neg(tf.sum(tf.mul(tf.exp(logp), logp), -1));
    return out;
  }) as unknown as PrefixTreeLogprobs;
}
