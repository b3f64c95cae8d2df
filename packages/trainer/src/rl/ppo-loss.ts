import * as tf from "@tensorflow/tfjs-core";

export interface PpoOptions {
  /** Lower clip range: ratios below 1 - clipLow are clipped. Default 0.2. */
  clipLow?: number;
  /** Upper clip range (asymmetric clipping, "clip-higher"); default 0.28. */
  clipHigh?: number;
  /** Weight of the k3 KL estimate to the frozen start policy. Default 0.02. */
  klCoef?: number;
  /** Weight of the entropy bonus. Default 0. */
  entropyCoef?: number;
}

export interface PpoInputs {
  /** Log-probs of the sampled tokens under the policy being trained (differentiable), [B, T]. */
  logprobs: tf.Tensor2D;
  /** Log-probs of the same tokens under the policy that sampled them, [B, T]. */
  oldLogprobs: tf.Tensor2D;
  /** Log-probs under the frozen start policy, [B, T]. */
  refLogprobs: tf.Tensor2D;
  /** Per-token advantages (each action's advantage on each of its tokens), [B, T]. */
  advantages: tf.Tensor2D;
  /** 1 on action tokens, 0 elsewhere, [B, T]. */
  mask: tf.Tensor2D;
  /** Per-token entropy of the policy, [B, T] (needed when entropyCoef > 0). */
  entropy?: tf.Tensor2D;
}

export interface PpoLossResult {
  loss: tf.Scalar;
  /** Token means over the mask: the clipped surrogate, k3 KL, entropy, and the fraction of clipped tokens. */
  policyLoss: tf.Scalar;
  kl: tf.Scalar;
  entropy: tf.Scalar;
  clipFraction: tf.Scalar;
}

/**
 * PPO-clip on token log-ratios of the exact sampled tokens, with a k3 KL penalty to the frozen
 * start policy and an entropy bonus (docs/design.md §5); a token mean over the action tokens:
 *   ratio = exp(lp - lp_old)
 *   pg    = -min(ratio A, clip(ratio, 1 - clipLow, 1 + clipHigh) A)
 *   k3    = exp(lp_ref - lp) - (lp_ref - lp) - 1
 *   loss  = mean_mask(pg + klCoef k3 - entropyCoef H)
 * Call inside tf.tidy / variableGrads; returns scalars the caller disposes.
 */
export function ppoLoss(inputs: PpoInputs, options: PpoOptions = {}): PpoLossResult {
  const clipLow = options.clipLow ?? 0.2;
  const clipHigh = options.clipHigh ?? 0.28;
  const klCoef = options.klCoef ?? 0.02;
  const entropyCoef = options.entropyCoef ?? 0;
  const { logprobs, oldLogprobs, refLogprobs, advantages, mask } = inputs;
  const count = tf.maximum(tf.sum(mask), 1);
  const mean = (x: tf.Tensor) => tf.div(tf.sum(tf.mul(x, mask)), count) as tf.Scalar;
  const ratio = tf.exp(tf.sub(logprobs, oldLogprobs));
  const unclipped = tf.mul(ratio, advantages);
  const clippedRatio = tf.clipByValue(ratio, 1 - clipLow, 1 + clipHigh);
  const clipped = tf.mul(clippedRatio, advantages);
  const pg = tf.neg(tf.minimum(unclipped, clipped));
  const diff = tf.sub(refLogprobs, logprobs);
  const k3 = tf.sub(tf.sub(tf.exp(diff), diff), 1);
  const policyLoss = mean(pg);
  const kl = mean(k3);
  const entropy = inputs.entropy ? mean(inputs.entropy) : tf.scalar(0);
  let loss = tf.add(policyLoss, tf.mul(kl, klCoef)) as tf.Scalar;
  if (entropyCoef !== 0 && inputs.entropy) loss = tf.sub(loss, tf.mul(entropy, entropyCoef)) as tf.Scalar;
  const clipFraction = mean(tf.cast(tf.less(clipped, unclipped), "float32"));
  return { loss, policyLoss, kl, entropy, clipFraction };
}
