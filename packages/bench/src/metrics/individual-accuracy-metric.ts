import { agentChoice, type Task, type Trace } from "@cosir/env";

/** Share of agents whose final private choice is correct (the post-discussion accuracy). */
export function individualAccuracyMetric(task: Task, trace: Trace): number {
  let correct = 0;
  for (let j = 0; j < task.agents; j++) if (agentChoice(trace.choices, j) === task.correct) correct++;
  return correct / task.agents;
}
