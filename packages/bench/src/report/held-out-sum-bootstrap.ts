import { InvalidArgumentError } from "@cosir/bayes";
import { Rng } from "@cosir/env";
import { quantile } from "@cosir/rewards";
import type { BenchmarkRun } from "../benchmark/run-benchmark";

/** A held-out sum (or a difference of two) with its 95% stratified bootstrap interval. */
export interface HeldOutSumEstimate {
  value: number;
  ci95: [number, number];
  /** The families summed (the "heldout"-tagged benchmarks both policies ran), in name order. */
  families: string[];
  /** Episodes per family, in the same order. */
  episodes: number[];
}

export interface HeldOutSumBootstrapOptions {
  /** Seed of the resampling; the same seed gives the same interval. Default 0. */
  seed?: number | string;
  /** Bootstrap resamples. Default 2000. */
  resamples?: number;
}

/**
 * The held-out sum of `policy` (its team accuracy summed over the "heldout" benchmarks in `runs`) with a 95%
 * percentile bootstrap interval, stratified by family: each resample draws every family's episodes with
 * replacement, as many as it ran, and adds the families' accuracies. With `minus`, the paired difference
 * sum(policy) - sum(minus): both policies must have played the same instances of each family (the same benchmark
 * seed and n, as `cosir bench` and `cosir demo` run them), and each resample draws the same instance indices for
 * both, so what the two share (the instances' difficulty) cancels. An interval of the difference above 0 is the
 * issue's "CI above" the other policy.
 */
export function heldOutSumBootstrap(
  runs: readonly BenchmarkRun[],
  policy: string,
  minus?: string,
  opts: HeldOutSumBootstrapOptions = {},
): HeldOutSumEstimate {
  const resamples = opts.resamples ?? 2000;
  if (!Number.isInteger(resamples) || resamples < 1)
    throw new InvalidArgumentError("resamples", resamples, "expected a positive integer");
  const held = runs.filter((r) => r.tags.includes("heldout"));
  const families = [...new Set(held.filter((r) => r.policy === policy).map((r) => r.benchmark))].sort();
  if (families.length === 0)
    throw new InvalidArgumentError("policy", policy, 'expected a policy with runs of "heldout" benchmarks');
  const scores = (who: string, family: string): number[] => {
    const found = held.filter((r) => r.policy === who && r.benchmark === family);
    if (found.length !== 1)
      throw new InvalidArgumentError(
        "runs",
        `${found.length} runs of ${family} x ${who}`,
        "expected exactly one run of each held-out family per policy",
      );
    const run = found[0] as BenchmarkRun;
    return run.scores.map((s) => (s.correct ? 1 : 0));
  };
  const a = families.map((f) => scores(policy, f));
  const b = minus === undefined ? null : families.map((f) => scores(minus, f));
  families.forEach((f, i) => {
    const other = b?.[i];
    if (other !== undefined && other.length !== (a[i] as number[]).length)
      throw new InvalidArgumentError(
        "runs",
        `${f}: ${(a[i] as number[]).length} episodes of ${policy}, ${other.length} of ${minus}`,
        "expected both policies on the same instances (the same n)",
      );
    if ((a[i] as number[]).length === 0)
      throw new InvalidArgumentError("runs", `${f} x ${policy}: 0 episodes`, "expected at least one episode");
  });
  // per family: the per-instance difference (or score), so a resample adds means of drawn indices
  const rows = a.map((xs, i) => xs.map((x, k) => x - (b === null ? 0 : ((b[i] as number[])[k] as number))));
  const mean = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
  const value = rows.reduce((s, xs) => s + mean(xs), 0);
  const rng = new Rng(opts.seed ?? 0);
  const stats = new Float64Array(resamples);
  for (let r = 0; r < resamples; r++) {
    let total = 0;
    for (const xs of rows) {
      let s = 0;
      for (let k = 0; k < xs.length; k++) s += xs[rng.int(xs.length)] as number;
      total += s / xs.length;
    }
    stats[r] = total;
  }
  stats.sort();
  return {
    value,
    ci95: [quantile(stats, 0.025), quantile(stats, 0.975)],
    families,
    episodes: rows.map((xs) => xs.length),
  };
}
