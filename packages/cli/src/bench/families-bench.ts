import { type BenchmarkRun, runBenchmark, writeBenchReport } from "@cosir/bench";
import { createPolicy, policySpecLabel, probePolicy } from "@cosir/policy";
import type { CliIo } from "../cli-io";
import { intFlag } from "../flags";
import type { BenchOptions, FlagValues } from "./bench-options";
import { benchPolicySpecs } from "./bench-policy-specs";
import { progressReporter } from "./progress-reporter";
import { resolveBenchmarks } from "./resolve-benchmarks";

/**
 * `cosir bench` on benchmarks (the held-out families by default): every benchmark x every policy team, then
 * report.md, summary.json and the charts. Policies are built by the back end registered for their kind.
 */
export async function familiesBench(argv: string[], io: CliIo, values: FlagValues, o: BenchOptions): Promise<number> {
  const { specs, endpointSpec } = benchPolicySpecs(values.policies, o.endpoint, o.model);
  const n = intFlag(values, "n", 200, 1, 1_000_000);
  const batchSize = intFlag(values, "batch", 50, 1, 100_000);
  const benchmarks = await resolveBenchmarks(values.benchmark);
  for (const spec of specs) if (spec !== endpointSpec) await probePolicy(spec);
  const teams = [];
  for (const spec of specs)
    teams.push({
      spec,
      ...(await createPolicy(spec, {
        seed: o.seed,
        endpoint: o.endpointOptions,
        choiceTemperature: o.choiceTemperature,
        ...(o.talkTemperature === undefined ? {} : { talkTemperature: o.talkTemperature }),
      })),
    });
  const runs: BenchmarkRun[] = [];
  const started = Date.now();
  for (const benchmark of benchmarks) {
    for (const { spec, policy, surface } of teams) {
      const label = `${benchmark.name} x ${spec.name}`;
      runs.push(
        await runBenchmark(benchmark, policy, {
          seed: o.seed,
          n,
          surface,
          batchSize,
          policy: spec.name,
          onProgress: progressReporter(io, label),
        }),
      );
    }
  }
  for (const team of teams) team.finish?.();
  const { summary, table } = writeBenchReport(o.out, runs, {
    ...(typeof values.metrics === "string" ? { metricsJsonl: values.metrics } : {}),
    header: [
      `command: cosir bench ${argv.join(" ")}`,
      `seed ${o.seed}, ${n} instances per benchmark, ${((Date.now() - started) / 1000).toFixed(1)} s`,
      `policies: ${specs.map(policySpecLabel).join(", ")}`,
    ],
  });
  if (values.json) io.stdout.write(`${JSON.stringify(summary)}\n`);
  else io.stdout.write(`${table}\n\nwrote ${o.out}/report.md, ${o.out}/summary.json and SVG charts\n`);
  return 0;
}
