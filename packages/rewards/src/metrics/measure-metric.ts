import type { Task, Trace } from "@cosir/env";
import { episodePass } from "../pass/episode-pass";
import type { BehaviourMetricSpec, MetricKey } from "./behaviour-metric-spec";
import type { EpisodeMetrics } from "./behaviour-metrics";

/** One metric of one episode alone, in its own pass (what the per-metric functions like `disclosureMetric` do). */
export function measureMetric<K extends MetricKey>(
  spec: BehaviourMetricSpec<K>,
  task: Task,
  trace: Trace,
): EpisodeMetrics[K] {
  return episodePass(task, trace, { metrics: [spec] }).metrics[0] as EpisodeMetrics[K];
}
