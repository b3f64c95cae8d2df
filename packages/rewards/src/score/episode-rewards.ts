import type { RewardWeights } from "../config/reward-config";
import type { AgentTermName, MessageTermName } from "../terms/reward-terms";

export const EPISODE_REWARDS_VERSION = 1 as const;

/** Raw value of each message-scope term of the table (`rewardTerms`), in table order. */
export type MessageTerms = Record<MessageTermName, number>;

/** Raw value of each agent-scope term of the table, in table order. */
export type AgentTerms = Record<AgentTermName, number>;

/** Reward of one message, i.e. one (agent, turn), with each raw term separated. */
export interface MessageReward {
  turn: number;
  round: number;
  agent: number;
  terms: MessageTerms;
  /** sum over terms of weight x raw term. */
  total: number;
  /**
   * The weighted total split over the message's acts (one per act, summing to `total` up to rounding): each act's
   * own marginal reward and its per-act cost (docs/design.md §3.8). Only when scored with `perAct`.
   */
  acts?: number[];
}

/** End-of-episode reward of one agent (its final choice). */
export interface AgentReward {
  agent: number;
  terms: AgentTerms;
  total: number;
  /** MAP of the agent's own cells alone, and of all its evidence at the final choice. */
  mapPrivate: number;
  mapFull: number;
  choice: number | null;
}

export interface EpisodeRewards {
  version: typeof EPISODE_REWARDS_VERSION;
  taskId: string;
  preset: string;
  weights: RewardWeights;
  messages: MessageReward[];
  agents: AgentReward[];
  /** Per agent: the sum of its message totals and its final total. */
  returns: number[];
  teamCorrect: boolean;
  /** Team surprisal before the discussion and at the final choice (nats). */
  teamSurprisal: { initial: number; final: number };
}
