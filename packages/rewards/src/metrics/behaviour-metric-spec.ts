import type { EvidenceReplay, Task, Trace, TraceMessage } from "@cosir/env";
import type { AgentStep, MessageStep } from "../pass/replay-steps";
import type { EpisodeMetrics } from "./behaviour-metrics";

/** A key of `EpisodeMetrics` that a metric measures (the task's id, family and size are not metrics). */
export type MetricKey = Exclude<keyof EpisodeMetrics, "taskId" | "family" | "agents">;

/** One metric following one episode through the shared replay pass (`episodePass`). */
export interface MetricObserver<V> {
  /** Called with each message before the replay hears it (the replay shows every agent's evidence before it). */
  beforeMessage?(message: TraceMessage): void;
  /** Called once the replay heard the message, with the same step the message reward terms read. */
  afterMessage?(step: MessageStep): void;
  /** The metric's value, once every message is heard; `agents` are the agent steps the agent terms read. */
  result(agents: readonly AgentStep[]): V;
}

/**
 * One row of the behaviour-metric table (`behaviourMetricTable`): the key it fills in `EpisodeMetrics`, what it
 * measures, and how it follows an episode. `observe` is called before any message is heard.
 */
export interface BehaviourMetricSpec<K extends MetricKey = MetricKey> {
  readonly key: K;
  readonly description: string;
  observe(start: { task: Task; trace: Trace; replay: EvidenceReplay }): MetricObserver<EpisodeMetrics[K]>;
}

/** Declares a metric, keeping its key as a literal type. */
export function defineBehaviourMetric<K extends MetricKey>(spec: BehaviourMetricSpec<K>): BehaviourMetricSpec<K> {
  return Object.freeze(spec);
}
