import { accessSync, constants, existsSync, statSync } from "node:fs";
import { join } from "node:path";
import { InvalidArgumentError } from "@cosir/bayes";
import { checkOutputFolder, checkOutputPath, metricsSeries } from "@cosir/bench";
import { choiceTemperatureFlag, type PolicyEndpointOptions } from "@cosir/policy";
import { intFlag } from "../flags";

/** Every flag of `cosir bench` (the held-out families and HiddenBench). */
export const BENCH_FLAGS = {
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
  "choice-temperature": { type: "string" },
  "talk-temperature": { type: "string" },
  prompts: { type: "string" },
  "vote-reader": { type: "string" },
  "missing-votes": { type: "string" },
  "failed-turns": { type: "string" },
  tries: { type: "string" },
  "response-format": { type: "string" },
  thinking: { type: "boolean" },
  help: { type: "boolean", short: "h" },
} as const;

export type FlagValues = Record<string, string | boolean | undefined>;

/** What both kinds of run share: the seed, the output folder and the endpoint. */
export interface BenchOptions {
  seed: number;
  out: string;
  endpoint: string | undefined;
  model: string | undefined;
  concurrency: number;
  endpointOptions: PolicyEndpointOptions;
  /** `--choice-temperature`: the choices' temperature of tfjs checkpoint policies (0 greedy); absent: as their talk. */
  choiceTemperature?: number;
  /** `--talk-temperature`: the discussion's temperature of tfjs checkpoint policies (0 greedy); absent: 1. */
  talkTemperature?: number;
}

export function temperatureFlag(raw: unknown): number {
  const t = Number(raw);
  if (typeof raw !== "string" || raw.trim() === "" || !Number.isFinite(t) || t < 0 || t > 2)
    throw new InvalidArgumentError("--temperature", raw, "expected a number in 0..2");
  return t;
}

/** The shared flags, checked in the order a user reads them; --endpoint and --model come together. */
export function benchOptions(values: FlagValues): BenchOptions {
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
  const endpointOptions: PolicyEndpointOptions = {
    concurrency,
    ...(typeof values["api-key"] === "string" ? { apiKey: values["api-key"] } : {}),
    ...(values.timeout !== undefined ? { timeoutMs: 1000 * intFlag(values, "timeout", 60, 1, 86_400) } : {}),
    ...(values["max-tokens"] !== undefined ? { maxTokens: intFlag(values, "max-tokens", 256, 1, 1_000_000) } : {}),
    ...(values.temperature !== undefined ? { temperature: temperatureFlag(values.temperature) } : {}),
  };
  const choiceTemperature = choiceTemperatureFlag(values["choice-temperature"]);
  const talkTemperature = choiceTemperatureFlag(values["talk-temperature"], "--talk-temperature");
  return {
    seed,
    out,
    endpoint,
    model,
    concurrency,
    endpointOptions,
    choiceTemperature,
    ...(talkTemperature === undefined ? {} : { talkTemperature }),
  };
}

/**
 * The metrics file and the outputs are checked before any episode runs, not after; nothing is left behind. A
 * --metrics file must be a metrics JSONL (metricsSeries), not merely readable: anything else would be an empty chart.
 */
export function checkBenchFiles(metrics: string | boolean | undefined, out: string): void {
  if (typeof metrics === "string") {
    let problem: string | undefined;
    try {
      if (statSync(metrics).isFile()) accessSync(metrics, constants.R_OK);
      else problem = "not a regular file";
    } catch (error) {
      problem = (error as { code?: string }).code ?? "unreadable";
    }
    if (problem !== undefined)
      throw new InvalidArgumentError("--metrics", metrics, `expected a readable metrics.jsonl file (${problem})`);
    metricsSeries(metrics, "--metrics");
  }
  checkOutputFolder(out, "--out");
  const files = ["report.md", "summary.json", "accuracy.svg", "behaviour.svg", "training-curves.svg", "episodes.jsonl"];
  if (existsSync(out)) for (const name of files) checkOutputPath(join(out, name), "--out");
}
