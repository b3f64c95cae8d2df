// @cosir/bench/testing: the benchmark conformance kit. No test framework is imported here.
export { benchmarkConformanceChecks, checkBenchmarkConformance } from "./check-benchmark-conformance";
export type { ConformanceCheck, ConformanceOptions } from "./check-benchmark-conformance";
export { runBenchmarkConformance } from "./run-benchmark-conformance";
export type { TestApi } from "./run-benchmark-conformance";
