import { InvalidArgumentError } from "@cosir/bayes";
import { loadHiddenBench, openAiChatResponder, runHiddenBench, writeHiddenBenchReport } from "@cosir/bench";
import { endpointClientOptions, type PolicyEndpointOptions } from "@cosir/policy";
import type { CliIo } from "../cli-io";
import { choiceFlag, intFlag } from "../flags";
import type { BenchOptions, FlagValues } from "./bench-options";
import { progressReporter } from "./progress-reporter";
import { promptsFrom } from "./prompts-from";

/** A chat endpoint as HiddenBench's responder: greedy unless --temperature, the key from the flag or the env. */
export function hiddenBenchResponder(url: string, model: string, seed: number, o: PolicyEndpointOptions) {
  return openAiChatResponder(endpointClientOptions(url, model, seed, o));
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
  const protocol = choiceFlag(values, "protocol", ["original", "cosir"] as const, "original");
  const rounds = intFlag(values, "rounds", protocol === "original" ? 15 : 2, 0, 1000);
  const runs = intFlag(values, "runs", 1, 1, 1000);
  const maxReplyChars = intFlag(values, "max-reply-chars", 2000, 1, 10_000_000);
  const deadlineMs =
    values.deadline !== undefined ? 1000 * intFlag(values, "deadline", undefined, 1, 10_000_000) : undefined;
  const prompts = typeof values.prompts === "string" ? promptsFrom(values.prompts) : undefined;
  const tasks = loadHiddenBench(o.path);
  // agents of all task runs in flight may call at once
  const responder = hiddenBenchResponder(o.endpoint, o.model, o.seed, {
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
