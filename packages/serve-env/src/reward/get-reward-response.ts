import {
  rewardConfig,
  rewardTerms,
  scoreEpisode,
  type AgentReward,
  type EpisodeRewards,
  type MessageReward,
  type RewardConfig,
} from "@cosir/rewards";
import type { GetRewardRequest } from "../protocol/get-reward-request";
import { planRewardRequest, type PlannedQuery } from "./reward-plan";
import { queryReward } from "./score-query";

const messageTerms = rewardTerms.filter((t) => t.scope === "message");

/** OpenRLHF's remote reward response (`rewards`, `scores`, `extra_logs`) plus CoSIR's per-message breakdown. */
export interface GetRewardResponse {
  rewards: number[];
  /** Same as `rewards` (OpenRLHF uses scores for dynamic filtering). */
  scores: number[];
  /** One number per query for each key (OpenRLHF logs them). */
  extra_logs: Record<string, number[]>;
  /** Per query: every message's reward with each term separated (docs/design.md §3). */
  per_message: MessageReward[][];
  /** Per query: each agent's end-of-episode reward. */
  per_agent: AgentReward[][];
  /** Per query: why part of a transcript was not scored (empty when all of it was). */
  errors: string[][];
}

/** Assembles the response from the planned queries and their rewards (same order). */
export function rewardResponseOf(
  planned: readonly PlannedQuery[],
  scored: readonly EpisodeRewards[],
): GetRewardResponse {
  const out: GetRewardResponse = {
    rewards: [],
    scores: [],
    extra_logs: {
      team_correct: [],
      messages: [],
      parse_errors: [],
      transcript_errors: [],
      // Then each message term of @cosir/rewards' table, under its log key, summed over the query's messages.
      ...Object.fromEntries(messageTerms.map((t) => [t.logKey, []])),
    },
    per_message: [],
    per_agent: [],
    errors: [],
  };
  const logs = out.extra_logs as Record<string, number[]>;
  planned.forEach(({ label, trace, errors }, k) => {
    const rewards = scored[k] as EpisodeRewards;
    const reward = queryReward(label, rewards);
    out.rewards.push(reward);
    out.scores.push(reward);
    out.per_message.push(rewards.messages);
    out.per_agent.push(rewards.agents);
    out.errors.push(errors);
    const sum = (f: (m: MessageReward) => number) => rewards.messages.reduce((s, m) => s + f(m), 0);
    logs.team_correct!.push(rewards.teamCorrect ? 1 : 0);
    logs.messages!.push(trace.messages.length);
    logs.parse_errors!.push(trace.messages.filter((m) => m.parseError !== undefined).length);
    logs.transcript_errors!.push(errors.length);
    for (const t of messageTerms) logs[t.logKey]!.push(sum((m) => m.terms[t.name]));
  });
  return out;
}

/**
 * Answers one `/get_reward` request in-process (the server scores on worker threads instead). A bad label is
 * an InvalidArgumentError naming `labels[k]`, a forged JSON trace a TraceProtocolError naming `query[k].trace...`,
 * a body whose scoring would exceed `budget` a BudgetExceededError naming `query[k]` — all before any scoring.
 */
export function getRewardResponse(
  body: GetRewardRequest,
  config: RewardConfig = rewardConfig("cosir"),
  budget?: number,
): GetRewardResponse {
  const planned = planRewardRequest(body, budget);
  return rewardResponseOf(
    planned,
    planned.map(({ label, trace }) => scoreEpisode(label.task, trace, config)),
  );
}
