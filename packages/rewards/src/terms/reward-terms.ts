import { accuracyRewardTerm } from "./accuracy-reward-term";
import { actRewardTerm } from "./act-reward-term";
import { aimedAskRewardTerm } from "./aimed-ask-reward-term";
import { askRewardTerm } from "./ask-reward-term";
import { falseClaimRewardTerm } from "./false-claim-reward-term";
import { formatRewardTerm } from "./format-reward-term";
import { payableAskRewardTerm } from "./payable-ask-reward-term";
import { shareRewardTerm } from "./share-reward-term";
import { taskRewardTerm } from "./task-reward-term";
import { useRewardTerm } from "./use-reward-term";

/**
 * The table of reward terms (docs/design.md §3), in the order every output lists them: message terms,
 * then agent terms. Weights, presets, scoring, summaries, metrics lines, the CLI tables, serve-env's
 * reward logs and the reports all read it; adding a term is one file here plus its test
 * (docs/contributing.md "Adding a reward term").
 */
export const rewardTerms = Object.freeze([
  shareRewardTerm,
  askRewardTerm,
  falseClaimRewardTerm,
  formatRewardTerm,
  actRewardTerm,
  payableAskRewardTerm,
  aimedAskRewardTerm,
  useRewardTerm,
  taskRewardTerm,
  accuracyRewardTerm,
] as const);

type Row = (typeof rewardTerms)[number];
/** Name of a reward term. */
export type RewardTerm = Row["name"];
/** Name of a message-scope term (a key of `MessageTerms`). */
export type MessageTermName = Extract<Row, { scope: "message" }>["name"];
/** Name of an agent-scope term (a key of `AgentTerms`). */
export type AgentTermName = Extract<Row, { scope: "agent" }>["name"];
