import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { benchOptions, checkBenchFiles, temperatureFlag } from "./bench-options";

describe("benchOptions", () => {
  it("defaults: seed 1, bench-out, no endpoint, concurrency 8", () => {
    expect(benchOptions({})).toEqual({
      seed: 1,
      out: "bench-out",
      endpoint: undefined,
      model: undefined,
      concurrency: 8,
      endpointOptions: { concurrency: 8 },
    });
  });

  it("reads the endpoint flags into the back ends' endpoint options", () => {
    const o = benchOptions({
      seed: "7",
      out: "o",
      endpoint: "http://h/v1",
      model: "m",
      concurrency: "3",
      "api-key": "k",
      timeout: "2",
      "max-tokens": "9",
      temperature: "0.5",
    });
    expect(o).toEqual({
      seed: 7,
      out: "o",
      endpoint: "http://h/v1",
      model: "m",
      concurrency: 3,
      endpointOptions: { concurrency: 3, apiKey: "k", timeoutMs: 2000, maxTokens: 9, temperature: 0.5 },
    });
  });

  it("--endpoint and --model come together; bad values name their flag", () => {
    expect(() => benchOptions({ endpoint: "http://h" })).toThrow(/^--model: is required with --endpoint/);
    expect(() => benchOptions({ model: "m" })).toThrow(/^--endpoint: is required with --model/);
    expect(() => benchOptions({ seed: "-1" })).toThrow(/^--seed:/);
    expect(() => benchOptions({ concurrency: "0" })).toThrow(/^--concurrency:/);
  });

  it("--choice-temperature: the tfjs choices' temperature, 0..10, a bad value named", () => {
    expect(benchOptions({ "choice-temperature": "0" }).choiceTemperature).toBe(0);
    expect(benchOptions({ "choice-temperature": "0.25" }).choiceTemperature).toBe(0.25);
    expect(benchOptions({}).choiceTemperature).toBeUndefined();
    for (const bad of ["-1", "11", "x", " "])
      expect(() => benchOptions({ "choice-temperature": bad }), bad).toThrow(
        /^--choice-temperature: expected a number in 0\.\.10/,
      );
  });

  it("--talk-temperature: the tfjs discussion's temperature, 0..10, absent by default, a bad value named", () => {
    expect(benchOptions({ "talk-temperature": "0.5" }).talkTemperature).toBe(0.5);
    expect(benchOptions({ "talk-temperature": "0" }).talkTemperature).toBe(0);
    expect("talkTemperature" in benchOptions({})).toBe(false);
    for (const bad of ["-1", "11", "x", ""])
      expect(() => benchOptions({ "talk-temperature": bad }), bad).toThrow(
        /^--talk-temperature: expected a number in 0\.\.10/,
      );
  });

  it("temperatureFlag accepts exactly the numbers in 0..2", () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, min: -5, max: 5 }), (t) => {
        const ok = t >= 0 && t <= 2;
        if (ok) expect(temperatureFlag(String(t))).toBe(Number(String(t)));
        else expect(() => temperatureFlag(String(t))).toThrow(/^--temperature: expected a number in 0\.\.2/);
      }),
    );
    expect(() => temperatureFlag(" ")).toThrow(/--temperature/);
    expect(temperatureFlag("-0")).toBe(-0); // the shrunk counterexample: String(-0) is "0"
  });
});

describe("checkBenchFiles", () => {
  it("needs a readable metrics file and a usable output folder", () => {
    const dir = mkdtempSync(join(tmpdir(), "cosir-bench-files-"));
    writeFileSync(join(dir, "metrics.jsonl"), '{"step": 1, "loss": 0.5}\n');
    expect(() => checkBenchFiles(join(dir, "metrics.jsonl"), join(dir, "out"))).not.toThrow();
    // An empty file or one that is not a metrics JSONL would be an empty chart: refused before any episode.
    writeFileSync(join(dir, "empty.jsonl"), "");
    expect(() => checkBenchFiles(join(dir, "empty.jsonl"), join(dir, "out"))).toThrow(
      /^--metrics: .*the file is empty/,
    );
    writeFileSync(join(dir, "notes.jsonl"), "a note\n");
    expect(() => checkBenchFiles(join(dir, "notes.jsonl"), join(dir, "out"))).toThrow(/^--metrics: .*line 1 is not/);
    expect(() => checkBenchFiles(join(dir, "none.jsonl"), join(dir, "out"))).toThrow(
      /^--metrics: expected a readable metrics.jsonl file \(ENOENT\)/,
    );
    expect(() => checkBenchFiles(dir, join(dir, "out"))).toThrow(/\(not a regular file\)/);
    expect(() => checkBenchFiles(undefined, join(dir, "metrics.jsonl"))).toThrow(/^--out:/);
    mkdirSync(join(dir, "full", "report.md"), { recursive: true });
    expect(() => checkBenchFiles(undefined, join(dir, "full"))).toThrow(/^--out:/);
  });
});
