import { actCell, type Act, type Task, type Trace } from "@cosir/env";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type RewardConfig, rewardConfig } from "../config/reward-config";
import { METRIC_THRESHOLDS } from "../metrics/metric-thresholds";
import { scoreEpisode } from "../score/score-episode";
import { bruteForceInformationGain } from "../test/brute-force-surprisal";
import { oraclePayable } from "../test/payable-oracle";
import { protocolEpisodeArb } from "../test/protocol-episode";
import { askEveryCellEveryTurn } from "../test/random-episode";

const W = 0.5;
const withBonus = rewardConfig({ preset: "cosir", weights: { aimedAsk: W } });
const boundedWithBonus = rewardConfig({ preset: "cosir", askRule: "bounded", weights: { aimedAsk: W } });
const { failToAskMinGain } = METRIC_THRESHOLDS;
const NEAR = 1e-9;

/**
 * The aimed asks written out from scratch (docs/design.md §3.10): the payable asks of the oracle of §3.9 whose
 * cell's expected information gain, on what the asker saw and heard before the message, exceeds the fail-to-ask
 * gain threshold, the gain by enumerating every table.
 * `near` is set when a value lies within 1e-9 of a threshold (two exact methods may round either way there).
 */
function oracleAimed(task: Task, trace: Trace): { earning: number[]; near: boolean }[] {
  return oraclePayable(task, trace).map(({ earning, heard }, t) => {
    const message = trace.messages[t] as Trace["messages"][number];
    const i = message.speaker;
    if (earning.length === 0) return { earning, near: false };
    let near = false;
    const aimed = earning.filter((k) => {
      const gain = bruteForceInformationGain(
        task,
        i,
        heard,
        actCell(task, message.acts[k] as Extract<Act, { kind: "ask" }>),
      );
      near ||= Math.abs(gain - failToAskMinGain) < NEAR;
      return gain > failToAskMinGain;
    });
    return { earning: aimed, near };
  });
}

function zero(config: RewardConfig): RewardConfig["weights"] {
  return Object.fromEntries(Object.keys(config.weights).map((k) => [k, 0])) as RewardConfig["weights"];
}

describe("aimedAskRewardTerm", () => {
  it("counts the aimed asks of every message, as the enumerating oracle does, and credits each its act", () => {
    let earned = 0;
    let payableNotAimed = 0;
    fc.assert(
      fc.property(protocolEpisodeArb, ({ task, trace }) => {
        const want = oracleAimed(task, trace);
        const payable = oraclePayable(task, trace);
        for (const config of [withBonus, boundedWithBonus]) {
          const rewards = scoreEpisode(task, trace, config);
          const without = scoreEpisode(task, trace, { ...config, weights: { ...config.weights, aimedAsk: 0 } });
          const alone = scoreEpisode(
            task,
            trace,
            { ...config, weights: { ...zero(config), aimedAsk: W } },
            { perAct: true },
          );
          rewards.messages.forEach((r, t) => {
            const { earning, near } = want[t] as { earning: number[]; near: boolean };
            if (near) return;
            expect(r.terms.aimedAsk).toBe(earning.length);
            expect(r.total).toBeCloseTo((without.messages[t]?.total as number) + W * earning.length, 9);
            const credits = alone.messages[t]?.acts as number[];
            credits.forEach((credit, k) => expect(credit).toBeCloseTo(earning.includes(k) ? W : 0, 12));
          });
        }
        want.forEach((m, t) => {
          earned += m.earning.length;
          payableNotAimed += (payable[t]?.earning.length ?? 0) - m.earning.length;
        });
      }),
      { numRuns: 100 },
    );
    // not vacuous: some payable asks are aimed and some are not
    expect(earned).toBeGreaterThan(10);
    expect(payableNotAimed).toBeGreaterThan(2);
  });

  it("is 0 in both presets, and a config written before the term reads as weight 0", () => {
    expect(rewardConfig("cosir").weights.aimedAsk).toBe(0);
    expect(rewardConfig("outcomeOnly").weights.aimedAsk).toBe(0);
    const { aimedAsk: _, ...old } = rewardConfig("cosir").weights;
    expect(rewardConfig({ preset: "custom", weights: old }).weights.aimedAsk).toBe(0);
  });

  it("never exceeds the payable-ask count, and earns each (asker, cell) once an episode", () => {
    fc.assert(
      fc.property(protocolEpisodeArb, ({ task, trace }) => {
        const both = rewardConfig({ preset: "cosir", weights: { aimedAsk: W, payableAsk: W } });
        for (const m of scoreEpisode(task, trace, both).messages)
          expect(m.terms.aimedAsk).toBeLessThanOrEqual(m.terms.payableAsk);
        const N = task.agents;
        const rewards = scoreEpisode(task, askEveryCellEveryTurn(task), withBonus);
        for (let i = 0; i < N; i++) {
          const total = rewards.messages.filter((m) => m.agent === i).reduce((s, m) => s + m.terms.aimedAsk, 0);
          expect(total).toBeLessThanOrEqual(task.options * task.attributes - (task.visibility[i]?.length ?? 0));
        }
        for (const m of rewards.messages) if (m.round > 0) expect(m.terms.aimedAsk).toBe(0);
      }),
      { numRuns: 60 },
    );
  });
});
