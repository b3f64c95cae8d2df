import { InvalidArgumentError } from "@cosir/bayes";
import type { Benchmark } from "./benchmark";
import { builtInBenchmarks } from "./built-in-benchmarks";
import { benchmarkShapeProblems } from "./is-benchmark";

const registry = new Map<string, Benchmark>(builtInBenchmarks.map((b) => [b.name, b as Benchmark]));

/** Benchmarks by name: the built-ins, plus any registered or loaded (`loadBenchmarks`). */
export const benchmarkRegistry = {
  /** Adds (or replaces) a benchmark; throws naming the field when it does not have the Benchmark shape. */
  register(benchmark: Benchmark): void {
    const problems = benchmarkShapeProblems(benchmark);
    if (problems.length > 0)
      throw new InvalidArgumentError(
        "benchmark",
        (benchmark as { name?: unknown })?.name,
        `expected a Benchmark (${problems.join("; ")})`,
      );
    registry.set(benchmark.name, benchmark);
  },
  get(name: string): Benchmark | undefined {
    return registry.get(name);
  },
  has(name: string): boolean {
    return registry.has(name);
  },
  names(): string[] {
    return [...registry.keys()];
  },
  list(): Benchmark[] {
    return [...registry.values()];
  },
  /** Removes a registered benchmark (tests). */
  delete(name: string): boolean {
    return registry.delete(name);
  },
};
