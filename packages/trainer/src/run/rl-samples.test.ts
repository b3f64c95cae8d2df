import { describe, expect, it } from "vitest";
import { computeActAdvantages } from "../rl/act-advantages";
import { computeAdvantages } from "../rl/advantages";
import { buildTrajectories } from "../rollout/build-trajectories";
import { rlFixture } from "../test/rl-fixture";
import { actSpans } from "./act-spans";
import { rlRollout } from "./rl-rollout";
import { rlSamples } from "./rl-samples";
import { scoreRollout } from "./score-rollout";

describe("rlSamples", () => {
  it("keeps each sampled action with its advantage, dropping empty ones and (if asked) zero advantages", async () => {
    const { config, policy, dispose } = await rlFixture({ tasksPerIteration: 2, groupSize: 3 });
    try {
      const rollout = await rlRollout(config, policy, 0);
      const scored = scoreRollout(rollout, config.rewards).rewards;
      const { trajectories, actions } = buildTrajectories(
        policy,
        { ...rollout, rewards: scored },
        { groupSize: 3, maxNewTokens: config.rl.maxNewTokens },
      );
      const total = actions.reduce((n, a) => n + a.length, 0);
      for (const gamma of [0, 1]) {
        for (const stdFloor of [0, 0.5]) {
          const rl = { ...config.rl, gamma, stdFloor };
          const advantages = computeAdvantages(trajectories, {
            gamma,
            meanOnly: rl.meanOnly,
            baseline: rl.baseline,
            stdFloor,
          });
          const expected = actions.flatMap((list, t) =>
            list.flatMap((a, k) => {
              const advantage = advantages[t]?.[k] as number;
              const { prompt, completion, sampled } = a;
              return a.completion.length === 0 ? [] : [{ prompt, completion, sampled, advantage, trajectory: t }];
            }),
          );
          const kept = rlSamples(policy, rollout, scored, { ...rl, dropZeroAdvantage: false });
          expect(kept.samples).toEqual(expected);
          expect(kept.samples.length + kept.dropped).toBe(total);
          const dropped = rlSamples(policy, rollout, scored, { ...rl, dropZeroAdvantage: true });
          expect(dropped.samples).toEqual(expected.filter((s) => s.advantage !== 0));
          expect(dropped.samples.length + dropped.dropped).toBe(total);
        }
      }
      expect(total).toBeGreaterThan(0);
    } finally {
      dispose();
    }
  });

  it("credits each act's tokens with its own advantage, and keeps protected choices at 0 in the batch", async () => {
    const { config, policy, dispose } = await rlFixture({ tasksPerIteration: 2, groupSize: 3 });
    try {
      const rollout = await rlRollout(config, policy, 0);
      const rewards = { ...config.rewards, weights: { ...config.rewards.weights, act: 0.1 } };
      const scored = scoreRollout(rollout, rewards, { perAct: true }).rewards;
      const rl = { ...config.rl, gamma: 0, credit: "act" as const, dropZeroAdvantage: false, choiceGradient: false };
      const built = buildTrajectories(policy, { ...rollout, rewards: scored }, { groupSize: 3, maxNewTokens: 8 });
      const separator = policy.tokenizer.id(";");
      const spans = built.actions.map((list, t) =>
        list.map((a, k) => actSpans(a.completion, built.trajectories[t]!.rewards[k]!, a.actRewards, separator)),
      );
      const oracle = computeActAdvantages(
        built.trajectories.map((t, i) => ({ group: t.group, turns: spans[i]!.map((s) => s.rewards) })),
        { gamma: 0 },
      );
      const { samples } = rlSamples(policy, rollout, scored, rl);
      let s = 0;
      built.actions.forEach((list, t) =>
        list.forEach((a, k) => {
          if (a.completion.length === 0) return;
          const sample = samples[s++]!;
          const tokens = sample.tokenAdvantages ?? sample.completion.map(() => sample.advantage);
          if (a.kind === "choice") expect(tokens.every((v) => v === 0)).toBe(true);
          else tokens.forEach((v, j) => expect(v).toBe(oracle[t]![k]![spans[t]![k]!.tokenAct[j]!]));
        }),
      );
      expect(s).toBe(samples.length);
      expect(built.actions.flat().some((a) => a.kind === "choice" && a.completion.length > 0)).toBe(true);
    } finally {
      dispose();
    }
  });
});
