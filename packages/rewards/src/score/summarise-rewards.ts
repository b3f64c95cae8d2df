import { REWARD_TERMS } from "../config/reward-config";
import { rewardTerms, type RewardTerm } from "../terms/reward-terms";
import type { EpisodeRewards } from "./episode-rewards";

export type RewardSummary = Record<RewardTerm | "total", number> & { episodes: number; teamAccuracy: number };

/**
 * Mean over episodes of each raw term of the table summed over the episode's (agent, turn) entries (message
 * terms) or agents (agent terms), plus the mean weighted total and team accuracy.
 */
export function summariseRewards(episodes: readonly EpisodeRewards[]): RewardSummary {
  const sums = Object.fromEntries([...REWARD_TERMS, "total"].map((t) => [t, 0])) as Record<
    RewardTerm | "total",
    number
  >;
  let correct = 0;
  for (const e of episodes) {
    for (const term of rewardTerms) {
      const name = term.name;
      if (term.scope === "message") for (const m of e.messages) sums[name] += m.terms[term.name];
      else for (const a of e.agents) sums[name] += a.terms[term.name];
    }
    for (const r of e.returns) sums.total += r;
    if (e.teamCorrect) correct++;
  }
  const n = episodes.length;
  const mean = Object.fromEntries(Object.entries(sums).map(([k, v]) => [k, n === 0 ? 0 : v / n])) as Record<
    RewardTerm | "total",
    number
  >;
  return { ...mean, episodes: n, teamAccuracy: n === 0 ? 0 : correct / n };
}
