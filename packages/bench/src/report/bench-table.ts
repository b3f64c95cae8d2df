import type { BenchSummary } from "./bench-summary";
import { HELD_OUT_SUM_LABEL } from "./bench-summary";

const pct = (x: number | null | undefined): string => (x === null || x === undefined ? "-" : `${(100 * x).toFixed(1)}`);

function pad(rows: string[][]): string {
  const widths = (rows[0] ?? []).map((_, c) => Math.max(...rows.map((r) => (r[c] ?? "").length)));
  return rows
    .map((r) =>
      r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c] as number) : cell.padStart(widths[c] as number))).join("  "),
    )
    .join("\n");
}

/**
 * Plain-text table for the terminal: team accuracy (%) [95% CI] per benchmark x policy, the held-out
 * sum, then pooled behaviour rates per policy (means over benchmarks of the per-benchmark rates).
 */
export function benchTable(summary: BenchSummary): string {
  const policies = Object.keys(summary.heldOutSum);
  const rows: string[][] = [["benchmark", ...policies]];
  for (const [name, byPolicy] of Object.entries(summary.benchmarks)) {
    rows.push([
      name,
      ...policies.map((p) => {
        const e = byPolicy[p];
        if (e === undefined) return "-";
        return e.ci95 === null ? pct(e.teamAccuracy) : `${pct(e.teamAccuracy)} [${pct(e.ci95[0])},${pct(e.ci95[1])}]`;
      }),
    ]);
  }
  rows.push([HELD_OUT_SUM_LABEL, ...policies.map((p) => (summary.heldOutSum[p] ?? 0).toFixed(2))]);
  const behaviour: string[][] = [["behaviour (%, mean over benchmarks)", ...policies]];
  const keys = [
    "disclosure",
    "failToAsk",
    "ignoredInput",
    "withholding",
    "falseClaim",
    "askRate",
    "formatValidity",
  ] as const;
  for (const key of keys) {
    behaviour.push([
      key,
      ...policies.map((p) => {
        const xs = Object.values(summary.benchmarks)
          .map((b) => b[p]?.[key])
          .filter((x): x is number => typeof x === "number");
        return xs.length === 0 ? "-" : pct(xs.reduce((s, x) => s + x, 0) / xs.length);
      }),
    ]);
  }
  return `${pad(rows)}\n\n${pad(behaviour)}`;
}
