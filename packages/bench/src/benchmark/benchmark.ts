import type { Policy, Surface } from "@cosir/env";
import type { EpisodeMetrics } from "@cosir/rewards";

/** Version of the Benchmark interface below; a benchmark package built against another version is refused. */
export const BENCHMARK_API_VERSION = 1 as const;

/** One policy for every seat, or one per seat. */
export type Team = Policy | readonly Policy[];

export interface PlayOptions {
  /** Message surface; default "canonical". */
  surface?: Surface;
  /** Optional step cap per episode. */
  maxSteps?: number;
}

/** How one played instance scored. `score` is in [0, 1]; `metrics` when the instance is a CoSIR task. */
export interface BenchmarkScore {
  score: number;
  correct: boolean;
  metrics?: EpisodeMetrics;
}

/** Anything with zod's `safeParse` (a zod schema), so a benchmark package need not share our zod copy. */
export interface InstanceSchema {
  safeParse(value: unknown): { success: boolean; error?: unknown };
}

/**
 * A benchmark (docs/design.md §6): named, versioned instances drawn from a seed, played by a team of policies,
 * and scored. `I` is the instance (a Task for CoSIR families), `R` the result of playing it (a Trace).
 * A package contributes benchmarks by exporting them (see `loadBenchmarks`) and proves them with the
 * conformance kit in `@cosir/bench/testing`.
 */
export interface Benchmark<I = unknown, R = unknown> {
  /** Must equal BENCHMARK_API_VERSION. */
  readonly apiVersion: typeof BENCHMARK_API_VERSION;
  readonly name: string;
  /** The benchmark's own version: bump it when its instances or scoring change. */
  readonly version: string;
  readonly description: string;
  /** "heldout" benchmarks count toward the held-out sum; "preservation" ones check what RL must keep. */
  readonly tags: readonly string[];
  /** Validates an instance (e.g. TaskSchema). */
  readonly instanceSchema: InstanceSchema;
  /** n instances, a pure function of (seed, n); instances(seed, n) is a prefix of instances(seed, n + 1). */
  instances(seed: number, n: number): I[];
  /** Plays one instance. */
  play(instance: I, team: Team, options?: PlayOptions): Promise<R>;
  /** Optional batched play (policies then act on a whole batch per step); same results as `play` one by one. */
  playMany?(instances: readonly I[], team: Team, options?: PlayOptions): Promise<R[]>;
  score(instance: I, result: R): BenchmarkScore;
}
