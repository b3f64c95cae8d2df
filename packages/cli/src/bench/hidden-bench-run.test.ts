import { PassThrough, Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { benchOptions } from "./bench-options";
import { hiddenBenchFlags, hiddenBenchResponder, hiddenBenchRun } from "./hidden-bench-run";

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

  it("hiddenBenchFlags passes on only the flags given, so the protocol's own defaults apply", () => {
    expect(hiddenBenchFlags({})).toEqual({ protocol: "original", rounds: 15 });
    expect(hiddenBenchFlags({ protocol: "cosir" })).toEqual({ protocol: "cosir", rounds: 2 });
    expect(
      hiddenBenchFlags({
        runs: "3",
        "vote-reader": "tolerant",
        tries: "2",
        "missing-votes": "bucket",
        "failed-turns": "drop",
        "max-reply-chars": "900",
        "response-format": "json_object",
        thinking: true,
        deadline: "5",
      }),
    ).toEqual({
      protocol: "original",
      rounds: 15,
      runs: 3,
      maxReplyChars: 900,
      voteReader: "tolerant",
      missingVotes: "bucket",
      failedTurns: "drop",
      tries: 2,
      responseFormat: "json_object",
      thinking: true,
      deadlineMs: 5000,
    });
    expect(() => hiddenBenchFlags({ "vote-reader": "loose" })).toThrow(
      /^--vote-reader: expected one of original, tolerant/,
    );
    expect(() => hiddenBenchFlags({ tries: "0" })).toThrow(/^--tries:/);
  });
});
