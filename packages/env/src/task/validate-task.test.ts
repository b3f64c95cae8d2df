import { InvalidConfigError } from "@cosir/bayes";
import { describe, expect, it } from "vitest";
import { SchemaError } from "../errors/schema-error";
import { randomTask } from "../generators/random-task";
import { validateTask } from "./validate-task";

const task = randomTask({ seed: 3 });

function errorOf(fn: () => unknown): SchemaError {
  try {
    fn();
  } catch (error) {
    if (error instanceof SchemaError) return error;
    throw error;
  }
  throw new Error("expected a SchemaError");
}

describe("validateTask", () => {
  it("accepts a generated task and round-trips it through JSON", () => {
    expect(validateTask(JSON.parse(JSON.stringify(task)))).toEqual(task);
  });

  it("names the field path and the value", () => {
    const bad = structuredClone(task);
    bad.table[1]![2] = 9;
    const e = errorOf(() => validateTask(bad));
    expect(e).toBeInstanceOf(InvalidConfigError);
    expect(e.code).toBe("invalid_config");
    expect(e.field).toBe("task.table[1][2]");
    expect(e.message).toMatch(/^task\.table\[1\]\[2\]: expected a level in 1\.\.5, got 9/);
  });

  it("names missing and mistyped fields", () => {
    const { rounds: _rounds, ...noRounds } = task;
    expect(errorOf(() => validateTask(noRounds)).field).toBe("task.rounds");
    expect(errorOf(() => validateTask({ ...task, noise: "x" })).message).toMatch(/^task\.noise: .*got "x"/);
    expect(errorOf(() => validateTask({ ...task, version: 2 })).field).toBe("task.version");
    expect(errorOf(() => validateTask({ ...task, weights: [1, 1] })).field).toBe("task.weights");
    expect(errorOf(() => validateTask({ ...task, domain: { ...task.domain, options: ["x"] } })).field).toBe(
      "task.domain.options",
    );
    expect(errorOf(() => validateTask(null)).field).toBe("task");
  });
});
