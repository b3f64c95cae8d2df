import type { Task, Trace } from "@cosir/env";
import { defineBehaviourMetric } from "./behaviour-metric-spec";
import { measureMetric } from "./measure-metric";
import { metricRate } from "./metric-rate";
import { METRIC_THRESHOLDS } from "./metric-thresholds";

/**
 * Private-fact disclosure. A cell is private when some but not all agents see it; decisive when a
 * truthful claim of it would lower the surprisal of some non-holder's private evidence by more than
 * `decisiveEps`; disclosed when a holder shared its true level at some point.
 */
export const disclosureMetricSpec = defineBehaviourMetric({
  key: "disclosure",
  description: "decisive private cells, and those a holder shared truthfully",
  observe({ task, replay }) {
    const N = task.agents;
    // Judged before any message, while each agent's evidence is its own cells alone.
    const decisive: number[] = [];
    for (let c = 0; c < replay.cells; c++) {
      let holders = 0;
      for (let j = 0; j < N; j++) if (replay.sees(j, c)) holders++;
      if (holders === 0 || holders === N) continue;
      for (let j = 0; j < N; j++) {
        if (replay.sees(j, c)) continue;
        if (replay.surprisalReduction(j, c, replay.trueLevel(c)) > METRIC_THRESHOLDS.decisiveEps) {
          decisive.push(c);
          break;
        }
      }
    }
    const disclosed = new Set<number>();
    return {
      afterMessage({ evidence }) {
        for (const share of evidence.shares) if (share.truthful && share.seen) disclosed.add(share.cell);
      },
      result() {
        let decisiveDisclosed = 0;
        for (const c of decisive) if (disclosed.has(c)) decisiveDisclosed++;
        return {
          decisive: decisive.length,
          disclosed: decisiveDisclosed,
          rate: metricRate(decisiveDisclosed, decisive.length),
        };
      },
    };
  },
});

/** The disclosure metric of one episode alone (`disclosureMetricSpec`). */
export function disclosureMetric(task: Task, trace: Trace) {
  return measureMetric(disclosureMetricSpec, task, trace);
}
