import { applyClaim, createBeliefs, observeCell } from "../beliefs/beliefs";
import { checkComputeBudget, DEFAULT_COMPUTE_BUDGET } from "../budget/check-compute-budget";
import { InvalidArgumentError } from "../errors/cosir-error";
import { expectedInformationGain, surprisal } from "../information/information";
import { argmaxScoreModel, cellIndex, type Aggregate } from "../models/argmax-score-model";
import type { DecisionModel } from "../models/decision-model";
import { posteriorQueryCost } from "./posterior-query-cost";

/** One posterior query (`cosir posterior`, one JSON line): a rating task, evidence, and what to report. Indices are 0-based. */
export interface PosteriorQuery {
  task: {
    options: number;
    attributes: number;
    /** Inclusive integer level range [lo, hi], lo < hi, at most 101 levels. */
    levels: [number, number];
    aggregate: Aggregate;
    /** One integer weight in 1..1000 per attribute; default all 1. */
    weights?: number[];
    /** Prior pmf over the levels, one weight per level; default uniform. */
    prior?: number[];
  };
  /** The asking agent's own cells: [option, attribute, level]. */
  observed?: [number, number, number][];
  /** Teammates' claims, applied in order through a channel with `noise`: [option, attribute, level]. */
  claims?: [number, number, number][];
  /** Claim noise eps in [0, 1]; default 0.01. */
  noise?: number;
  /** The correct option: the answer then carries its surprisal. */
  correct?: number;
  /** Cells [option, attribute] whose expected information gain to report. */
  ask?: [number, number][];
}

export interface PosteriorQueryOptions {
  /** Most cost units one query may take (docs/design.md §7.1); default DEFAULT_COMPUTE_BUDGET, Infinity for none. */
  budget?: number;
}

export interface PosteriorAnswer {
  posterior: number[];
  degenerate: boolean;
  surprisal?: number;
  eig?: number[];
}

const QUERY_KEYS = ["task", "observed", "claims", "noise", "correct", "ask"] as const;
const TASK_KEYS = ["options", "attributes", "levels", "aggregate", "weights", "prior"] as const;
/** Untrusted queries must not allocate without bound: caps on the level span and on the score range. */
const MAX_LEVEL_SPAN = 100;
const MAX_SCORE_RANGE = 1_000_000;

type Fields = Record<string, unknown>;

