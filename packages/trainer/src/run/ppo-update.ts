import { Rng } from "@cosir/env";
import { tokenLogprobs, type TransformerTrainer } from "@cosir/policy/tfjs";
import type { TrainConfig } from "../config/train-config";
import { learningRateAt } from "../rl/learning-rate";
import { ppoLoss } from "../rl/ppo-loss";
import { derivedSeed } from "../rollout/training-data";
import { attachLogprobs } from "./attach-logprobs";
import { disposePackedSample, packMinibatch } from "./pack-minibatch";
import type { PolicyModel } from "./policy-model";
import type { RlSample } from "./rl-samples";

/** What one PPO update measured: per-minibatch figures (token-weighted over its micro-batches) and totals. */
export interface PpoUpdate {
  kl: number[];
  entropy: number[];
  clipFraction: number[];
  policyLoss: number[];
  gradNorm: number[];
  /** Padded token positions of every forward/backward pass. */
  trainedTokens: number;
  samplerMismatch: number;
  learningRate: number;
}

/**
 * The update of RL iteration `iteration` (docs/design.md §5): old and reference log-probs once (attachLogprobs),
 * then `rl.ppoEpochs` epochs of PPO-clip with a k3 KL to the reference (`rl.klCoef`), over minibatches in an order
 * drawn from (config.seed, iteration, epoch), one optimizer step each, accumulated over length-sorted micro-batches.
 * No samples: no step (the learning rate is still reported).
 */
export function ppoUpdate(
  context: { config: TrainConfig; policy: PolicyModel; reference: PolicyModel; trainer: TransformerTrainer },
  samples: readonly RlSample[],
  iteration: number,
): PpoUpdate {
  const { config, policy: pm, trainer } = context;
  const { rl } = config;
  const update: PpoUpdate = {
    kl: [],
    entropy: [],
    clipFraction: [],
    policyLoss: [],
    gradNorm: [],
    trainedTokens: 0,
    samplerMismatch: 0,
    learningRate: learningRateAt(iteration, rl),
  };
  if (samples.length === 0) return update;
  update.samplerMismatch = attachLogprobs(samples, context, rl);
  trainer.optimizer.learningRate = update.learningRate;
  for (let epoch = 0; epoch < rl.ppoEpochs; epoch++) {
    const order = new Rng(derivedSeed(config.seed, "ppo-order", iteration, epoch)).shuffle([...samples.keys()]);
    for (let b = 0; b < order.length; b += rl.minibatchSize) {
      const chunk = order.slice(b, b + rl.minibatchSize).map((i) => samples[i] as RlSample);
      const { parts, trainedTokens } = packMinibatch(pm, chunk, rl.microbatchSize);
      update.trainedTokens += trainedTokens;
      const seen = [0, 0, 0, 0];
      const result = trainer.trainStepAccumulated(parts, (model, part) => {
        const { logprobs, entropy } = tokenLogprobs(model, part.packed.tokens, { entropy: true });
        const out = ppoLoss(
          {
            logprobs,
            oldLogprobs: part.old,
            refLogprobs: part.ref,
            advantages: part.advantages,
            mask: part.packed.mask,
            ...(entropy ? { entropy } : {}),
          },
          { clipLow: rl.clipLow, clipHigh: rl.clipHigh, klCoef: rl.klCoef, entropyCoef: rl.entropyCoef },
        );
        [out.kl, out.entropy, out.clipFraction, out.policyLoss].forEach(
          (x, j) => (seen[j] = (seen[j] as number) + part.weight * (x.dataSync()[0] as number)),
        );
        return out.loss;
      });
      update.kl.push(seen[0] as number);
      update.entropy.push(seen[1] as number);
      update.clipFraction.push(seen[2] as number);
      update.policyLoss.push(seen[3] as number);
      update.gradNorm.push(result.gradNorm);
      for (const { batch } of parts) disposePackedSample(batch);
    }
  }
  return update;
}
