import type { Task, Trace } from "@cosir/env";
import { cosirPreset, type RewardConfig } from "../config/reward-config";
import { scoreEpisode } from "../score/score-episode";
import type { RewardTerm } from "../terms/reward-terms";
import { rewardTerms } from "../terms/reward-terms";

/** One term's raw values in an episode, through scoreEpisode: per message for a message term, per agent otherwise. */
export function termValues(name: RewardTerm, task: Task, trace: Trace, config: RewardConfig = cosirPreset): number[] {
  const rewards = scoreEpisode(task, trace, config);
  const scope = rewardTerms.find((t) => t.name === name)?.scope;
  return scope === "message"
    ? rewards.messages.map((m) => (m.terms as Record<string, number>)[name] as number)
    : rewards.agents.map((a) => (a.terms as Record<string, number>)[name] as number);
}
