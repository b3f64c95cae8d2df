import { checkComputeBudget, DEFAULT_COMPUTE_BUDGET } from "@cosir/bayes";
import {
  agentChoice,
  checkTraceProtocol,
  EvidenceReplay,
  teamDecision,
  type Task,
  type Trace,
  type TraceMessage,
} from "@cosir/env";
import { type RewardConfig, type RewardWeights, cosirPreset } from "../config/reward-config";
import { scoreEpisodeCost } from "./score-episode-cost";
import { useTerm } from "./use-term";

export const EPISODE_REWARDS_VERSION = 1 as const;

export interface MessageTerms {
  share: number;
  ask: number;
  falseClaim: number;
  format: number;
}

export interface AgentTerms {
  use: number;
  task: number;
  accuracy: number;
}

/** Reward of one message, i.e. one (agent, turn), with each raw term separated. */
export interface MessageReward {
  turn: number;
  round: number;
  agent: number;
  terms: MessageTerms;
  /** sum over terms of weight x raw term. */
  total: number;
}

/** End-of-episode reward of one agent (its final choice). */
export interface AgentReward {
  agent: number;
  terms: AgentTerms;
  total: number;
  /** MAP of the agent's own cells alone, and of all its evidence at the final choice. */
  mapPrivate: number;
  mapFull: number;
  choice: number | null;
}

export interface EpisodeRewards {
  version: typeof EPISODE_REWARDS_VERSION;
  taskId: string;
  preset: string;
  weights: RewardWeights;
  messages: MessageReward[];
  agents: AgentReward[];
  /** Per agent: the sum of its message totals and its final total. */
  returns: number[];
  teamCorrect: boolean;
  /** Team surprisal before the discussion and at the final choice (nats). */
  teamSurprisal: { initial: number; final: number };
}

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
}

function weightedMessage(terms: MessageTerms, w: RewardWeights): number {
  return w.share * terms.share + w.ask * terms.ask + w.falseClaim * terms.falseClaim + w.format * terms.format;
}

function weightedAgent(terms: AgentTerms, w: RewardWeights): number {
  return w.use * terms.use + w.task * terms.task + w.accuracy * terms.accuracy;
}

/**
 * Rewards of one episode (docs/design.md §3): a pure function of (task, trace), replayable anywhere.
 *
 * Evidence E_j before message t is agent j's evidence in the shared `EvidenceReplay` of @cosir/env:
 * its own cells plus every valid SHARE by a teammate before t, applied as claims with the task's
 * channel noise. All messages are broadcast, so the recipients of agent i's message are all other agents.
 * - share: sum over recipients of s_j(before) - s_j(after).
 * - ask: per distinct asked cell held privately by a teammate (by the addressee when the ask names
 *   one), s_i(E_i) - s_i(E_i + a truthful claim of its value with the same channel noise).
 * - falseClaim: -1 per SHARE the replay judges false (invalid, a level other than the truth, or a cell
 *   the speaker neither saw nor heard from a teammate before).
 * - format: -1 for a message with a parse error.
 * - use, task, accuracy: per agent at the final choice.
 * Pass `{untrusted: true}` for a trace from outside the process (see ScoreEpisodeOptions).
 */
export function scoreEpisode(
  task: Task,
  trace: Trace,
  config: RewardConfig = cosirPreset,
  options: ScoreEpisodeOptions = {},
): EpisodeRewards {
  const w = config.weights;
  const N = task.agents;
  const field = options.field ?? "trace";
  if (options.untrusted === true) checkTraceProtocol(task, trace, field);
  const budget = options.budget ?? (options.untrusted === true ? DEFAULT_COMPUTE_BUDGET : undefined);
  if (budget !== undefined) checkComputeBudget(field, scoreEpisodeCost(task, trace), budget, "scoring this trace");
  const replay = new EvidenceReplay(task);
  // Before any message the replay holds each agent's own cells: MAP_priv and the initial surprisal.
  const mapPrivate: number[] = [];
  let initialTeam = 0;
  for (let j = 0; j < N; j++) {
    initialTeam += replay.surprisal(j);
    mapPrivate.push(replay.map(j));
  }
  const before = new Float64Array(N);

  const messages: MessageReward[] = [];
  for (const message of trace.messages) {
    messages.push(scoreMessage(message));
  }

  function scoreMessage(message: TraceMessage): MessageReward {
    const i = message.speaker;
    const terms: MessageTerms = { share: 0, ask: 0, falseClaim: 0, format: message.parseError === undefined ? 0 : -1 };
    for (let j = 0; j < N; j++) before[j] = replay.surprisal(j);
    // The speaker's own evidence is the same before and after its message, so asks are scored after it.
    const evidence = replay.hear(message);
    for (const { act, cell } of evidence.asks) {
      const held = act.to !== undefined ? act.to !== i && replay.sees(act.to, cell) : replay.seenByTeammate(i, cell);
      if (!held) continue;
      let gain = replay.surprisalReduction(i, cell, replay.trueLevel(cell));
      if (config.clipAskAtZero && gain < 0) gain = 0;
      terms.ask += gain;
    }
    for (const share of evidence.shares) if (share.falseClaim) terms.falseClaim -= 1;
    if (evidence.claims.length > 0) {
      for (let j = 0; j < N; j++) if (j !== i) terms.share += (before[j] as number) - replay.surprisal(j);
    }
    return { turn: message.turn, round: message.round, agent: i, terms, total: weightedMessage(terms, w) };
  }

  const choices =
    options.untrusted === true
      ? Array.from({ length: N }, (_, j) => agentChoice(trace.choices, j))
      : trace.choices.map((c) => c.choice);
  const decision = teamDecision(choices);
  const teamCorrect = decision !== null && decision === task.correct;
  const agents: AgentReward[] = [];
  let finalTeam = 0;
  for (let j = 0; j < N; j++) {
    finalTeam += replay.surprisal(j);
    const mapFull = replay.map(j);
    const priv = mapPrivate[j] as number;
    const choice = agentChoice(trace.choices, j);
    const terms: AgentTerms = {
      use: useTerm(priv, mapFull, choice),
      task: teamCorrect ? 1 : 0,
      accuracy: choice === task.correct ? 1 : 0,
    };
    agents.push({ agent: j, terms, total: weightedAgent(terms, w), mapPrivate: priv, mapFull, choice });
  }
  const returns = agents.map((a) => a.total);
  for (const m of messages) if (m.agent >= 0 && m.agent < N) returns[m.agent] = (returns[m.agent] as number) + m.total;
  return {
    version: EPISODE_REWARDS_VERSION,
    taskId: task.id,
    preset: config.preset,
    weights: { ...w },
    messages,
    agents,
    returns,
    teamCorrect,
    teamSurprisal: { initial: initialTeam, final: finalTeam },
  };
}
