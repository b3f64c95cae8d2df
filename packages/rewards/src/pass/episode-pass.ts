import { cloneBeliefs } from "@cosir/bayes";
import { agentChoice, EvidenceReplay, teamDecision, type Task, type Trace } from "@cosir/env";
import { cosirPreset, type RewardConfig } from "../config/reward-config";
import type { BehaviourMetricSpec, MetricObserver } from "../metrics/behaviour-metric-spec";
import type { AgentTerms, AgentReward, EpisodeRewards, MessageReward, MessageTerms } from "../score/episode-rewards";
import { EPISODE_REWARDS_VERSION } from "../score/episode-rewards";
import type { AgentRewardTerm, MessageRewardTerm } from "../terms/reward-term-definition";
import { boundedAskCells } from "../terms/bounded-ask-cells";
import { rewardTerms } from "../terms/reward-terms";
import { perActCredit } from "./per-act-credit";
import type { AgentStep, MessageStep } from "./replay-steps";

export interface EpisodePassOptions {
  /** Score every reward term with this config; omitted: no reward terms are computed (metrics only). */
  config?: RewardConfig;
  /** Behaviour metrics to measure in the same pass, in the order their values are returned. */
  metrics?: readonly BehaviourMetricSpec[];
  /**
   * Count the team decision over all N agents' final choices (a missing one is an abstention), as the protocol
   * takes it; otherwise over the trace's choices as they are (an in-process trace, scored as before).
   */
  allChoices?: boolean;
  /**
   * Also split each message's weighted total over its acts (`MessageReward.acts`, docs/design.md §3.8): each act's
   * own marginal share, ask and false claim, and its per-act cost. Off: no `acts`, and no extra posterior.
   */
  perAct?: boolean;
}

export interface EpisodePassResult {
  /** The episode's rewards; undefined without `config`. */
  rewards: EpisodeRewards | undefined;
  /** Each metric's value, in the order of `metrics`. */
  metrics: unknown[];
}

const messageTerms = rewardTerms.filter((t): t is Extract<typeof t, MessageRewardTerm> => t.scope === "message");
const agentTerms = rewardTerms.filter((t): t is Extract<typeof t, AgentRewardTerm> => t.scope === "agent");

/** Each term's raw value, keyed by name in table order, and the weighted total summed left to right. */
function weigh<S>(
  terms: readonly { name: string; compute(step: S): number }[],
  step: S,
  weights: Readonly<Record<string, number>>,
): { terms: Record<string, number>; total: number } {
  const raw: Record<string, number> = {};
  let total = 0;
  terms.forEach((term, k) => {
    const value = term.compute(step);
    raw[term.name] = value;
    // Summed from the first product on (not from 0), so a -0 stays -0 as the hand-written sum left it.
    const part = (weights[term.name] as number) * value;
    total = k === 0 ? part : total + part;
  });
  return { terms: raw, total };
}

/**
 * The one evidence replay of an episode (docs/design.md §2.7, §3): every reward term of the table and every
 * behaviour metric asked for read the same `EvidenceReplay` of @cosir/env, heard once, message by message.
 * Per message: the metrics' `beforeMessage` (the replay before it), every agent's surprisal, the replay hears
 * it, the message terms, the metrics' `afterMessage`. At the end: the agent terms and the metrics' results.
 */
export function episodePass(task: Task, trace: Trace, options: EpisodePassOptions): EpisodePassResult {
  const N = task.agents;
  const config = options.config ?? cosirPreset;
  const replay = new EvidenceReplay(task);
  // Before any message the replay holds each agent's own cells: MAP_priv and the initial surprisal.
  const mapPrivate: number[] = [];
  let initialTeam = 0;
  for (let j = 0; j < N; j++) {
    initialTeam += replay.surprisal(j);
    mapPrivate.push(replay.map(j));
  }
  const observers: MetricObserver<unknown>[] = (options.metrics ?? []).map((m) => m.observe({ task, trace, replay }));
  const before = new Float64Array(N);
  const messages: MessageReward[] = [];
  const asked = new Uint8Array(N * replay.cells);
  for (const message of trace.messages) {
    for (const o of observers) o.beforeMessage?.(message);
    for (let j = 0; j < N; j++) before[j] = replay.surprisal(j);
    const snapshot =
      options.perAct === true && message.acts.length > 1
        ? Array.from({ length: N }, (_, j) => cloneBeliefs(replay.beliefs(j)))
        : undefined;
    const evidence = replay.hear(message);
    const step: MessageStep = {
      task,
      replay,
      message,
      evidence,
      before,
      config,
      asked,
      ...(snapshot ? { beliefsBefore: snapshot } : {}),
    };
    if (options.config !== undefined) {
      const { terms, total } = weigh(messageTerms, step, config.weights);
      const { turn, round, speaker: agent } = message;
      const reward: MessageReward = { turn, round, agent, terms: terms as MessageTerms, total };
      if (options.perAct === true) reward.acts = perActCredit(messageTerms, step, terms, config.weights);
      messages.push(reward);
    }
    // Each (asker, cell) is paid at most once an episode under the bounded ask rule (docs/design.md §3.7), and
    // earns the payable-ask and aimed-ask bonuses at most once (§3.9, §3.10).
    if (
      (config.askRule === "bounded" || config.weights.payableAsk > 0 || config.weights.aimedAsk > 0) &&
      evidence.fromAgent
    )
      for (const { cell } of boundedAskCells(step)) asked[message.speaker * replay.cells + cell] = 1;
    for (const o of observers) o.afterMessage?.(step);
  }
  const choices = options.allChoices
    ? Array.from({ length: N }, (_, j) => agentChoice(trace.choices, j))
    : trace.choices.map((c) => c.choice);
  const decision = teamDecision(choices);
  const teamCorrect = decision !== null && decision === task.correct;
  const agents: AgentStep[] = [];
  let finalTeam = 0;
  for (let j = 0; j < N; j++) {
    finalTeam += replay.surprisal(j);
    const choice = agentChoice(trace.choices, j);
    agents.push({
      task,
      agent: j,
      mapPrivate: mapPrivate[j] as number,
      mapFull: replay.map(j),
      choice,
      teamCorrect,
      config,
    });
  }
  const metrics = observers.map((o) => o.result(agents));
  if (options.config === undefined) return { rewards: undefined, metrics };
  const agentRewards: AgentReward[] = agents.map((a) => {
    const { terms, total } = weigh(agentTerms, a, config.weights);
    const { agent, mapPrivate: priv, mapFull, choice } = a;
    return { agent, terms: terms as AgentTerms, total, mapPrivate: priv, mapFull, choice };
  });
  const returns = agentRewards.map((a) => a.total);
  for (const m of messages) if (m.agent >= 0 && m.agent < N) returns[m.agent] = (returns[m.agent] as number) + m.total;
  const rewards: EpisodeRewards = {
    version: EPISODE_REWARDS_VERSION,
    taskId: task.id,
    preset: config.preset,
    weights: { ...config.weights },
    messages,
    agents: agentRewards,
    returns,
    teamCorrect,
    teamSurprisal: { initial: initialTeam, final: finalTeam },
  };
  return { rewards, metrics };
}
