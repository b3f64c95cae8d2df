import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { rewardConfig } from "../config/reward-config";
import { randomEpisodeArb } from "../test/random-episode";
import { termValues } from "../test/term-values";

describe("askRewardTerm", () => {
  it("is 0 without an ASK, and never negative with clipAskAtZero", () => {
    const clipped = rewardConfig({ preset: "cosir", clipAskAtZero: true });
    fc.assert(
      fc.property(randomEpisodeArb, ({ task, trace }) => {
        const values = termValues("ask", task, trace);
        const clippedValues = termValues("ask", task, trace, clipped);
        trace.messages.forEach((m, t) => {
          if (!m.acts.some((a) => a.kind === "ask")) expect(values[t]).toBe(0);
          expect(clippedValues[t]).toBeGreaterThanOrEqual(0);
          expect(clippedValues[t]).toBeGreaterThanOrEqual(values[t]!);
        });
      }),
      { numRuns: 50 },
    );
  });
});
