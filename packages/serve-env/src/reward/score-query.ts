import type { Trace } from "@cosir/env";
import { scoreEpisode, type EpisodeRewards, type RewardConfig } from "@cosir/rewards";
import type { ResolvedLabel } from "../protocol/cosir-label";
import { planQuery } from "./reward-plan";

export interface QueryScore {
  /** The scalar for the engine: the labelled seat's return, or the team's total return. */
  reward: number;
  trace: Trace;
  rewards: EpisodeRewards;
  /** Why part of the transcript was not scored (empty when all of it was). */
  errors: string[];
}

/** The scalar of a scored query: the labelled seat's return, or the team's total return. */
export function queryReward(label: ResolvedLabel, rewards: EpisodeRewards): number {
  return label.agent !== undefined ? (rewards.returns[label.agent] ?? 0) : rewards.returns.reduce((a, b) => a + b, 0);
}

/**
 * Scores one OpenRLHF query against its label: the response (query minus prompt) is either a JSON trace or a
 * transcript (see parseTranscript), replayed through the protocol and scored with @cosir/rewards. A JSON trace
 * the protocol could not have produced is refused (TraceProtocolError, see planQuery).
 */
export function scoreQuery(
  query: string,
  prompt: string | undefined,
  label: ResolvedLabel,
  config: RewardConfig,
): QueryScore {
  const { trace, errors } = planQuery(query, prompt, label);
  const rewards = scoreEpisode(label.task, trace, config);
  return { reward: queryReward(label, rewards), trace, rewards, errors };
}