function isRecord(value: unknown): value is Fields {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function record(value: unknown, field: string, known: readonly string[]): Fields {
  if (!isRecord(value)) throw new InvalidArgumentError(field, value, "expected an object");
  for (const key of Object.keys(value)) {
    if (!known.includes(key))
      throw new InvalidArgumentError(
        field === "(query)" ? key : `${field}.${key}`,
        value[key],
        `unknown field (expected one of ${known.join(", ")})`,
      );
  }
  return value;
}

function array(value: unknown, field: string): unknown[] {
  if (!Array.isArray(value)) throw new InvalidArgumentError(field, value, "expected an array");
  return value;
}

function number(value: unknown, field: string): number {
  if (typeof value !== "number" || Number.isNaN(value))
    throw new InvalidArgumentError(field, value, "expected a number");
  return value;
}

function integer(value: unknown, field: string, min = -Infinity, max = Infinity): number {
  const n = number(value, field);
  if (!Number.isInteger(n)) throw new InvalidArgumentError(field, n, "expected an integer");
  if (n < min || n > max)
    throw new InvalidArgumentError(
      field,
      n,
      max === Infinity ? `expected an integer >= ${min}` : `expected an integer in ${min}..${max}`,
    );
  return n;
}

function integerTuple(value: unknown, field: string, length: number): number[] {
  const items = array(value, field);
  if (items.length !== length) throw new InvalidArgumentError(field, value, `expected ${length} integers`);
  return items.map((v, i) => integer(v, `${field}[${i}]`));
}

function tupleList(value: unknown, field: string, length: number): number[][] {
  return array(value, field).map((v, i) => integerTuple(v, `${field}[${i}]`, length));
}

/**
 * Validates one posterior query and returns a copy of it: strict objects (an unknown field is refused,
 * by name), integer sizes in 1..64, at most 101 levels, a score range (levels span x weight sum)
 * below 1e6, weights in 1..1000, a prior of finite non-negative numbers with a positive total, and
 * every option, attribute and level index within the task. Errors are InvalidArgumentErrors naming the
 * exact field path (`task.levels`, `claims[2][1]`).
 */
export function validatePosteriorQuery(raw: unknown): PosteriorQuery {
  const q = record(raw, "(query)", QUERY_KEYS);
  // Shape and types first, in field order (what a schema would report first).
  const t = record(q.task, "task", TASK_KEYS);
  const K = integer(t.options, "task.options", 1, 64);
  const M = integer(t.attributes, "task.attributes", 1, 64);
  const levels = integerTuple(t.levels, "task.levels", 2) as [number, number];
  if (t.aggregate !== "sum" && t.aggregate !== "min")
    throw new InvalidArgumentError("task.aggregate", t.aggregate, 'expected "sum" or "min"');
  const aggregate: Aggregate = t.aggregate;
  const weights =
    t.weights === undefined
      ? undefined
      : array(t.weights, "task.weights").map((w, a) => integer(w, `task.weights[${a}]`));
  const prior =
    t.prior === undefined ? undefined : array(t.prior, "task.prior").map((p, i) => number(p, `task.prior[${i}]`));
  const observed = q.observed === undefined ? undefined : tupleList(q.observed, "observed", 3);
  const claims = q.claims === undefined ? undefined : tupleList(q.claims, "claims", 3);
  let noise: number | undefined;
  if (q.noise !== undefined) {
    noise = number(q.noise, "noise");
    if (!(noise >= 0 && noise <= 1)) throw new InvalidArgumentError("noise", noise, "expected a number in [0, 1]");
  }
  const correct = q.correct === undefined ? undefined : integer(q.correct, "correct");
  const ask = q.ask === undefined ? undefined : tupleList(q.ask, "ask", 2);

  const [lo, hi] = levels;
  if (hi - lo > MAX_LEVEL_SPAN)
    throw new InvalidArgumentError("task.levels", levels, `expected at most ${MAX_LEVEL_SPAN + 1} levels`);
  const weightSum = (weights ?? []).reduce((s, w) => s + Math.abs(w), 0) || M;
  if ((hi - lo) * weightSum > MAX_SCORE_RANGE)
    throw new InvalidArgumentError(
      "task.weights",
      weights,
      "score range (levels span x weight sum) must stay below 1e6",
    );
  // Then what the evaluator itself requires, so a valid query always has an answer.
  if (!(hi > lo)) throw new InvalidArgumentError("task.levels", levels, "expected integers [lo, hi] with lo < hi");
  if (weights !== undefined) {
    if (weights.length !== M)
      throw new InvalidArgumentError("task.weights", weights, `expected ${M} positive integers`);
    weights.forEach((w, a) => integer(w, `task.weights[${a}]`, 1, 1000));
  }
  if (prior !== undefined) {
    if (prior.length !== hi - lo + 1)
      throw new InvalidArgumentError("task.prior", prior, `expected ${hi - lo + 1} numbers`);
    prior.forEach((p, i) => {
      if (!Number.isFinite(p) || p < 0)
        throw new InvalidArgumentError(`task.prior[${i}]`, p, "expected a finite number >= 0");
    });
    if (!(prior.reduce((s, p) => s + p, 0) > 0))
      throw new InvalidArgumentError("task.prior", prior, "expected a positive total");
  }
  const within = (value: number, field: string, min: number, max: number, what: string) => {
    if (value < min || value > max) throw new InvalidArgumentError(field, value, `expected ${what} in ${min}..${max}`);
  };
  const checkCells = (field: string, list: readonly number[][] | undefined, withLevel: boolean) =>
    list?.forEach(([o, a, v], i) => {
      within(o as number, `${field}[${i}][0]`, 0, K - 1, "an option");
      within(a as number, `${field}[${i}][1]`, 0, M - 1, "an attribute");
      if (withLevel) within(v as number, `${field}[${i}][2]`, lo, hi, "a level");
    });
  checkCells("observed", observed, true);
  checkCells("claims", claims, true);
  if (correct !== undefined) within(correct, "correct", 0, K - 1, "an option");
  checkCells("ask", ask, false);

  const query: PosteriorQuery = {
    task: {
      options: K,
      attributes: M,
      levels,
      aggregate,
      ...(weights !== undefined ? { weights } : {}),
      ...(prior !== undefined ? { prior } : {}),
    },
  };
  if (observed !== undefined) query.observed = observed as [number, number, number][];
  if (claims !== undefined) query.claims = claims as [number, number, number][];
  if (noise !== undefined) query.noise = noise;
  if (correct !== undefined) query.correct = correct;
  if (ask !== undefined) query.ask = ask as [number, number][];
  return query;
}

/**
 * Answers one query (docs/design.md §1): the posterior over the correct option given the observed cells
 * and the claims, with the surprisal of `correct` and the expected information gain of each `ask`
 * cell when asked for. Throws InvalidArgumentError naming the field on bad input, and a
 * BudgetExceededError (before any work or allocation) when the query's estimated work
 * (posteriorQueryCost, docs/design.md §7.1) exceeds `options.budget` (default DEFAULT_COMPUTE_BUDGET).
 * `cache` keeps decision models across queries of the same task shape (at most 257).
 */
export function answerPosteriorQuery(
  raw: unknown,
  cache = new Map<string, DecisionModel>(),
  options: PosteriorQueryOptions = {},
): PosteriorAnswer {
  const q = validatePosteriorQuery(raw);
  checkComputeBudget(
    q.ask !== undefined && q.ask.length > 0 ? "ask" : "task",
    posteriorQueryCost(q),
    options.budget ?? DEFAULT_COMPUTE_BUDGET,
    q.ask !== undefined && q.ask.length > 0 ? `the posterior and ${q.ask.length} information gains` : "the posterior",
  );
  const { options: K, attributes: M, levels, aggregate, weights } = q.task;
  const key = JSON.stringify([K, M, levels, aggregate, weights ?? null]);
  let model = cache.get(key);
  if (!model) {
    model = argmaxScoreModel({ options: K, attributes: M, levels, aggregate, weights });
    if (cache.size > 256) cache.clear();
    cache.set(key, model);
  }
  const beliefs = createBeliefs({ cells: K * M, levels, prior: q.task.prior });
  for (const [o, a, v] of q.observed ?? []) observeCell(beliefs, cellIndex(o, a, M), v);
  const noise = q.noise ?? 0.01;
  for (const [o, a, v] of q.claims ?? []) applyClaim(beliefs, cellIndex(o, a, M), v, noise);
  const result = model.posterior(beliefs);
  const answer: PosteriorAnswer = { posterior: Array.from(result.pmf), degenerate: result.degenerate };
  if (q.correct !== undefined) answer.surprisal = surprisal(result.pmf, q.correct);
  if (q.ask !== undefined) {
    const decisionModel = model;
    answer.eig = q.ask.map(([o, a]) => expectedInformationGain(decisionModel, beliefs, cellIndex(o, a, M)));
  }
  return answer;
}
