import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { teamDecision } from "./team-decision";

describe("teamDecision", () => {
  it("is the strict majority or null", () => {
    expect(teamDecision([1, 1, 2])).toBe(1);
    expect(teamDecision([1, 2, 0])).toBeNull();
    expect(teamDecision([1, 1, 2, 2])).toBeNull();
    expect(teamDecision([1, 1, null])).toBe(1);
    expect(teamDecision([1, null, null])).toBeNull();
    expect(teamDecision([0])).toBe(0);
    expect(teamDecision([null])).toBeNull();
    expect(teamDecision([])).toBeNull();
    expect(teamDecision([3, 3, 3, 1, 2])).toBe(3);
  });

  it("agrees with a counting oracle", () => {
    fc.assert(
      fc.property(fc.array(fc.option(fc.integer({ min: 0, max: 3 }), { nil: null }), { maxLength: 9 }), (choices) => {
        const winners = [0, 1, 2, 3].filter((k) => choices.filter((c) => c === k).length * 2 > choices.length);
        expect(teamDecision(choices)).toBe(winners[0] ?? null);
      }),
    );
  });
});
