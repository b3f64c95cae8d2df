import { Rng } from "@cosir/env";
import { sequenceLogProbs, tokenLogProbs, type DecoderModel, type LoraAdapter } from "@cosir/policy/hf";
import type { AdamOptimizer } from "@cosir/policy/tfjs";
import * as tf from "@tensorflow/tfjs-core";
import type { TrainConfig } from "../config/train-config";
import { learningRateAt } from "../rl/learning-rate";
import { ppoLoss } from "../rl/ppo-loss";
import { derivedSeed } from "../rollout/training-data";
import { type PpoUpdate, emptyPpoUpdate } from "../run/ppo-update";
import type { RlSample } from "../run/rl-samples";

/** Lets pending I/O and timers run between long synchronous tfjs passes. */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((done) => setImmediate(done));
}

/**
 * A LoRA-adapted decoder being trained: the adapter's A and B move, the base stays frozen. The KL reference is the
 * base with `reference` attached (the warm-started adapter, frozen: the policy RL starts from, as the embedded
 * trainer's base/), or the bare base when `reference` is null or absent.
 */
export interface HfLearner {
  model: DecoderModel;
  adapter: LoraAdapter;
  optimizer: AdamOptimizer;
  reference?: LoraAdapter | null;
}

function rowOf(s: RlSample): { tokens: number[]; from: number } {
  return { tokens: [...s.prompt, ...s.completion], from: s.prompt.length };
}

/** Log-probs of each sample's completion, `microbatchSize` rows per forward pass, no gradients. */
function completionLogProbs(model: DecoderModel, samples: readonly RlSample[], microbatchSize: number): number[][] {
  const out: number[][] = [];
  for (let b = 0; b < samples.length; b += microbatchSize) {
    const rows = samples.slice(b, b + microbatchSize).map(rowOf);
    out.push(
      ...sequenceLogProbs(
        model,
        rows.map((r) => r.tokens),
        rows.map((r) => r.from),
      ),
    );
  }
  return out;
}

/**
 * The PPO update of RL iteration `iteration` for a LoRA-adapted decoder (docs/design.md §5), the trainer's `ppoLoss`
 * as it is: old log-probs (recomputed, or the sampler's with `rl.oldLogprobs: "sampler"`) and the reference's (the
 * base with `learner.reference` attached; the old ones when `rl.klCoef` is 0, which then reports kl 0) once; then `rl.ppoEpochs` epochs over minibatches of
 * `rl.minibatchSize` samples in an order drawn from (seed, iteration, epoch), each one Adam step on the adapter whose
 * gradient is accumulated over length-sorted micro-batches of `rl.microbatchSize`, weighted by their share of the
 * minibatch's tokens (so it is the whole minibatch's token-mean loss), clipped to global norm `rl.clipNorm`.
 */
export async function hfPpoUpdate(
  learner: HfLearner,
  config: TrainConfig,
  samples: readonly RlSample[],
  iteration: number,
): Promise<PpoUpdate> {
  const { rl } = config;
  const { model, adapter, optimizer } = learner;
  const update = emptyPpoUpdate(learningRateAt(iteration, rl));
  if (samples.length === 0) return update;
  adapter.training = false;
  const old =
    rl.oldLogprobs === "sampler"
      ? samples.map((s) => s.sampled)
      : completionLogProbs(model, samples, rl.microbatchSize);
  let mismatch = 0;
  let count = 0;
  samples.forEach((s, i) =>
    s.sampled.forEach((v, t) => {
      mismatch += Math.abs(v - old[i]![t]!);
      count++;
    }),
  );
  update.samplerMismatch = count === 0 ? 0 : mismatch / count;
  // with rl.klCoef 0 the reference's log-probs only feed the reported kl: skip its forward pass, as attachLogprobs does
  let ref: number[][] = old;
  if (rl.klCoef > 0) {
    model.adapter = learner.reference ?? null;
    try {
      ref = completionLogProbs(model, samples, rl.microbatchSize);
    } finally {
      model.adapter = adapter;
    }
  }
  optimizer.learningRate = update.learningRate;
  const variables = adapter.variables();
  const list = [...variables.values()];
  adapter.training = true;
  try {
    for (let epoch = 0; epoch < rl.ppoEpochs; epoch++) {
      const order = new Rng(derivedSeed(config.seed, "ppo-order", iteration, epoch)).shuffle([...samples.keys()]);
      for (let b = 0; b < order.length; b += rl.minibatchSize) {
        const chunk = order
          .slice(b, b + rl.minibatchSize)
          .sort(
            (i, j) =>
              samples[i]!.prompt.length +
              samples[i]!.completion.length -
              (samples[j]!.prompt.length + samples[j]!.completion.length),
          );
        // each step is long synchronous tfjs work: let the event loop (timers, a test runner's RPC) run between them
        await yieldToEventLoop();
        const { seen, norm, trainedTokens } = minibatchStep(learner, rl, chunk, { samples, old, ref }, list, variables);
        update.trainedTokens += trainedTokens;
        update.kl.push(seen[0]!);
        update.entropy.push(seen[1]!);
        update.clipFraction.push(seen[2]!);
        update.policyLoss.push(seen[3]!);
        update.gradNorm.push(norm);
      }
    }
  } finally {
    adapter.training = false;
  }
  return update;
}

