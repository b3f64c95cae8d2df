import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { evidenceSummary } from "@cosir/env";
import { meetingSchedulingTask } from "./meeting-scheduling-task";

describe("meetingSchedulingTask", () => {
  it("exactly one slot is free for everyone; the team is certain of it, no agent alone is", () => {
    fc.assert(
      fc.property(
        fc.integer(),
        fc.integer({ min: 3, max: 8 }),
        fc.integer({ min: 3, max: 8 }),
        (seed, options, attributes) => {
          const task = meetingSchedulingTask({ seed, options, attributes });
          expect(task.levels).toEqual([0, 1]);
          expect(task.aggregate).toBe("min");
          const free = task.table.map((row, o) => (row.every((v) => v === 1) ? o : -1)).filter((o) => o >= 0);
          expect(free).toEqual([task.correct]);
          const e = evidenceSummary(task);
          expect(e.pooled[task.correct]).toBeGreaterThan(1 - 1e-9);
          for (const p of e.private) expect(p[task.correct]).toBeLessThan(0.99);
          // each person's calendar is held by exactly one agent
          for (let a = 0; a < task.attributes; a++) {
            const holders = task.visibility.filter((cells) => cells.includes(a)).length;
            expect(holders).toBe(1);
          }
        },
      ),
      { numRuns: 30 },
    );
  });

  it("rejects other level ranges and bad probabilities, naming the field", () => {
    expect(() => meetingSchedulingTask({ seed: 1, levels: [1, 5] })).toThrow(/^levels:/);
    expect(() => meetingSchedulingTask({ seed: 1, freeProbability: 1 })).toThrow(/^freeProbability:/);
  });
});
