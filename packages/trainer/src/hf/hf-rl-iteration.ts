import { runEpisodes } from "@cosir/env";
import { HfPolicy, type HfTokenizer } from "@cosir/policy/hf";
import { armConfig } from "../config/arm-config";
import type { TrainConfig } from "../config/train-config";
import type { RlMetricsLine } from "../metrics/metrics-line";
import { roundMetric } from "../metrics/round-metric";
import { derivedSeed } from "../rollout/training-data";
import { rlMetricsLine } from "../run/rl-metrics-line";
import { rolloutTasks, type RlRollout } from "../run/rl-rollout";
import { rlSamplesFor } from "../run/rl-samples";
import { scoreRollout } from "../run/score-rollout";
import { type HfLearner, hfPpoUpdate, yieldToEventLoop } from "./hf-ppo-update";

/** An RL iteration's metrics line with the tool surface's validity rates. */
export type HfRlMetricsLine = RlMetricsLine & {
  /** Messages that parsed as tool calls (or prose the tool surface reads), pooled over the iteration's episodes. */
  formatValid: number;
  /** Final choices that named an option. */
  choiceValid: number;
};

/** What the Hugging Face RL iteration works on: the learner, its tokenizer, and whether prompts carry tool schemas. */
export type HfRunContext = HfLearner & { tokenizer: HfTokenizer; toolSchemas: boolean };

/** HfPolicy that lets the event loop run before each (long, synchronous) batch of sampling. */
class YieldingHfPolicy extends HfPolicy {
  override async act(observations: Parameters<HfPolicy["act"]>[0]): ReturnType<HfPolicy["act"]> {
    await yieldToEventLoop();
    return super.act(observations);
  }
}

/** The HfPolicy an RL iteration samples from (and whose prompts the learner rescores). */
export function hfSamplingPolicy(learner: HfRunContext, config: TrainConfig, iteration: number): HfPolicy {
  return new YieldingHfPolicy({
    model: learner.model,
    tokenizer: learner.tokenizer,
    seed: derivedSeed(config.seed, "sample", iteration),
    temperature: config.rl.temperature,
    maxNewTokens: config.rl.maxNewTokens,
    enableThinking: false,
    toolSchemas: learner.toolSchemas,
  });
}

/**
 * One self-play RL iteration of a LoRA-adapted Hugging Face decoder on the tool surface (docs/design.md §5), with the
 * trainer's own pieces: the iteration's tasks (rolloutTasks), rewards from @cosir/rewards (scoreRollout), group
 * advantages per message (rlSamplesFor: each reply's tokens carry its own message's advantage), the PPO-clip update
 * (hfPpoUpdate over ppoLoss) and the metrics line (rlMetricsLine), plus the format-valid and choice-valid rates.
 * The config is the arm's (armConfig with the run's reward preset).
 */
export async function hfRlIteration(
  learner: HfRunContext,
  runConfig: TrainConfig,
  iteration: number,
): Promise<HfRlMetricsLine> {
  const config = armConfig(runConfig, runConfig.rewards.preset);
  const started = Date.now();
  const tasks = rolloutTasks(config, iteration);
  const policy = hfSamplingPolicy(learner, config, iteration);
  learner.adapter.training = false;
  const traces = await runEpisodes(tasks, policy, { surface: "tool", seed: tasks.map((_, e) => e) });
  const rollout: RlRollout = { tasks, traces };
  const { rewards: scored, behaviour } = scoreRollout(rollout, config.rewards);
  const rolloutSeconds = (Date.now() - started) / 1000;
  const { samples, dropped } = rlSamplesFor(
    { prompt: (o) => policy.promptIds(o), actSeparator: () => undefined },
    rollout,
    scored,
    config.rl,
  );
  const update = await hfPpoUpdate(learner, config, samples, iteration);
  const line = rlMetricsLine({
    iteration,
    preset: config.rewards.preset,
    rollout,
    scored,
    behaviour,
    samples: samples.length,
    dropped,
    update,
    seconds: (Date.now() - started) / 1000,
    rolloutSeconds,
  });
  const messages = behaviour.reduce((s, b) => s + b.format.messages, 0);
  const valid = behaviour.reduce((s, b) => s + b.format.valid, 0);
  const choices = traces.reduce((s, t) => s + t.choices.length, 0);
  const named = traces.reduce((s, t) => s + t.choices.filter((c) => c.choice !== null).length, 0);
  return {
    ...line,
    formatValid: roundMetric(messages === 0 ? 0 : valid / messages),
    choiceValid: roundMetric(choices === 0 ? 0 : named / choices),
  };
}
