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
  // Each estimate draws its own bootstrap stream, seeded by (seed, name).
  const ci = (name: string, num: number[], den: number[] | null = null): Estimate =>
    bootstrapCi(num, den, { ...opts, seed: hashSeed(seed, name) });
  const mean = (name: string, of: (e: EpisodeMetrics) => number): Estimate => ci(name, episodes.map(of));
  const pooled = (name: string, parts: (e: EpisodeMetrics) => [num: number, den: number]): Estimate => {
    const pairs = episodes.map(parts);
    return ci(
      name,
      pairs.map((p) => p[0]),
      pairs.map((p) => p[1]),
    );
  };
  const pre = episodes.filter((e) => e.preAccuracy !== null);
  return {
    episodes: episodes.length,
    teamAccuracy: mean("teamAccuracy", (e) => (e.teamCorrect ? 1 : 0)),
    individualAccuracy: mean("individualAccuracy", (e) => e.individualAccuracy),
    preAccuracy: ci(
      "preAccuracy",
      pre.map((e) => e.preAccuracy as number),
    ),
    postAccuracy: mean("postAccuracy", (e) => e.postAccuracy),
    disclosure: pooled("disclosure", (e) => [e.disclosure.disclosed, e.disclosure.decisive]),
    askRate: pooled("askRate", (e) => [(e.askRate ?? 0) * e.messages, e.messages]),
    failToAsk: pooled("failToAsk", (e) => [e.failToAsk.failed, e.failToAsk.eligible]),
    ignoredInput: pooled("ignoredInput", (e) => [e.ignoredInput.ignored, e.ignoredInput.eligible]),
    withholding: pooled("withholding", (e) => [e.withholding.withheld, e.withholding.opportunities]),
    falseClaim: pooled("falseClaim", (e) => [e.falseClaims.false, e.falseClaims.shares]),
    messagesPerEpisode: mean("messagesPerEpisode", (e) => e.messages),
    tokensPerEpisode: mean("tokensPerEpisode", (e) => e.tokens),
    formatValidity: pooled("formatValidity", (e) => [e.format.valid, e.format.messages]),
  };
}
