import { rewardConfig, type AgentReward, type MessageReward, type RewardConfig } from "@cosir/rewards";
import { resolveCosirLabel } from "../protocol/cosir-label";
import type { GetRewardRequest } from "../protocol/get-reward-request";
import { scoreQuery } from "./score-query";

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

/** Answers one `/get_reward` request. A bad label is an InvalidArgumentError naming `labels[k]`. */
export function getRewardResponse(
  body: GetRewardRequest,
  config: RewardConfig = rewardConfig("cosir"),
): GetRewardResponse {
  const labels = body.labels.map((label, k) => resolveCosirLabel(label, `labels[${k}]`));
  const out: GetRewardResponse = {
    rewards: [],
    scores: [],
    extra_logs: {
      team_correct: [],
      messages: [],
      parse_errors: [],
      transcript_errors: [],
      share: [],
      ask: [],
      false_claim: [],
      format: [],
    },
    per_message: [],
    per_agent: [],
    errors: [],
  };
  const logs = out.extra_logs as Record<string, number[]>;
  body.query.forEach((query, k) => {
    const scored = scoreQuery(query, body.prompts?.[k], labels[k]!, config);
    out.rewards.push(scored.reward);
    out.scores.push(scored.reward);
    out.per_message.push(scored.rewards.messages);
    out.per_agent.push(scored.rewards.agents);
    out.errors.push(scored.errors);
    const sum = (f: (m: MessageReward) => number) => scored.rewards.messages.reduce((s, m) => s + f(m), 0);
    logs.team_correct!.push(scored.rewards.teamCorrect ? 1 : 0);
    logs.messages!.push(scored.trace.messages.length);
    logs.parse_errors!.push(scored.trace.messages.filter((m) => m.parseError !== undefined).length);
    logs.transcript_errors!.push(scored.errors.length);
    logs.share!.push(sum((m) => m.terms.share));
    logs.ask!.push(sum((m) => m.terms.ask));
    logs.false_claim!.push(sum((m) => m.terms.falseClaim));
    logs.format!.push(sum((m) => m.terms.format));
  });
  return out;
}
