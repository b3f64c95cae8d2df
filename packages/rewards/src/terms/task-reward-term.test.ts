import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { scoreEpisode } from "../score/score-episode";
import { randomEpisodeArb } from "../test/random-episode";

describe("taskRewardTerm", () => {
  it("is 1 for every agent exactly when the team decision is correct", () => {
    fc.assert(
      fc.property(randomEpisodeArb, ({ task, trace }) => {
        const rewards = scoreEpisode(task, trace);
        for (const a of rewards.agents) expect(a.terms.task).toBe(rewards.teamCorrect ? 1 : 0);
        expect(rewards.teamCorrect).toBe(trace.teamDecision === task.correct);
      }),
      { numRuns: 50 },
    );
  });
});