/** One minibatch's Adam step: gradients accumulated over its micro-batches (token-weighted), clipped, applied. */
function minibatchStep(
  learner: HfLearner,
  rl: TrainConfig["rl"],
  chunk: readonly number[],
  data: { samples: readonly RlSample[]; old: number[][]; ref: number[][] },
  list: tf.Variable[],
  variables: Map<string, tf.Variable>,
): { seen: number[]; norm: number; trainedTokens: number } {
  const { model, optimizer } = learner;
  const { samples, old, ref } = data;
  const ppo = { clipLow: rl.clipLow, clipHigh: rl.clipHigh, klCoef: rl.klCoef, entropyCoef: 0 };
  let trainedTokens = 0;
  const tokens = chunk.reduce((n, i) => n + samples[i]!.completion.length, 0);
  const seen = [0, 0, 0, 0];
  const sum: Record<string, tf.Tensor> = {};
  for (let m = 0; m < chunk.length; m += rl.microbatchSize) {
    const part = chunk.slice(m, m + rl.microbatchSize);
    const n = part.reduce((k, i) => k + samples[i]!.completion.length, 0);
    const weight = n / tokens;
    const flat = (pick: (i: number) => readonly number[]) =>
      tf.tensor2d(
        part.flatMap((i) => [...pick(i)]),
        [1, n],
      );
    const { value, grads } = tf.variableGrads(() => {
      const logprobs = tf.reshape(
        tokenLogProbs(
          model,
          part.map((i) => rowOf(samples[i]!)),
        ),
        [1, n],
      ) as tf.Tensor2D;
      const result = ppoLoss(
        {
          logprobs,
          oldLogprobs: flat((i) => old[i]!),
          refLogprobs: flat((i) => ref[i]!),
          advantages: flat(
            (i) => samples[i]!.tokenAdvantages ?? samples[i]!.completion.map(() => samples[i]!.advantage),
          ),
          mask: tf.ones([1, n]) as tf.Tensor2D,
        },
        ppo,
      );
      [result.kl, result.entropy, result.clipFraction, result.policyLoss].forEach(
        (v, j) => (seen[j] = seen[j]! + weight * v.dataSync()[0]!),
      );
      return tf.mul(result.loss, weight) as tf.Scalar;
    }, list);
    value.dispose();
    for (const [name, g] of Object.entries(grads)) {
      const before = sum[name];
      sum[name] = before === undefined ? g : tf.add(before, g);
      if (before !== undefined) {
        before.dispose();
        g.dispose();
      }
    }
    trainedTokens += part.reduce((k, i) => k + samples[i]!.prompt.length + samples[i]!.completion.length, 0);
  }
  const norm = Math.sqrt(
    Object.values(sum).reduce((s, g) => s + tf.tidy(() => tf.sum(tf.square(g)).dataSync()[0]!), 0),
  );
  optimizer.apply(variables, sum, norm > rl.clipNorm ? rl.clipNorm / norm : 1);
  for (const g of Object.values(sum)) g.dispose();
  return { seen, norm, trainedTokens };
}
