import { REWARD_TERMS, type RewardTerm } from "../config/reward-config";
import type { EpisodeRewards } from "./score-episode";

export type RewardSummary = Record<RewardTerm | "total", number> & { episodes: number; teamAccuracy: number };

/**
 * Mean over episodes of each raw term summed over the episode's (agent, turn) entries and agents,
 * plus the mean weighted total and team accuracy.
 */
export function summariseRewards(episodes: readonly EpisodeRewards[]): RewardSummary {
  const sums = Object.fromEntries([...REWARD_TERMS, "total"].map((t) => [t, 0])) as Record<
    RewardTerm | "total",
    number
  >;
  let correct = 0;
  for (const e of episodes) {
    for (const m of e.messages) {
      sums.share += m.terms.share;
      sums.ask += m.terms.ask;
      sums.falseClaim += m.terms.falseClaim;
      sums.format += m.terms.format;
    }
    for (const a of e.agents) {
      sums.use += a.terms.use;
      sums.task += a.terms.task;
      sums.accuracy += a.terms.accuracy;
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
