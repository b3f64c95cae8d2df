import { cellIndex } from "@cosir/bayes";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { taskArbitrary } from "../test-support/arbitraries";
import { cellPosition } from "./cell-position";
import { trueLevel } from "./true-level";

describe("cellPosition and trueLevel", () => {
  it("cellPosition inverts cellIndex on every cell of a task", () => {
    fc.assert(
      fc.property(taskArbitrary, (task) => {
        for (let o = 0; o < task.options; o++)
          for (let a = 0; a < task.attributes; a++) {
            expect(cellPosition(task, cellIndex(o, a, task.attributes))).toEqual([o, a]);
            expect(trueLevel(task, cellIndex(o, a, task.attributes))).toBe(task.table[o]![a]);
          }
      }),
      { numRuns: 50 },
    );
  });

  it("known answers, and no level outside the table", () => {
    const task = {
      attributes: 4,
      table: [
        [1, 2, 3, 4],
        [5, 6, 7, 8],
      ],
    };
    expect(cellPosition(task, 6)).toEqual([1, 2]);
    expect(trueLevel(task, 6)).toBe(7);
    expect(trueLevel(task, 8)).toBeUndefined();
    expect(trueLevel(task, -1)).toBeUndefined();
  });
});
