import { join } from "node:path";
import { PassThrough } from "node:stream";
import { InvalidConfigError } from "@cosir/bayes";
import {
  builtInBenchmarks,
  runBenchmark,
  writeBenchReport,
  writeHtmlReport,
  type Benchmark,
  type BenchmarkRun,
  type BenchSummary,
} from "@cosir/bench";
import { decodingLabel, readMetricsLines, type RlMetricsLine, writeJsonAtomic } from "@cosir/trainer";
import { formatHeldOutBySeed, heldOutBySeed, type HeldOutSeedRow } from "../demo/held-out-by-seed";
import { heldOutSumNote } from "../demo/held-out-sum-precision";
import type { CliCommand } from "../cli-io";
import { CONFIG_FLAGS, configFromFlags } from "../config-flags";
import { parseFlags } from "../flags";
import { demoReport } from "../demo/demo-report";
import { DEMO_ARMS, demoArmDir, describeEpisodeRatio, runDemo } from "../demo/run-demo";
import { formatDemoTable, formatSeedTable } from "../format-demo-table";
import { createPolicy, parsePolicySpecs, policySpecLabel } from "@cosir/policy";
import { progressReporter } from "../bench/progress-reporter";

const USAGE = `usage: cosir demo [--out runs/demo] [--preset demo|shapes|smoke] [--seeds N] [--first-seed K] [--set key.path=value ...] [--quiet]
The evidence job: the committed base (or one pretrained here), then outcome-only RL and CoSIR RL from it with equal
episodes and seeds (N seeds, two arms at a time on two cores), evaluated on held-out seeds beside the scripted silent
and oracle teams, with learning curves. --first-seed K trains RL seeds K..K+N-1 of the same job (default 0), on the
same held-out tasks, so that --seeds 3 can be split into runs. Writes DIR/summary.json and DIR/report.html and prints the tables.
`;

/** `pnpm start`: the claim, shown (see the evidence issue): base, outcome-only RL and CoSIR RL, then held-out tables. */
export const demoCommand: CliCommand = async (argv, io) => {
  const { values } = parseFlags(argv, { ...CONFIG_FLAGS, seeds: { type: "string" }, "first-seed": { type: "string" } });
  if (values.help) {
    io.stdout.write(USAGE);
    return 0;
  }
  const out = typeof values.out === "string" ? values.out : "runs/demo";
  if (out.trim() === "") throw new InvalidConfigError("--out", out, "expected a directory");
  const { seeds, firstSeed } = seedFlags(values);
  const { config } = configFromFlags(values);
  const started = Date.now();
  const say = (line: string) => {
    if (values.quiet !== true) io.stderr.write(`${line}\n`);
  };
  // The held-out families: the base, outcome-only and the oracle are run beside the CoSIR arm (on the core
  // outcome-only frees), CoSIR after it; the runs are merged into one report in the usual order.
  const benchN = config.eval.benchEpisodes;
  const context = { seed: config.seed, endpoint: {}, choiceTemperature: config.eval.choiceTemperature };
  const benchSpecs = parsePolicySpecs(
    [
      `base=${join(out, "base")}`,
      `outcomeOnly=${join(out, "outcomeOnly", "checkpoint")}`,
      `cosir=${join(out, "cosir", "checkpoint")}`,
      "oracle",
    ].join(","),
  );
  const benchIo = { ...io, stderr: values.quiet === true ? new PassThrough() : io.stderr };
  const familyRuns = async (
    names: readonly string[],
    specs = benchSpecs,
    only: (b: Benchmark) => boolean = () => true,
  ): Promise<BenchmarkRun[]> => {
    const runs: BenchmarkRun[] = [];
    for (const spec of specs.filter((p) => names.includes(p.name))) {
      const { policy, surface } = await createPolicy(spec, context);
      for (const benchmark of (builtInBenchmarks as unknown as Benchmark[]).filter(only))
        runs.push(
          await runBenchmark(benchmark, policy, {
            seed: config.seed,
            n: benchN,
            surface,
            batchSize: 50,
            policy: spec.name,
            onProgress: progressReporter(benchIo, `${benchmark.name} x ${spec.name}`),
          }),
        );
    }
    return runs;
  };
  const besideRuns: BenchmarkRun[] = [];
  const result = await runDemo(
    config,
    out,
    { stream: io.stderr as NodeJS.WriteStream, quiet: values.quiet === true },
    say,
    {
      seeds,
      firstSeed,
      ...(benchN > 0
        ? { beside: async () => void besideRuns.push(...(await familyRuns(["base", "outcomeOnly", "oracle"]))) }
        : {}),
    },
  );
  const t = config.task;
  io.stdout.write(
    `\nHeld-out ${t.family} tasks (${t.agents} agents, ${t.options} options x ${t.attributes} attributes, ${t.rounds} rounds, visibility ${t.visibility ?? 0.5}), ${config.eval.episodes} episodes each, ${decodingLabel(config)}\n`,
  );
  io.stdout.write(`${formatDemoTable(result)}\n`);
  if (seeds > 1) io.stdout.write(`\nEvery RL seed (same base, same episodes):\n${formatSeedTable(result)}\n`);
  io.stdout.write(`\n${describeEpisodeRatio(result.episodeRatio)}\n`);
  let bench: BenchSummary | undefined;
  let heldOutRows: HeldOutSeedRow[] | undefined;
  if (benchN > 0) {
    const benchStarted = Date.now();
    io.stdout.write(
      `\nHeld-out benchmark families (never trained on), ${benchN} episodes each, seed ${config.seed}:\n`,
    );
    const runs = [...besideRuns, ...(await familyRuns(["cosir"]))];
    const order = (r: BenchmarkRun) =>
      (builtInBenchmarks as unknown as Benchmark[]).findIndex((b) => b.name === r.benchmark) * benchSpecs.length +
      benchSpecs.findIndex((p) => p.name === r.policy);
    runs.sort((a, b) => order(a) - order(b));
    const written = writeBenchReport(join(out, "bench"), runs, {
      header: [
        `command: cosir demo (the held-out families of its policies)`,
        `seed ${config.seed}, ${benchN} instances per benchmark`,
        `policies: ${benchSpecs.map(policySpecLabel).join(", ")}`,
      ],
    });
    result.seconds.bench = (Date.now() - benchStarted) / 1000;
    const summed = new Set(runs.filter((r) => r.tags.includes("heldout")).map((r) => r.benchmark)).size;
    io.stdout.write(`${written.table}\n${summed > 0 ? `${heldOutSumNote(benchN, summed)}\n` : ""}`);
    if (summed > 0) {
      heldOutRows = await heldOutBySeedSection(out, seeds, config.seed + firstSeed, benchN, runs, familyRuns);
      io.stdout.write(
        `\nHeld-out sum by RL seed (${benchN} episodes a family; 95% stratified bootstrap intervals, differences paired on the same instances):\n${formatHeldOutBySeed(heldOutRows)}\n`,
      );
    }
    io.stdout.write(`\nwrote ${join(out, "bench")}/report.md, summary.json and SVG charts\n`);
    bench = written.summary;
  }
  const metrics = Object.fromEntries(
    await Promise.all(
      DEMO_ARMS.map(async (arm) => [
        arm,
        (await readMetricsLines(demoArmDir(out, arm, 0))).filter((l): l is RlMetricsLine => l.phase === "rl"),
      ]),
    ),
  ) as Record<(typeof DEMO_ARMS)[number], RlMetricsLine[]>;
  writeHtmlReport(join(out, "report.html"), demoReport(config, result, metrics, bench, heldOutRows));
  io.stdout.write(
    `\nwrote ${out}/summary.json and ${out}/report.html in ${((Date.now() - started) / 1000).toFixed(0)} s (${Object.entries(
      result.seconds,
    )
      .map(([k, v]) => `${k} ${v.toFixed(0)} s`)
      .join(", ")})\n`,
  );
  return 0;
};

