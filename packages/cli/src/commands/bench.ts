import { accessSync, constants, existsSync, statSync } from "node:fs";
import { join } from "node:path";
import { CosirError, InvalidArgumentError } from "@cosir/bayes";
import {
  benchmarkRegistry,
  builtInBenchmarks,
  checkOutputPath,
  checkOutputFolder,
  loadBenchmarks,
  runBenchmark,
  writeBenchReport,
  type Benchmark,
  type BenchmarkRun,
} from "@cosir/bench";
import type { Policy, Surface } from "@cosir/env";
import { ChatPolicy, SCRIPTED_KINDS, chatCompletionsUrl, scriptedPolicy, type ScriptedKind } from "@cosir/policy";
import type { CliCommand, CliIo } from "../cli-io";
import { intFlag, parseFlags } from "../flags";

/** A parsed `--policies` entry. */
export interface PolicySpec {
  /** Label in reports. */
  name: string;
  kind: "scripted" | "checkpoint" | "chat";
  /** Scripted kind, checkpoint directory, or chat model. */
  target: string;
  /** Chat endpoint base URL. */
  url?: string;
}

/**
 * `--policies` entries: `oracle` (a scripted kind), `name=oracle` (a scripted kind under another label),
 * `name=DIR` (a tfjs checkpoint directory), `name=chat:MODEL@URL` (an OpenAI-compatible endpoint).
 */
export function parsePolicySpecs(raw: string): PolicySpec[] {
  const specs = raw
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "")
    .map((entry): PolicySpec => {
      const eq = entry.indexOf("=");
      if (eq < 0) {
        if (!(SCRIPTED_KINDS as readonly string[]).includes(entry)) {
          throw new InvalidArgumentError(
            "--policies",
            entry,
            `expected a scripted policy (${SCRIPTED_KINDS.join(", ")}), name=DIR or name=chat:MODEL@URL`,
          );
        }
        return { name: entry, kind: "scripted", target: entry };
      }
      const name = entry.slice(0, eq);
      const value = entry.slice(eq + 1);
      if (name === "" || value === "")
        throw new InvalidArgumentError("--policies", entry, "expected name=DIR or name=chat:MODEL@URL");
      if (value.startsWith("chat:")) {
        const at = value.lastIndexOf("@");
        if (at <= 5 || at === value.length - 1)
          throw new InvalidArgumentError("--policies", entry, "expected name=chat:MODEL@URL");
        return { name, kind: "chat", target: value.slice(5, at), url: value.slice(at + 1) };
      }
      if ((SCRIPTED_KINDS as readonly string[]).includes(value)) return { name, kind: "scripted", target: value };
      return { name, kind: "checkpoint", target: value };
    });
  if (specs.length === 0) throw new InvalidArgumentError("--policies", raw, "expected at least one policy");
  const names = specs.map((s) => s.name);
  const dup = names.find((n, i) => names.indexOf(n) !== i);
  if (dup !== undefined) throw new InvalidArgumentError("--policies", dup, "expected distinct policy names");
  return specs;
}

/**
 * Loads a tfjs checkpoint directory as a Policy through `@cosir/policy/tfjs`, imported only here so a
 * run with scripted or chat policies never loads tfjs: selects the tfjs back end, then
 * `TfjsPolicy.fromCheckpoint(dir, {name, seed})`.
 */
export async function loadCheckpointPolicy(dir: string, name: string, seed = 0): Promise<Policy> {
  const tfjs = (await import("@cosir/policy/tfjs")) as Record<string, unknown>;
  const TfjsPolicy = tfjs.TfjsPolicy as
    | { fromCheckpoint?: (d: string, o: { name: string; seed: number }) => Promise<Policy> }
    | undefined;
  if (typeof TfjsPolicy?.fromCheckpoint !== "function") {
    throw new CosirError(
      "no_checkpoint_loader",
      `--policies ${name}=${dir}: @cosir/policy/tfjs exports no TfjsPolicy.fromCheckpoint`,
    );
  }
  if (typeof tfjs.selectBackend === "function") await (tfjs.selectBackend as () => Promise<unknown>)();
  return TfjsPolicy.fromCheckpoint(dir, { name, seed });
}

/**
 * Checks that a chat endpoint answers at all (any HTTP status will do) before episodes are spent on it: an
 * unreachable one would otherwise give a table of 0% and exit 0. One line naming the --policies entry.
 */
