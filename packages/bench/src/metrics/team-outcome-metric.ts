import { agentChoice, teamDecision, type Task, type Trace } from "@cosir/env";
import type { EpisodeMetrics } from "./behaviour-metrics";

/** The strict-majority team decision of the final choices, one per agent, and whether it is correct. */
export function teamOutcomeMetric(task: Task, trace: Trace): Pick<EpisodeMetrics, "teamDecision" | "teamCorrect"> {
  const decision = teamDecision(Array.from({ length: task.agents }, (_, j) => agentChoice(trace.choices, j)));
  return { teamDecision: decision, teamCorrect: decision !== null && decision === task.correct };
}
