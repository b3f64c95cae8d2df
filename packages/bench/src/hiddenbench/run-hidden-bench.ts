import { InvalidArgumentError } from "@cosir/bayes";
import type { ChatResponder } from "../chat/chat-responder";
import { HiddenBenchCaller } from "./hidden-bench-caller";
import type { HiddenBenchTask } from "./hidden-bench-task";
import type {
  HiddenBenchJob,
  HiddenBenchResult,
  HiddenBenchSettings,
  RunHiddenBenchOptions,
} from "./hidden-bench-types";
import { planHiddenBenchJobs, plannedCalls } from "./plan-hidden-bench-jobs";
import { playCosir, playOriginal } from "./play-hidden-bench-episode";
import { type ResolvedHiddenBenchOptions, resolveHiddenBenchOptions } from "./resolve-hidden-bench-options";
import { RequestLadder } from "./request-ladder";
import { RunStoppedError } from "./run-stopped-error";
import { scoreEpisode } from "./score-hidden-bench";
import { summariseHiddenBench } from "./summarise-hidden-bench";
import { teamSeats } from "./team-seats";

/** The settings a result names: the options that decide its figures, and what the endpoint took. */
function settingsOf(o: ResolvedHiddenBenchOptions, ladder: RequestLadder): HiddenBenchSettings {
  const used = ladder.used();
  return {
    voteReader: o.voteReader,
    missingVotes: o.missingVotes,
    failedTurns: o.failedTurns,
    tries: o.tries,
    runs: o.runs,
    maxReplyChars: Number.isFinite(o.maxReplyChars) ? o.maxReplyChars : null,
    responseFormat: o.protocol === "original" ? { asked: o.responseFormat, used: used.responseFormat } : null,
    thinkingOff: { asked: o.thinkingOff, used: used.thinkingOff },
  };
}

/**
 * Plays and scores the jobs, `concurrency` task runs at a time, each taking the next job when it is done,
 * until all are played or the run is stopped. A stopped task run stays unfinished; any other error stops
 * the run and is kept as its fatal error.
 */
async function playAll(
  jobs: readonly HiddenBenchJob[],
  o: ResolvedHiddenBenchOptions,
  caller: HiddenBenchCaller,
): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < jobs.length && !caller.stopped) {
      const job = jobs[next++] as HiddenBenchJob;
      try {
        await (o.protocol === "original" ? playOriginal(job, o, caller) : playCosir(job, o, caller));
        scoreEpisode(job, o.minOverlap);
      } catch (error) {
        if (!(error instanceof RunStoppedError)) caller.fail(error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(o.concurrency, jobs.length) }, worker));
}

/**
 * Runs HiddenBench tasks. `protocol: "original"` (default) reproduces the published protocol, requests,
 * vote reading and metric point by point (README "HiddenBench"): per task and condition, one agent per
 * hidden fact, shared and hidden facts shuffled into one numbered "Fact i:" list (hidden condition: the
 * shared facts plus one hidden fact assigned at random; full condition: all of them), per-agent
 * multi-turn histories, a JSON vote before the discussion (asked through `response_format` with thinking
 * off, and asked again until a JSON vote arrives, at most `tries` times), R rounds of one-or-two-sentence
 * messages, a JSON vote after; votes read from the first JSON block and counted when they equal an option
 * exactly; the metric is the share of agents voting `correct_answer` before and after, averaged per run,
 * plus the plurality vote, for the hidden and full conditions side by side and their gap, over `runs`
 * (default 10) runs, CIs resampling tasks. Each of our variants is an option, named in `settings`.
 * `protocol: "cosir"` keeps our earlier single-prompt variant (private fact labelled, strict majority).
 * Disclosure, fail-to-ask and ignored input are reported beside. Task runs are scheduled independently
 * under `concurrency`, both conditions side by side; a failed call is recorded as an error and shown to no
 * one. Throws `EndpointUnreachableError` (from the responder) when the endpoint cannot be used, a
 * CosirError "endpoint_refused" when the first calls all failed the same way, "all_calls_failed" when
 * every call failed, and an InvalidArgumentError for an empty task list. `signal` and `deadlineMs` stop
 * the run and return what finished (`stopped`). `team` is one responder for every seat, or one per seat.
 *
 * The jobs are split by file: options (resolve-hidden-bench-options), deal (deal-hidden-bench), the
 * chat calls, stopping and early stop (hidden-bench-caller), the request fields (request-ladder), vote
 * reading (read-vote, parse-vote), votes (vote-hidden-bench), discussion (discuss-hidden-bench), one task
 * run (play-hidden-bench-episode), scoring (score-hidden-bench) and the result (summarise-hidden-bench).
 */
export async function runHiddenBench(
  tasks: readonly HiddenBenchTask[],
  team: ChatResponder | readonly ChatResponder[],
  opts: RunHiddenBenchOptions = {},
): Promise<HiddenBenchResult> {
  const o = resolveHiddenBenchOptions(opts);
  if (!Array.isArray(tasks) || tasks.length === 0)
    throw new InvalidArgumentError("tasks", tasks, "expected at least one HiddenBench task");
  const seat = teamSeats(team);
  const jobs = planHiddenBenchJobs(tasks, o);
  const ladder = new RequestLadder(o.responseFormat, o.thinkingOff);
  const caller = new HiddenBenchCaller(seat, plannedCalls(jobs, o.rounds), {
    deadlineMs: o.deadlineMs,
    signal: opts.signal,
    onProgress: opts.onProgress,
    ladder,
    earlyStopCalls: o.earlyStopCalls,
  });
  try {
    await playAll(jobs, o, caller);
  } finally {
    caller.dispose();
  }
  if (caller.fatal !== null) throw caller.fatal;
  const stopped = caller.interrupted ? "interrupted" : caller.deadlineReached ? "deadline" : null;
  return summariseHiddenBench(jobs, o, caller.deadlineReached, settingsOf(o, ladder), stopped);
}
