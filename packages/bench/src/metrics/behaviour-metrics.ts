import {
  applyClaim,
  cloneBeliefs,
  copyBeliefsInto,
  expectedInformationGain,
  mapAnswer,
  surprisal,
  type Beliefs,
} from "@cosir/bayes";
import { decisionModelForTask, ownBeliefs, teamDecision, type Task, type Trace } from "@cosir/env";
import { METRIC_THRESHOLDS } from "./metric-thresholds";

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

const rate = (num: number, den: number): number | null => (den > 0 ? num / den : null);

function tokenCount(message: { text: string; tokens?: number[] | undefined }): number {
  if (message.tokens !== undefined) return message.tokens.length;
  const words = message.text.trim().split(/\s+/u);
  return words.length === 1 && words[0] === "" ? 0 : words.length;
}

/**
 * Behaviour metrics of one episode (README "Metrics"), a pure function of (task, trace).
 *
 * Evidence replay is the rewards' (DESIGN.md §3): agent j's evidence is its own cells plus every SHARE
 * by a teammate so far, as claims with the task's channel noise.
 * - disclosure: a cell is private when some but not all agents see it; it is decisive when a truthful
 *   claim of it would lower the surprisal of some non-holder's private evidence by more than
 *   `decisiveEps`; disclosed when a holder shared its true level at some point.
 * - failToAsk: agent i is eligible when, before one of its turns, P(MAP | E_i) < 0.9 and some teammate
 *   sees a cell that i has not observed whose EIG under E_i exceeds 0.05; it fails when it never asks
 *   for any of those cells in the whole discussion.
 * - ignoredInput: eligible when MAP(E_i at the end) differs from MAP(own cells); ignored when the final
 *   choice is MAP(own cells) (the `use` reward's negative case).
 * - withholding: per discussion turn, an opportunity when the speaker sees a cell whose truthful claim
 *   would lower some teammate's current surprisal by more than `decisiveEps`; withheld when the
 *   message shares none of those cells truthfully.
 * - falseClaims: as the rewards' false-claim term.
 */
