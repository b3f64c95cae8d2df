import type { Task, Trace } from "@cosir/env";
import { metricRate } from "./metric-rate";
import { defineBehaviourMetric } from "./behaviour-metric-spec";

/** Fraction of messages containing at least one ASK (whoever spoke and whatever the ASK named). */
export function askRateMetric(_task: Task, trace: Trace): number | null {
  let withAsk = 0;
  for (const message of trace.messages) if (message.acts.some((a) => a.kind === "ask")) withAsk++;
  return metricRate(withAsk, trace.messages.length);
}

/** `askRateMetric` as a row of the metric table (needs no replay). */
export const askRateMetricSpec = defineBehaviourMetric({
  key: "askRate",
  description: "fraction of messages containing at least one ASK",
  observe: ({ task, trace }) => ({ result: () => askRateMetric(task, trace) }),
});
