import { stripReasoning } from "@cosir/env";
import { bootstrapCi, type Estimate } from "../metrics/bootstrap-ci";
import { factStated } from "./fact-stated";
import type { HiddenBenchTask } from "./hidden-bench-task";
import type {
  HiddenBenchCondition,
  HiddenBenchConditionResult,
  HiddenBenchEpisode,
  HiddenBenchJob,
  HiddenBenchProtocol,
} from "./hidden-bench-types";

/**
 * Plurality of the votes, as the original's `majority_vote` (sim.py: `max` over the counts, ties to the
 * vote counted first). A missing vote (null) is left out ("drop", default: the original always has a
 * vote, asking until it gets one) or is a bucket of its own ("bucket"); null when no vote is counted.
 */
export function pluralityVote<T>(votes: readonly (T | null)[], missing: "drop" | "bucket" = "drop"): T | null {
  const counts = new Map<T | null, number>();
  for (const v of votes) if (v !== null || missing === "bucket") counts.set(v, (counts.get(v) ?? 0) + 1);
  let best: T | null = null;
  let bestCount = 0;
  for (const [v, n] of counts)
    if (n > bestCount) {
      best = v;
      bestCount = n;
    }
  return best;
}

/** Text every agent was given, which `factStated` ignores when matching a fact's distinctive content. */
export const taskContext = (t: HiddenBenchTask): string[] => [
  t.description,
  ...t.possible_answers,
  ...t.shared_information,
];

/**
 * Scores a played episode and marks it finished: team and individual accuracy before and after, who
 * asked a question, and (hidden condition) which hidden facts some discussion message stated.
 */
export function scoreEpisode({ task, condition, episode: e }: HiddenBenchJob, minOverlap?: number): void {
  e.preCorrect = e.preDecision === e.correctAnswer;
  e.correct = e.decision === e.correctAnswer;
  e.individualPreAccuracy = e.preVotes.filter((v) => v === e.correctAnswer).length / e.agents;
  e.individualAccuracy = e.postVotes.filter((v) => v === e.correctAnswer).length / e.agents;
  // the env's reasoning rule: nothing inside <think>…</think> (closed or cut off) was said, so a "?" or a fact
  // there is no question asked and no fact disclosed
  const said = spoken(e.transcript);
  e.asked = Array.from({ length: e.agents }, (_, a) => said.some((m) => m.agent === a && m.text.includes("?")));
  if (condition === "hidden") {
    const ctx = taskContext(task);
    e.disclosed = task.hidden_information.map((fact) => said.some((m) => factStated(fact, m.text, minOverlap, ctx)));
  }
  e.finished = true;
}

/** The messages that were said (no failed turn), each without its reasoning (`stripReasoning`). */
function spoken(transcript: HiddenBenchEpisode["transcript"]): { agent: number; text: string }[] {
  return transcript.filter((m) => m.error === undefined).map((m) => ({ agent: m.agent, text: stripReasoning(m.text) }));
}

/** Per episode, the numerators and denominators of fail-to-ask and ignored input. */
export interface BehaviourCounts {
  failEligible: number[];
  failed: number[];
  ignoreEligible: number[];
  ignored: number[];
}

/**
 * Fail-to-ask and ignored-input counts of finished hidden-condition task runs (ours, beside the original
 * metric): of the agents whose first vote was wrong, those who never asked a question; and of those who
 * heard every other hidden fact stated, those who kept their (readable) vote.
 */
export function behaviourCounts(jobs: readonly HiddenBenchJob[], minOverlap?: number): BehaviourCounts {
  const out: BehaviourCounts = { failEligible: [], failed: [], ignoreEligible: [], ignored: [] };
  for (const { task, episode: e } of jobs) {
    const ctx = taskContext(task);
    const said = spoken(e.transcript);
    let fe = 0;
    let ff = 0;
    let ie = 0;
    let ii = 0;
    for (let a = 0; a < e.agents; a++) {
      if (e.preVotes[a] === e.correctAnswer) continue;
      fe++;
      if (!e.asked[a]) ff++;
      const heard = said.filter((m) => m.agent !== a);
      const othersFacts = task.hidden_information.filter((_, k) => k !== e.hiddenFact[a]);
      if (othersFacts.every((fact) => heard.some((m) => factStated(fact, m.text, minOverlap, ctx)))) {
        ie++;
        // kept: the same readable vote before and after; an unreadable vote is never a kept one
        if (e.preVotes[a] !== null && e.postVotes[a] === e.preVotes[a]) ii++;
      }
    }
    out.failEligible.push(fe);
    out.failed.push(ff);
    out.ignoreEligible.push(ie);
    out.ignored.push(ii);
  }
  return out;
}

/** A bootstrap estimate whose resampling is seeded by the run's seed and the figure's name. */
export type HiddenBenchCi = (name: string, num: number[], den?: number[] | null) => Estimate;

export function hiddenBenchCi(seed: number): HiddenBenchCi {
  return (name, num, den = null) => bootstrapCi(num, den, { seed: `hiddenbench:${seed}:${name}` });
}

/**
 * Per-episode numerators and denominators summed per task (first-seen task order), so a bootstrap over
 * them resamples tasks, not runs: the runs of one task are not independent draws. The point estimate
 * (sum / sum) is unchanged.
 */
export function byTask(
  taskIds: readonly string[],
  num: readonly number[],
  den: readonly number[] | null = null,
): { num: number[]; den: number[] } {
  const at = new Map<string, number>();
  const out = { num: [] as number[], den: [] as number[] };
  taskIds.forEach((id, k) => {
    let i = at.get(id);
    if (i === undefined) {
      i = out.num.length;
      at.set(id, i);
      out.num.push(0);
      out.den.push(0);
    }
    out.num[i] = (out.num[i] as number) + (num[k] as number);
    out.den[i] = (out.den[i] as number) + (den === null ? 1 : (den[k] as number));
  });
  return out;
}

/** `ci` over episodes grouped by task (`byTask`). */
export function taskCi(ci: HiddenBenchCi, taskIds: readonly string[]): HiddenBenchCi {
  return (name, num, den = null) => {
    const t = byTask(taskIds, num, den);
    return ci(name, t.num, t.den);
  };
}

/**
 * The figures of one condition over its finished episodes: team accuracy (plurality or strict majority)
 * after and before, and individual accuracy, averaged per run (original) or pooled over agents (cosir).
 * CIs resample tasks (`byTask`).
 */
export function conditionResult(
  done: readonly HiddenBenchEpisode[],
  c: HiddenBenchCondition,
  protocol: HiddenBenchProtocol,
  runCi: HiddenBenchCi,
): HiddenBenchConditionResult {
  const es = done.filter((e) => e.condition === c);
  const ci = taskCi(
    runCi,
    es.map((e) => e.taskId),
  );
  const individual = (post: boolean): Estimate =>
    protocol === "original"
      ? ci(
          `${c}:individual:${post}`,
          es.map((e) => (post ? e.individualAccuracy : e.individualPreAccuracy)),
        )
      : ci(
          `${c}:individual:${post}`,
          es.map((e) => (post ? e.postVotes : e.preVotes).filter((v) => v === e.correctAnswer).length),
          es.map((e) => e.agents),
        );
  return {
    accuracy: ci(
      `${c}:accuracy`,
      es.map((e) => (e.correct ? 1 : 0)),
    ),
    preAccuracy: ci(
      `${c}:preAccuracy`,
      es.map((e) => (e.preCorrect ? 1 : 0)),
    ),
    individualAccuracy: individual(true),
    individualPreAccuracy: individual(false),
  };
}
