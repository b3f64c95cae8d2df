import * as tf from "@tensorflow/tfjs-core";
import { Rng, runEpisodes, type Task } from "@cosir/env";
import {
  alignCompletions,
  packSequences,
  tokenLogprobs,
  unpackCompletions,
  type PackedSequences,
  type PromptCompletion,
  type TransformerTrainer,
} from "@cosir/policy/tfjs";
import { REWARD_TERMS, behaviourMetrics, scoreEpisode, summariseRewards, type RewardConfig } from "@cosir/rewards";
import type { TrainConfig } from "../config/train-config";
import { METRICS_LINE_VERSION, type RlMetricsLine } from "../metrics/metrics-line";
import { meanOf, roundMetric } from "../metrics/round-metric";
import { computeAdvantages } from "../rl/advantages";
import { learningRateAt } from "../rl/learning-rate";
import { ppoLoss } from "../rl/ppo-loss";
import { buildTrajectories } from "../rollout/build-trajectories";
import { derivedSeed, trainingTask } from "../rollout/training-data";
import { samplingPolicy, type PolicyModel } from "./policy-model";

/** What one RL iteration works on; the policy and the optimizer's state change in place. */
export interface RlIterationContext {
  config: TrainConfig;
  rewards: RewardConfig;
  /** The policy being trained (sampled from, then updated). */
  policy: PolicyModel;
  /** The frozen start policy the KL penalty pulls towards. */
  reference: PolicyModel;
  /** Adam over `policy.model`. */
  trainer: TransformerTrainer;
}

/** One micro-batch of the PPO update: packed actions and their per-token old, reference and advantage values. */
interface PackedSample {
  packed: PackedSequences;
  /** The micro-batch's share of the minibatch's action tokens. */
  weight: number;
  old: tf.Tensor2D;
  ref: tf.Tensor2D;
  advantages: tf.Tensor2D;
}

interface RlSample extends PromptCompletion {
  advantage: number;
  /** Log-probs recorded when the tokens were sampled. */
  sampled: number[];
  old?: number[];
  ref?: number[];
}

/** A per-preset setting (rl.gammaByPreset, rl.klCoefByPreset): the preset's own entry, else the general value. */
export function byPreset(table: Readonly<Record<string, number>> | undefined, preset: string, general: number): number {
  return table !== undefined && Object.hasOwn(table, preset) ? (table[preset] as number) : general;
}

/**
 * Per-token log-probs of many prompt + completion pairs under a model, in batches, without gradients. Batches
 * are cut from the items sorted by length, so each pads to about its own length (answers in the input order).
 */
function completionLogprobs(pm: PolicyModel, items: readonly PromptCompletion[], batchSize: number): number[][] {
  const out: number[][] = new Array(items.length);
  const length = (i: number) =>
    (items[i] as PromptCompletion).prompt.length + (items[i] as PromptCompletion).completion.length;
  const order = [...items.keys()].sort((a, b) => length(a) - length(b) || a - b);
  for (let i = 0; i < order.length; i += batchSize) {
    const at = order.slice(i, i + batchSize);
    const packed = packSequences(
      at.map((k) => items[k] as PromptCompletion),
      { padToken: pm.tokenizer.pad },
    );
    const values = tf.tidy(() => tokenLogprobs(pm.model, packed.tokens).logprobs.dataSync());
    packed.tokens.dispose();
    packed.mask.dispose();
    unpackCompletions(packed, values).forEach((lps, j) => {
      out[at[j] as number] = lps;
    });
  }
  return out;
}

/**
 * One self-play RL iteration (docs/design.md §5): `rl.groupSize` sampled episodes for each of
 * `rl.tasksPerIteration` training tasks, rewards, group-normalised advantages, then `rl.ppoEpochs`
 * epochs of PPO-clip with a k3 KL to the reference. "Old" log-probs are recomputed once, before any
 * update. Every random draw derives from (config.seed, iteration), so the same state and iteration
 * give the same line (all but `timing`).
 */
