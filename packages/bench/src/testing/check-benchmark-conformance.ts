import type { Policy } from "@cosir/env";
import { scriptedPolicy } from "@cosir/policy";
import type { Benchmark, PlayOptions, Team } from "../benchmark/benchmark";
import { benchmarkShapeProblems } from "../benchmark/is-benchmark";

export interface ConformanceOptions {
  /** Seed of the instances; default 1. */
  seed?: number;
  /** Instances per check; default 12. */
  n?: number;
  /** The strong and the weak team; default the scripted oracle and silent agents. */
  oracle?: Team;
  silent?: Team;
  play?: PlayOptions;
}

/** One named conformance check; `run` returns the problems found (empty = passes). */
export interface ConformanceCheck {
  name: string;
  run(): Promise<string[]>;
}

const json = (v: unknown): string => JSON.stringify(v);

async function playAll<I, R>(
  benchmark: Benchmark<I, R>,
  instances: readonly I[],
  team: Team,
  play: PlayOptions,
): Promise<R[]> {
  if (benchmark.playMany !== undefined) return benchmark.playMany(instances, team, play);
  const out: R[] = [];
  for (const instance of instances) out.push(await benchmark.play(instance, team, play));
  return out;
}

/**
 * The shared conformance kit (docs/contributing.md: every back end re-runs it), as plain checks with no test
 * framework: the Benchmark shape; instances are a pure function of the seed (and prefix-stable), valid
 * against the benchmark's schema and JSON round-trippable; playing twice gives the same scores
 * (deterministic policies); scores lie in [0, 1] with `correct` a boolean; batched play (when offered)
 * agrees with one-by-one play; the oracle team's mean score is at least the silent team's.
 */
export function benchmarkConformanceChecks<I, R>(
  benchmark: Benchmark<I, R>,
  opts: ConformanceOptions = {},
): ConformanceCheck[] {
  const seed = opts.seed ?? 1;
  const n = opts.n ?? 12;
  const oracle: Team = opts.oracle ?? (scriptedPolicy("oracle") as Policy);
  const silent: Team = opts.silent ?? (scriptedPolicy("silent") as Policy);
  const play = opts.play ?? {};
  return [
    { name: "has the Benchmark shape", run: async () => benchmarkShapeProblems(benchmark) },
    {
      name: "instances are deterministic given the seed",
      run: async () => {
        const problems: string[] = [];
        const a = benchmark.instances(seed, n);
        const b = benchmark.instances(seed, n);
        if (a.length !== n) problems.push(`instances(${seed}, ${n}) returned ${a.length} instances`);
        if (json(a) !== json(b)) problems.push(`instances(${seed}, ${n}) differ between two calls`);
        const prefix = benchmark.instances(seed, Math.max(1, Math.floor(n / 2)));
        if (json(prefix) !== json(a.slice(0, prefix.length)))
          problems.push(`instances(${seed}, ${prefix.length}) is not a prefix of instances(${seed}, ${n})`);
        if (n >= 2 && json(benchmark.instances(seed + 1, n)) === json(a))
          problems.push(`instances(${seed + 1}, ${n}) equal instances(${seed}, ${n})`);
        return problems;
      },
    },
    {
      name: "instances are valid against the schema",
      run: async () => {
        const problems: string[] = [];
        benchmark.instances(seed, n).forEach((instance, k) => {
          const copy = JSON.parse(json(instance)) as unknown;
          if (json(copy) !== json(instance)) problems.push(`instance ${k} does not survive a JSON round trip`);
          const r = benchmark.instanceSchema.safeParse(copy);
          if (!r.success)
            problems.push(
              `instance ${k} fails the schema: ${r.error instanceof Error ? r.error.message : json(r.error)}`,
            );
        });
        return problems;
      },
    },
    {
      name: "scores are in range and deterministic",
      run: async () => {
        const problems: string[] = [];
        const instances = benchmark.instances(seed, n);
        const first = await playAll(benchmark, instances, oracle, play);
        const second = await playAll(benchmark, instances, oracle, play);
        if (first.length !== instances.length)
          problems.push(`play returned ${first.length} results for ${instances.length} instances`);
        instances.forEach((instance, k) => {
          const s = benchmark.score(instance, first[k] as R);
          if (typeof s?.score !== "number" || !Number.isFinite(s.score) || s.score < 0 || s.score > 1)
            problems.push(`instance ${k}: score ${json(s?.score)} outside [0, 1]`);
          if (typeof s?.correct !== "boolean")
            problems.push(`instance ${k}: correct ${json(s?.correct)} is not a boolean`);
          const again = benchmark.score(instance, second[k] as R);
          if (json(again.score) !== json(s.score))
            problems.push(`instance ${k}: scores differ between two plays (${json(s.score)} vs ${json(again.score)})`);
        });
        if (benchmark.playMany !== undefined && instances.length > 0) {
          const single = await benchmark.play(instances[0] as I, oracle, play);
          if (
            benchmark.score(instances[0] as I, single).score !== benchmark.score(instances[0] as I, first[0] as R).score
          ) {
            problems.push("playMany and play disagree on instance 0");
          }
        }
        return problems;
      },
    },
    {
      name: "the oracle team scores at least the silent team",
      run: async () => {
        const instances = benchmark.instances(seed, n);
        const mean = async (team: Team): Promise<number> => {
          const results = await playAll(benchmark, instances, team, play);
          return (
            instances.reduce((s, instance, k) => s + benchmark.score(instance, results[k] as R).score, 0) /
            Math.max(1, instances.length)
          );
        };
        const o = await mean(oracle);
        const s = await mean(silent);
        return o + 1e-12 >= s
          ? []
          : [`oracle mean score ${o.toFixed(3)} < silent mean score ${s.toFixed(3)} over ${n} instances`];
      },
    },
  ];
}

/** Runs every conformance check; the problems found, each prefixed by its check (empty = conforms). */
export async function checkBenchmarkConformance<I, R>(
  benchmark: Benchmark<I, R>,
  opts: ConformanceOptions = {},
): Promise<string[]> {
  const problems: string[] = [];
  for (const check of benchmarkConformanceChecks(benchmark, opts)) {
    try {
      problems.push(...(await check.run()).map((p) => `${check.name}: ${p}`));
    } catch (error) {
      problems.push(`${check.name}: threw ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return problems;
}
