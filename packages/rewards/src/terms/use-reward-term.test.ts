import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { scoreEpisode } from "../score/score-episode";
import { useTerm } from "../score/use-term";
import { randomEpisodeArb } from "../test/random-episode";

describe("useRewardTerm", () => {
  it("is useTerm of each agent's private MAP, full MAP and final choice", () => {
    fc.assert(
      fc.property(randomEpisodeArb, ({ task, trace }) => {
        for (const a of scoreEpisode(task, trace).agents)
          expect(a.terms.use).toBe(useTerm(a.mapPrivate, a.mapFull, a.choice));
      }),
      { numRuns: 50 },
    );
  });
});
