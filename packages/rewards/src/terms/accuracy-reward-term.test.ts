import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { scoreEpisode } from "../score/score-episode";
import { randomEpisodeArb } from "../test/random-episode";

describe("accuracyRewardTerm", () => {
  it("is 1 exactly for the agents whose own final choice is correct", () => {
    fc.assert(
      fc.property(randomEpisodeArb, ({ task, trace }) => {
        for (const a of scoreEpisode(task, trace).agents)
          expect(a.terms.accuracy).toBe(a.choice === task.correct ? 1 : 0);
      }),
      { numRuns: 50 },
    );
  });
});
