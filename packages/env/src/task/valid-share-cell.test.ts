import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { taskArbitrary } from "../test-support/arbitraries";
import { actCell } from "./act-cell";
import { isTaskAgent } from "./is-task-agent";
import { validShareCell } from "./valid-share-cell";

describe("actCell, validShareCell and isTaskAgent", () => {
  const task = { options: 2, attributes: 3, levels: [1, 5] as [number, number], agents: 2 };

  it("known answers", () => {
    expect(actCell(task, { option: 1, attribute: 2 })).toBe(5);
    expect(actCell(task, { option: 2, attribute: 0 })).toBe(-1);
    expect(actCell(task, { option: 0, attribute: 3 })).toBe(-1);
    expect(actCell(task, { option: 0.5, attribute: 0 })).toBe(-1);
    expect(validShareCell(task, { option: 1, attribute: 2, level: 5 })).toBe(5);
    expect(validShareCell(task, { option: 1, attribute: 2, level: 6 })).toBe(-1);
    expect(validShareCell(task, { option: 1, attribute: 2, level: 0 })).toBe(-1);
    expect(validShareCell(task, { option: -1, attribute: 2, level: 3 })).toBe(-1);
    expect([-1, 0, 1, 2, 1.5].map((a) => isTaskAgent(task, a))).toEqual([false, true, true, false, false]);
  });

  it("a SHARE is valid exactly when its option, attribute and level lie inside the task", () => {
    fc.assert(
      fc.property(
        taskArbitrary,
        fc.integer({ min: -2, max: 14 }),
        fc.integer({ min: -2, max: 12 }),
        fc.integer({ min: -25, max: 40 }),
        (t, option, attribute, level) => {
          const inside =
            option >= 0 &&
            option < t.options &&
            attribute >= 0 &&
            attribute < t.attributes &&
            level >= t.levels[0] &&
            level <= t.levels[1];
          const cell = validShareCell(t, { option, attribute, level });
          expect(cell).toBe(inside ? option * t.attributes + attribute : -1);
          if (inside) expect(actCell(t, { option, attribute })).toBe(cell);
        },
      ),
      { numRuns: 200 },
    );
  });
});
