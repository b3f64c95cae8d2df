import type { Benchmark } from "../benchmark/benchmark";
import { benchmarkConformanceChecks, type ConformanceOptions } from "./check-benchmark-conformance";

/** The parts of a test framework the kit needs (vitest's or jest's `it` and `expect`); bench never imports one. */
export interface TestApi {
  it(name: string, fn: () => Promise<void>, timeout?: number): void;
  expect(value: unknown): { toEqual(expected: unknown): void };
}

/**
 * Registers one test per conformance check in the caller's framework:
 *   import { describe, expect, it } from "vitest";
 *   describe("my benchmark", () => runBenchmarkConformance(myBenchmark, { it, expect }));
 */
export function runBenchmarkConformance<I, R>(
  benchmark: Benchmark<I, R>,
  test: TestApi,
  opts: ConformanceOptions = {},
): void {
  for (const check of benchmarkConformanceChecks(benchmark, opts)) {
    test.it(`conformance: ${check.name}`, async () => {
      test.expect(await check.run()).toEqual([]);
    });
  }
}
