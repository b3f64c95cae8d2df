import type { Task, Trace, TraceMessage } from "@cosir/env";
import { defineBehaviourMetric } from "./behaviour-metric-spec";

function tokenCount(message: Pick<TraceMessage, "text" | "tokens">): number {
  if (message.tokens !== undefined) return message.tokens.length;
  const words = message.text.trim().split(/\s+/u);
  return words.length === 1 && words[0] === "" ? 0 : words.length;
}

/** Discussion length: sampled tokens when the policy reported them, else whitespace-separated words. */
export function tokensMetric(_task: Task, trace: Trace): number {
  let tokens = 0;
  for (const message of trace.messages) tokens += tokenCount(message);
  return tokens;
}

/** `tokensMetric` as a row of the metric table (needs no replay). */
export const tokensMetricSpec = defineBehaviourMetric({
  key: "tokens",
  description: "sampled tokens when the policy reported them, else whitespace-separated words",
  observe: ({ task, trace }) => ({ result: () => tokensMetric(task, trace) }),
});
