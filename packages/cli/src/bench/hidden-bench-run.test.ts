import { PassThrough, Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { benchOptions } from "./bench-options";
import { hiddenBenchResponder, hiddenBenchRun } from "./hidden-bench-run";

const cli = { stdin: Readable.from([]), stdout: new PassThrough(), stderr: new PassThrough() };

describe("hiddenBenchRun", () => {
  it("refuses the held-out families' flags before reading anything", async () => {
    for (const flag of ["policies", "benchmark", "n", "batch", "metrics"]) {
      const values = { [flag]: "1", endpoint: "http://h/v1", model: "m" };
      const o = { ...benchOptions(values), path: "/nonexistent.json", endpoint: "http://h/v1", model: "m" };
      await expect(hiddenBenchRun([], cli, values, o)).rejects.toThrow(
        new RegExp(`^--${flag}: does not apply to --hiddenbench`),
      );
    }
  });

  it("the responder is the endpoint's model, named chat:<model>", () => {
    expect(hiddenBenchResponder("http://h/v1", "qwen", 1, { concurrency: 2 }).name).toBe("chat:qwen");
    expect(() => hiddenBenchResponder("h", "qwen", 1, {})).toThrow(/^baseUrl:/);
  });
});
