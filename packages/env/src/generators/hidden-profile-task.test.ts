import { mapAnswer } from "@cosir/bayes";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { domainNames } from "../domains/domain-vocabularies";
import { decisionModelForTask } from "../task/decision-model-for-task";
import { ownBeliefs } from "../task/own-beliefs";
import { pooledBeliefs } from "../task/pooled-beliefs";
import { TaskSchema, type Task } from "../task/task";
import { hiddenProfileTask, verifyHiddenProfile } from "./hidden-profile-task";

/** The contract, checked independently of verifyHiddenProfile. */
function checkContract(task: Task): void {
  const model = decisionModelForTask(task);
  for (let i = 0; i < task.agents; i++)
    expect(mapAnswer(model.posterior(ownBeliefs(task, i)).pmf)).not.toBe(task.correct);
  expect(mapAnswer(model.posterior(pooledBeliefs(task)).pmf)).toBe(task.correct);
}

describe("hiddenProfileTask", () => {
  it("holds the hidden-profile constraints over 1,000 seeds (default size)", () => {
    for (let seed = 0; seed < 1000; seed++) {
      const task = hiddenProfileTask({ seed });
      checkContract(task);
      expect(TaskSchema.safeParse(task).success).toBe(true);
    }
  });

  it("holds them across sizes, domains and level ranges", () => {
    fc.assert(
      fc.property(
        fc.record({
          seed: fc.integer({ min: 0, max: 1_000_000 }),
          options: fc.integer({ min: 2, max: 8 }),
          attributes: fc.integer({ min: 3, max: 8 }),
          agents: fc.integer({ min: 2, max: 6 }),
          domain: fc.constantFrom(...domainNames),
          lo: fc.integer({ min: -5, max: 5 }),
          span: fc.integer({ min: 3, max: 8 }),
        }),
        (o) => {
          const task = hiddenProfileTask({ ...o, levels: [o.lo, o.lo + o.span] });
          checkContract(task);
          expect(TaskSchema.safeParse(task).success).toBe(true);
          // shared cells (seen by all) and each agent's private cells exist
          const everyone = task.visibility.reduce((acc, cells) => acc.filter((c) => cells.includes(c)));
          expect(everyone.length).toBeGreaterThan(0);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("shared cells favour a decoy, each agent's private cells of the two favour the correct option", () => {
    for (let seed = 0; seed < 50; seed++) {
      const task = hiddenProfileTask({ seed });
      const M = task.attributes;
      const everyone = new Set(task.visibility.reduce((acc, cells) => acc.filter((c) => cells.includes(c))));
      const y = task.correct;
      const row = (o: number) => task.table[o]!;
      // the decoy is the option that beats y on every shared attribute of y's row
      const sharedAttrs = Array.from({ length: M }, (_, a) => a).filter((a) => everyone.has(y * M + a));
      const decoys = Array.from({ length: task.options }, (_, o) => o).filter(
        (o) =>
          o !== y &&
          sharedAttrs.length > 0 &&
          sharedAttrs.every((a) => everyone.has(o * M + a) && row(o)[a]! > row(y)[a]!),
      );
      expect(decoys.length).toBeGreaterThan(0);
    }
  });

  it("is byte-identical for the same arguments and differs across seeds", () => {
    expect(JSON.stringify(hiddenProfileTask({ seed: 5, options: 4 }))).toBe(
      JSON.stringify(hiddenProfileTask({ seed: 5, options: 4 })),
    );
    expect(JSON.stringify(hiddenProfileTask({ seed: 5 }))).not.toBe(JSON.stringify(hiddenProfileTask({ seed: 6 })));
    expect(hiddenProfileTask({ seed: 5 }).id).toMatch(/^hiddenProfile-5-[0-9a-f]{8}$/);
  });

  it("verifyHiddenProfile rejects a task whose agent alone already knows the answer", () => {
    const task = hiddenProfileTask({ seed: 3 });
    expect(verifyHiddenProfile(task)).toBe(true);
    const all = Array.from({ length: task.options * task.attributes }, (_, c) => c);
    expect(verifyHiddenProfile({ ...task, visibility: task.visibility.map((v, i) => (i === 0 ? all : v)) })).toBe(
      false,
    );
  });

  it("fails clearly on impossible sizes", () => {
    expect(() => hiddenProfileTask({ seed: 1, agents: 1 })).toThrow(/^agents:/);
    expect(() => hiddenProfileTask({ seed: 1, attributes: 2 })).toThrow(/^attributes:/);
    expect(() => hiddenProfileTask({ seed: 1, options: 1 })).toThrow(/^options:/);
    expect(() => hiddenProfileTask({ seed: 1, levels: [0, 1], attributes: 4, maxAttempts: 20 })).toThrow(
      /^hiddenProfile: .*20 attempts/,
    );
  });
});
