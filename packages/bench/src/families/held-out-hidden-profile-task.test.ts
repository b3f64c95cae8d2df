import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { verifyHiddenProfile } from "@cosir/env";
import { heldOutHiddenProfileTask } from "./held-out-hidden-profile-task";

describe("heldOutHiddenProfileTask", () => {
  it("has 3-4 agents and keeps the hidden-profile contract (alone wrong, pooled right)", () => {
    const agents = new Set<number>();
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const task = heldOutHiddenProfileTask({ seed });
        agents.add(task.agents);
        expect(task.agents === 3 || task.agents === 4).toBe(true);
        expect(verifyHiddenProfile(task)).toBe(true);
      }),
      { numRuns: 30 },
    );
    expect(agents.size).toBe(2);
  });
});
