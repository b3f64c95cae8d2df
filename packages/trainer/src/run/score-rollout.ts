import type { Task } from "@cosir/env";
import { scoreEpisode, type EpisodeRewards, type RewardConfig } from "@cosir/rewards";
import type { RlRollout } from "./rl-rollout";

/** Each episode of a rollout scored with the run's rewards (docs/design.md §3), in episode order. */
export function scoreRollout(rollout: RlRollout, rewards: RewardConfig): EpisodeRewards[] {
  return rollout.traces.map((trace, e) => scoreEpisode(rollout.tasks[e] as Task, trace, rewards));
}
