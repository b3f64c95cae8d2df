import {
  applyClaim,
  InvalidArgumentError,
  argmaxScoreModel,
  createBeliefs,
  expectedInformationGain,
  observeCell,
  surprisal,
  type DecisionModel,
} from "@cosir/bayes";
import { describeZodError } from "@cosir/env";
import { z } from "zod";
import type { CliCommand } from "../cli-io";
import { parseFlags } from "../flags";
import { errorMessage, readLines, writeLine } from "../jsonl";

const int = z.number().int();
const triple = z.tuple([int, int, int]);

/** One `cosir posterior` query (0-based indices). */
export const PosteriorQuerySchema = z
  .object({
    task: z
      .object({
        options: int.min(1).max(64),
        attributes: int.min(1).max(64),
        levels: z.tuple([int, int]),
        aggregate: z.enum(["sum", "min"]),
        weights: z.array(int).optional(),
        prior: z.array(z.number()).optional(),
      })
      .strict(),
    observed: z.array(triple).optional(),
    claims: z.array(triple).optional(),
    noise: z.number().min(0).max(1).optional(),
    correct: int.optional(),
    ask: z.array(z.tuple([int, int])).optional(),
  })
  .strict();
export type PosteriorQuery = z.infer<typeof PosteriorQuerySchema>;

export interface PosteriorAnswer {
  posterior: number[];
  degenerate: boolean;
  surprisal?: number;
  eig?: number[];
}

/** Answers one query (DESIGN.md §1); throws with the field named on bad input. */
export function answerPosteriorQuery(raw: unknown, cache = new Map<string, DecisionModel>()): PosteriorAnswer {
  const parsed = PosteriorQuerySchema.safeParse(raw);
  if (!parsed.success) {
    const d = describeZodError("", parsed.error, raw);
    throw new InvalidArgumentError(d.field || "(query)", d.value, d.message);
  }
  const q = parsed.data;
  const { options: K, attributes: M, levels } = q.task;
  // Untrusted queries must not allocate without bound: cap the level span and the score range.
  if (levels[1] - levels[0] > 100) throw new InvalidArgumentError("task.levels", levels, "expected at most 101 levels");
  const weightSum = (q.task.weights ?? []).reduce((s, w) => s + Math.abs(w), 0) || M;
  if ((levels[1] - levels[0]) * weightSum > 1_000_000)
    throw new InvalidArgumentError(
      "task.weights",
      q.task.weights,
      "score range (levels span x weight sum) must stay below 1e6",
    );
  const key = JSON.stringify([K, M, levels, q.task.aggregate, q.task.weights ?? null]);
  let model = cache.get(key);
  if (!model) {
    model = argmaxScoreModel({
      options: K,
      attributes: M,
      levels,
      aggregate: q.task.aggregate,
      weights: q.task.weights,
    });
    if (cache.size > 256) cache.clear();
    cache.set(key, model);
  }
  const beliefs = createBeliefs({ cells: K * M, levels, prior: q.task.prior });
  const cell = (field: string, i: number, o: number, a: number): number => {
    if (o < 0 || o >= K) throw new InvalidArgumentError(`${field}[${i}][0]`, o, `expected an option in 0..${K - 1}`);
    if (a < 0 || a >= M) throw new InvalidArgumentError(`${field}[${i}][1]`, a, `expected an attribute in 0..${M - 1}`);
    return o * M + a;
  };
  const level = (field: string, i: number, v: number): number => {
    if (v < levels[0] || v > levels[1])
      throw new InvalidArgumentError(`${field}[${i}][2]`, v, `expected a level in ${levels[0]}..${levels[1]}`);
    return v;
  };
  (q.observed ?? []).forEach(([o, a, v], i) =>
    observeCell(beliefs, cell("observed", i, o, a), level("observed", i, v)),
  );
  const noise = q.noise ?? 0.01;
  (q.claims ?? []).forEach(([o, a, v], i) =>
    applyClaim(beliefs, cell("claims", i, o, a), level("claims", i, v), noise),
  );
  const result = model.posterior(beliefs);
  const answer: PosteriorAnswer = { posterior: Array.from(result.pmf), degenerate: result.degenerate };
  if (q.correct !== undefined) {
    if (q.correct < 0 || q.correct >= K)
      throw new InvalidArgumentError("correct", q.correct, `expected an option in 0..${K - 1}`);
    answer.surprisal = surprisal(result.pmf, q.correct);
  }
  if (q.ask !== undefined) {
    answer.eig = q.ask.map(([o, a], i) => expectedInformationGain(model, beliefs, cell("ask", i, o, a)));
  }
  return answer;
}

export const posteriorCommand: CliCommand = async (argv, io) => {
  const { values } = parseFlags(argv, { help: { type: "boolean", short: "h" } });
  if (values.help) {
    io.stdout.write(
      "usage: cosir posterior < queries.jsonl\n" +
        'One JSON query per line: {"task": {"options", "attributes", "levels": [lo, hi], "aggregate": "sum"|"min", "weights"?, "prior"?}, "observed"?: [[o, a, level]], "claims"?: [[o, a, level]], "noise"?, "correct"?, "ask"?: [[o, a]]}\n' +
        'One JSON answer per line: {"posterior", "degenerate", "surprisal"?, "eig"?} or {"error"}. Exit 1 if any line failed.\n',
    );
    return 0;
  }
  const cache = new Map<string, DecisionModel>();
  let failed = 0;
  for await (const [n, line] of readLines(io.stdin)) {
    let out: unknown;
    try {
      out = answerPosteriorQuery(JSON.parse(line), cache);
    } catch (error) {
      failed++;
      out = { error: `line ${n}: ${errorMessage(error)}` };
    }
    await writeLine(io.stdout, out);
  }
  return failed > 0 ? 1 : 0;
};
