import type { Task, Trace } from "@cosir/env";
import { cosirPreset, type RewardConfig } from "../config/reward-config";
import { behaviourMetricTable } from "../metrics/behaviour-metric-table";
import { type EpisodeMetrics, episodeMetricsOf } from "../metrics/behaviour-metrics";
import { episodePass } from "../pass/episode-pass";
import type { EpisodeRewards } from "./episode-rewards";
import { checkScoringInput, type ScoreEpisodeOptions } from "./score-episode";

/**
 * `scoreEpisode` and `behaviourMetrics` of one episode from one replay pass: the same rewards and the same
 * metrics as the two calls, with the evidence replayed once instead of twice. `untrusted` checks the trace
 * once, as scoreEpisode does.
 */
export function scoreEpisodeWithMetrics(
  task: Task,
  trace: Trace,
  config: RewardConfig = cosirPreset,
  options: ScoreEpisodeOptions = {},
): { rewards: EpisodeRewards; metrics: EpisodeMetrics } {
  checkScoringInput(task, trace, options);
  const pass = episodePass(task, trace, {
    config,
    metrics: behaviourMetricTable,
    allChoices: options.untrusted === true,
    perAct: options.perAct === true,
  });
  return { rewards: pass.rewards as EpisodeRewards, metrics: episodeMetricsOf(task, pass.metrics) };
}
