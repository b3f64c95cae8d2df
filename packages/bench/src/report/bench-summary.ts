import type { BenchmarkRun } from "../benchmark/run-benchmark";
import type { AggregateMetrics, Estimate } from "@cosir/rewards";
import { heldOutFamilyNames } from "../families/held-out-families";

/** One benchmark x policy cell of summary.json. Rates are null when nothing was eligible. */
export interface BenchSummaryEntry {
  teamAccuracy: number | null;
  ci95: [number, number] | null;
  disclosure: number | null;
  failToAsk: number | null;
  ignoredInput: number | null;
  withholding: number | null;
  falseClaim: number | null;
  askRate: number | null;
  individualAccuracy: number | null;
  preAccuracy: number | null;
  postAccuracy: number | null;
  messagesPerEpisode: number | null;
  tokensPerEpisode: number | null;
  formatValidity: number | null;
  episodes: number;
  /** Every metric with its 95% bootstrap CI and the number of eligible units. */
  details: Partial<Record<keyof Omit<AggregateMetrics, "episodes">, Estimate>>;
}

/** The held-out sum's row label in every table: named for what it sums, with its range (0..one per family). */
export const HELD_OUT_SUM_LABEL = `held-out sum (0-${heldOutFamilyNames.length})`;

/** summary.json: exactly these keys (see README "Reports"). */
export interface BenchSummary {
  benchmarks: Record<string, Record<string, BenchSummaryEntry>>;
  /** The held-out sum: over the "heldout" benchmarks, team accuracy (a fraction, so 0..one per family), per policy. */
  heldOutSum: Record<string, number>;
  /** @deprecated The same figures as `heldOutSum` (its first name, from when there were seven families); kept for readers of summary.json. */
  sevenTaskSum: Record<string, number>;
}

function entry(run: BenchmarkRun): BenchSummaryEntry {
  const b = run.behaviour;
  const v = (e: Estimate | undefined): number | null => e?.value ?? null;
  const details: BenchSummaryEntry["details"] = {};
  if (b !== null)
    for (const [k, e] of Object.entries(b))
      if (k !== "episodes") (details as Record<string, Estimate>)[k] = e as Estimate;
  return {
    teamAccuracy: run.accuracy.value,
    ci95: run.accuracy.ci95,
    disclosure: v(b?.disclosure),
    failToAsk: v(b?.failToAsk),
    ignoredInput: v(b?.ignoredInput),
    withholding: v(b?.withholding),
    falseClaim: v(b?.falseClaim),
    askRate: v(b?.askRate),
    individualAccuracy: v(b?.individualAccuracy),
    preAccuracy: v(b?.preAccuracy),
    postAccuracy: v(b?.postAccuracy),
    messagesPerEpisode: v(b?.messagesPerEpisode),
    tokensPerEpisode: v(b?.tokensPerEpisode),
    formatValidity: v(b?.formatValidity),
    episodes: run.scores.length,
    details,
  };
}

/** The machine-readable figures of a set of runs (benchmark x policy). */
export function benchSummary(runs: readonly BenchmarkRun[]): BenchSummary {
  const benchmarks: BenchSummary["benchmarks"] = {};
  const heldOutSum: Record<string, number> = {};
  for (const run of runs) {
    (benchmarks[run.benchmark] ??= {})[run.policy] = entry(run);
    heldOutSum[run.policy] ??= 0;
    if (run.tags.includes("heldout"))
      heldOutSum[run.policy] = (heldOutSum[run.policy] as number) + (run.accuracy.value ?? 0);
  }
  return { benchmarks, heldOutSum, sevenTaskSum: { ...heldOutSum } };
}
