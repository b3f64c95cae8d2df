import { EvidenceReplay, type Task, type Trace } from "@cosir/env";
import type { EpisodeMetrics } from "./behaviour-metrics";
import { metricRate } from "./metric-rate";

/**
 * SHARE acts of the task's agents, and those the evidence replay judges false (invalid, a wrong level,
 * or a cell the speaker neither saw nor heard): the rewards' false-claim term, counted.
 */
export function falseClaimsMetric(task: Task, trace: Trace): EpisodeMetrics["falseClaims"] {
  const replay = new EvidenceReplay(task);
  let shares = 0;
  let falseShares = 0;
  for (const message of trace.messages) {
    for (const share of replay.hear(message).shares) {
      shares++;
      if (share.falseClaim) falseShares++;
    }
  }
  return { shares, false: falseShares, rate: metricRate(falseShares, shares) };
}
