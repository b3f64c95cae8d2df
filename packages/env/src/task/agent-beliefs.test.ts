import { cellPmf, mapAnswer } from "@cosir/bayes";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { randomTask } from "../generators/random-task";
import type { Act } from "../messages/act";
import { taskArbitrary } from "../test-support/arbitraries";
import { agentBeliefs } from "./agent-beliefs";
import { decisionModelForTask } from "./decision-model-for-task";
import { ownBeliefs } from "./own-beliefs";
import { pooledBeliefs } from "./pooled-beliefs";

describe("agentBeliefs", () => {
  const task = randomTask({ seed: 11, agents: 2, visibility: 0.5 });
  const M = task.attributes;

  it("observes the agent's own cells as point masses", () => {
    const b = ownBeliefs(task, 0);
    for (const cell of task.visibility[0]!) {
      const level = task.table[Math.floor(cell / M)]![cell % M]!;
      expect(cellPmf(b, cell)[level - task.levels[0]]).toBe(1);
      expect(b.observed[cell]).toBe(1);
    }
  });

  it("applies teammates' shares, ignores its own and out-of-range ones", () => {
    const hidden = Array.from({ length: task.options * M }, (_, c) => c).find((c) => !task.visibility[0]!.includes(c))!;
    const option = Math.floor(hidden / M);
    const attribute = hidden % M;
    const share: Act = { kind: "share", option, attribute, level: 2 };
    const bad: Act[] = [
      { kind: "share", option: 99, attribute: 0, level: 2 },
      { kind: "share", option: 0, attribute: 99, level: 2 },
      { kind: "share", option: 0, attribute: 0, level: 99 },
      { kind: "share", option: -1, attribute: 0, level: 2 },
    ];
    const own = agentBeliefs(task, 0, [{ speaker: 0, acts: [share] }]);
    expect(Array.from(cellPmf(own, hidden))).toEqual(Array.from(cellPmf(ownBeliefs(task, 0), hidden)));
    const heard = agentBeliefs(task, 0, [{ speaker: 1, acts: [...bad, share] }]);
    expect(cellPmf(heard, hidden)[2 - task.levels[0]]).toBeCloseTo(1 - task.noise, 12);
  });

  it("pooled evidence of a fully covered table gives MAP = correct", () => {
    fc.assert(
      fc.property(taskArbitrary, (t) => {
        const model = decisionModelForTask(t);
        expect(mapAnswer(model.posterior(pooledBeliefs(t)).pmf)).toBe(t.correct);
      }),
      { numRuns: 50 },
    );
  });

  it("decisionModelForTask is cached per task object", () => {
    expect(decisionModelForTask(task)).toBe(decisionModelForTask(task));
    expect(decisionModelForTask(structuredClone(task))).not.toBe(decisionModelForTask(task));
  });

  it("decisionModelForTask builds a multiple-choice total model for total tasks", () => {
    const total = { ...task, decision: { kind: "total" as const, candidates: [10, 20, 30] } };
    const model = decisionModelForTask(total);
    expect(model.answers).toBe(3);
    expect(model.cells).toBe(task.options * task.attributes);
  });
});
