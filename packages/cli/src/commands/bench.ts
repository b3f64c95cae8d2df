import { accessSync, constants, existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { CosirError, InvalidArgumentError } from "@cosir/bayes";
import {
  benchmarkRegistry,
  builtInBenchmarks,
  checkOutputPath,
  checkOutputFolder,
  loadBenchmarks,
  loadHiddenBench,
  openAiChatResponder,
  responderPolicy,
  runBenchmark,
  runHiddenBench,
  writeBenchReport,
  writeHiddenBenchReport,
  type Benchmark,
  type BenchmarkRun,
  type ChatReply,
  type ChatResponder,
  type HiddenBenchPrompts,
} from "@cosir/bench";
import { chatErrorText, type Policy, type Surface } from "@cosir/env";
import { SCRIPTED_KINDS, chatCompletionsUrl, scriptedPolicy, type ScriptedKind } from "@cosir/policy";
import type { CliCommand, CliIo } from "../cli-io";
import { choiceFlag, intFlag, parseFlags } from "../flags";

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

/** Counts a responder's calls and failures, so a run whose every call failed can end with an error. */
interface CountedResponder extends ChatResponder {
  calls: number;
  failures: number;
  lastError: string;
}

function counted(inner: ChatResponder): CountedResponder {
  const c: CountedResponder = {
    name: inner.name,
    calls: 0,
    failures: 0,
    lastError: "",
    async reply(messages, signal) {
      const r: ChatReply = inner.reply
        ? await inner.reply(messages, signal)
        : { text: (await inner.complete([messages]))[0] ?? "" };
      c.calls++;
      if (r.error !== undefined) {
        c.failures++;
        c.lastError = r.error;
      }
      return r;
    },
    async complete(conversations) {
      const replies = await Promise.all(conversations.map((m) => c.reply?.(m) as Promise<ChatReply>));
      return replies.map((r) => (r.error === undefined ? r.text : chatErrorText(r.error)));
    },
  };
  return c;
}

interface EndpointOptions {
  timeoutMs?: number;
  temperature?: number;
  maxTokens?: number;
  apiKey?: string;
  concurrency?: number;
}

/** A chat endpoint as a responder (HiddenBench) or a natural-surface Policy (the held-out families). */
function chatResponder(url: string, model: string, seed: number, o: EndpointOptions = {}): CountedResponder {
  const apiKey = o.apiKey ?? process.env.COSIR_CHAT_API_KEY ?? process.env.OPENAI_API_KEY;
  return counted(
    openAiChatResponder({
      baseUrl: url,
      model,
      seed,
      temperature: o.temperature ?? 0,
      ...(o.maxTokens !== undefined ? { maxTokens: o.maxTokens } : {}),
      ...(o.concurrency !== undefined ? { concurrency: o.concurrency } : {}),
      ...(o.timeoutMs !== undefined ? { timeoutMs: o.timeoutMs } : {}),
      ...(apiKey ? { apiKey } : {}),
    }),
  );
}

export async function policyFor(
  spec: PolicySpec,
  seed: number,
  endpoint: EndpointOptions,
): Promise<{ policy: Policy; surface: Surface; responder?: CountedResponder }> {
  if (spec.kind === "scripted") {
    const p = scriptedPolicy(spec.target as ScriptedKind, { seed });
    return { policy: { name: spec.name, act: (obs) => p.act(obs) }, surface: "canonical" };
  }
  if (spec.kind === "chat") {
    const responder = chatResponder(spec.url as string, spec.target, seed, endpoint);
    return { policy: responderPolicy(responder, spec.name), surface: "natural", responder };
  }
  return { policy: await loadCheckpointPolicy(spec.target, spec.name, seed), surface: "canonical" };
}

/**
 * Progress on stderr: on a terminal one bar redrawn in place; otherwise (CI, pipes, tests) plain lines,
 * one per tenth of the work and the last one.
 */
export function progressReporter(io: CliIo, label: string): (done: number, total: number) => void {
  const tty = (io.stderr as { isTTY?: boolean }).isTTY === true;
  let lastTenth = -1;
  return (done, total) => {
    const width = 20;
    const filled = total === 0 ? width : Math.round((width * done) / total);
    const text = `[${"#".repeat(filled)}${"-".repeat(width - filled)}] ${String(done).padStart(String(total).length)}/${total} ${label}`;
    if (tty) {
      io.stderr.write(`\r${text}${done >= total ? "\n" : ""}`);
      return;
    }
    const tenth = total === 0 ? 10 : Math.floor((10 * done) / total);
    if (tenth !== lastTenth || done >= total) {
      lastTenth = tenth;
      io.stderr.write(`${text}\n`);
    }
  };
}

function noAnswer(r: CountedResponder, url: string): void {
  if (r.calls > 0 && r.failures === r.calls)
    throw new CosirError(
      "all_calls_failed",
      `every one of the ${r.calls} calls to ${url} failed; the last: ${r.lastError.replace(/\s+/g, " ")}`,
    );
}

function temperatureFlag(raw: unknown): number {
  const t = Number(raw);
  if (typeof raw !== "string" || raw.trim() === "" || !Number.isFinite(t) || t < 0 || t > 2)
    throw new InvalidArgumentError("--temperature", raw, "expected a number in 0..2");
  return t;
}

/** The original prompt files (system_prompt.txt ...) read from --prompts DIR, those present. */
function promptsFrom(dir: string): Partial<HiddenBenchPrompts> {
  const files: [keyof HiddenBenchPrompts, string][] = [
    ["system", "system_prompt.txt"],
    ["firstSpeaker", "first_user_prompt.txt"],
    ["turn", "user_prompt.txt"],
    ["firstVote", "first_vote_prompt.txt"],
    ["vote", "vote.txt"],
  ];
  const out: Partial<HiddenBenchPrompts> = {};
  for (const [key, file] of files) if (existsSync(join(dir, file))) out[key] = readFileSync(join(dir, file), "utf8");
  if (Object.keys(out).length === 0)
    throw new InvalidArgumentError("--prompts", dir, "expected a folder with system_prompt.txt, user_prompt.txt, ...");
  return out;
}

const USAGE = `usage: cosir bench --policies P[,P...] [--n 200] [--seed 1] [--out DIR] [--json] [--benchmark NAME|PACKAGE|PATH[,...]] [--metrics runs/x/metrics.jsonl] [--batch 50]
       cosir bench --endpoint URL --model NAME [--policies ...] [--n 200] ...       (the held-out families with a chat model)
       cosir bench --hiddenbench PATH --endpoint URL --model NAME [--protocol original|cosir] [--rounds R] [--concurrency C]
                   [--runs 1] [--deadline SECONDS] [--timeout SECONDS] [--max-reply-chars 2000] [--prompts DIR] [--seed 1] [--out DIR] [--json]
Endpoint flags: --api-key KEY, --timeout SECONDS (per call), --temperature 0, --max-tokens 256.
Policies: ${SCRIPTED_KINDS.join(", ")} (scripted), name=DIR (tfjs checkpoint), name=chat:MODEL@URL (OpenAI-compatible endpoint, natural surface).
Benchmarks default to the held-out families plus soloFullInformation (${builtInBenchmarks.map((b) => b.name).join(", ")}).
HiddenBench: PATH is a JSON file in the public HiddenBench format; --protocol original (default) plays the published
protocol (15 rounds, hidden and full information) and metric, cosir our earlier variant (2 rounds); --prompts DIR reads
the original prompt files (system_prompt.txt, user_prompt.txt, ...). API key: COSIR_CHAT_API_KEY or OPENAI_API_KEY.
Writes DIR/report.md, DIR/summary.json, DIR/*.svg and prints the table (--json: summary.json on stdout). Progress on stderr.
An unreachable endpoint, or one whose every call fails, ends the run with an error (exit code 1).
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
    hiddenbench: { type: "string" },
    endpoint: { type: "string" },
    model: { type: "string" },
    "api-key": { type: "string" },
    protocol: { type: "string" },
    rounds: { type: "string" },
    concurrency: { type: "string" },
    runs: { type: "string" },
    deadline: { type: "string" },
    timeout: { type: "string" },
    "max-reply-chars": { type: "string" },
    "max-tokens": { type: "string" },
    temperature: { type: "string" },
    prompts: { type: "string" },
    help: { type: "boolean", short: "h" },
  });
  if (values.help) {
    io.stdout.write(USAGE);
    return 0;
  }
  const seed = intFlag(values, "seed", 1, 0, 2 ** 31 - 1);
  const out = typeof values.out === "string" ? values.out : "bench-out";
  const endpoint = typeof values.endpoint === "string" ? values.endpoint : undefined;
  const model = typeof values.model === "string" ? values.model : undefined;
  if ((endpoint === undefined) !== (model === undefined))
    throw new InvalidArgumentError(
      endpoint === undefined ? "--endpoint" : "--model",
      undefined,
      `is required with ${endpoint === undefined ? "--model" : "--endpoint"}`,
    );
  const concurrency = intFlag(values, "concurrency", 8, 1, 1024);
  const endpointOptions: EndpointOptions = {
    concurrency,
    ...(typeof values["api-key"] === "string" ? { apiKey: values["api-key"] } : {}),
    ...(values.timeout !== undefined ? { timeoutMs: 1000 * intFlag(values, "timeout", 60, 1, 86_400) } : {}),
    ...(values["max-tokens"] !== undefined ? { maxTokens: intFlag(values, "max-tokens", 256, 1, 1_000_000) } : {}),
    ...(values.temperature !== undefined ? { temperature: temperatureFlag(values.temperature) } : {}),
  };
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
  if (typeof values.hiddenbench === "string") {
    if (endpoint === undefined || model === undefined)
      throw new InvalidArgumentError("--endpoint", endpoint, "is required with --hiddenbench (and --model)");
    return hiddenBenchCommand(argv, io, values, {
      path: values.hiddenbench,
      endpoint,
      model,
      seed,
      out,
      concurrency,
      endpointOptions,
    });
  }
  const policiesRaw =
    typeof values.policies === "string"
      ? values.policies
      : endpoint !== undefined && model !== undefined
        ? ""
        : undefined;
  if (policiesRaw === undefined) throw new InvalidArgumentError("--policies", values.policies, "is required");
  const specs = policiesRaw === "" ? [] : parsePolicySpecs(policiesRaw);
  if (endpoint !== undefined && model !== undefined) {
    if (specs.some((s) => s.name === model))
      throw new InvalidArgumentError("--model", model, "expected a name distinct from the --policies names");
    specs.push({ name: model, kind: "chat", target: model, url: endpoint });
  }
  const n = intFlag(values, "n", 200, 1, 1_000_000);
  const batchSize = intFlag(values, "batch", 50, 1, 100_000);
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
  // --policies chat entries are probed here; the --endpoint/--model team reports its own unreachable endpoint.
  for (const spec of specs)
    if (spec.kind === "chat" && !(spec.name === model && spec.url === endpoint)) await probeChatEndpoint(spec);
  const teams = [];
  for (const spec of specs) teams.push({ spec, ...(await policyFor(spec, seed, endpointOptions)) });
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
          onProgress: progressReporter(io, label),
        }),
      );
    }
  }
  for (const { spec, responder } of teams) if (responder !== undefined) noAnswer(responder, spec.url as string);
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

async function hiddenBenchCommand(
  argv: string[],
  io: CliIo,
  values: Record<string, string | boolean | undefined>,
  o: {
    path: string;
    endpoint: string;
    model: string;
    seed: number;
    out: string;
    concurrency: number;
    endpointOptions: EndpointOptions;
  },
): Promise<number> {
  for (const flag of ["policies", "benchmark", "n", "batch", "metrics"])
    if (values[flag] !== undefined)
      throw new InvalidArgumentError(`--${flag}`, values[flag], "does not apply to --hiddenbench");
  const protocol = choiceFlag(values, "protocol", ["original", "cosir"] as const, "original");
  const rounds = intFlag(values, "rounds", protocol === "original" ? 15 : 2, 0, 1000);
  const runs = intFlag(values, "runs", 1, 1, 1000);
  const maxReplyChars = intFlag(values, "max-reply-chars", 2000, 1, 10_000_000);
  const deadlineMs =
    values.deadline !== undefined ? 1000 * intFlag(values, "deadline", undefined, 1, 10_000_000) : undefined;
  const prompts = typeof values.prompts === "string" ? promptsFrom(values.prompts) : undefined;
  const tasks = loadHiddenBench(o.path);
  // agents of all task runs in flight may call at once
  const responder = chatResponder(o.endpoint, o.model, o.seed, {
    ...o.endpointOptions,
    concurrency: o.concurrency * Math.max(1, ...tasks.map((t) => t.hidden_information.length)),
  });
  const started = Date.now();
  const result = await runHiddenBench(tasks, responder, {
    protocol,
    rounds,
    runs,
    seed: o.seed,
    maxReplyChars,
    concurrency: o.concurrency,
    ...(deadlineMs !== undefined ? { deadlineMs } : {}),
    ...(prompts !== undefined ? { prompts } : {}),
    onProgress: progressReporter(io, `hiddenbench x ${o.model} (calls)`),
  });
  const { summary, table } = writeHiddenBenchReport(o.out, result, {
    model: o.model,
    header: [
      `command: cosir bench ${argv.join(" ")}`,
      `${tasks.length} tasks from ${o.path}, ${protocol} protocol, ${rounds} rounds, ${runs} run(s) per task and condition, seed ${o.seed}`,
      `model ${o.model} @ ${o.endpoint}, ${((Date.now() - started) / 1000).toFixed(1)} s, ${result.calls} calls, ${result.errors} failed`,
      ...(prompts !== undefined ? [`prompts from ${values.prompts}`] : []),
    ],
  });
  if (values.json) io.stdout.write(`${JSON.stringify(summary)}\n`);
  else
    io.stdout.write(
      `${table}\n\nwrote ${o.out}/report.md, ${o.out}/summary.json, ${o.out}/episodes.jsonl and SVG charts\n`,
    );
  return 0;
}
