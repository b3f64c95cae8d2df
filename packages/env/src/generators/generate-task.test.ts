import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { TaskSchema } from "../task/task";
import { generateTask } from "./generate-task";
import { registerTaskFamily, taskFamilies } from "./task-families";
import { randomTask } from "./random-task";

describe("generateTask", () => {
  it("generates schema-valid, reproducible tasks for every registered family", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...Object.keys(taskFamilies)),
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 2, max: 6 }),
        fc.integer({ min: 3, max: 6 }),
        fc.integer({ min: 2, max: 4 }),
        (family, seed, options, attributes, agents) => {
          const task = generateTask({ family, seed, options, attributes, agents });
          expect(TaskSchema.safeParse(task).success).toBe(true);
          expect(task.family).toBe(family);
          expect(task.id.startsWith(`${family}-${seed}-`)).toBe(true);
          expect(JSON.stringify(generateTask({ family, seed, options, attributes, agents }))).toBe(
            JSON.stringify(task),
          );
        },
      ),
      { numRuns: 40 },
    );
  });

  it("names the bad option", () => {
    expect(() => generateTask({ family: "nope", seed: 1 })).toThrow(/^family: .*"nope"/);
    expect(() => generateTask({ family: "random", seed: 1, options: 100 })).toThrow(/^options:.*100/);
    expect(() => generateTask({ family: "random", seed: 1, attributes: -1 })).toThrow(/^attributes:/);
    expect(() => generateTask({ family: "random", seed: 1, agents: 0 })).toThrow(/^agents:/);
    expect(() => generateTask({ family: "random", seed: 1, rounds: 1.5 })).toThrow(/^rounds:/);
    expect(() => generateTask({ family: "hiddenProfile", seed: 1, domain: "x" })).toThrow(/^domain:/);
    expect(() => generateTask({ family: "random", seed: "1" as unknown as number })).toThrow(/^seed:/);
  });

  it("can be extended with registerTaskFamily", () => {
    registerTaskFamily("testOnlyFamily", (o) => ({ ...randomTask(o), family: "testOnlyFamily" }));
    expect(generateTask({ family: "testOnlyFamily", seed: 2 }).family).toBe("testOnlyFamily");
    delete taskFamilies.testOnlyFamily;
  });
});

describe("family names from user input", () => {
  it("are looked up among the registry's own keys only", () => {
    for (const family of ["toString", "__proto__", "constructor", "hasOwnProperty"])
      expect(() => generateTask({ family, seed: 1 })).toThrow(/^family: expected one of /);
  });

  it("register as own keys, even __proto__", () => {
    const proto = Object.getPrototypeOf(taskFamilies);
    registerTaskFamily("__proto__", (o) => generateTask({ family: "random", ...o }));
    try {
      expect(Object.getPrototypeOf(taskFamilies)).toBe(proto);
      expect(generateTask({ family: "__proto__", seed: 2 }).family).toBe("random");
    } finally {
      Reflect.deleteProperty(taskFamilies, "__proto__");
    }
    expect(Object.hasOwn(taskFamilies, "__proto__")).toBe(false);
  });
});