export function behaviourMetrics(task: Task, trace: Trace): EpisodeMetrics {
  const model = decisionModelForTask(task);
  const N = task.agents;
  const M = task.attributes;
  const cells = task.options * M;
  const correct = task.correct;
  const out = new Float64Array(model.answers);
  const truth = (cell: number): number => (task.table[Math.floor(cell / M)] as number[])[cell % M] as number;
  const sOf = (b: Beliefs): number => surprisal(model.posterior(b, out).pmf, correct);

  const seen = task.visibility.map((v) => new Set(v));
  const holders: number[][] = Array.from({ length: cells }, () => []);
  seen.forEach((set, j) => set.forEach((c) => holders[c]?.push(j)));
  const own = Array.from({ length: N }, (_, j) => ownBeliefs(task, j));
  const probe = cloneBeliefs(own[0] as Beliefs);
  const ownS = own.map(sOf);

  // Decisive private cells, judged against each non-holder's private evidence.
  const decisive = new Set<number>();
  for (let c = 0; c < cells; c++) {
    const h = holders[c] as number[];
    if (h.length === 0 || h.length === N) continue;
    for (let j = 0; j < N; j++) {
      if ((seen[j] as Set<number>).has(c)) continue;
      copyBeliefsInto(probe, own[j] as Beliefs);
      applyClaim(probe, c, truth(c), task.noise);
      if ((ownS[j] as number) - sOf(probe) > METRIC_THRESHOLDS.decisiveEps) {
        decisive.add(c);
        break;
      }
    }
  }

  const beliefs = own.map((b) => cloneBeliefs(b));
  const heard: Set<number>[] = Array.from({ length: N }, () => new Set());
  const disclosed = new Set<number>();
  const needed: Set<number>[] = Array.from({ length: N }, () => new Set());
  const everNeeded = new Array<boolean>(N).fill(false);
  const asked: Set<number>[] = Array.from({ length: N }, () => new Set());
  let withAsk = 0;
  let opportunities = 0;
  let withheld = 0;
  let shares = 0;
  let falseShares = 0;
  let tokens = 0;
  let valid = 0;

  for (const message of trace.messages) {
    tokens += tokenCount(message);
    if (message.parseError === undefined) valid++;
    const i = message.speaker;
    if (message.acts.some((a) => a.kind === "ask")) withAsk++;
    if (i < 0 || i >= N) continue;
    const mine = seen[i] as Set<number>;
    const current = beliefs.map(sOf);

    // Fail-to-ask: what this agent needed before its turn.
    const post = model.posterior(beliefs[i] as Beliefs, out).pmf;
    if ((post[mapAnswer(post)] as number) < METRIC_THRESHOLDS.failToAskConfidence) {
      for (let c = 0; c < cells; c++) {
        if (mine.has(c) || needed[i]?.has(c)) continue;
        const h = holders[c] as number[];
        if (!h.some((j) => j !== i)) continue;
        if (expectedInformationGain(model, beliefs[i] as Beliefs, c) > METRIC_THRESHOLDS.failToAskMinGain) {
          (needed[i] as Set<number>).add(c);
          everNeeded[i] = true;
        }
      }
    }

    // Withholding: cells of the speaker that would lower some teammate's current surprisal.
    const useful = new Set<number>();
    for (const c of mine) {
      for (let j = 0; j < N; j++) {
        if (j === i || (seen[j] as Set<number>).has(c)) continue;
        copyBeliefsInto(probe, beliefs[j] as Beliefs);
        applyClaim(probe, c, truth(c), task.noise);
        if ((current[j] as number) - sOf(probe) > METRIC_THRESHOLDS.decisiveEps) {
          useful.add(c);
          break;
        }
      }
    }
    let sharedUseful = false;

    const claims: [number, number][] = [];
    for (const act of message.acts) {
      if (act.kind === "ask") {
        if (act.option >= 0 && act.option < task.options && act.attribute >= 0 && act.attribute < M)
          asked[i]?.add(act.option * M + act.attribute);
        continue;
      }
      if (act.kind !== "share") continue;
      shares++;
      const inRange =
        act.option >= 0 &&
        act.option < task.options &&
        act.attribute >= 0 &&
        act.attribute < M &&
        act.level >= task.levels[0] &&
        act.level <= task.levels[1];
      if (!inRange) {
        falseShares++;
        continue;
      }
      const c = act.option * M + act.attribute;
      const isTrue = act.level === truth(c);
      if (!isTrue || !(mine.has(c) || (heard[i] as Set<number>).has(c))) falseShares++;
      if (isTrue && mine.has(c)) {
        disclosed.add(c);
        if (useful.has(c)) sharedUseful = true;
      }
      claims.push([c, act.level]);
    }
    if (useful.size > 0) {
      opportunities++;
      if (!sharedUseful) withheld++;
    }
    for (let j = 0; j < N; j++) {
      if (j === i) continue;
      for (const [c, level] of claims) {
        applyClaim(beliefs[j] as Beliefs, c, level, task.noise);
        (heard[j] as Set<number>).add(c);
      }
    }
  }

  let failEligible = 0;
  let failed = 0;
  for (let i = 0; i < N; i++) {
    if (!everNeeded[i]) continue;
    failEligible++;
    let any = false;
    for (const c of asked[i] as Set<number>) if ((needed[i] as Set<number>).has(c)) any = true;
    if (!any) failed++;
  }

  const choiceOf = (list: Trace["choices"], j: number): number | null =>
    list.find((c) => c.agent === j)?.choice ?? null;
  let ignoredEligible = 0;
  let ignored = 0;
  let individual = 0;
  for (let j = 0; j < N; j++) {
    const mapPrivate = mapAnswer(model.posterior(own[j] as Beliefs, out).pmf);
    const mapFull = mapAnswer(model.posterior(beliefs[j] as Beliefs, out).pmf);
    const choice = choiceOf(trace.choices, j);
    if (choice === correct) individual++;
    if (mapFull !== mapPrivate) {
      ignoredEligible++;
      if (choice === mapPrivate) ignored++;
    }
  }
  let preCorrect = 0;
  for (let j = 0; j < N; j++) if (choiceOf(trace.preChoices, j) === correct) preCorrect++;
  const decision = teamDecision(Array.from({ length: N }, (_, j) => choiceOf(trace.choices, j)));
  let disclosedDecisive = 0;
  for (const c of decisive) if (disclosed.has(c)) disclosedDecisive++;
  const messages = trace.messages.length;

  return {
    taskId: task.id,
    family: task.family,
    agents: N,
    teamDecision: decision,
    teamCorrect: decision !== null && decision === correct,
    individualAccuracy: individual / N,
    preAccuracy: trace.preChoices.length > 0 ? preCorrect / N : null,
    postAccuracy: individual / N,
    disclosure: { decisive: decisive.size, disclosed: disclosedDecisive, rate: rate(disclosedDecisive, decisive.size) },
    askRate: rate(withAsk, messages),
    failToAsk: { eligible: failEligible, failed, rate: rate(failed, failEligible) },
    ignoredInput: { eligible: ignoredEligible, ignored, rate: rate(ignored, ignoredEligible) },
    withholding: { opportunities, withheld, rate: rate(withheld, opportunities) },
    falseClaims: { shares, false: falseShares, rate: rate(falseShares, shares) },
    messages,
    tokens,
    format: { messages, valid, rate: rate(valid, messages) },
  };
}
