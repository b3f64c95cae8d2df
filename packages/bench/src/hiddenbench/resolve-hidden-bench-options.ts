import { InvalidArgumentError } from "@cosir/bayes";
import { HIDDEN_BENCH_PROMPTS, type HiddenBenchPrompts } from "./hidden-bench-prompts";
import type {
  HiddenBenchCondition,
  HiddenBenchProtocol,
  HiddenBenchResponseFormat,
  RunHiddenBenchOptions,
} from "./hidden-bench-types";
import type { HiddenBenchVoteReader } from "./read-vote";

/** The options of a run with every default filled in and every value checked. */
export interface ResolvedHiddenBenchOptions {
  protocol: HiddenBenchProtocol;
  rounds: number;
  runs: number;
  /** Infinity: replies are never cut. */
  maxReplyChars: number;
  voteReader: HiddenBenchVoteReader;
  missingVotes: "drop" | "bucket";
  failedTurns: "retry" | "drop";
  tries: number;
  /** "none" under cosir (its votes ask for a plain option name). */
  responseFormat: HiddenBenchResponseFormat;
  /** Send `enable_thinking: false` (original unless `thinking`). */
  thinkingOff: boolean;
  earlyStopCalls: number;
  concurrency: number;
  /** Agents per task asked for (cosir only); undefined: one per hidden fact. */
  agents: number | undefined;
  deadlineMs: number | undefined;
  conditions: readonly HiddenBenchCondition[];
  prompts: HiddenBenchPrompts;
  minOverlap: number | undefined;
  seed: number;
}

/**
 * Fills in the defaults of `runHiddenBench`'s options and checks them, throwing an InvalidArgumentError
 * naming the first bad field (in the order protocol, rounds, runs, maxReplyChars, concurrency, tries,
 * earlyStopCalls, agents, deadlineMs, conditions, voteReader, missingVotes, failedTurns, responseFormat).
 */
export function resolveHiddenBenchOptions(opts: RunHiddenBenchOptions = {}): ResolvedHiddenBenchOptions {
  const protocol = opts.protocol ?? "original";
  if (protocol !== "original" && protocol !== "cosir")
    throw new InvalidArgumentError("protocol", protocol, 'expected "original" or "cosir"');
  const rounds = opts.rounds ?? (protocol === "original" ? 15 : 2);
  const original = protocol === "original";
  const runs = opts.runs ?? (original ? 10 : 1);
  const maxReplyChars = opts.maxReplyChars ?? (original ? Number.POSITIVE_INFINITY : 2000);
  const concurrency = opts.concurrency ?? 8;
  const tries = opts.tries ?? (original ? 5 : 1);
  const earlyStopCalls = opts.earlyStopCalls ?? 8;
  for (const [field, value, min] of [
    ["rounds", rounds, 0],
    ["runs", runs, 1],
    ["maxReplyChars", maxReplyChars === Number.POSITIVE_INFINITY ? 1 : maxReplyChars, 1],
    ["concurrency", concurrency, 1],
    ["tries", tries, 1],
    ["earlyStopCalls", earlyStopCalls, 1],
  ] as const) {
    if (!Number.isInteger(value) || value < min)
      throw new InvalidArgumentError(field, value, `expected an integer >= ${min}`);
  }
  if (opts.agents !== undefined && (!Number.isInteger(opts.agents) || opts.agents < 1))
    throw new InvalidArgumentError("agents", opts.agents, "expected a positive integer");
  if (opts.deadlineMs !== undefined && !(Number.isFinite(opts.deadlineMs) && opts.deadlineMs > 0))
    throw new InvalidArgumentError("deadlineMs", opts.deadlineMs, "expected a positive number of milliseconds");
  const conditions: readonly HiddenBenchCondition[] =
    protocol === "original" ? (opts.conditions ?? ["hidden", "full"]) : ["hidden"];
  if (conditions.length === 0 || conditions.some((c) => c !== "hidden" && c !== "full"))
    throw new InvalidArgumentError("conditions", conditions, 'expected a non-empty list of "hidden" and "full"');
  const voteReader = oneOf("voteReader", opts.voteReader, ["original", "tolerant"], original ? "original" : "tolerant");
  const missingVotes = oneOf("missingVotes", opts.missingVotes, ["drop", "bucket"], "drop");
  const failedTurns = oneOf("failedTurns", opts.failedTurns, ["retry", "drop"], original ? "retry" : "drop");
  const responseFormat = original
    ? oneOf("responseFormat", opts.responseFormat, ["json_schema", "json_object", "none"], "json_schema")
    : "none";
  return {
    protocol,
    rounds,
    runs,
    maxReplyChars,
    voteReader,
    missingVotes,
    failedTurns,
    tries,
    responseFormat,
    thinkingOff: original && opts.thinking !== true,
    earlyStopCalls,
    concurrency,
    agents: opts.agents,
    deadlineMs: opts.deadlineMs,
    conditions,
    prompts: { ...HIDDEN_BENCH_PROMPTS, ...opts.prompts },
    minOverlap: opts.minOverlap,
    seed: opts.seed ?? 0,
  };
}

/** `value` if it is one of `choices`, `fallback` when undefined; else an InvalidArgumentError naming `field`. */
function oneOf<T extends string>(field: string, value: T | undefined, choices: readonly T[], fallback: T): T {
  if (value === undefined) return fallback;
  if (!choices.includes(value))
    throw new InvalidArgumentError(field, value, `expected one of ${choices.map((c) => `"${c}"`).join(", ")}`);
  return value;
}
