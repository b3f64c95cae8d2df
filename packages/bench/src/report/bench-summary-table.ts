import type { BenchSummary } from "./bench-summary";
import { HELD_OUT_SUM_LABEL } from "./bench-summary";
import type { HtmlReportTable } from "./html-report";

const pct = (x: number | null | undefined): string => (x === null || x === undefined ? "–" : (100 * x).toFixed(1));

export interface BenchSummaryTableOptions {
  title?: string;
  /** Benchmarks to list, in this order; every benchmark of the summary otherwise. */
  benchmarks?: readonly string[];
}

/**
 * The team-accuracy table of a bench summary for the HTML report: one row per benchmark, one column per policy with
 * "accuracy % [95% CI]", then the held-out sum row (as `benchTable` prints it in the terminal).
 */
export function benchSummaryTable(summary: BenchSummary, opts: BenchSummaryTableOptions = {}): HtmlReportTable {
  const policies = Object.keys(summary.heldOutSum);
  const names = opts.benchmarks ?? Object.keys(summary.benchmarks);
  const rows = names.map((name) => [
    name,
    ...policies.map((p) => {
      const e = summary.benchmarks[name]?.[p];
      if (e === undefined) return null;
      return e.ci95 === null ? pct(e.teamAccuracy) : `${pct(e.teamAccuracy)} [${pct(e.ci95[0])}, ${pct(e.ci95[1])}]`;
    }),
  ]);
  rows.push([HELD_OUT_SUM_LABEL, ...policies.map((p) => (summary.heldOutSum[p] ?? 0).toFixed(2))]);
  return {
    title: opts.title ?? "Team accuracy (%) with 95% bootstrap CI",
    header: ["benchmark", ...policies],
    rows,
    notes: [
      "Team accuracy: the strict-majority team decision equals the answer; CI: seeded percentile bootstrap over episodes.",
      "Held-out sum: team accuracy (fractions) summed over the held-out families.",
    ],
  };
}
