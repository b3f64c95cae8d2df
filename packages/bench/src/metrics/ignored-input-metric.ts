import { agentChoice, EvidenceReplay, type Task, type Trace } from "@cosir/env";
import { useTerm } from "@cosir/rewards";
import type { EpisodeMetrics } from "./behaviour-metrics";
import { metricRate } from "./metric-rate";

/**
 * Agents whose MAP moved with what they heard (MAP of all evidence at the end != MAP of their own
 * cells), and those whose final choice stayed with the private MAP: the rewards' `use` term at -1.
 */
export function ignoredInputMetric(task: Task, trace: Trace): EpisodeMetrics["ignoredInput"] {
  const replay = new EvidenceReplay(task);
  const mapPrivate = Array.from({ length: task.agents }, (_, j) => replay.map(j));
  replay.hearAll(trace.messages);
  let eligible = 0;
  let ignored = 0;
  for (let j = 0; j < task.agents; j++) {
    const priv = mapPrivate[j] as number;
    const full = replay.map(j);
    if (full === priv) continue;
    eligible++;
    if (useTerm(priv, full, agentChoice(trace.choices, j)) === -1) ignored++;
  }
  return { eligible, ignored, rate: metricRate(ignored, eligible) };
}
