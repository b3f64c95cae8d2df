import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { arithmeticTask } from "./arithmetic-task";
import { evidenceSummary } from "@cosir/env";

describe("arithmeticTask", () => {
  it("uses the total decision with distinct candidates, exactly one equal to the true sum", () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 2, max: 6 }), (seed, candidates) => {
        const task = arithmeticTask({ seed, candidates });
        expect(task.decision.kind).toBe("total");
        if (task.decision.kind !== "total") return;
        const c = task.decision.candidates;
        expect(c).toHaveLength(candidates);
        expect(new Set(c).size).toBe(c.length);
        let total = 0;
        task.table.forEach((row) => row.forEach((v, a) => (total += (task.weights[a] as number) * v)));
        expect(c.filter((x) => x === total)).toHaveLength(1);
        expect(c[task.correct]).toBe(total);
        const e = evidenceSummary(task);
        expect(e.pooled[task.correct]).toBeGreaterThan(1 - 1e-9);
        for (const p of e.private) expect(p[task.correct]).toBeLessThan(0.99);
      }),
      { numRuns: 30 },
    );
  });

  it("names the bad field", () => {
    expect(() => arithmeticTask({ seed: 1, candidates: 1 })).toThrow(/^candidates:/);
  });
});
