import { mapAnswer } from "@cosir/bayes";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { randomTask } from "../generators/random-task";
import { evidenceSummary } from "./evidence-summary";

describe("evidenceSummary", () => {
  it("gives one normalised private posterior per agent and a pooled one, with their MAPs", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), (seed) => {
        const task = randomTask({ seed });
        const s = evidenceSummary(task);
        expect(s.private).toHaveLength(task.agents);
        for (const [i, p] of s.private.entries()) {
          expect(p.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
          expect(s.privateMap[i]).toBe(mapAnswer(p));
        }
        expect(s.pooled.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
        expect(s.pooledMap).toBe(mapAnswer(s.pooled));
      }),
      { numRuns: 20 },
    );
  });

  it("pools everything a lone agent sees: with one agent, private and pooled agree", () => {
    const task = randomTask({ seed: 5, agents: 1, rounds: 0 });
    const s = evidenceSummary(task);
    expect(Array.from(s.private[0] ?? [])).toEqual(Array.from(s.pooled));
  });
});
