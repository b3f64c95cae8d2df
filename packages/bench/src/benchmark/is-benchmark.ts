import { BENCHMARK_API_VERSION, type Benchmark } from "./benchmark";

/** Problems with a value meant to be a Benchmark (empty when it is one); checks the shape, not behaviour. */
export function benchmarkShapeProblems(value: unknown): string[] {
  if (value === null || typeof value !== "object")
    return [`expected an object, got ${value === null ? "null" : typeof value}`];
  const b = value as Record<string, unknown>;
  const problems: string[] = [];
  if (b.apiVersion !== BENCHMARK_API_VERSION)
    problems.push(`apiVersion: expected ${BENCHMARK_API_VERSION}, got ${JSON.stringify(b.apiVersion)}`);
  if (typeof b.name !== "string" || b.name === "") problems.push("name: expected a non-empty string");
  if (typeof b.version !== "string" || b.version === "") problems.push("version: expected a non-empty string");
  if (typeof b.description !== "string") problems.push("description: expected a string");
  if (!Array.isArray(b.tags) || !b.tags.every((t) => typeof t === "string"))
    problems.push("tags: expected an array of strings");
  const schema = b.instanceSchema as { safeParse?: unknown } | undefined;
  if (schema === null || typeof schema !== "object" || typeof schema.safeParse !== "function")
    problems.push("instanceSchema: expected an object with safeParse");
  for (const f of ["instances", "play", "score"])
    if (typeof b[f] !== "function") problems.push(`${f}: expected a function`);
  if (b.playMany !== undefined && typeof b.playMany !== "function")
    problems.push("playMany: expected a function when present");
  return problems;
}

/** Whether `value` has the Benchmark shape. */
export function isBenchmark(value: unknown): value is Benchmark {
  return benchmarkShapeProblems(value).length === 0;
}
