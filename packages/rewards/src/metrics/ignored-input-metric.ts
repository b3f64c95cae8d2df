import type { Task, Trace } from "@cosir/env";
import { useRewardTerm } from "../terms/use-reward-term";
import { defineBehaviourMetric } from "./behaviour-metric-spec";
import { measureMetric } from "./measure-metric";
import { metricRate } from "./metric-rate";

/**
 * Agents whose MAP moved with what they heard (MAP of all evidence at the end != MAP of their own
 * cells), and those whose final choice stayed with the private MAP: the rewards' `use` term at -1,
 * computed by the term itself on the same agent step.
 */
export const ignoredInputMetricSpec = defineBehaviourMetric({
  key: "ignoredInput",
  description: "agents whose MAP moved with what they heard, and those the use reward term gives -1",
  observe: () => ({
    result(agents) {
      let eligible = 0;
      let ignored = 0;
      for (const a of agents) {
        if (a.mapFull === a.mapPrivate) continue;
        eligible++;
        if (useRewardTerm.compute(a) === -1) ignored++;
      }
      return { eligible, ignored, rate: metricRate(ignored, eligible) };
    },
  }),
});

/** The ignored-input metric of one episode alone (`ignoredInputMetricSpec`). */
export function ignoredInputMetric(task: Task, trace: Trace) {
  return measureMetric(ignoredInputMetricSpec, task, trace);
}
