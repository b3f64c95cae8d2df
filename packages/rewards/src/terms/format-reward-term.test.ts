import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { randomEpisodeArb } from "../test/random-episode";
import { termValues } from "../test/term-values";
import { formatRewardTerm } from "./format-reward-term";

describe("formatRewardTerm", () => {
  it("is -1 exactly for the messages that did not parse", () => {
    fc.assert(
      fc.property(randomEpisodeArb, ({ task, trace }) => {
        expect(termValues("format", task, trace)).toEqual(
          trace.messages.map((m) => (m.parseError === undefined ? 0 : -1)),
        );
      }),
      { numRuns: 50 },
    );
    expect(formatRewardTerm.scope).toBe("message");
  });
});
