import { InvalidArgumentError } from "@cosir/bayes";
import {
  aggregateBehaviourMetrics,
  bootstrapCi,
  type AggregateMetrics,
  type EpisodeMetrics,
  type Estimate,
} from "@cosir/rewards";
import type { Benchmark, BenchmarkScore, PlayOptions, Team } from "./benchmark";

export interface RunBenchmarkOptions extends PlayOptions {
  seed: number;
  n: number;
  /** Label of the team in reports; default the policy's name. */
  policy?: string;
  /** Instances played per batch (policies act on a batch per step); default 50. */
  batchSize?: number;
  /** Called after each batch with (done, total). */
  onProgress?: (done: number, total: number) => void;
  /** Bootstrap resamples for the CIs; default 1000. */
  resamples?: number;
}

/** One benchmark played by one team: per-instance scores, and aggregates with 95% bootstrap CIs. */
export interface BenchmarkRun<R = unknown> {
  benchmark: string;
  benchmarkVersion: string;
  tags: readonly string[];
  policy: string;
  seed: number;
  n: number;
  scores: BenchmarkScore[];
  results: R[];
  /** Mean score with its CI (team accuracy for task benchmarks). */
  accuracy: Estimate;
  /** Behaviour metrics when the benchmark reports them (task benchmarks), else null. */
  behaviour: AggregateMetrics | null;
}

/** Plays `n` instances of `benchmark` (seeded) with `team` and scores them. */
export async function runBenchmark<I, R>(
  benchmark: Benchmark<I, R>,
  team: Team,
  opts: RunBenchmarkOptions,
): Promise<BenchmarkRun<R>> {
  const batchSize = opts.batchSize ?? 50;
  if (!Number.isInteger(batchSize) || batchSize < 1)
    throw new InvalidArgumentError("batchSize", batchSize, "expected a positive integer");
  const instances = benchmark.instances(opts.seed, opts.n);
  const play: PlayOptions = {
    ...(opts.surface !== undefined ? { surface: opts.surface } : {}),
    ...(opts.maxSteps !== undefined ? { maxSteps: opts.maxSteps } : {}),
  };
  const results: R[] = [];
  for (let start = 0; start < instances.length; start += batchSize) {
    const batch = instances.slice(start, start + batchSize);
    if (benchmark.playMany !== undefined) results.push(...(await benchmark.playMany(batch, team, play)));
    else for (const instance of batch) results.push(await benchmark.play(instance, team, play));
    opts.onProgress?.(Math.min(start + batchSize, instances.length), instances.length);
  }
  const scores = instances.map((instance, k) => benchmark.score(instance, results[k] as R));
  const metrics = scores.map((s) => s.metrics).filter((m): m is EpisodeMetrics => m !== undefined);
  const resamples = opts.resamples ?? 1000;
  const policy =
    opts.policy ?? (Array.isArray(team) ? team.map((p) => p.name).join("+") : (team as { name: string }).name);
  return {
    benchmark: benchmark.name,
    benchmarkVersion: benchmark.version,
    tags: benchmark.tags,
    policy,
    seed: opts.seed,
    n: opts.n,
    scores,
    results,
    accuracy: bootstrapCi(
      scores.map((s) => s.score),
      null,
      { seed: `${benchmark.name}:${opts.seed}:accuracy`, resamples },
    ),
    behaviour:
      metrics.length === scores.length && metrics.length > 0
        ? aggregateBehaviourMetrics(metrics, { seed: `${benchmark.name}:${opts.seed}`, resamples })
        : null,
  };
}
