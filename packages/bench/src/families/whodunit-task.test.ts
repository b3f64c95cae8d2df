import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { evidenceSummary } from "@cosir/env";
import { whodunitTask } from "./whodunit-task";

describe("whodunitTask", () => {
  it("exactly one suspect survives all clues under min over 0..1; every clue rules someone out", () => {
    fc.assert(
      fc.property(
        fc.integer(),
        fc.integer({ min: 3, max: 8 }),
        fc.integer({ min: 3, max: 8 }),
        (seed, options, attributes) => {
          const task = whodunitTask({ seed, options, attributes });
          expect(task.levels).toEqual([0, 1]);
          expect(task.aggregate).toBe("min");
          const survivors = task.table.map((row, o) => (Math.min(...row) === 1 ? o : -1)).filter((o) => o >= 0);
          expect(survivors).toEqual([task.correct]);
          for (let a = 0; a < task.attributes; a++) expect(task.table.some((row) => row[a] === 0)).toBe(true);
          const e = evidenceSummary(task);
          expect(e.pooledMap).toBe(task.correct);
          expect(e.pooled[task.correct]).toBeGreaterThan(1 - 1e-9);
          for (const p of e.private) expect(p[task.correct]).toBeLessThan(0.99);
        },
      ),
      { numRuns: 30 },
    );
  });

  it("with 2 suspects keeps the one-survivor promise; rejects 1, naming the field", () => {
    const task = whodunitTask({ seed: 3, options: 2, attributes: 3, agents: 2 });
    expect(task.table.filter((row) => Math.min(...row) === 1)).toHaveLength(1);
    expect(() => whodunitTask({ seed: 1, options: 1 })).toThrow(/^options:/);
  });

  it("known answer: the same seed gives the same culprit and clues", () => {
    expect(whodunitTask({ seed: 42 })).toEqual(whodunitTask({ seed: 42 }));
    expect(["manorMystery", "officeTheft"]).toContain(whodunitTask({ seed: 42 }).domain.name);
  });
});
