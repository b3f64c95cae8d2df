import type { Task } from "@cosir/env";
import { scoreEpisodeWithMetrics, type EpisodeMetrics, type EpisodeRewards, type RewardConfig } from "@cosir/rewards";
import type { RlRollout } from "./rl-rollout";

/** A rollout's rewards and behaviour figures, in episode order. */
export interface ScoredRollout {
  rewards: EpisodeRewards[];
  behaviour: EpisodeMetrics[];
}

/**
 * Each episode of a rollout scored with the run's rewards (docs/design.md §3) and its behaviour metrics, both from
 * one evidence replay per episode (scoreEpisodeWithMetrics), in episode order. `perAct` also splits each message's
 * total over its acts (MessageReward.acts), for `rl.credit: "act"`.
 */
export function scoreRollout(
  rollout: RlRollout,
  rewards: RewardConfig,
  options: { perAct?: boolean } = {},
): ScoredRollout {
  const scored: ScoredRollout = { rewards: [], behaviour: [] };
  rollout.traces.forEach((trace, e) => {
    const both = scoreEpisodeWithMetrics(rollout.tasks[e] as Task, trace, rewards, { perAct: options.perAct === true });
    scored.rewards.push(both.rewards);
    scored.behaviour.push(both.metrics);
  });
  return scored;
}
