import type { TransformerTrainer } from "@cosir/policy/tfjs";
import { armConfig } from "../config/arm-config";
import type { TrainConfig } from "../config/train-config";
import type { RlMetricsLine } from "../metrics/metrics-line";
import type { PolicyModel } from "./policy-model";
import { choiceDistillation } from "./choice-distillation";
import { ppoUpdate } from "./ppo-update";
import { rlMetricsLine } from "./rl-metrics-line";
import { rlRollout } from "./rl-rollout";
import { rlSamples } from "./rl-samples";
import { scoreRollout } from "./score-rollout";

/** What one RL iteration works on; the policy and the optimizer's state change in place. */
export interface RlIterationContext {
  /** The run's config; its rewards (`config.rewards`, resolved) and its arm's overlay (armConfig) apply. */
  config: TrainConfig;
  /** The policy being trained (sampled from, then updated). */
  policy: PolicyModel;
  /** The frozen start policy the KL penalty pulls towards. */
  reference: PolicyModel;
  /** Adam over `policy.model`. */
  trainer: TransformerTrainer;
  /** Reuse each seat's earlier prompts' keys and values in the rollout (rlRollout's prefixCache; default true). */
  prefixCache?: boolean;
}

/**
 * One self-play RL iteration (docs/design.md §5): rollout (rlRollout: `rl.groupSize` sampled episodes for each
 * of `rl.tasksPerIteration` training tasks), score (scoreRollout: rewards and behaviour metrics from one replay
 * per episode), group-normalised advantages (rlSamples), then
 * the update (ppoUpdate: `rl.ppoEpochs` epochs of PPO-clip with a k3 KL to the reference), the choice distillation
 * step when `rl.choiceDistillCoef` > 0 (choiceDistillation), and its metrics line.
 * The config is the arm's (armConfig with the run's reward preset). Every random draw derives from
 * (config.seed, iteration), so the same state and iteration give the same line (all but `timing`).
 */
export async function rlIteration(context: RlIterationContext, iteration: number): Promise<RlMetricsLine> {
  const config = armConfig(context.config, context.config.rewards.preset);
  const started = Date.now();
  const rollout = await rlRollout(config, context.policy, iteration, { prefixCache: context.prefixCache ?? true });
  const { rewards: scored, behaviour } = scoreRollout(rollout, config.rewards, { perAct: config.rl.credit === "act" });
  const rolloutSeconds = (Date.now() - started) / 1000;
  const { samples, dropped } = rlSamples(context.policy, rollout, scored, config.rl);
  const update = ppoUpdate({ ...context, config }, samples, iteration);
  await choiceDistillation({ ...context, config }, rollout, iteration);
  const seconds = (Date.now() - started) / 1000;
  return rlMetricsLine({
    iteration,
    preset: config.rewards.preset,
    rollout,
    scored,
    behaviour,
    samples: samples.length,
    dropped,
    update,
    seconds,
    rolloutSeconds,
  });
}
