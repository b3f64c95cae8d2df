import {
  applyClaim,
  copyBeliefsInto,
  createBeliefs,
  mapAnswer,
  surprisal,
  type Beliefs,
  type DecisionModel,
} from "@cosir/bayes";
import { decisionModelForTask, ownBeliefs, teamDecision, type Task, type Trace, type TraceMessage } from "@cosir/env";
import { type RewardConfig, type RewardWeights, cosirPreset } from "../config/reward-config";

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

function weightedMessage(terms: MessageTerms, w: RewardWeights): number {
  return w.share * terms.share + w.ask * terms.ask + w.falseClaim * terms.falseClaim + w.format * terms.format;
}

function weightedAgent(terms: AgentTerms, w: RewardWeights): number {
  return w.use * terms.use + w.task * terms.task + w.accuracy * terms.accuracy;
}

interface Scratch {
  out: Float64Array;
  probe: Beliefs;
}

function agentSurprisalWith(model: DecisionModel, beliefs: Beliefs, correct: number, scratch: Scratch): number {
  return surprisal(model.posterior(beliefs, scratch.out).pmf, correct);
}

/** Surprisal and MAP from one posterior evaluation. */
function surprisalAndMap(model: DecisionModel, beliefs: Beliefs, correct: number, scratch: Scratch): [number, number] {
  const pmf = model.posterior(beliefs, scratch.out).pmf;
  return [surprisal(pmf, correct), mapAnswer(pmf)];
}

function validShare(task: Task, option: number, attribute: number, level: number): boolean {
  return (
    option >= 0 &&
    option < task.options &&
    attribute >= 0 &&
    attribute < task.attributes &&
    level >= task.levels[0] &&
    level <= task.levels[1]
  );
}

/**
 * Rewards of one episode (DESIGN.md §3): a pure function of (task, trace), replayable anywhere.
 *
 * Evidence E_j before message t is agent j's own cells plus every SHARE by a teammate before t,
 * applied as claims with the task's channel noise. All messages are broadcast, so the recipients
 * of agent i's message are all other agents.
 * - share: sum over recipients of s_j(before) - s_j(after).
 * - ask: per distinct asked cell held privately by a teammate (by the addressee when the ask names
 *   one), s_i(E_i) - s_i(E_i + a truthful claim of its value with the same channel noise).
 * - falseClaim: -1 per SHARE whose level differs from the truth or whose cell the speaker neither
 *   saw nor heard from a teammate before.
 * - format: -1 for a message with a parse error.
 * - use, task, accuracy: per agent at the final choice.
 */
export function scoreEpisode(task: Task, trace: Trace, config: RewardConfig = cosirPreset): EpisodeRewards {
  const model = decisionModelForTask(task);
  const w = config.weights;
  const N = task.agents;
  const correct = task.correct;
  const scratch: Scratch = {
    out: new Float64Array(model.answers),
    probe: createBeliefs({ cells: task.options * task.attributes, levels: task.levels }),
  };
  const beliefs: Beliefs[] = [];
  const current: number[] = [];
  // MAP of each agent's evidence as it stands; starts as MAP_priv, ends as MAP_full.
  const mapNow: number[] = [];
  const seen: Set<number>[] = [];
  const heard: Set<number>[] = [];
  for (let j = 0; j < N; j++) {
    const b = ownBeliefs(task, j);
    beliefs.push(b);
    const [s, map] = surprisalAndMap(model, b, correct, scratch);
    current.push(s);
    mapNow.push(map);
    seen.push(new Set(task.visibility[j]));
    heard.push(new Set());
  }
  const initialTeam = current.reduce((a, b) => a + b, 0);
  const mapPrivate = mapNow.slice();

  const messages: MessageReward[] = [];
  for (const message of trace.messages) {
    messages.push(scoreMessage(message));
  }

  function scoreMessage(message: TraceMessage): MessageReward {
    const i = message.speaker;
    const terms: MessageTerms = { share: 0, ask: 0, falseClaim: 0, format: message.parseError === undefined ? 0 : -1 };
    if (i < 0 || i >= N)
      return { turn: message.turn, round: message.round, agent: i, terms, total: weightedMessage(terms, w) };
    const attributes = task.attributes;
    // Asks are scored against the speaker's evidence before this message.
    const asked = new Set<number>();
    for (const act of message.acts) {
      if (act.kind !== "ask") continue;
      if (act.option < 0 || act.option >= task.options || act.attribute < 0 || act.attribute >= attributes) continue;
      const cell = act.option * attributes + act.attribute;
      if (asked.has(cell)) continue;
      asked.add(cell);
      let held = false;
      if (act.to !== undefined) held = act.to !== i && act.to < N && (seen[act.to] as Set<number>).has(cell);
      else for (let j = 0; j < N && !held; j++) held = j !== i && (seen[j] as Set<number>).has(cell);
      if (!held) continue;
      const probe = copyBeliefsInto(scratch.probe, beliefs[i] as Beliefs);
      applyClaim(probe, cell, (task.table[act.option] as number[])[act.attribute] as number, task.noise);
      let gain = (current[i] as number) - agentSurprisalWith(model, probe, correct, scratch);
      if (config.clipAskAtZero && gain < 0) gain = 0;
      terms.ask += gain;
    }
    // False claims are judged against what the speaker knew before this message.
    const shares: [number, number][] = [];
    for (const act of message.acts) {
      if (act.kind !== "share") continue;
      if (!validShare(task, act.option, act.attribute, act.level)) {
        terms.falseClaim -= 1;
        continue;
      }
      const cell = act.option * attributes + act.attribute;
      const truth = (task.table[act.option] as number[])[act.attribute] as number;
      if (act.level !== truth || !((seen[i] as Set<number>).has(cell) || (heard[i] as Set<number>).has(cell)))
        terms.falseClaim -= 1;
      shares.push([cell, act.level]);
    }
    if (shares.length > 0) {
      for (let j = 0; j < N; j++) {
        if (j === i) continue;
        const b = beliefs[j] as Beliefs;
        for (const [cell, level] of shares) {
          applyClaim(b, cell, level, task.noise);
          (heard[j] as Set<number>).add(cell);
        }
        const [after, map] = surprisalAndMap(model, b, correct, scratch);
        terms.share += (current[j] as number) - after;
        current[j] = after;
        mapNow[j] = map;
      }
    }
    return { turn: message.turn, round: message.round, agent: i, terms, total: weightedMessage(terms, w) };
  }

  const choices = trace.choices.map((c) => c.choice);
  const decision = teamDecision(choices);
  const teamCorrect = decision !== null && decision === correct;
  const agents: AgentReward[] = [];
  for (let j = 0; j < N; j++) {
    const mapFull = mapNow[j] as number;
    const priv = mapPrivate[j] as number;
    const choice = trace.choices.find((c) => c.agent === j)?.choice ?? null;
    let use = 0;
    if (mapFull !== priv) {
      if (choice === mapFull) use = 1;
      else if (choice === priv) use = -1;
    }
    const terms: AgentTerms = { use, task: teamCorrect ? 1 : 0, accuracy: choice === correct ? 1 : 0 };
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
    teamSurprisal: { initial: initialTeam, final: current.reduce((a, b) => a + b, 0) },
  };
}
