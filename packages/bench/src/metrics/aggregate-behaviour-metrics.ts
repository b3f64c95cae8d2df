import { hashSeed } from "@cosir/env";
import type { EpisodeMetrics } from "./behaviour-metrics";
import { bootstrapCi, type BootstrapOptions, type Estimate } from "./bootstrap-ci";

/** Behaviour metrics over many episodes, each with a seeded 95% bootstrap CI (README "Metrics"). */
export interface AggregateMetrics {
  episodes: number;
  teamAccuracy: Estimate;
  individualAccuracy: Estimate;
  preAccuracy: Estimate;
  postAccuracy: Estimate;
  disclosure: Estimate;
  askRate: Estimate;
  failToAsk: Estimate;
  ignoredInput: Estimate;
  withholding: Estimate;
  falseClaim: Estimate;
  messagesPerEpisode: Estimate;
  tokensPerEpisode: Estimate;
  formatValidity: Estimate;
}

/**
 * Aggregates per-episode metrics. Accuracies and per-episode counts are means over episodes; rates
 * are pooled ratios (sum of numerators / sum of denominators over episodes), so an episode with more
 * eligible units weighs more. Each metric's bootstrap stream is seeded by (seed, metric name).
 */
export function aggregateBehaviourMetrics(
  episodes: readonly EpisodeMetrics[],
  opts: BootstrapOptions = {},
): AggregateMetrics {
  const seed = opts.seed ?? 0;
  const ci = (name: string, num: number[], den: number[] | null = null): Estimate =>
    bootstrapCi(num, den, { ...opts, seed: hashSeed(seed, name) });
  const pre = episodes.filter((e) => e.preAccuracy !== null);
  return {
    episodes: episodes.length,
    teamAccuracy: ci(
      "teamAccuracy",
      episodes.map((e) => (e.teamCorrect ? 1 : 0)),
    ),
    individualAccuracy: ci(
      "individualAccuracy",
      episodes.map((e) => e.individualAccuracy),
    ),
    preAccuracy: ci(
      "preAccuracy",
      pre.map((e) => e.preAccuracy as number),
    ),
    postAccuracy: ci(
      "postAccuracy",
      episodes.map((e) => e.postAccuracy),
    ),
    disclosure: ci(
      "disclosure",
      episodes.map((e) => e.disclosure.disclosed),
      episodes.map((e) => e.disclosure.decisive),
    ),
    askRate: ci(
      "askRate",
      episodes.map((e) => (e.askRate ?? 0) * e.messages),
      episodes.map((e) => e.messages),
    ),
    failToAsk: ci(
      "failToAsk",
      episodes.map((e) => e.failToAsk.failed),
      episodes.map((e) => e.failToAsk.eligible),
    ),
    ignoredInput: ci(
      "ignoredInput",
      episodes.map((e) => e.ignoredInput.ignored),
      episodes.map((e) => e.ignoredInput.eligible),
    ),
    withholding: ci(
      "withholding",
      episodes.map((e) => e.withholding.withheld),
      episodes.map((e) => e.withholding.opportunities),
    ),
    falseClaim: ci(
      "falseClaim",
      episodes.map((e) => e.falseClaims.false),
      episodes.map((e) => e.falseClaims.shares),
    ),
    messagesPerEpisode: ci(
      "messagesPerEpisode",
      episodes.map((e) => e.messages),
    ),
    tokensPerEpisode: ci(
      "tokensPerEpisode",
      episodes.map((e) => e.tokens),
    ),
    formatValidity: ci(
      "formatValidity",
      episodes.map((e) => e.format.valid),
      episodes.map((e) => e.format.messages),
    ),
  };
}
