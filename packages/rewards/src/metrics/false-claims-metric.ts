import type { Task, Trace } from "@cosir/env";
import { falseClaimRewardTerm } from "../terms/false-claim-reward-term";
import { defineBehaviourMetric } from "./behaviour-metric-spec";
import { measureMetric } from "./measure-metric";
import { metricRate } from "./metric-rate";

/**
 * SHARE acts of the task's agents, and those the evidence replay judges false (invalid, a wrong level,
 * or a cell the speaker neither saw nor heard): the rewards' false-claim term, counted. The count is
 * the term's own compute on the same step, so the two cannot drift apart.
 */
export const falseClaimsMetricSpec = defineBehaviourMetric({
  key: "falseClaims",
  description: "SHARE acts, and those the falseClaim reward term charges",
  observe() {
    let shares = 0;
    let falseShares = 0;
    return {
      afterMessage(step) {
        shares += step.evidence.shares.length;
        falseShares -= falseClaimRewardTerm.compute(step);
      },
      result: () => ({ shares, false: falseShares, rate: metricRate(falseShares, shares) }),
    };
  },
});

/** The false-claims metric of one episode alone (`falseClaimsMetricSpec`). */
export function falseClaimsMetric(task: Task, trace: Trace) {
  return measureMetric(falseClaimsMetricSpec, task, trace);
}
