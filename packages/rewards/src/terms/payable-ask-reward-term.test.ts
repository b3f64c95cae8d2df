import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type RewardConfig, rewardConfig } from "../config/reward-config";
import { scoreEpisode } from "../score/score-episode";
import { oraclePayable } from "../test/payable-oracle";
import { protocolEpisodeArb } from "../test/protocol-episode";
import { askEveryCellEveryTurn } from "../test/random-episode";

const W = 0.25;
const withBonus = rewardConfig({ preset: "cosir", weights: { payableAsk: W } });
const boundedWithBonus = rewardConfig({ preset: "cosir", askRule: "bounded", weights: { payableAsk: W } });

describe("payableAskRewardTerm", () => {
  it("counts the payable asks of every message, as the oracle does, under either ask rule, and credits each its act", () => {
    let earned = 0;
    fc.assert(
      fc.property(protocolEpisodeArb, ({ task, trace }) => {
        const want = oraclePayable(task, trace).map((m) => m.earning);
        for (const config of [withBonus, boundedWithBonus]) {
          const rewards = scoreEpisode(task, trace, config, { perAct: true });
          const withoutBonus = scoreEpisode(task, trace, { ...config, weights: { ...config.weights, payableAsk: 0 } });
          // the term alone, so each act's credit is its own
          const alone = scoreEpisode(
            task,
            trace,
            { ...config, weights: { ...zero(config), payableAsk: W } },
            {
              perAct: true,
            },
          );
          rewards.messages.forEach((r, t) => {
            const earning = want[t] as number[];
            expect(r.terms.payableAsk).toBe(earning.length);
            // its weight times the count, on top of everything else, which it leaves as it was
            expect(r.total).toBeCloseTo((withoutBonus.messages[t]?.total as number) + W * earning.length, 9);
            expect(r.acts).toHaveLength(trace.messages[t]?.acts.length as number);
            const credits = alone.messages[t]?.acts as number[];
            credits.forEach((credit, k) => expect(credit).toBeCloseTo(earning.includes(k) ? W : 0, 12));
          });
        }
        earned += want.flat().length;
      }),
      { numRuns: 120 },
    );
    // not vacuous: the generated episodes hold payable asks
    expect(earned).toBeGreaterThan(15);
  });

  it("is 0 in both presets, and a config written before the term reads as weight 0", () => {
    expect(rewardConfig("cosir").weights.payableAsk).toBe(0);
    expect(rewardConfig("outcomeOnly").weights.payableAsk).toBe(0);
    const { payableAsk: _, ...old } = rewardConfig("cosir").weights;
    expect(rewardConfig({ preset: "custom", weights: old }).weights.payableAsk).toBe(0);
  });

  it("cannot be farmed: the same all-cells ask every turn earns each (asker, cell) once an episode", () => {
    fc.assert(
      fc.property(protocolEpisodeArb, ({ task }) => {
        const N = task.agents;
        const cells = task.options * task.attributes;
        const rewards = scoreEpisode(task, askEveryCellEveryTurn(task), withBonus);
        for (let i = 0; i < N; i++) {
          const total = rewards.messages.filter((m) => m.agent === i).reduce((s, m) => s + m.terms.payableAsk, 0);
          const unseen = cells - (task.visibility[i]?.length ?? 0);
          expect(total).toBeLessThanOrEqual(unseen);
        }
        // the speaker's second round earns nothing it earned in its first
        for (const m of rewards.messages) if (m.round > 0) expect(m.terms.payableAsk).toBe(0);
      }),
      { numRuns: 60 },
    );
  });
});

function zero(config: RewardConfig): RewardConfig["weights"] {
  return Object.fromEntries(Object.keys(config.weights).map((k) => [k, 0])) as RewardConfig["weights"];
}
