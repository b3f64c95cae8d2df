import { checkTraceProtocol, type Task, type Trace } from "@cosir/env";
import { askRateMetric } from "./ask-rate-metric";
import { disclosureMetric } from "./disclosure-metric";
import { failToAskMetric } from "./fail-to-ask-metric";
import { falseClaimsMetric } from "./false-claims-metric";
import { formatMetric } from "./format-metric";
import { ignoredInputMetric } from "./ignored-input-metric";
import { individualAccuracyMetric } from "./individual-accuracy-metric";
import { preAccuracyMetric } from "./pre-accuracy-metric";
import { teamOutcomeMetric } from "./team-outcome-metric";
import { tokensMetric } from "./tokens-metric";
import { withholdingMetric } from "./withholding-metric";

/** Per-episode behaviour figures, all computed from the evaluator (README "Metrics"). */
export interface EpisodeMetrics {
  taskId: string;
  family: string;
  agents: number;
  teamDecision: number | null;
  teamCorrect: boolean;
  /** Share of agents whose final private choice is correct. */
  individualAccuracy: number;
  /** Share of agents whose pre-discussion choice is correct; null when the protocol has no pre-choice. */
  preAccuracy: number | null;
  /** Same as individualAccuracy (post-discussion). */
  postAccuracy: number;
  /** Decisive private cells (cell level) and how many of them a holder disclosed truthfully. */
  disclosure: { decisive: number; disclosed: number; rate: number | null };
  /** Fraction of messages containing at least one ASK. */
  askRate: number | null;
  /** Agents that needed to ask (eligible) and those that never asked for a needed cell (failed). */
  failToAsk: { eligible: number; failed: number; rate: number | null };
  /** Agents whose MAP was moved by what they heard (eligible), and those whose final choice stayed with the old MAP. */
  ignoredInput: { eligible: number; ignored: number; rate: number | null };
  /** Turns where the speaker held a cell that would lower a teammate's current surprisal, and turns it shared none of them. */
  withholding: { opportunities: number; withheld: number; rate: number | null };
  /** SHARE acts, and those that are false (wrong level, out of range, or a cell the speaker neither saw nor heard). */
  falseClaims: { shares: number; false: number; rate: number | null };
  messages: number;
  /** Sampled token count when the policy reports tokens, else whitespace-separated words. */
  tokens: number;
  /** Messages that parsed on the trace's surface. */
  format: { messages: number; valid: number; rate: number | null };
}

/**
 * Behaviour metrics of one episode (README "Metrics"), a pure function of (task, trace): one metric
 * function each, all on the evidence replay the rewards use (`EvidenceReplay` of @cosir/env: agent j's
 * evidence is its own cells plus every valid SHARE by a teammate so far, as claims with the task's
 * channel noise). See each `*Metric` function for its definition. Pass `{untrusted: true}` for a trace
 * from outside the process (a file, an HTTP body): it is first checked against the task and the protocol
 * (checkTraceProtocol of @cosir/env), so forged acts or votes are refused, never measured.
 */
export function behaviourMetrics(task: Task, trace: Trace, options: { untrusted?: boolean } = {}): EpisodeMetrics {
  if (options.untrusted === true) checkTraceProtocol(task, trace);
  const individualAccuracy = individualAccuracyMetric(task, trace);
  return {
    taskId: task.id,
    family: task.family,
    agents: task.agents,
    ...teamOutcomeMetric(task, trace),
    individualAccuracy,
    preAccuracy: preAccuracyMetric(task, trace),
    postAccuracy: individualAccuracy,
    disclosure: disclosureMetric(task, trace),
    askRate: askRateMetric(task, trace),
    failToAsk: failToAskMetric(task, trace),
    ignoredInput: ignoredInputMetric(task, trace),
    withholding: withholdingMetric(task, trace),
    falseClaims: falseClaimsMetric(task, trace),
    messages: trace.messages.length,
    tokens: tokensMetric(task, trace),
    format: formatMetric(task, trace),
  };
}
