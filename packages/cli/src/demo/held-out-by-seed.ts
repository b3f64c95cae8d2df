import { type BenchmarkRun, heldOutSumBootstrap, type HeldOutSumEstimate, type HtmlReportTable } from "@cosir/bench";

/** One RL seed's held-out sums (base, both arms) and the paired differences that order them. */
export interface HeldOutSeedRow {
  seed: number;
  base: HeldOutSumEstimate;
  outcomeOnly: HeldOutSumEstimate;
  cosir: HeldOutSumEstimate;
  cosirMinusOutcomeOnly: HeldOutSumEstimate;
  cosirMinusBase: HeldOutSumEstimate;
  outcomeOnlyMinusBase: HeldOutSumEstimate;
  /**
   * The order on this seed: CoSIR's sum above outcome-only's and the base's with the paired bootstrap
   * intervals of both differences above 0, and outcome-only's sum above the base's.
   */
  ordered: boolean;
}

/**
 * The held-out sum of every RL seed (issue 24's "on each of 3 RL seeds"): for each seed, the base's and both arms'
 * sums over the "heldout" benchmarks in `runs` with stratified bootstrap intervals, and the paired differences
 * (the same instances for every policy), seeded by the RL seed so the table is reproducible.
 */
export function heldOutBySeed(
  runs: readonly BenchmarkRun[],
  seeds: readonly { seed: number; outcomeOnly: string; cosir: string }[],
  base = "base",
  resamples = 2000,
): HeldOutSeedRow[] {
  return seeds.map(({ seed, outcomeOnly, cosir }) => {
    const est = (policy: string, minus?: string) =>
      heldOutSumBootstrap(runs, policy, minus, { seed: `held-out-by-seed:${seed}`, resamples });
    const row = {
      seed,
      base: est(base),
      outcomeOnly: est(outcomeOnly),
      cosir: est(cosir),
      cosirMinusOutcomeOnly: est(cosir, outcomeOnly),
      cosirMinusBase: est(cosir, base),
      outcomeOnlyMinusBase: est(outcomeOnly, base),
    };
    return {
      ...row,
      ordered:
        row.cosirMinusOutcomeOnly.ci95[0] > 0 && row.cosirMinusBase.ci95[0] > 0 && row.outcomeOnlyMinusBase.value > 0,
    };
  });
}

const sum = (e: HeldOutSumEstimate) => `${e.value.toFixed(2)} [${e.ci95[0].toFixed(2)}, ${e.ci95[1].toFixed(2)}]`;
const diff = (e: HeldOutSumEstimate) => {
  const s = (x: number) => `${x >= 0 ? "+" : ""}${x.toFixed(2)}`;
  return `${s(e.value)} [${s(e.ci95[0])}, ${s(e.ci95[1])}]`;
};

const HEADER = ["seed", "base", "outcomeOnly", "cosir", "cosir - outcomeOnly", "cosir - base", "ordered"] as const;

/** One row's cells as the terminal and the report show them: sums and paired differences with 95% intervals. */
function rowCells(r: HeldOutSeedRow): string[] {
  return [
    String(r.seed),
    sum(r.base),
    sum(r.outcomeOnly),
    sum(r.cosir),
    diff(r.cosirMinusOutcomeOnly),
    diff(r.cosirMinusBase),
    r.ordered ? "yes" : "no",
  ];
}

/** The terminal table of heldOutBySeed: one row per seed, sums and paired differences with 95% intervals. */
export function formatHeldOutBySeed(rows: readonly HeldOutSeedRow[]): string {
  const body = rows.map(rowCells);
  const widths = HEADER.map((h, j) => Math.max(h.length, ...body.map((row) => (row[j] as string).length)));
  const line = (cells: readonly string[]) => `| ${cells.map((c, j) => c.padEnd(widths[j] as number)).join(" | ")} |`;
  return [line(HEADER), `|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`, ...body.map(line)].join("\n");
}

/** heldOutBySeed as a table of the demo's report.html, the same cells as the terminal's. */
export function heldOutBySeedTable(rows: readonly HeldOutSeedRow[], episodes: number): HtmlReportTable {
  return {
    title: `Held-out sum by RL seed (${episodes} episodes a family)`,
    header: [...HEADER],
    rows: rows.map(rowCells),
    notes: [
      "95% stratified bootstrap intervals; differences paired on the same instances. ordered: cosir - outcomeOnly and cosir - base both above 0 (their intervals), and outcomeOnly above base.",
    ],
  };
}
