// The reward-term table (one file per term under terms/) and everything derived from it.
export type { RewardConfig, RewardConfigInput, RewardWeights } from "./config/reward-config";
export {
  REWARD_CONFIG_VERSION,
  REWARD_TERMS,
  RewardConfigSchema,
  RewardWeightsSchema,
  cosirPreset,
  outcomeOnlyPreset,
  rewardConfig,
  rewardPresets,
} from "./config/reward-config";
export type { AgentTermName, MessageTermName, RewardTerm } from "./terms/reward-terms";
export { rewardTerms } from "./terms/reward-terms";
export type { AgentRewardTerm, MessageRewardTerm, RewardTermDefinition } from "./terms/reward-term-definition";
export { defineRewardTerm } from "./terms/reward-term-definition";
export { accuracyRewardTerm } from "./terms/accuracy-reward-term";
export { actRewardTerm } from "./terms/act-reward-term";
export { boundedAskCells } from "./terms/bounded-ask-cells";
export { jointAskReduction } from "./terms/joint-ask-reduction";
export { askRewardTerm } from "./terms/ask-reward-term";
export { aimedAskCells, aimedAskRewardTerm } from "./terms/aimed-ask-reward-term";
export { payableAskRewardTerm } from "./terms/payable-ask-reward-term";
export { falseClaimRewardTerm } from "./terms/false-claim-reward-term";
export { formatRewardTerm } from "./terms/format-reward-term";
export { shareRewardTerm } from "./terms/share-reward-term";
export { taskRewardTerm } from "./terms/task-reward-term";
export { useRewardTerm } from "./terms/use-reward-term";

// The one replay pass terms and metrics share
export type { AgentStep, MessageStep } from "./pass/replay-steps";
export type { EpisodePassOptions, EpisodePassResult } from "./pass/episode-pass";
export { episodePass } from "./pass/episode-pass";
export { perActCredit } from "./pass/per-act-credit";

// Scoring
export type { AgentReward, AgentTerms, EpisodeRewards, MessageReward, MessageTerms } from "./score/episode-rewards";
export { EPISODE_REWARDS_VERSION } from "./score/episode-rewards";
export type { ScoreEpisodeOptions } from "./score/score-episode";
export { scoreEpisode } from "./score/score-episode";
export { scoreEpisodeWithMetrics } from "./score/score-episode-with-metrics";
export { scoreEpisodeCost } from "./score/score-episode-cost";
export { useTerm } from "./score/use-term";
export type { RewardSummary } from "./score/summarise-rewards";
export { summariseRewards } from "./score/summarise-rewards";

// Behaviour metrics (README "Metrics"), moved here from @cosir/bench
export { behaviourMetrics } from "./metrics/behaviour-metrics";
export type { EpisodeMetrics } from "./metrics/behaviour-metrics";
export { behaviourMetricTable } from "./metrics/behaviour-metric-table";
export type { BehaviourMetricSpec, MetricKey, MetricObserver } from "./metrics/behaviour-metric-spec";
export { defineBehaviourMetric } from "./metrics/behaviour-metric-spec";
export { measureMetric } from "./metrics/measure-metric";
export { teamCorrectMetricSpec, teamDecisionMetricSpec, teamOutcomeMetric } from "./metrics/team-outcome-metric";
export {
  individualAccuracyMetric,
  individualAccuracyMetricSpec,
  postAccuracyMetricSpec,
} from "./metrics/individual-accuracy-metric";
export { preAccuracyMetric, preAccuracyMetricSpec } from "./metrics/pre-accuracy-metric";
export { disclosureMetric, disclosureMetricSpec } from "./metrics/disclosure-metric";
export { askRateMetric, askRateMetricSpec } from "./metrics/ask-rate-metric";
export { failToAskMetric, failToAskMetricSpec } from "./metrics/fail-to-ask-metric";
export { ignoredInputMetric, ignoredInputMetricSpec } from "./metrics/ignored-input-metric";
export { withholdingMetric, withholdingMetricSpec } from "./metrics/withholding-metric";
export { falseClaimsMetric, falseClaimsMetricSpec } from "./metrics/false-claims-metric";
export { messagesMetricSpec } from "./metrics/messages-metric";
export { tokensMetric, tokensMetricSpec } from "./metrics/tokens-metric";
export { formatMetric, formatMetricSpec } from "./metrics/format-metric";
export { metricRate } from "./metrics/metric-rate";
export { aggregateBehaviourMetrics } from "./metrics/aggregate-behaviour-metrics";
export type { AggregateMetrics } from "./metrics/aggregate-behaviour-metrics";
export { bootstrapCi, quantile } from "./metrics/bootstrap-ci";
export type { BootstrapOptions, Estimate } from "./metrics/bootstrap-ci";
export { METRIC_THRESHOLDS } from "./metrics/metric-thresholds";
