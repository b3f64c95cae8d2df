import { join } from "node:path";
import type { BenchmarkRun } from "../benchmark/run-benchmark";
import { METRIC_THRESHOLDS } from "@cosir/rewards";
import { benchSummary, type BenchSummary, HELD_OUT_SUM_LABEL } from "./bench-summary";
import { benchTable } from "./bench-table";
import { groupedBarChartSvg } from "./grouped-bar-chart-svg";
import { lineChartSvg } from "./line-chart-svg";
import { prepareOutputFolder, writeOutputAtomic } from "@cosir/policy";
import { metricsSeries } from "./metrics-series";

export interface WriteBenchReportOptions {
  /** Training metrics JSONL (one JSON object per line with a step field); adds training-curves.svg. */
  metricsJsonl?: string;
  /** Extra lines for the report header (command line, seed ...). */
  header?: readonly string[];
}

const pct = (x: number | null | undefined): string => (x === null || x === undefined ? "-" : (100 * x).toFixed(1));

function markdown(summary: BenchSummary, header: readonly string[], charts: readonly string[]): string {
  const policies = Object.keys(summary.heldOutSum);
  const lines: string[] = ["# CoSIR benchmark report", "", ...header.map((h) => `- ${h}`), ""];
  lines.push("## Team accuracy (%) with 95% bootstrap CI", "");
  lines.push(`| benchmark | ${policies.join(" | ")} |`, `|---|${policies.map(() => "---:").join("|")}|`);
  for (const [name, byPolicy] of Object.entries(summary.benchmarks)) {
    const cells = policies.map((p) => {
      const e = byPolicy[p];
      return e === undefined ? "-" : `${pct(e.teamAccuracy)} [${pct(e.ci95?.[0])}, ${pct(e.ci95?.[1])}]`;
    });
    lines.push(`| ${name} | ${cells.join(" | ")} |`);
  }
  lines.push(
    `| **${HELD_OUT_SUM_LABEL}** | ${policies.map((p) => `**${(summary.heldOutSum[p] ?? 0).toFixed(2)}**`).join(" | ")} |`,
    "",
  );
  lines.push("## Behaviour metrics (%), per benchmark", "");
  const keys = [
    "disclosure",
    "failToAsk",
    "ignoredInput",
    "withholding",
    "falseClaim",
    "askRate",
    "preAccuracy",
    "postAccuracy",
    "individualAccuracy",
    "formatValidity",
  ] as const;
  lines.push(
    `| benchmark | policy | ${keys.join(" | ")} | messages/ep | tokens/ep |`,
    `|---|---|${keys.map(() => "---:").join("|")}|---:|---:|`,
  );
  for (const [name, byPolicy] of Object.entries(summary.benchmarks)) {
    for (const p of policies) {
      const e = byPolicy[p];
      if (e === undefined) continue;
      lines.push(
        `| ${name} | ${p} | ${keys.map((k) => pct(e[k])).join(" | ")} | ${e.messagesPerEpisode?.toFixed(1) ?? "-"} | ${e.tokensPerEpisode?.toFixed(1) ?? "-"} |`,
      );
    }
  }
  lines.push("");
  lines.push("## Definitions", "");
  lines.push(
    "- team accuracy: strict-majority team decision equals the answer. CIs: seeded percentile bootstrap over episodes (1000 resamples).",
    `- disclosure: share of decisive private cells (seen by some but not all agents; a truthful claim would lower some non-holder's private surprisal by > ${METRIC_THRESHOLDS.decisiveEps} nats) that a holder shared truthfully.`,
    `- failToAsk: share of agents that, before one of their turns, had P(MAP) < ${METRIC_THRESHOLDS.failToAskConfidence} while a teammate held a cell with EIG > ${METRIC_THRESHOLDS.failToAskMinGain} nats, and never asked for any such cell.`,
    "- ignoredInput: share of agents whose MAP moved with what they heard, whose final choice stayed with their private MAP.",
    "- withholding: share of discussion turns in which the speaker held a cell that would lower some teammate's current surprisal and shared none of them.",
    "- falseClaim: share of SHARE acts with a wrong level, or of a cell the speaker neither saw nor heard.",
    "- rates pool numerators and denominators over episodes; preAccuracy/postAccuracy: individual accuracy of the private choices before/after the discussion; formatValidity: messages that parsed.",
    "- held-out sum: sum of team accuracy (fractions) over the held-out benchmarks; soloFullInformation (preservation) is not in it.",
    "",
  );
  if (charts.length > 0) lines.push("## Charts", "", ...charts.map((c) => `![${c}](${c})`), "");
  return lines.join("\n");
}

/** Training curves from a metrics JSONL: every numeric field against `step` (or the line index). */
function trainingCurves(path: string): string {
  const picked = Object.fromEntries(Object.entries(metricsSeries(path)).slice(0, 12));
  return lineChartSvg({ title: "Training curves", xLabel: "step", series: picked });
}

/**
 * Writes report.md, summary.json, accuracy.svg, behaviour.svg (and training-curves.svg with a metrics
 * JSONL) into `dir`; returns the summary and the terminal table.
 */
export function writeBenchReport(
  dir: string,
  runs: readonly BenchmarkRun[],
  opts: WriteBenchReportOptions = {},
): { summary: BenchSummary; table: string; files: string[] } {
  prepareOutputFolder(dir, "dir");
  const summary = benchSummary(runs);
  const policies = Object.keys(summary.heldOutSum);
  const files: string[] = [];
  const write = (name: string, text: string): void => {
    writeOutputAtomic(join(dir, name), text, name);
    files.push(join(dir, name));
  };
  const groups = Object.entries(summary.benchmarks).map(([label, byPolicy]) => ({
    label,
    values: policies.map((p) => byPolicy[p]?.teamAccuracy ?? null),
    intervals: policies.map((p) => byPolicy[p]?.ci95 ?? null),
  }));
  const charts = ["accuracy.svg", "behaviour.svg"];
  write(
    "accuracy.svg",
    groupedBarChartSvg({
      title: "Team accuracy by benchmark (95% CI)",
      series: policies,
      groups,
      yLabel: "team accuracy",
    }),
  );
  const behaviourKeys = ["disclosure", "failToAsk", "ignoredInput", "withholding", "askRate"] as const;
  write(
    "behaviour.svg",
    groupedBarChartSvg({
      title: "Behaviour metrics (mean over benchmarks)",
      series: policies,
      groups: behaviourKeys.map((key) => ({
        label: key,
        values: policies.map((p) => {
          const xs = Object.values(summary.benchmarks)
            .map((b) => b[p]?.[key])
            .filter((x): x is number => typeof x === "number");
          return xs.length === 0 ? null : xs.reduce((s, x) => s + x, 0) / xs.length;
        }),
      })),
    }),
  );
  if (opts.metricsJsonl !== undefined) {
    write("training-curves.svg", trainingCurves(opts.metricsJsonl));
    charts.push("training-curves.svg");
  }
  write("summary.json", `${JSON.stringify(summary, null, 2)}\n`);
  write("report.md", markdown(summary, opts.header ?? [], charts));
  return { summary, table: benchTable(summary), files };
}
