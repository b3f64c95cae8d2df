import { expectedInformationGain } from "@cosir/bayes";
import { agentChoice, EvidenceReplay, type Task, type Trace } from "@cosir/env";
import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import { cosirPreset } from "../config/reward-config";
import { scoreEpisode } from "../score/score-episode";
import { scoreEpisodeWithMetrics } from "../score/score-episode-with-metrics";
import { useTerm } from "../score/use-term";
import { randomEpisodeArb } from "../test/random-episode";
import { behaviourMetricTable } from "./behaviour-metric-table";
import { behaviourMetrics } from "./behaviour-metrics";
import { METRIC_THRESHOLDS } from "./metric-thresholds";

const rate = (num: number, den: number) => (den > 0 ? num / den : null);

// The oracles: the five replay-based metrics as they were before the shared pass, each on its own replay.
const oldMetrics = {
  disclosure(task: Task, trace: Trace) {
    const replay = new EvidenceReplay(task);
    const N = task.agents;
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
    const n = decisive.filter((c) => disclosed.has(c)).length;
    return { decisive: decisive.length, disclosed: n, rate: rate(n, decisive.length) };
  },
  failToAsk(task: Task, trace: Trace) {
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
      if (![...(asked[i] as Set<number>)].some((c) => need.has(c))) failed++;
    }
    return { eligible, failed, rate: rate(failed, eligible) };
  },
  ignoredInput(task: Task, trace: Trace) {
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
    return { eligible, ignored, rate: rate(ignored, eligible) };
  },
  withholding(task: Task, trace: Trace) {
    const replay = new EvidenceReplay(task);
    const useful = new Set<number>();
    let opportunities = 0;
    let withheld = 0;
    for (const message of trace.messages) {
      const i = message.speaker;
      useful.clear();
      if (replay.isAgent(i))
        for (const c of task.visibility[i] ?? [])
          for (let j = 0; j < task.agents; j++) {
            if (j === i || replay.sees(j, c)) continue;
            if (replay.surprisalReduction(j, c, replay.trueLevel(c)) > METRIC_THRESHOLDS.decisiveEps) {
              useful.add(c);
              break;
            }
          }
      const evidence = replay.hear(message);
      if (useful.size === 0) continue;
      opportunities++;
      if (!evidence.shares.some((s) => s.truthful && s.seen && useful.has(s.cell))) withheld++;
    }
    return { opportunities, withheld, rate: rate(withheld, opportunities) };
  },
  falseClaims(task: Task, trace: Trace) {
    const replay = new EvidenceReplay(task);
    let shares = 0;
    let falseShares = 0;
    for (const message of trace.messages)
      for (const share of replay.hear(message).shares) {
        shares++;
        if (share.falseClaim) falseShares++;
      }
    return { shares, false: falseShares, rate: rate(falseShares, shares) };
  },
};

describe("one replay pass for rewards and metrics", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("gives exactly the metrics of the old per-metric replays", () => {
    fc.assert(
      fc.property(randomEpisodeArb, ({ task, trace }) => {
        const m = behaviourMetrics(task, trace);
        for (const [key, old] of Object.entries(oldMetrics))
          expect(m[key as keyof typeof oldMetrics]).toEqual(old(task, trace));
      }),
      { numRuns: 200 },
    );
  });

  it("scoreEpisodeWithMetrics equals scoreEpisode and behaviourMetrics, key order included", () => {
    fc.assert(
      fc.property(randomEpisodeArb, ({ task, trace }) => {
        const both = scoreEpisodeWithMetrics(task, trace, cosirPreset);
        expect(JSON.stringify(both.rewards)).toBe(JSON.stringify(scoreEpisode(task, trace, cosirPreset)));
        expect(JSON.stringify(both.metrics)).toBe(JSON.stringify(behaviourMetrics(task, trace)));
      }),
      { numRuns: 100 },
    );
  });

  it("hears each message once: one replay per episode, whatever is measured", () => {
    fc.assert(
      fc.property(randomEpisodeArb, ({ task, trace }) => {
        const hear = vi.spyOn(EvidenceReplay.prototype, "hear");
        behaviourMetrics(task, trace);
        expect(hear).toHaveBeenCalledTimes(trace.messages.length);
        hear.mockClear();
        scoreEpisodeWithMetrics(task, trace);
        expect(hear).toHaveBeenCalledTimes(trace.messages.length);
        hear.mockRestore();
      }),
      { numRuns: 30 },
    );
  });

  it("fills every key of EpisodeMetrics, in its order, from the metric table", () => {
    fc.assert(
      fc.property(randomEpisodeArb, ({ task, trace }) => {
        expect(Object.keys(behaviourMetrics(task, trace))).toEqual([
          "taskId",
          "family",
          "agents",
          ...behaviourMetricTable.map((s) => s.key),
        ]);
      }),
      { numRuns: 5 },
    );
    expect(behaviourMetricTable.map((s) => s.key)).toEqual([
      "teamDecision",
      "teamCorrect",
      "individualAccuracy",
      "preAccuracy",
      "postAccuracy",
      "disclosure",
      "askRate",
      "failToAsk",
      "ignoredInput",
      "withholding",
      "falseClaims",
      "messages",
      "tokens",
      "format",
    ]);
  });
});
