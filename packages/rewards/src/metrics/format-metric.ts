import type { Task, Trace } from "@cosir/env";
import type { EpisodeMetrics } from "./behaviour-metrics";
import { metricRate } from "./metric-rate";
import { defineBehaviourMetric } from "./behaviour-metric-spec";

/** Messages that parsed on the trace's surface. */
export function formatMetric(_task: Task, trace: Trace): EpisodeMetrics["format"] {
  const messages = trace.messages.length;
  let valid = 0;
  for (const message of trace.messages) if (message.parseError === undefined) valid++;
  return { messages, valid, rate: metricRate(valid, messages) };
}

/** `formatMetric` as a row of the metric table (needs no replay). */
export const formatMetricSpec = defineBehaviourMetric({
  key: "format",
  description: "messages, and those that parsed on the trace's surface",
  observe: ({ task, trace }) => ({ result: () => formatMetric(task, trace) }),
});
