import { mkdtempSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { scriptedPolicy } from "@cosir/policy";
import { describe, expect, it } from "vitest";
import { builtInBenchmarks } from "../benchmark/built-in-benchmarks";
import { runBenchmark } from "../benchmark/run-benchmark";
import { writeBenchReport } from "./write-bench-report";

describe("writeBenchReport", () => {
  it("writes report.md, summary.json with exactly two keys, and SVG charts", async () => {
    const runs = [];
    for (const benchmark of builtInBenchmarks.slice(0, 2)) {
      for (const kind of ["oracle", "silent"] as const)
        runs.push(await runBenchmark(benchmark, scriptedPolicy(kind), { seed: 1, n: 8, resamples: 100 }));
    }
    const dir = mkdtempSync(join(tmpdir(), "cosir-report-"));
    const metrics = join(dir, "metrics.jsonl");
    writeFileSync(
      metrics,
      `${JSON.stringify({ step: 0, reward: 0.1, loss: 2 })}\n${JSON.stringify({ step: 1, reward: 0.3, loss: 1.5 })}\n`,
    );
    const { summary, table } = writeBenchReport(dir, runs, { metricsJsonl: metrics });
    const json = JSON.parse(readFileSync(join(dir, "summary.json"), "utf8")) as typeof summary;
    // sevenTaskSum: heldOutSum's first name, kept for readers of summary.json
    expect(Object.keys(json)).toEqual(["benchmarks", "heldOutSum", "sevenTaskSum"]);
    expect(json.sevenTaskSum).toEqual(json.heldOutSum);
    const cell = json.benchmarks.hiddenProfile?.oracle;
    expect(cell).toBeDefined();
    for (const key of ["teamAccuracy", "ci95", "disclosure", "failToAsk", "ignoredInput"])
      expect(cell).toHaveProperty(key);
    expect(json.heldOutSum.oracle).toBeCloseTo(
      (json.benchmarks.hiddenProfile?.oracle?.teamAccuracy ?? 0) +
        (json.benchmarks.weightedDecision?.oracle?.teamAccuracy ?? 0),
    );
    expect(json.heldOutSum.oracle).toBeGreaterThanOrEqual(json.heldOutSum.silent as number);
    const md = readFileSync(join(dir, "report.md"), "utf8");
    expect(md).toContain("held-out sum (0-7)");
    expect(md).toContain("| hiddenProfile |");
    for (const svg of ["accuracy.svg", "behaviour.svg", "training-curves.svg"])
      expect(readFileSync(join(dir, svg), "utf8")).toMatch(/^<svg[\s\S]*<\/svg>$/);
    expect(readFileSync(join(dir, "training-curves.svg"), "utf8")).toContain("reward");
    expect(table).toContain("hiddenProfile");
    expect(table).toContain("held-out sum (0-7)");
  });

  it("is reproducible: the same seed gives the same summary", async () => {
    const b = builtInBenchmarks[2];
    if (b === undefined) throw new Error("missing benchmark");
    const a = await runBenchmark(b, scriptedPolicy("greedyShare"), { seed: 4, n: 6, resamples: 50 });
    const c = await runBenchmark(b, scriptedPolicy("greedyShare"), { seed: 4, n: 6, resamples: 50 });
    expect(a.accuracy).toEqual(c.accuracy);
    expect(a.behaviour).toEqual(c.behaviour);
  });

  it("writeBenchReport refuses a report path that is a link and a metrics file that is missing", () => {
    const dir = mkdtempSync(join(tmpdir(), "cosir-report-"));
    writeFileSync(join(dir, "elsewhere.md"), "keep");
    symlinkSync(join(dir, "elsewhere.md"), join(dir, "report.md"));
    expect(() => writeBenchReport(dir, [])).toThrow(/report\.md: is a symbolic link/);
    expect(readFileSync(join(dir, "elsewhere.md"), "utf8")).toBe("keep");
    expect(() =>
      writeBenchReport(mkdtempSync(join(tmpdir(), "cosir-report-")), [], { metricsJsonl: join(dir, "none.jsonl") }),
    ).toThrow(/metricsJsonl: expected a readable metrics file \(ENOENT\)/);
  });
});
