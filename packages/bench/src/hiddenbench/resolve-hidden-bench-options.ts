import { InvalidArgumentError } from "@cosir/bayes";
import { HIDDEN_BENCH_PROMPTS, type HiddenBenchPrompts } from "./hidden-bench-prompts";
import type { HiddenBenchCondition, HiddenBenchProtocol, RunHiddenBenchOptions } from "./hidden-bench-types";

/** The options of a run with every default filled in and every value checked. */
export interface ResolvedHiddenBenchOptions {
  protocol: HiddenBenchProtocol;
  rounds: number;
  runs: number;
  maxReplyChars: number;
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
 * naming the first bad field (in the order protocol, rounds, runs, maxReplyChars, concurrency, agents,
 * deadlineMs, conditions).
 */
export function resolveHiddenBenchOptions(opts: RunHiddenBenchOptions = {}): ResolvedHiddenBenchOptions {
  const protocol = opts.protocol ?? "original";
  if (protocol !== "original" && protocol !== "cosir")
    throw new InvalidArgumentError("protocol", protocol, 'expected "original" or "cosir"');
  const rounds = opts.rounds ?? (protocol === "original" ? 15 : 2);
  const runs = opts.runs ?? 1;
  const maxReplyChars = opts.maxReplyChars ?? 2000;
  const concurrency = opts.concurrency ?? 8;
  for (const [field, value, min] of [
    ["rounds", rounds, 0],
    ["runs", runs, 1],
    ["maxReplyChars", maxReplyChars, 1],
    ["concurrency", concurrency, 1],
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
  return {
    protocol,
    rounds,
    runs,
    maxReplyChars,
    concurrency,
    agents: opts.agents,
    deadlineMs: opts.deadlineMs,
    conditions,
    prompts: { ...HIDDEN_BENCH_PROMPTS, ...opts.prompts },
    minOverlap: opts.minOverlap,
    seed: opts.seed ?? 0,
  };
}
