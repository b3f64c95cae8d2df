import { BudgetExceededError } from "@cosir/bayes";
import { checkTraceProtocol, validateTrace, type Trace } from "@cosir/env";
import { scoreEpisodeCost } from "@cosir/rewards";
import { MAX_TASK_COST } from "../protocol/check-task-budget";
import { resolveCosirLabel, type ResolvedLabel } from "../protocol/cosir-label";
import type { GetRewardRequest } from "../protocol/get-reward-request";
import { parseTranscript } from "../transcript/parse-transcript";
import { replayTranscript } from "../transcript/replay-transcript";
import { responseOf } from "../transcript/response-of";

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
 * Reads and checks a whole `/get_reward` body before any scoring: every label (`labels[k]`), every
 * response (`query[k]`), and the summed cost of scoring them all (scoreEpisodeCost) against `budget`
 * (a BudgetExceededError naming the first `query[k]` past it, with the estimate so far).
 */
export function planRewardRequest(body: GetRewardRequest, budget: number = MAX_TASK_COST): PlannedQuery[] {
  const labels = body.labels.map((label, k) => resolveCosirLabel(label, `labels[${k}]`, budget));
  let total = 0;
  return body.query.map((query, k) => {
    const planned = planQuery(query, body.prompts?.[k], labels[k] as ResolvedLabel, `query[${k}]`);
    total += scoreEpisodeCost(planned.label.task, planned.trace);
    if (total > budget)
      throw new BudgetExceededError(`query[${k}]`, total, budget, `scoring queries 0..${k} of this request`);
    return planned;
  });
}
