export type { RewardConfig, RewardConfigInput, RewardTerm, RewardWeights } from "./config/reward-config";
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
export type {
  AgentReward,
  AgentTerms,
  EpisodeRewards,
  MessageReward,
  MessageTerms,
  ScoreEpisodeOptions,
} from "./score/score-episode";
export { scoreEpisodeCost } from "./score/score-episode-cost";
export { EPISODE_REWARDS_VERSION, scoreEpisode } from "./score/score-episode";
export { useTerm } from "./score/use-term";
export type { RewardSummary } from "./score/summarise-rewards";
export { summariseRewards } from "./score/summarise-rewards";
