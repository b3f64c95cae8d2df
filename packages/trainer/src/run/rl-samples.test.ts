import { computeAdvantages } from "../rl/advantages";
import { buildTrajectories } from "../rollout/build-trajectories";
import { describe, expect, it } from "vitest";
import { rlFixture } from "../test/rl-fixture";
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
        const rl = { ...config.rl, gamma };
        const advantages = computeAdvantages(trajectories, { gamma, meanOnly: rl.meanOnly, baseline: rl.baseline });
        const expected = actions.flatMap((list, t) =>
          list.flatMap((a, k) => {
            const advantage = advantages[t]?.[k] as number;
            return a.completion.length === 0 ? [] : [{ ...a, advantage, trajectory: t }];
          }),
        );
        const kept = rlSamples(policy, rollout, scored, { ...rl, dropZeroAdvantage: false });
        expect(kept.samples).toEqual(expected);
        expect(kept.samples.length + kept.dropped).toBe(total);
        const dropped = rlSamples(policy, rollout, scored, { ...rl, dropZeroAdvantage: true });
        expect(dropped.samples).toEqual(expected.filter((s) => s.advantage !== 0));
        expect(dropped.samples.length + dropped.dropped).toBe(total);
      }
      expect(total).toBeGreaterThan(0);
    } finally {
      dispose();
    }
  });
});
