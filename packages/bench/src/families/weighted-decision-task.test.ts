import { optionScore } from "@cosir/bayes";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { evidenceSummary } from "@cosir/env";
import { weightedDecisionTask } from "./weighted-decision-task";

describe("weightedDecisionTask", () => {
  it("announces weights, and the weighted answer is not the unique unweighted best", () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const task = weightedDecisionTask({ seed });
        expect(task.weightsAnnounced).toBe(true);
        const scores = task.table.map((r) => optionScore(r, "sum", task.weights));
        const best = Math.max(...scores);
        expect(scores.filter((s) => s === best)).toHaveLength(1);
        expect(scores[task.correct]).toBe(best);
        const plain = task.table.map((r) => r.reduce((s, v) => s + v, 0));
        const plainBest = Math.max(...plain);
        expect(plain[task.correct] === plainBest && plain.filter((s) => s === plainBest).length === 1).toBe(false);
        expect(evidenceSummary(task).pooledMap).toBe(task.correct);
      }),
      { numRuns: 30 },
    );
  });

  it("rejects weights that cannot change the answer", () => {
    expect(() => weightedDecisionTask({ seed: 1, weights: [1, 1, 1, 1, 1] })).toThrow(/^weights:/);
  });
});
