import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { asymmetricExpertiseTask } from "./asymmetric-expertise-task";
import { evidenceSummary } from "@cosir/env";

describe("asymmetricExpertiseTask", () => {
  it("one agent alone finds the answer and holds most decisive cells; the others alone give it P <= 0.5", () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const task = asymmetricExpertiseTask({ seed });
        const e = evidenceSummary(task);
        expect(e.pooledMap).toBe(task.correct);
        const M = task.attributes;
        const correctRow = Array.from({ length: M }, (_, a) => task.correct * M + a);
        const heldBy = task.visibility.map((cells) => correctRow.filter((c) => cells.includes(c)).length);
        const expert = heldBy.indexOf(Math.max(...heldBy));
        expect(heldBy[expert]).toBeGreaterThanOrEqual(M - 1);
        expect(e.privateMap[expert]).toBe(task.correct);
        for (let i = 0; i < task.agents; i++)
          if (i !== expert) expect(e.private[i]?.[task.correct]).toBeLessThanOrEqual(0.5 + 1e-9);
      }),
      { numRuns: 30 },
    );
  });
});
