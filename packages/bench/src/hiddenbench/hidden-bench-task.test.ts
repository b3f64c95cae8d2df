import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadHiddenBench } from "./hidden-bench-task";

const good = {
  id: 1,
  name: "n",
  description: "d",
  shared_information: ["s"],
  hidden_information: ["h"],
  possible_answers: ["A", "B"],
  correct_answer: "A",
};

function file(json: unknown): string {
  const path = join(mkdtempSync(join(tmpdir(), "hb-task-")), "tasks.json");
  writeFileSync(path, JSON.stringify(json));
  return path;
}

const gots = (message: string): number => message.split(/\bgot\b/).length - 1;

describe("loadHiddenBench", () => {
  it("reads a list or {tasks}, ids as strings", () => {
    expect(loadHiddenBench(file([good]))[0]?.id).toBe("1");
    expect(loadHiddenBench(file({ tasks: [good, { ...good, id: "x" }] }))).toHaveLength(2);
  });

  it("an empty task list is an error", () => {
    expect(() => loadHiddenBench(file([]))).toThrow(
      /^hiddenBench: expected at least one task, not an empty list, got "/,
    );
    expect(() => loadHiddenBench(file({ tasks: [] }))).toThrow(/expected at least one task/);
  });

  it("a schema error names the task, the field and its value once: never two 'got'", () => {
    const cases: [unknown, RegExp][] = [
      [
        { ...good, correct_answer: "C" },
        /^hiddenBench\[0\]\.correct_answer: expected one of possible_answers, got "C"$/,
      ],
      [{ ...good, name: 3 }, /^hiddenBench\[0\]\.name: Expected string, got 3$/],
      [{ ...good, hidden_information: [] }, /^hiddenBench\[0\]\.hidden_information: .*, got \[\]$/],
    ];
    for (const [task, re] of cases) {
      let message = "";
      try {
        loadHiddenBench(file([good, task].slice(1)));
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).toMatch(re);
      expect(gots(message)).toBe(1);
    }
  });
});
