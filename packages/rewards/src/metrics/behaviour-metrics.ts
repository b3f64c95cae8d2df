import { checkTraceProtocol, type Task, type Trace } from "@cosir/env";
import { episodePass } from "../pass/episode-pass";
import { behaviourMetricTable } from "./behaviour-metric-table";

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

/** The episode's identity, then every metric of the table in table order. */
export function episodeMetricsOf(task: Task, values: readonly unknown[]): EpisodeMetrics {
  const metrics: Record<string, unknown> = { taskId: task.id, family: task.family, agents: task.agents };
  behaviourMetricTable.forEach((spec, k) => {
    metrics[spec.key] = values[k];
  });
  return metrics as unknown as EpisodeMetrics;
}

/**
 * Behaviour metrics of one episode (README "Metrics"), a pure function of (task, trace): every metric of
 * `behaviourMetricTable` in one pass over the evidence replay the rewards use (`EvidenceReplay` of @cosir/env:
 * agent j's evidence is its own cells plus every valid SHARE by a teammate so far, as claims with the task's
 * channel noise). See each `*MetricSpec` for its definition; `scoreEpisodeWithMetrics` gives the rewards from
 * the same pass. Pass `{untrusted: true}` for a trace from outside the process (a file, an HTTP body): it is
 * first checked against the task and the protocol (checkTraceProtocol of @cosir/env), so forged acts or votes
 * are refused, never measured.
 */
export function behaviourMetrics(task: Task, trace: Trace, options: { untrusted?: boolean } = {}): EpisodeMetrics {
  if (options.untrusted === true) checkTraceProtocol(task, trace);
  return episodeMetricsOf(task, episodePass(task, trace, { metrics: behaviourMetricTable }).metrics);
}
