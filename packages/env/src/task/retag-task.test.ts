import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { randomTask } from "../generators/random-task";
import { retagTask } from "./retag-task";

describe("retagTask", () => {
  it("relabels family and seed, recomputes the id from the content, and is byte-reproducible", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: -1000, max: 1000 }), (base, seed) => {
        const task = randomTask({ seed: base });
        const retagged = retagTask(task, "heldout.test", seed);
        expect(retagged.family).toBe("heldout.test");
        expect(retagged.seed).toBe(seed);
        expect(retagged.id).toMatch(new RegExp(`^heldout\\.test-${seed}-[0-9a-f]{8}$`));
        expect(retagged.id).not.toBe(task.id);
        expect(JSON.stringify(retagTask(task, "heldout.test", seed))).toBe(JSON.stringify(retagged));
        // only the label changes
        expect({ ...retagged, id: "", family: "", seed: 0 }).toEqual({ ...task, id: "", family: "", seed: 0 });
      }),
      { numRuns: 25 },
    );
  });

  it("gives different ids to different seeds of the same content", () => {
    const task = randomTask({ seed: 1 });
    expect(retagTask(task, "x", 1).id).not.toBe(retagTask(task, "x", 2).id);
  });
});
