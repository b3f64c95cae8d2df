import { checkComputeBudget, DEFAULT_COMPUTE_BUDGET } from "@cosir/bayes";
import { checkTraceProtocol, type Task, type Trace } from "@cosir/env";
import { cosirPreset, type RewardConfig } from "../config/reward-config";
import { episodePass } from "../pass/episode-pass";
import type { EpisodeRewards } from "./episode-rewards";
import { scoreEpisodeCost } from "./score-episode-cost";

/** How far scoreEpisode trusts its trace (docs/design.md §3, §7.1). */
export interface ScoreEpisodeOptions {
  /**
   * The trace comes from outside this process (a file, an HTTP body, a model's JSON): it is first checked
   * against the task and the protocol (checkTraceProtocol: a TraceProtocolError names the first violation),
   * its cost against `budget` (default DEFAULT_COMPUTE_BUDGET), and the team decision is the strict majority
   * of all N agents' final choices (a missing choice is an abstention), as the protocol takes it. Default
   * false: a trace made in this process is scored as it is, with today's numbers.
   */
  untrusted?: boolean;
  /** Most cost units scoring may take (scoreEpisodeCost); a BudgetExceededError otherwise. Default: none, or DEFAULT_COMPUTE_BUDGET when untrusted. */
  budget?: number;
  /** Field path to name in errors (default "trace"). */
  field?: string;
  /** Split each message's total over its acts (`MessageReward.acts`, docs/design.md §3.8). Default false. */
  perAct?: boolean;
}

/** The checks `untrusted` and `budget` ask for, before any replay (shared with scoreEpisodeWithMetrics). */
export function checkScoringInput(task: Task, trace: Trace, options: ScoreEpisodeOptions): void {
  const field = options.field ?? "trace";
  if (options.untrusted === true) checkTraceProtocol(task, trace, field);
  const budget = options.budget ?? (options.untrusted === true ? DEFAULT_COMPUTE_BUDGET : undefined);
  if (budget !== undefined) checkComputeBudget(field, scoreEpisodeCost(task, trace), budget, "scoring this trace");
}

/**
 * Rewards of one episode (docs/design.md §3): a pure function of (task, trace), replayable anywhere.
 *
 * Evidence E_j before message t is agent j's evidence in the shared `EvidenceReplay` of @cosir/env:
 * its own cells plus every valid SHARE by a teammate before t, applied as claims with the task's
 * channel noise. Every term of the table (`rewardTerms`, one file each under src/terms/) is computed in
 * one pass over that replay (`episodePass`): message terms per (agent, turn), agent terms at the final
 * choice; a total is the sum over terms of weight x raw value.
 * Pass `{untrusted: true}` for a trace from outside the process (see ScoreEpisodeOptions).
 */
export function scoreEpisode(
  task: Task,
  trace: Trace,
  config: RewardConfig = cosirPreset,
  options: ScoreEpisodeOptions = {},
): EpisodeRewards {
  checkScoringInput(task, trace, options);
  return episodePass(task, trace, {
    config,
    allChoices: options.untrusted === true,
    perAct: options.perAct === true,
  }).rewards as EpisodeRewards;
}