export async function probeChatEndpoint(spec: PolicySpec, timeoutMs = 5000): Promise<void> {
  const url = chatCompletionsUrl(spec.url ?? "");
  try {
    const response = await fetch(url.replace(/\/chat\/completions$/, "/models"), {
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.body?.cancel();
  } catch (error) {
    const e = error as { name?: string; cause?: { code?: string; message?: string } };
    const why =
      e.name === "TimeoutError"
        ? `no answer in ${timeoutMs} ms`
        : (e.cause?.code ?? e.cause?.message ?? e.name ?? "error");
    throw new InvalidArgumentError(
      "--policies",
      `${spec.name}=chat:${spec.target}@${spec.url}`,
      `expected a reachable chat endpoint (${why} at ${url})`,
      { cause: error },
    );
  }
}

function chatPolicy(spec: PolicySpec, seed: number): Policy {
  return new ChatPolicy({
    baseUrl: spec.url,
    model: spec.target,
    name: spec.name,
    surface: "natural",
    temperature: 0,
    seed,
  });
}

async function policyFor(spec: PolicySpec, seed: number): Promise<{ policy: Policy; surface: Surface }> {
  if (spec.kind === "scripted") {
    const p = scriptedPolicy(spec.target as ScriptedKind, { seed });
    return { policy: { name: spec.name, act: (obs) => p.act(obs) }, surface: "canonical" };
  }
  if (spec.kind === "chat") return { policy: chatPolicy(spec, seed), surface: "natural" };
  return { policy: await loadCheckpointPolicy(spec.target, spec.name, seed), surface: "canonical" };
}

function progressLine(io: CliIo, label: string, done: number, total: number): void {
  const width = 20;
  const filled = total === 0 ? width : Math.round((width * done) / total);
  io.stderr.write(
    `[${"#".repeat(filled)}${"-".repeat(width - filled)}] ${String(done).padStart(String(total).length)}/${total} ${label}\n`,
  );
}

const USAGE = `usage: cosir bench --policies P[,P...] [--n 200] [--seed 1] [--out DIR] [--json] [--benchmark NAME|PACKAGE|PATH[,...]] [--metrics runs/x/metrics.jsonl] [--batch 50]
Policies: ${SCRIPTED_KINDS.join(", ")} (scripted), name=DIR (tfjs checkpoint), name=chat:MODEL@URL (OpenAI-compatible endpoint, natural surface).
Benchmarks default to the seven held-out families plus soloFullInformation (${builtInBenchmarks.map((b) => b.name).join(", ")}).
Writes DIR/report.md, DIR/summary.json, DIR/*.svg and prints the table (--json: summary.json on stdout). Progress on stderr.
`;

export const benchCommand: CliCommand = async (argv, io) => {
  const { values } = parseFlags(argv, {
    policies: { type: "string" },
    n: { type: "string" },
    seed: { type: "string" },
    out: { type: "string" },
    json: { type: "boolean" },
    benchmark: { type: "string" },
    metrics: { type: "string" },
    batch: { type: "string" },
    help: { type: "boolean", short: "h" },
  });
  if (values.help) {
    io.stdout.write(USAGE);
    return 0;
  }
  if (typeof values.policies !== "string") throw new InvalidArgumentError("--policies", values.policies, "is required");
  const specs = parsePolicySpecs(values.policies);
  const n = intFlag(values, "n", 200, 1, 1_000_000);
  const seed = intFlag(values, "seed", 1, 0, 2 ** 31 - 1);
  const batchSize = intFlag(values, "batch", 50, 1, 100_000);
  const out = typeof values.out === "string" ? values.out : "bench-out";
  // The metrics file and the outputs are checked before any episode runs, not after; nothing is created yet.
  if (typeof values.metrics === "string") {
    let problem: string | undefined;
    try {
      if (statSync(values.metrics).isFile()) accessSync(values.metrics, constants.R_OK);
      else problem = "not a regular file";
    } catch (error) {
      problem = (error as { code?: string }).code ?? "unreadable";
    }
    if (problem !== undefined)
      throw new InvalidArgumentError(
        "--metrics",
        values.metrics,
        `expected a readable metrics.jsonl file (${problem})`,
      );
  }
  checkOutputFolder(out, "--out");
  for (const name of ["report.md", "summary.json", "accuracy.svg", "behaviour.svg", "training-curves.svg"])
    if (existsSync(out)) checkOutputPath(join(out, name), "--out");
  let benchmarks: Benchmark[] = builtInBenchmarks as unknown as Benchmark[];
  if (typeof values.benchmark === "string") {
    benchmarks = [];
    for (const spec of values.benchmark
      .split(",")
      .map((s) => s.trim())
      .filter((s) => s !== "")) {
      benchmarks.push(
        ...(benchmarkRegistry.has(spec) ? [benchmarkRegistry.get(spec) as Benchmark] : await loadBenchmarks(spec)),
      );
    }
  }
  for (const spec of specs) if (spec.kind === "chat") await probeChatEndpoint(spec);
  const teams = [];
  for (const spec of specs) teams.push({ spec, ...(await policyFor(spec, seed)) });
  const runs: BenchmarkRun[] = [];
  const started = Date.now();
  for (const benchmark of benchmarks) {
    for (const { spec, policy, surface } of teams) {
      const label = `${benchmark.name} x ${spec.name}`;
      runs.push(
        await runBenchmark(benchmark, policy, {
          seed,
          n,
          surface,
          batchSize,
          policy: spec.name,
          onProgress: (done, total) => progressLine(io, label, done, total),
        }),
      );
    }
  }
  const { summary, table } = writeBenchReport(out, runs, {
    ...(typeof values.metrics === "string" ? { metricsJsonl: values.metrics } : {}),
    header: [
      `command: cosir bench ${argv.join(" ")}`,
      `seed ${seed}, ${n} instances per benchmark, ${((Date.now() - started) / 1000).toFixed(1)} s`,
      `policies: ${specs.map((s) => `${s.name} (${s.kind}${s.kind === "scripted" ? "" : `: ${s.target}${s.url !== undefined ? ` @ ${s.url}` : ""}`})`).join(", ")}`,
    ],
  });
  if (values.json) io.stdout.write(`${JSON.stringify(summary)}\n`);
  else io.stdout.write(`${table}\n\nwrote ${out}/report.md, ${out}/summary.json and SVG charts\n`);
  return 0;
};