export async function rlIteration(context: RlIterationContext, iteration: number): Promise<RlMetricsLine> {
  const { config, rewards, policy: pm, reference, trainer } = context;
  const { rl } = config;
  const it = iteration;
  const started = Date.now();
  const tasks: Task[] = [];
  for (let k = 0; k < rl.tasksPerIteration; k++) {
    const task = trainingTask(config, "rl", it, k);
    for (let g = 0; g < rl.groupSize; g++) tasks.push(task);
  }
  const policy = samplingPolicy(pm, {
    temperature: rl.temperature,
    maxNewTokens: rl.maxNewTokens,
    seed: derivedSeed(config.seed, "sample", it),
  });
  const traces = await runEpisodes(tasks, policy, { surface: "canonical", seed: tasks.map((_, e) => e) });
  const scored = traces.map((trace, e) => scoreEpisode(tasks[e] as Task, trace, rewards));
  const rolloutSeconds = (Date.now() - started) / 1000;

  const { trajectories, actions } = buildTrajectories(
    pm,
    { tasks, traces, rewards: scored },
    { groupSize: rl.groupSize, maxNewTokens: rl.maxNewTokens },
  );
  const advantages = computeAdvantages(trajectories, {
    gamma: byPreset(rl.gammaByPreset, rewards.preset, rl.gamma),
    meanOnly: rl.meanOnly,
    baseline: rl.baseline,
  });
  const samples: RlSample[] = [];
  let dropped = 0;
  actions.forEach((list, t) =>
    list.forEach((a, k) => {
      const advantage = (advantages[t] as number[])[k] as number;
      if (a.completion.length === 0 || (rl.dropZeroAdvantage && advantage === 0)) {
        dropped++;
        return;
      }
      samples.push({ prompt: a.prompt, completion: a.completion, sampled: a.sampled, advantage });
    }),
  );

  const stats = {
    kl: [] as number[],
    entropy: [] as number[],
    clipFraction: [] as number[],
    gradNorm: [] as number[],
    policyLoss: [] as number[],
  };
  let trainedTokens = 0;
  let samplerMismatch = 0;
  const learningRate = learningRateAt(it, rl);
  const klCoef = byPreset(rl.klCoefByPreset, rewards.preset, rl.klCoef);
  if (samples.length > 0) {
    // "sampler": the log-probs recorded while sampling are the old ones (the same model and tokens, temperature 1
    // unfiltered), so only actions without them are recomputed; "recompute" recomputes all and measures the gap.
    const recompute =
      rl.oldLogprobs === "sampler" ? samples.filter((s) => s.sampled.length !== s.completion.length) : samples;
    const old = completionLogprobs(pm, recompute, rl.minibatchSize);
    recompute.forEach((s, i) => {
      s.old = old[i];
    });
    const ref = completionLogprobs(reference, samples, rl.minibatchSize);
    samples.forEach((s, i) => {
      s.old ??= s.sampled;
      s.ref = ref[i];
    });
    for (const s of recompute)
      (s.old ?? []).forEach((lp, j) => {
        // The sampler's log-probs and the learner's recomputation must agree (same model, same tokens).
        samplerMismatch = Math.max(samplerMismatch, Math.abs(lp - (s.sampled[j] ?? lp)));
      });
    trainer.optimizer.learningRate = learningRate;
    for (let epoch = 0; epoch < rl.ppoEpochs; epoch++) {
      const order = new Rng(derivedSeed(config.seed, "ppo-order", it, epoch)).shuffle([...samples.keys()]);
      for (let b = 0; b < order.length; b += rl.minibatchSize) {
        const chunk = order.slice(b, b + rl.minibatchSize).map((i) => samples[i] as RlSample);
        // One optimizer step per minibatch, its gradient accumulated over micro-batches cut from the minibatch
        // sorted by length, each weighted by its share of the minibatch's action tokens: the gradient of the
        // token-mean loss of the whole minibatch, with each micro-batch padded only to its own longest sequence.
        const byLength = [...chunk].sort(
          (x, y) => x.prompt.length + x.completion.length - (y.prompt.length + y.completion.length),
        );
        const tokens = chunk.reduce((n, s) => n + s.completion.length, 0);
        const parts: { batch: PackedSample; weight: number }[] = [];
        for (let m = 0; m < byLength.length; m += rl.microbatchSize) {
          const micro = byLength.slice(m, m + rl.microbatchSize);
          const packed = packSequences(micro, { padToken: pm.tokenizer.pad });
          const weight = micro.reduce((n, s) => n + s.completion.length, 0) / tokens;
          parts.push({
            weight,
            batch: {
              packed,
              weight,
              old: alignCompletions(
                packed,
                micro.map((s) => s.old as number[]),
              ),
              ref: alignCompletions(
                packed,
                micro.map((s) => s.ref as number[]),
              ),
              advantages: alignCompletions(
                packed,
                micro.map((s) => s.completion.map(() => s.advantage)),
              ),
            },
          });
          trainedTokens += packed.batch * packed.time;
        }
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
            { clipLow: rl.clipLow, clipHigh: rl.clipHigh, klCoef, entropyCoef: rl.entropyCoef },
          );
          [out.kl, out.entropy, out.clipFraction, out.policyLoss].forEach(
            (x, j) => (seen[j] = (seen[j] as number) + part.weight * (x.dataSync()[0] as number)),
          );
          return out.loss;
        });
        stats.kl.push(seen[0] as number);
        stats.entropy.push(seen[1] as number);
        stats.clipFraction.push(seen[2] as number);
        stats.policyLoss.push(seen[3] as number);
        stats.gradNorm.push(result.gradNorm);
        for (const { batch } of parts)
          for (const t of [batch.packed.tokens, batch.packed.mask, batch.old, batch.ref, batch.advantages]) t.dispose();
      }
    }
  }
  const seconds = (Date.now() - started) / 1000;
  const summary = summariseRewards(scored);
  const behaviour = traces.map((trace, e) => behaviourMetrics(tasks[e] as Task, trace));
  const decisive = behaviour.reduce((s, b) => s + b.disclosure.decisive, 0);
  const messages = behaviour.reduce((s, b) => s + b.messages, 0);
  const asking = behaviour.reduce((s, b) => s + (b.askRate ?? 0) * b.messages, 0);
  const sampledTokens = traces.reduce(
    (s, tr) =>
      s +
      tr.messages.reduce((a, m) => a + (m.tokens?.length ?? 0), 0) +
      tr.choices.reduce((a, c) => a + (c.tokens?.length ?? 0), 0),
    0,
  );
  return {
    version: METRICS_LINE_VERSION,
    phase: "rl",
    iteration: it,
    preset: rewards.preset,
    episodes: traces.length,
    rewards: Object.fromEntries(
      [...REWARD_TERMS, "total" as const].map((t) => [t, roundMetric(summary[t])]),
    ) as RlMetricsLine["rewards"],
    teamAccuracy: roundMetric(summary.teamAccuracy),
    disclosure: decisive === 0 ? 0 : roundMetric(behaviour.reduce((s, b) => s + b.disclosure.disclosed, 0) / decisive),
    askRate: messages === 0 ? 0 : roundMetric(asking / messages),
    formatErrors: roundMetric(
      meanOf(
        traces.map(
          (tr) => tr.messages.filter((m) => m.parseError !== undefined).length / Math.max(1, tr.messages.length),
        ),
      ),
    ),
    samples: samples.length,
    droppedZeroAdvantage: dropped,
    learningRate: roundMetric(learningRate),
    kl: roundMetric(meanOf(stats.kl)),
    entropy: roundMetric(meanOf(stats.entropy)),
    clipFraction: roundMetric(meanOf(stats.clipFraction)),
    policyLoss: roundMetric(meanOf(stats.policyLoss)),
    gradNorm: roundMetric(meanOf(stats.gradNorm)),
    samplerMismatch: roundMetric(samplerMismatch),
    timing: {
      seconds: roundMetric(seconds, 4),
      rolloutSeconds: roundMetric(rolloutSeconds, 4),
      episodesPerSecond: roundMetric(traces.length / rolloutSeconds, 4),
      sampledTokensPerSecond: roundMetric(sampledTokens / rolloutSeconds, 4),
      trainTokensPerSecond: roundMetric(trainedTokens / Math.max(1e-9, seconds - rolloutSeconds), 4),
    },
  };
}
