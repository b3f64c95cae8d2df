import { CosirError } from "@cosir/bayes";
import type { Estimate } from "../metrics/bootstrap-ci";
import type {
  HiddenBenchEpisode,
  HiddenBenchJob,
  HiddenBenchResult,
  HiddenBenchSettings,
  HiddenBenchStop,
  HiddenBenchVoteCounts,
} from "./hidden-bench-types";
import { byCondition } from "./plan-hidden-bench-jobs";
import type { ResolvedHiddenBenchOptions } from "./resolve-hidden-bench-options";
import { behaviourCounts, conditionResult, hiddenBenchCi, taskCi } from "./score-hidden-bench";

/** Votes of finished task runs that took more than one ask, and votes that no ask got read (no key). */
export function voteCounts(done: readonly HiddenBenchEpisode[]): HiddenBenchVoteCounts {
  let votes = 0;
  let retried = 0;
  let unread = 0;
  for (const e of done)
    for (const [tries, keys] of [
      [e.preVoteTries, e.preVoteKeys],
      [e.postVoteTries, e.postVoteKeys],
    ] as const)
      tries.forEach((t, a) => {
        votes++;
        if (t > 1) retried++;
        if (keys[a] === null) unread++;
      });
  return { votes, retried, unread };
}

/** Throws a CosirError "all_calls_failed", naming the last error, when calls were made and every one failed. */
export function assertSomeCallSucceeded(episodes: readonly HiddenBenchEpisode[]): void {
  const calls = episodes.reduce((s, e) => s + e.calls, 0);
  const errors = episodes.reduce((s, e) => s + e.errors, 0);
  if (calls > 0 && errors === calls) {
    const lastError = episodes
      .flatMap((e) => [...e.preReplies, ...e.postReplies, ...e.transcript])
      .map((r) => r.error)
      .filter((x): x is string => x !== undefined)
      .pop();
    throw new CosirError("all_calls_failed", `every one of the ${calls} chat calls failed; the last: ${lastError}`);
  }
}

const diff = (a: Estimate | undefined, b: Estimate): number | null =>
  a?.value === null || a === undefined || b.value === null ? null : a.value - b.value;

/**
 * The result of a run from its played jobs: the hidden condition's figures on top, the full condition's
 * beside with the gap, disclosure, fail-to-ask and ignored input on the hidden condition, and the call and
 * unfinished counts. Unfinished task runs are listed but left out of every figure. Throws when every call
 * failed (see `assertSomeCallSucceeded`).
 */
export function summariseHiddenBench(
  planned: readonly HiddenBenchJob[],
  o: Pick<ResolvedHiddenBenchOptions, "protocol" | "rounds" | "conditions" | "seed" | "minOverlap">,
  deadlineReached: boolean,
  settings: HiddenBenchSettings,
  stopped: HiddenBenchStop | null = deadlineReached ? "deadline" : null,
): HiddenBenchResult {
  const jobs = byCondition(planned, o.conditions);
  const episodes = jobs.map((j) => j.episode);
  assertSomeCallSucceeded(episodes);
  const calls = episodes.reduce((s, e) => s + e.calls, 0);
  const errors = episodes.reduce((s, e) => s + e.errors, 0);
  const done = episodes.filter((e) => e.finished);
  const ci = hiddenBenchCi(o.seed);
  const hidden = conditionResult(done, "hidden", o.protocol, ci);
  const full = o.conditions.includes("full") ? conditionResult(done, "full", o.protocol, ci) : null;
  const hiddenJobs = jobs.filter((j) => j.episode.finished && j.episode.condition === "hidden");
  const hiddenDone = hiddenJobs.map((j) => j.episode);
  const b = behaviourCounts(hiddenJobs, o.minOverlap);
  const hiddenCi = taskCi(
    ci,
    hiddenDone.map((e) => e.taskId),
  );
  // the key order is the order of summary.json's fields
  return {
    protocol: o.protocol,
    rounds: o.rounds,
    settings,
    votes: voteCounts(done),
    episodes,
    ...hidden,
    disclosure: hiddenCi(
      "disclosure",
      hiddenDone.map((e) => e.disclosed.filter(Boolean).length),
      hiddenDone.map((e) => e.disclosed.length),
    ),
    failToAsk: hiddenCi("failToAsk", b.failed, b.failEligible),
    ignoredInput: hiddenCi("ignoredInput", b.ignored, b.ignoreEligible),
    full,
    gap:
      full === null
        ? null
        : {
            individualPreAccuracy: diff(full.individualPreAccuracy, hidden.individualPreAccuracy),
            individualAccuracy: diff(full.individualAccuracy, hidden.individualAccuracy),
          },
    calls,
    errors,
    unfinished: episodes.length - done.length,
    deadlineReached,
    stopped,
  };
}
