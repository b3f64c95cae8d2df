import { agentChoice, teamDecision, type Task, type Trace } from "@cosir/env";
import type { EpisodeMetrics } from "./behaviour-metrics";
import { defineBehaviourMetric } from "./behaviour-metric-spec";

/** The strict-majority team decision of the final choices, one per agent, and whether it is correct. */
export function teamOutcomeMetric(task: Task, trace: Trace): Pick<EpisodeMetrics, "teamDecision" | "teamCorrect"> {
  const decision = teamDecision(Array.from({ length: task.agents }, (_, j) => agentChoice(trace.choices, j)));
  return { teamDecision: decision, teamCorrect: decision !== null && decision === task.correct };
}

/** The team decision as a row of the metric table (needs no replay). */
export const teamDecisionMetricSpec = defineBehaviourMetric({
  key: "teamDecision",
  description: "the strict-majority team decision of the final choices, one per agent",
  observe: ({ task, trace }) => ({ result: () => teamOutcomeMetric(task, trace).teamDecision }),
});

/** Whether the team decision is correct, as a row of the metric table. */
export const teamCorrectMetricSpec = defineBehaviourMetric({
  key: "teamCorrect",
  description: "the team decision is the correct answer",
  observe: ({ task, trace }) => ({ result: () => teamOutcomeMetric(task, trace).teamCorrect }),
});
