import { type Benchmark, benchmarkRegistry, builtInBenchmarks, loadBenchmarks } from "@cosir/bench";

/** `--benchmark NAME|PACKAGE|PATH[,...]`: registered names first, else loaded; absent -> the built-ins. */
export async function resolveBenchmarks(raw: string | boolean | undefined): Promise<Benchmark[]> {
  if (typeof raw !== "string") return builtInBenchmarks as unknown as Benchmark[];
  const benchmarks: Benchmark[] = [];
  for (const spec of raw
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "")) {
    benchmarks.push(
      ...(benchmarkRegistry.has(spec) ? [benchmarkRegistry.get(spec) as Benchmark] : await loadBenchmarks(spec)),
    );
  }
  return benchmarks;
}
