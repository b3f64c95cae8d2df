import { InvalidArgumentError } from "@cosir/bayes";
import {
  type HiddenBenchResult,
  loadHiddenBench,
  openAiChatResponder,
  type RunHiddenBenchOptions,
  runHiddenBench,
  writeHiddenBenchReport,
} from "@cosir/bench";
import { type EndpointClientOptions, endpointClientOptions, type PolicyEndpointOptions } from "@cosir/policy";
import type { CliIo } from "../cli-io";
import { choiceFlag, intFlag } from "../flags";
import type { BenchOptions, FlagValues } from "./bench-options";
import { promptsFrom } from "./prompts-from";
import { runProgress } from "./run-progress";

/**
 * A chat endpoint as HiddenBench's responder. `original` (the published protocol's requests): no
 * temperature, max_tokens or seed unless given (`seed` undefined: none sent); otherwise greedy unless
 * --temperature, with the run's seed. The key from the flag or the env.
 */
export function hiddenBenchResponder(
  url: string,
  model: string,
  seed: number | undefined,
  o: PolicyEndpointOptions,
  original = false,
) {
  const base = endpointClientOptions(url, model, seed ?? 0, o);
  if (!original) return openAiChatResponder(base);
  const { seed: _seed, ...rest } = base;
  const client: EndpointClientOptions = {
    ...rest,
    temperature: o.temperature ?? null,
    maxTokens: o.maxTokens ?? null,
    ...(seed !== undefined ? { seed } : {}),
  };
  return openAiChatResponder(client);
}

/** The options of `runHiddenBench` the HiddenBench flags set (each only when given, so the protocol's defaults apply). */
export function hiddenBenchFlags(values: FlagValues): RunHiddenBenchOptions {
  const protocol = choiceFlag(values, "protocol", ["original", "cosir"] as const, "original");
  const opt = <T>(flag: string, read: () => T): T | undefined => (values[flag] !== undefined ? read() : undefined);
  const o: RunHiddenBenchOptions = {
    protocol,
    rounds: intFlag(values, "rounds", protocol === "original" ? 15 : 2, 0, 1000),
    runs: opt("runs", () => intFlag(values, "runs", undefined, 1, 1000)),
    maxReplyChars: opt("max-reply-chars", () => intFlag(values, "max-reply-chars", undefined, 1, 10_000_000)),
    voteReader: opt("vote-reader", () => choiceFlag(values, "vote-reader", ["original", "tolerant"] as const)),
    missingVotes: opt("missing-votes", () => choiceFlag(values, "missing-votes", ["drop", "bucket"] as const)),
    failedTurns: opt("failed-turns", () => choiceFlag(values, "failed-turns", ["retry", "drop"] as const)),
    tries: opt("tries", () => intFlag(values, "tries", undefined, 1, 100)),
    responseFormat: opt("response-format", () =>
      choiceFlag(values, "response-format", ["json_schema", "json_object", "none"] as const),
    ),
    thinking: values.thinking === true ? true : undefined,
    deadlineMs: opt("deadline", () => 1000 * intFlag(values, "deadline", undefined, 1, 10_000_000)),
  };
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as RunHiddenBenchOptions;
}

/** The report's header lines: the command, the run's shape and the choices behind its figures (README table). */
function headerLines(
  argv: string[],
  r: HiddenBenchResult,
  o: { tasks: number; path: string; seed: number; model: string; endpoint: string; seconds: number; prompts?: string },
): string[] {
  const s = r.settings;
  return [
    `command: cosir bench ${argv.join(" ")}`,
    `${o.tasks} tasks from ${o.path}, ${r.protocol} protocol, ${r.rounds} rounds, ${s.runs} run(s) per task and condition, seed ${o.seed}`,
    `model ${o.model} @ ${o.endpoint}, ${o.seconds.toFixed(1)} s, ${r.calls} calls, ${r.errors} failed`,
    ...(o.prompts !== undefined ? [`prompts from ${o.prompts}`] : []),
  ];
}

/** `cosir bench --hiddenbench PATH --endpoint URL --model NAME`: HiddenBench against a chat endpoint. */
export async function hiddenBenchRun(
  argv: string[],
  io: CliIo,
  values: FlagValues,
  o: BenchOptions & { path: string; endpoint: string; model: string },
): Promise<number> {
  for (const flag of ["policies", "benchmark", "n", "batch", "metrics"])
    if (values[flag] !== undefined)
      throw new InvalidArgumentError(`--${flag}`, values[flag], "does not apply to --hiddenbench");
  const flags = hiddenBenchFlags(values);
  const prompts = typeof values.prompts === "string" ? promptsFrom(values.prompts) : undefined;
  const tasks = loadHiddenBench(o.path);
  const original = flags.protocol === "original";
  // agents of all task runs in flight may call at once
  const responder = hiddenBenchResponder(
    o.endpoint,
    o.model,
    original && values.seed === undefined ? undefined : o.seed,
    {
      ...o.endpointOptions,
      concurrency: o.concurrency * Math.max(1, ...tasks.map((t) => t.hidden_information.length)),
    },
    original,
  );
  const started = Date.now();
  const progress = runProgress(io, `hiddenbench x ${o.model} (calls)`);
  // Ctrl-C stops the run; the task runs finished so far are written as a partial report. A second Ctrl-C kills.
  const interrupt = new AbortController();
  const onInt = (): void => interrupt.abort();
  process.once("SIGINT", onInt);
  let result: HiddenBenchResult;
  try {
    result = await runHiddenBench(tasks, responder, {
      ...flags,
      seed: o.seed,
      concurrency: o.concurrency,
      ...(prompts !== undefined ? { prompts } : {}),
      signal: interrupt.signal,
      onProgress: (done, total, failed) => progress.update(done, total, failed),
    });
  } finally {
    progress.stop();
    process.off("SIGINT", onInt);
  }
  const { summary, table } = writeHiddenBenchReport(o.out, result, {
    model: o.model,
    header: headerLines(argv, result, {
      tasks: tasks.length,
      path: o.path,
      seed: o.seed,
      model: o.model,
      endpoint: o.endpoint,
      seconds: (Date.now() - started) / 1000,
      ...(typeof values.prompts === "string" ? { prompts: values.prompts } : {}),
    }),
  });
  if (values.json) io.stdout.write(`${JSON.stringify(summary)}\n`);
  else
    io.stdout.write(
      `${table}\n\nwrote ${o.out}/report.md, ${o.out}/summary.json, ${o.out}/episodes.jsonl and SVG charts\n`,
    );
  if (result.stopped === "interrupted") {
    const done = result.episodes.length - result.unfinished;
    io.stderr.write(
      `cosir bench: interrupted: wrote a partial report (${done} of ${result.episodes.length} task runs finished) to ${o.out}\n`,
    );
    return 130;
  }
  return 0;
}
