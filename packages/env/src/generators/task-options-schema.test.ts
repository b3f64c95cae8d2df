import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { generateTask } from "./generate-task";
import { TaskOptionsSchema } from "./task-options-schema";

describe("TaskOptionsSchema", () => {
  it("passes what generateTask takes as is: parsed options plus a seed give the same task as the literal call", () => {
    fc.assert(
      fc.property(
        fc.record(
          {
            family: fc.constant("random"),
            options: fc.integer({ min: 2, max: 5 }),
            attributes: fc.integer({ min: 1, max: 4 }),
            agents: fc.integer({ min: 1, max: 4 }),
            rounds: fc.integer({ min: 0, max: 3 }),
            visibility: fc.double({ min: 0, max: 1, noNaN: true }),
          },
          { requiredKeys: ["family"] },
        ),
        fc.integer({ min: 0, max: 1000 }),
        (raw, seed) => {
          const options = TaskOptionsSchema.parse(raw);
          expect(options).toEqual(raw);
          expect(generateTask({ ...options, seed })).toEqual(generateTask({ ...raw, seed }));
        },
      ),
      { numRuns: 30 },
    );
  });

  it("refuses unknown keys, a missing family and sizes outside the generator's bounds", () => {
    expect(TaskOptionsSchema.safeParse({ family: "random", nope: 1 }).success).toBe(false);
    expect(TaskOptionsSchema.safeParse({ options: 3 }).success).toBe(false);
    for (const bad of [{ options: 27 }, { attributes: 0 }, { agents: 17 }, { rounds: -1 }, { visibility: 1.5 }])
      expect(TaskOptionsSchema.safeParse({ family: "random", ...bad }).success).toBe(false);
    expect(TaskOptionsSchema.safeParse({ family: "random", levels: [1, 7] }).success).toBe(true);
  });
});
