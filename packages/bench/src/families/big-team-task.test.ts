import { describe, expect, it } from "vitest";
import { bigTeamTask } from "./big-team-task";
import { evidenceSummary } from "@cosir/env";

describe("bigTeamTask", () => {
  it("defaults to 5 agents, 6 options and 8 attributes, and the pooled evidence finds the answer", () => {
    for (let seed = 0; seed < 20; seed++) {
      const task = bigTeamTask({ seed });
      expect([task.agents, task.options, task.attributes]).toEqual([5, 6, 8]);
      expect(evidenceSummary(task).pooledMap).toBe(task.correct);
    }
  });
});
