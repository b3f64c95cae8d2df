import { expectedInformationGain } from "@cosir/bayes";
import { EvidenceReplay, type Task, type Trace } from "@cosir/env";
import type { EpisodeMetrics } from "./behaviour-metrics";
import { metricRate } from "./metric-rate";
import { METRIC_THRESHOLDS } from "./metric-thresholds";

/**
 * Fail-to-ask: agent i is eligible when, before one of its turns, P(MAP | E_i) < `failToAskConfidence`
 * and some teammate sees a cell that i does not whose EIG under E_i exceeds `failToAskMinGain`; it fails
 * when it never asks for any of those cells in the whole discussion.
 */
export function failToAskMetric(task: Task, trace: Trace): EpisodeMetrics["failToAsk"] {
  const replay = new EvidenceReplay(task);
  const N = task.agents;
  const needed: Set<number>[] = Array.from({ length: N }, () => new Set());
  const asked: Set<number>[] = Array.from({ length: N }, () => new Set());
  for (const message of trace.messages) {
    const i = message.speaker;
    if (replay.isAgent(i) && (replay.posterior(i)[replay.map(i)] as number) < METRIC_THRESHOLDS.failToAskConfidence) {
      const need = needed[i] as Set<number>;
      for (let c = 0; c < replay.cells; c++) {
        if (replay.sees(i, c) || need.has(c) || !replay.seenByTeammate(i, c)) continue;
        if (expectedInformationGain(replay.decisionModel, replay.beliefs(i), c) > METRIC_THRESHOLDS.failToAskMinGain)
          need.add(c);
      }
    }
    for (const ask of replay.hear(message).asks) asked[i]?.add(ask.cell);
  }
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
}
