import { Rng } from "@cosir/env";
import * as tf from "@tensorflow/tfjs-core";
import {
  prefixTreeLogprobs,
  setSimdMatMul,
  tokenLogprobs,
  type Transformer,
  type TransformerTrainer,
} from "@cosir/policy/tfjs";
import type { TrainConfig } from "../config/train-config";
import { learningRateAt } from "../rl/learning-rate";
import { ppoLoss } from "../rl/ppo-loss";
import { derivedSeed } from "../rollout/training-data";
import { attachLogprobs } from "./attach-logprobs";
import {
  disposePackedSample,
  disposePackedTreeSample,
  type PackedSample,
  type PackedTreeSample,
  packMinibatch,
  packMinibatchTree,
} from "./pack-minibatch";
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

/** An update that has trained nothing yet at `learningRate`: the embedded and the Hugging Face updates fill it. */
export function emptyPpoUpdate(learningRate: number): PpoUpdate {
  return {
    kl: [],
    entropy: [],
    clipFraction: [],
    policyLoss: [],
    gradNorm: [],
    trainedTokens: 0,
    samplerMismatch: 0,
    learningRate,
  };
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
  const { rl } = context.config;
  const update = emptyPpoUpdate(learningRateAt(iteration, rl));
  if (samples.length === 0) return update;
  update.samplerMismatch = attachLogprobs(samples, context, rl);
  const previous = setSimdMatMul({ linearGradients: rl.gradientMatMul === "simd" });
  try {
    ppoEpochs(context, samples, iteration, update);
  } finally {
    setSimdMatMul(previous);
  }
  return update;
}

/** `rl.ppoEpochs` epochs of minibatch steps, each one optimizer step; their figures are pushed onto `update`. */
function ppoEpochs(
  context: { config: TrainConfig; policy: PolicyModel; trainer: TransformerTrainer },
  samples: readonly RlSample[],
  iteration: number,
  update: PpoUpdate,
): void {
  const { config, policy: pm, trainer } = context;
  const { rl } = config;
  trainer.optimizer.learningRate = update.learningRate;
  for (let epoch = 0; epoch < rl.ppoEpochs; epoch++) {
    for (const chunk of minibatches(samples, rl, derivedSeed(config.seed, "ppo-order", iteration, epoch))) {
      const seen = [0, 0, 0, 0];
      const loss = (x: ReturnType<typeof ppoLoss>, weight: number) => {
        [x.kl, x.entropy, x.clipFraction, x.policyLoss].forEach(
          (v, j) => (seen[j] = (seen[j] as number) + weight * (v.dataSync()[0] as number)),
        );
        return x.loss;
      };
      const ppo = { clipLow: rl.clipLow, clipHigh: rl.clipHigh, klCoef: rl.klCoef, entropyCoef: rl.entropyCoef };
      let gradNorm: number;
      if (rl.packing === "prefixTree") {
        const { parts, trainedTokens } = packMinibatchTree(pm, chunk, rl.microbatchSize);
        update.trainedTokens += trainedTokens;
        gradNorm = trainer.trainStepAccumulated(parts, (model, part) =>
          loss(treeLoss(model, part, ppo), part.weight),
        ).gradNorm;
        for (const { batch } of parts) disposePackedTreeSample(batch);
      } else {
        const { parts, trainedTokens } = packMinibatch(pm, chunk, rl.microbatchSize);
        update.trainedTokens += trainedTokens;
        gradNorm = trainer.trainStepAccumulated(parts, (model, part) =>
          loss(paddedLoss(model, part, ppo), part.weight),
        ).gradNorm;
        for (const { batch } of parts) disposePackedSample(batch);
      }
      update.kl.push(seen[0] as number);
      update.entropy.push(seen[1] as number);
      update.clipFraction.push(seen[2] as number);
      update.policyLoss.push(seen[3] as number);
      update.gradNorm.push(gradNorm);
    }
  }
}

/**
 * One epoch's minibatches, in an order drawn from `seed`. Packing "none": samples shuffled and cut every
 * `rl.minibatchSize`. "prefixTree": whole trajectories shuffled (a sample without one is its own), and a minibatch
 * closed once it holds `rl.minibatchSize` samples, so one seat's turns share their prefix in one packed row.
 */
function minibatches(samples: readonly RlSample[], rl: TrainConfig["rl"], seed: number): RlSample[][] {
  const out: RlSample[][] = [];
  if (rl.packing !== "prefixTree") {
    const order = new Rng(seed).shuffle([...samples.keys()]);
    for (let b = 0; b < order.length; b += rl.minibatchSize)
      out.push(order.slice(b, b + rl.minibatchSize).map((i) => samples[i] as RlSample));
    return out;
  }
  const groups = new Map<string, RlSample[]>();
  samples.forEach((s, i) => {
    const key = s.trajectory === undefined ? `sample ${i}` : `trajectory ${s.trajectory}`;
    const group = groups.get(key);
    if (group === undefined) groups.set(key, [s]);
    else group.push(s);
  });
  const order = new Rng(seed).shuffle([...groups.values()]);
  let current: RlSample[] = [];
  for (const group of order) {
    current.push(...group);
    if (current.length >= rl.minibatchSize) {
      out.push(current);
      current = [];
    }
  }
  if (current.length > 0) out.push(current);
  return out;
}

type PpoSettings = Parameters<typeof ppoLoss>[1];

function paddedLoss(model: Transformer, part: PackedSample, ppo: PpoSettings): ReturnType<typeof ppoLoss> {
  const { logprobs, entropy } = tokenLogprobs(model, part.packed.tokens, { entropy: true });
  return ppoLoss(
    {
      logprobs,
      oldLogprobs: part.old,
      refLogprobs: part.ref,
      advantages: part.advantages,
      mask: part.packed.mask,
      ...(entropy ? { entropy } : {}),
    },
    ppo,
  );
}

function treeLoss(model: Transformer, part: PackedTreeSample, ppo: PpoSettings): ReturnType<typeof ppoLoss> {
  const { logprobs, entropy } = prefixTreeLogprobs(model, part.tree, { entropy: true });
  const n = part.tree.targetRows.length;
  return ppoLoss(
    {
      logprobs: tf.reshape(logprobs, [1, n]) as tf.Tensor2D,
      oldLogprobs: part.old,
      refLogprobs: part.ref,
      advantages: part.advantages,
      mask: part.mask,
      ...(entropy ? { entropy: tf.reshape(entropy, [1, n]) as tf.Tensor2D } : {}),
    },
    ppo,
  );
}
