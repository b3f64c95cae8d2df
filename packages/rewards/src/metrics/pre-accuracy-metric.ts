import { agentChoice, type Task, type Trace } from "@cosir/env";
import { defineBehaviourMetric } from "./behaviour-metric-spec";

/** Share of agents whose pre-discussion choice is correct; null when the protocol has no pre-choice. */
export function preAccuracyMetric(task: Task, trace: Trace): number | null {
  if (trace.preChoices.length === 0) return null;
  let correct = 0;
  for (let j = 0; j < task.agents; j++) if (agentChoice(trace.preChoices, j) === task.correct) correct++;
  return correct / task.agents;
}

/** `preAccuracyMetric` as a row of the metric table (needs no replay). */
export const preAccuracyMetricSpec = defineBehaviourMetric({
  key: "preAccuracy",
  description: "share of agents whose pre-discussion choice is correct",
  observe: ({ task, trace }) => ({ result: () => preAccuracyMetric(task, trace) }),
});
