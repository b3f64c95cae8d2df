import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../test/run-cli";
import { parsePolicySpecs } from "./bench";

describe("cosir bench", () => {
  it("writes report.md, summary.json and charts, prints the table and progress", async () => {
    const out = mkdtempSync(join(tmpdir(), "cosir-bench-cli-"));
    const { code, stdout, stderr } = await runCli([
      "bench",
      "--policies",
      "oracle,silent",
      "--n",
      "6",
      "--seed",
      "3",
      "--out",
      out,
      "--benchmark",
      "whodunit,arithmetic",
    ]);
    expect(code).toBe(0);
    expect(stdout).toContain("seven-task sum");
    expect(stdout).toContain("whodunit");
    expect(stderr).toMatch(/\[#+\] 6\/6 whodunit x oracle/);
    for (const f of ["report.md", "summary.json", "accuracy.svg", "behaviour.svg"])
      expect(existsSync(join(out, f))).toBe(true);
    const summary = JSON.parse(readFileSync(join(out, "summary.json"), "utf8")) as {
      benchmarks: Record<string, Record<string, { teamAccuracy: number }>>;
      sevenTaskSum: Record<string, number>;
    };
    expect(Object.keys(summary.benchmarks)).toEqual(["whodunit", "arithmetic"]);
    expect(Object.keys(summary.sevenTaskSum)).toEqual(["oracle", "silent"]);
  });

  it("--json prints summary.json on stdout", async () => {
    const out = mkdtempSync(join(tmpdir(), "cosir-bench-cli-"));
    const { code, stdout } = await runCli([
      "bench",
      "--policies",
      "greedyShare",
      "--n",
      "3",
      "--out",
      out,
      "--benchmark",
      "soloFullInformation",
      "--json",
    ]);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual(JSON.parse(readFileSync(join(out, "summary.json"), "utf8")));
  });

  it("parses policy specs and names bad ones", async () => {
    expect(parsePolicySpecs("oracle,base=runs/a,cosir=chat:qwen@http://127.0.0.1:8000/v1,me=silent")).toEqual([
      { name: "oracle", kind: "scripted", target: "oracle" },
      { name: "base", kind: "checkpoint", target: "runs/a" },
      { name: "cosir", kind: "chat", target: "qwen", url: "http://127.0.0.1:8000/v1" },
      { name: "me", kind: "scripted", target: "silent" },
    ]);
    expect(() => parsePolicySpecs("wizard")).toThrow(/^--policies:/);
    expect(() => parsePolicySpecs("a=oracle,a=silent")).toThrow(/^--policies:.*distinct/);
    const { code, stderr } = await runCli(["bench", "--n", "2"]);
    expect(code).toBe(1);
    expect(stderr).toContain("--policies");
  });
});
