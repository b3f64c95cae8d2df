import { BudgetExceededError } from "@cosir/bayes";
import { checkTraceProtocol, validateTrace, type Task, type Trace } from "@cosir/env";
import { scoreEpisodeCost } from "@cosir/rewards";
import { MAX_TASK_COST } from "../protocol/check-task-budget";
import { resolveCosirLabel, type ResolvedLabel } from "../protocol/cosir-label";
import type { GetRewardRequest } from "../protocol/get-reward-request";
import { parseTranscript } from "../transcript/parse-transcript";
import { replayTranscript } from "../transcript/replay-transcript";
import { responseOf } from "../transcript/response-of";
import { ScoringCancelledError } from "../scoring/scoring-pool";

/**
 * Cost units charged for generating a label's task from `{family, seed, ...size}` (docs/design.md §7.1):
 * generation runs on the server's event loop before any scoring, about 0.5 ms + 0.02 ms per option x
 * attribute + 0.1 ms per agent, at the scoring rate of 2e5 units per ms. Measured on the built-in families.
 */
export function generationCost(task: Pick<Task, "options" | "attributes" | "agents">): number {
  return 1e5 + 4e3 * task.options * task.attributes + 2e4 * task.agents;
}

/**
 * Cost units of one query beyond its posteriors (docs/design.md §7.1): reading its transcript on the event
 * loop and the reward bookkeeping of scoring it, about 1 ms per query plus 0.05 ms per step at the scoring
 * rate of 2e5 units per ms. scoreEpisodeCost counts posteriors only, which left a body of thousands of tiny
 * episodes at a few percent of the budget while it took many times the budget's seconds.
 */
export function queryOverheadCost(
  trace?: Pick<Trace, "messages"> & Partial<Pick<Trace, "choices" | "preChoices">>,
): number {
  const steps =
    trace === undefined ? 0 : trace.messages.length + (trace.choices?.length ?? 0) + (trace.preChoices?.length ?? 0);
  return 2e5 + 1e4 * steps;
}

/** What a planned query is charged against the budget: its scoring (scoreEpisodeCost) and its overhead. */
export function plannedQueryCost(task: Task, trace: Trace): number {
  return scoreEpisodeCost(task, trace) + queryOverheadCost(trace);
}

/** One query of a `/get_reward` body, read and checked, ready to score. */
export interface PlannedQuery {
  label: ResolvedLabel;
  trace: Trace;
  /** Why part of the transcript was not scored (empty when all of it was). */
  errors: string[];
}

/**
 * Reads one OpenRLHF response (query minus prompt) into a trace for its label's task: a JSON trace of that
 * task, which must be one the protocol could have produced (else a TraceProtocolError naming
 * `<field>.trace...`), or else a transcript replayed through the protocol (which stops at a step out of turn).
 */
export function planQuery(
  query: string,
  prompt: string | undefined,
  label: ResolvedLabel,
  field = "query",
): PlannedQuery {
  const response = responseOf(query, prompt);
  const errors: string[] = [];
  const trimmed = response.trim();
  if (trimmed.startsWith("{") && trimmed.includes('"messages"')) {
    let candidate: Trace | undefined;
    try {
      candidate = validateTrace(JSON.parse(trimmed));
    } catch {
      // Not a trace: read it as a transcript.
    }
    if (candidate !== undefined) {
      if (candidate.taskId === label.task.id)
        return { label, trace: checkTraceProtocol(label.task, candidate, `${field}.trace`), errors };
      errors.push(
        `trace.taskId ${JSON.stringify(candidate.taskId)} does not match the label's task ${JSON.stringify(label.task.id)}; read as a transcript`,
      );
    }
  }
  const replay = replayTranscript(label.task, parseTranscript(response), label.surface);
  errors.push(...replay.errors);
  return { label, trace: replay.trace, errors };
}

/**
 * The checks of a `/get_reward` body in steps (null is a step with nothing to hand out yet), so a caller can
 * yield between them. First every label (`labels[k]`; a label string repeated in the body is resolved once)
 * with the least its query can cost (its task's scoring with no message and queryOverheadCost, plus
 * generationCost when the label generates its task); then every response (`query[k]`) with its actual cost
 * (plannedQueryCost). The running total is checked against `budget` at each step: a
 * BudgetExceededError names the first `labels[k]` or `query[k]` past it, before any scoring.
 */
export function* planSteps(body: GetRewardRequest, budget: number = MAX_TASK_COST): Generator<PlannedQuery | null> {
  const resolved = new Map<string, { label: ResolvedLabel; least: number }>();
  const labels: { label: ResolvedLabel; least: number }[] = [];
  let total = 0;
  for (let k = 0; k < body.query.length; k++) {
    const raw = body.labels[k];
    let entry = typeof raw === "string" ? resolved.get(raw) : undefined;
    if (entry === undefined) {
      const label = resolveCosirLabel(raw, `labels[${k}]`, budget);
      entry = { label, least: scoreEpisodeCost(label.task, { messages: [] }) + queryOverheadCost() };
      if (typeof raw === "string") resolved.set(raw, entry);
      // A generated task was paid for once, when it was generated (a repeated label string is not regenerated).
      if (label.generated) total += generationCost(label.task);
    }
    labels.push(entry);
    total += entry.least;
    if (total > budget)
      throw new BudgetExceededError(
        `labels[${k}]`,
        total,
        budget,
        `scoring queries 0..${k} of this request (at least)`,
      );
    yield null;
  }
  for (let k = 0; k < body.query.length; k++) {
    const { label, least } = labels[k] as { label: ResolvedLabel; least: number };
    const planned = planQuery(body.query[k] as string, body.prompts?.[k], label, `query[${k}]`);
    total += plannedQueryCost(label.task, planned.trace) - least;
    if (total > budget)
      throw new BudgetExceededError(`query[${k}]`, total, budget, `scoring this request up to query ${k}`);
    yield planned;
  }
}

/** Reads and checks a whole `/get_reward` body before any scoring (see planSteps). */
export function planRewardRequest(body: GetRewardRequest, budget: number = MAX_TASK_COST): PlannedQuery[] {
  const out: PlannedQuery[] = [];
  for (const planned of planSteps(body, budget)) if (planned !== null) out.push(planned);
  return out;
}

/**
 * planRewardRequest that yields the event loop every `sliceMs` of work, so other requests keep being answered,
 * and stops with ScoringCancelledError at the first slice after `signal` aborts (the client went away).
 */
export async function planRewardRequestAsync(
  body: GetRewardRequest,
  budget: number = MAX_TASK_COST,
  sliceMs = 5,
  signal?: AbortSignal,
): Promise<PlannedQuery[]> {
  const out: PlannedQuery[] = [];
  let slice = performance.now();
  for (const planned of planSteps(body, budget)) {
    if (planned !== null) out.push(planned);
    if (performance.now() - slice > sliceMs) {
      await new Promise((resolve) => setImmediate(resolve));
      if (signal?.aborted) throw new ScoringCancelledError();
      slice = performance.now();
    }
  }
  return out;
}