/** `--seeds N` (1..16, default 1) and `--first-seed K` (0..1000, default 0), checked before any work. */
function seedFlags(values: Record<string, unknown>): { seeds: number; firstSeed: number } {
  const seeds = values.seeds === undefined ? 1 : Number(values.seeds);
  if (!Number.isInteger(seeds) || seeds < 1 || seeds > 16)
    throw new InvalidConfigError("--seeds", values.seeds, "expected an integer in 1..16");
  const firstSeed = values["first-seed"] === undefined ? 0 : Number(values["first-seed"]);
  if (!Number.isInteger(firstSeed) || firstSeed < 0 || firstSeed > 1000)
    throw new InvalidConfigError("--first-seed", values["first-seed"], "expected an integer in 0..1000");
  return { seeds, firstSeed };
}

/**
 * Every RL seed's arms on the held-out families (seed 0's are already in `runs`), and the held-out sum's order per
 * seed with paired bootstrap intervals (issue 24: "on each of 3 RL seeds"); also written to
 * bench/held-out-by-seed.json. Returns the rows (the demo prints them and puts them in the report).
 */
async function heldOutBySeedSection(
  out: string,
  seeds: number,
  firstSeed: number,
  benchN: number,
  runs: readonly BenchmarkRun[],
  familyRuns: (
    names: readonly string[],
    specs: ReturnType<typeof parsePolicySpecs>,
    only: (b: Benchmark) => boolean,
  ) => Promise<BenchmarkRun[]>,
): Promise<HeldOutSeedRow[]> {
  const seedSpecs =
    seeds > 1
      ? parsePolicySpecs(
          Array.from({ length: seeds - 1 }, (_, k) =>
            DEMO_ARMS.map((arm) => `${arm}@${k + 1}=${join(demoArmDir(out, arm, k + 1), "checkpoint")}`),
          )
            .flat()
            .join(","),
        )
      : [];
  const seedRuns = await familyRuns(
    seedSpecs.map((p) => p.name),
    seedSpecs,
    (b) => b.tags.includes("heldout"),
  );
  const rows = heldOutBySeed(
    [...runs, ...seedRuns],
    Array.from({ length: seeds }, (_, s) => ({
      seed: firstSeed + s,
      outcomeOnly: s === 0 ? "outcomeOnly" : `outcomeOnly@${s}`,
      cosir: s === 0 ? "cosir" : `cosir@${s}`,
    })),
  );
  await writeJsonAtomic(join(out, "bench", "held-out-by-seed.json"), { version: 1, episodes: benchN, rows });
  return rows;
}
