import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { aggregateBehaviourMetrics, type AggregateMetrics, type Estimate } from "@cosir/rewards";
import { describe, expect, it } from "vitest";
import type { BenchmarkRun } from "../benchmark/run-benchmark";
import { benchSummary } from "./bench-summary";
import { benchTable } from "./bench-table";
import { writeBenchReport } from "./write-bench-report";

// Bench's reports list the aggregate behaviour metrics of @cosir/rewards in their own orders (their bytes are
// compared against earlier runs, so the orders stay). Each view must show every metric, or name it here as left
// out with the reason: a metric added to aggregateBehaviourMetrics fails this test until every view decides.
const metrics = Object.keys(aggregateBehaviourMetrics([])).filter((k) => k !== "episodes") as (keyof Omit<
  AggregateMetrics,
  "episodes"
>)[];
const leftOut = {
  /** The terminal table: accuracies are in the first table or per benchmark in report.md; volume in report.md. */
  terminal: [
    "teamAccuracy",
    "individualAccuracy",
    "preAccuracy",
    "postAccuracy",
    "messagesPerEpisode",
    "tokensPerEpisode",
  ],
  /** report.md's behaviour table: team accuracy has its own table. */
  report: ["teamAccuracy"],
  /** behaviour.svg: rates a reader compares across policies; the rest are in the tables. */
  chart: [
    "teamAccuracy",
    "individualAccuracy",
    "preAccuracy",
    "postAccuracy",
    "falseClaim",
    "messagesPerEpisode",
    "tokensPerEpisode",
    "formatValidity",
  ],
};
/** report.md's column names where they differ from the metric's. */
const reportColumn: Record<string, string> = { messagesPerEpisode: "messages/ep", tokensPerEpisode: "tokens/ep" };

const estimate: Estimate = { value: 0.5, ci95: [0.25, 0.75], episodes: 2, eligible: 2 };
const run: BenchmarkRun = {
  benchmark: "heldout.example",
  benchmarkVersion: "1",
  tags: ["heldout"],
  policy: "oracle",
  seed: 0,
  n: 2,
  scores: [],
  results: [],
  accuracy: estimate,
  behaviour: { episodes: 2, ...Object.fromEntries(metrics.map((m) => [m, estimate])) } as AggregateMetrics,
};

describe("bench's reports show every aggregate behaviour metric", () => {
  it("summary.json: a figure and its details for each", () => {
    const entry = benchSummary([run]).benchmarks["heldout.example"]?.oracle;
    for (const m of metrics) {
      expect(entry?.[m]).toBe(0.5);
      expect(entry?.details[m]).toEqual(estimate);
    }
  });

  it("the terminal table, report.md and behaviour.svg: each metric, or left out on purpose", () => {
    const terminal = benchTable(benchSummary([run]));
    const dir = mkdtempSync(join(tmpdir(), "bench-views-"));
    try {
      writeBenchReport(join(dir, "out"), [run]);
      const report = readFileSync(join(dir, "out", "report.md"), "utf8");
      const chart = readFileSync(join(dir, "out", "behaviour.svg"), "utf8");
      const header = report.split("\n").find((l) => l.startsWith("| benchmark | policy |")) ?? "";
      const columns = header.split("|").map((c) => c.trim());
      for (const m of metrics) {
        expect(terminal.split("\n").some((l) => l.startsWith(`${m} `))).toBe(!leftOut.terminal.includes(m));
        expect(columns.includes(reportColumn[m] ?? m)).toBe(!leftOut.report.includes(m));
        expect(chart.includes(`>${m}<`)).toBe(!leftOut.chart.includes(m));
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
