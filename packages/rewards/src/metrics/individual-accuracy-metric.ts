import { agentChoice, type Task, type Trace } from "@cosir/env";
import { defineBehaviourMetric } from "./behaviour-metric-spec";

/** Share of agents whose final private choice is correct (the post-discussion accuracy). */
export function individualAccuracyMetric(task: Task, trace: Trace): number {
  let correct = 0;
  for (let j = 0; j < task.agents; j++) if (agentChoice(trace.choices, j) === task.correct) correct++;
  return correct / task.agents;
}

/** `individualAccuracyMetric` as a row of the metric table (needs no replay). */
export const individualAccuracyMetricSpec = defineBehaviourMetric({
  key: "individualAccuracy",
  description: "share of agents whose final private choice is correct",
  observe: ({ task, trace }) => ({ result: () => individualAccuracyMetric(task, trace) }),
});

/** `individualAccuracyMetric` again, as the post-discussion row of the metric table (needs no replay). */
export const postAccuracyMetricSpec = defineBehaviourMetric({
  key: "postAccuracy",
  description: "the individual accuracy after the discussion (same as individualAccuracy)",
  observe: ({ task, trace }) => ({ result: () => individualAccuracyMetric(task, trace) }),
});
