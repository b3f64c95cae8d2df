import type { Task, Trace } from "@cosir/env";
import type { EpisodeMetrics } from "./behaviour-metrics";
import { metricRate } from "./metric-rate";

/** Messages that parsed on the trace's surface. */
export function formatMetric(_task: Task, trace: Trace): EpisodeMetrics["format"] {
  const messages = trace.messages.length;
  let valid = 0;
  for (const message of trace.messages) if (message.parseError === undefined) valid++;
  return { messages, valid, rate: metricRate(valid, messages) };
}
