import { EvidenceReplay, type Task, type Trace } from "@cosir/env";
import type { EpisodeMetrics } from "./behaviour-metrics";
import { metricRate } from "./metric-rate";
import { METRIC_THRESHOLDS } from "./metric-thresholds";

/**
 * Private-fact disclosure. A cell is private when some but not all agents see it; decisive when a
 * truthful claim of it would lower the surprisal of some non-holder's private evidence by more than
 * `decisiveEps`; disclosed when a holder shared its true level at some point.
 */
export function disclosureMetric(task: Task, trace: Trace): EpisodeMetrics["disclosure"] {
  const replay = new EvidenceReplay(task);
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
  for (const message of trace.messages)
    for (const share of replay.hear(message).shares) if (share.truthful && share.seen) disclosed.add(share.cell);
  let decisiveDisclosed = 0;
  for (const c of decisive) if (disclosed.has(c)) decisiveDisclosed++;
  return {
    decisive: decisive.length,
    disclosed: decisiveDisclosed,
    rate: metricRate(decisiveDisclosed, decisive.length),
  };
}
