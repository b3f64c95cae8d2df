import { defineBehaviourMetric } from "./behaviour-metric-spec";

/** Discussion length in messages, as a row of the metric table. */
export const messagesMetricSpec = defineBehaviourMetric({
  key: "messages",
  description: "messages in the discussion",
  observe: ({ trace }) => ({ result: () => trace.messages.length }),
});
