import { expectedInformationGain } from "@cosir/bayes";
import type { Task, Trace } from "@cosir/env";
import { defineBehaviourMetric } from "./behaviour-metric-spec";
import { measureMetric } from "./measure-metric";
import { metricRate } from "./metric-rate";
import { METRIC_THRESHOLDS } from "./metric-thresholds";

/**
 * Fail-to-ask: agent i is eligible when, before one of its turns, P(MAP | E_i) < `failToAskConfidence`
 * and some teammate sees a cell that i does not whose EIG under E_i exceeds `failToAskMinGain`; it fails
 * when it never asks for any of those cells in the whole discussion.
 */
export const failToAskMetricSpec = defineBehaviourMetric({
  key: "failToAsk",
  description: "agents that needed to ask, and those that never asked for a needed cell",
  observe({ task, replay }) {
    const N = task.agents;
    const needed: Set<number>[] = Array.from({ length: N }, () => new Set());
    const asked: Set<number>[] = Array.from({ length: N }, () => new Set());
    return {
      beforeMessage({ speaker: i }) {
        if (
          !replay.isAgent(i) ||
          !((replay.posterior(i)[replay.map(i)] as number) < METRIC_THRESHOLDS.failToAskConfidence)
        )
          return;
        const need = needed[i] as Set<number>;
        for (let c = 0; c < replay.cells; c++) {
          if (replay.sees(i, c) || need.has(c) || !replay.seenByTeammate(i, c)) continue;
          if (expectedInformationGain(replay.decisionModel, replay.beliefs(i), c) > METRIC_THRESHOLDS.failToAskMinGain)
            need.add(c);
        }
      },
      afterMessage({ message, evidence }) {
        for (const ask of evidence.asks) asked[message.speaker]?.add(ask.cell);
      },
      result() {
        let eligible = 0;
        let failed = 0;
        for (let i = 0; i < N; i++) {
          const need = needed[i] as Set<number>;
          if (need.size === 0) continue;
          eligible++;
          let any = false;
          for (const c of asked[i] as Set<number>) if (need.has(c)) any = true;
          if (!any) failed++;
        }
        return { eligible, failed, rate: metricRate(failed, eligible) };
      },
    };
  },
});

/** The fail-to-ask metric of one episode alone (`failToAskMetricSpec`). */
export function failToAskMetric(task: Task, trace: Trace) {
  return measureMetric(failToAskMetricSpec, task, trace);
}
