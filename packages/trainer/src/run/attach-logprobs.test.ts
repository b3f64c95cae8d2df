import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rlFixture } from "../test/rl-fixture";
import { attachLogprobs } from "./attach-logprobs";
import { rlRollout } from "./rl-rollout";
import { rlSamples, type RlSample } from "./rl-samples";
import { scoreRollout } from "./score-rollout";

let fixture: Awaited<ReturnType<typeof rlFixture>>;
let samples: RlSample[];
beforeAll(async () => {
  fixture = await rlFixture({ dropZeroAdvantage: false });
  const rollout = await rlRollout(fixture.config, fixture.policy, 0);
  samples = rlSamples(
    fixture.policy,
    rollout,
    scoreRollout(rollout, fixture.config.rewards).rewards,
    fixture.config.rl,
  ).samples;
});
afterAll(() => fixture.dispose());

const fresh = (): RlSample[] => samples.map(({ old: _old, ref: _ref, ...s }) => ({ ...s }));

describe("attachLogprobs", () => {
  it('"recompute": the learner recomputes what the sampler recorded, and the gap is reported', () => {
    const mine = fresh();
    const mismatch = attachLogprobs(mine, fixture, { ...fixture.config.rl, oldLogprobs: "recompute" });
    expect(mine.length).toBeGreaterThan(0);
    expect(mismatch).toBeLessThan(1e-4);
    for (const s of mine) {
      expect(s.old).toHaveLength(s.completion.length);
      // the reference starts as the policy: its log-probs are the old ones
      (s.ref as number[]).forEach((lp, j) => expect(lp).toBeCloseTo((s.old as number[])[j] as number, 4));
      const gap = Math.max(...(s.old as number[]).map((lp, j) => Math.abs(lp - (s.sampled[j] as number))));
      expect(gap).toBeLessThanOrEqual(mismatch);
    }
  });

  it('"sampler": the sampler\'s own log-probs are the old ones and nothing is measured', () => {
    const mine = fresh();
    expect(attachLogprobs(mine, fixture, { ...fixture.config.rl, oldLogprobs: "sampler" })).toBe(0);
    for (const s of mine) {
      expect(s.old).toEqual(s.sampled);
      expect(s.ref).toHaveLength(s.completion.length);
    }
  });
});
