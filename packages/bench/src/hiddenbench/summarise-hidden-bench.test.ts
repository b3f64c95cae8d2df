import { describe, expect, it } from "vitest";
import type { HiddenBenchTask } from "./hidden-bench-task";
import type { HiddenBenchEpisode, HiddenBenchJob, HiddenBenchSettings } from "./hidden-bench-types";
import { planHiddenBenchJobs } from "./plan-hidden-bench-jobs";
import { resolveHiddenBenchOptions } from "./resolve-hidden-bench-options";
import { scoreEpisode } from "./score-hidden-bench";
import { assertSomeCallSucceeded, summariseHiddenBench } from "./summarise-hidden-bench";

const task: HiddenBenchTask = {
  id: "t1",
  name: "n",
  description: "Pick a site.",
  shared_information: [],
  hidden_information: ["Alpha floods every spring season.", "Charlie has deep freshwater wells."],
  possible_answers: ["Alpha", "Charlie"],
  correct_answer: "Charlie",
};

/** Two task runs per condition; the hidden ones played and scored as given, the full ones right. */
function jobs(conditions: ("hidden" | "full")[], hidden: Partial<HiddenBenchEpisode>[]): HiddenBenchJob[] {
  const all = planHiddenBenchJobs([task], { protocol: "original", conditions, runs: 2, agents: undefined });
  let k = 0;
  all.forEach((j) => {
    const over =
      j.condition === "hidden"
        ? hidden[k++]
        : { preVotes: [1, 1], postVotes: [1, 1], preDecision: 1, decision: 1, hiddenFact: [-1, -1] };
    if (over === undefined) return;
    Object.assign(j.episode, { calls: 8, hiddenFact: [0, 1], ...over });
    scoreEpisode(j);
  });
  return all;
}

const o = resolveHiddenBenchOptions({ seed: 2 });
const settings: HiddenBenchSettings = {
  voteReader: "original",
  missingVotes: "drop",
  failedTurns: "retry",
  tries: 5,
  runs: 2,
  maxReplyChars: null,
  responseFormat: { asked: "json_schema", used: "json_schema" },
  thinkingOff: { asked: true, used: true },
};

describe("summariseHiddenBench", () => {
  it("hidden figures on top, full beside with the gap, in summary.json's key order", () => {
    const js = jobs(
      ["hidden", "full"],
      [
        { preVotes: [0, 0], postVotes: [1, 1], preDecision: 0, decision: 1 },
        { preVotes: [0, 1], postVotes: [0, 1], preDecision: 0, decision: 0 },
      ],
    );
    const r = summariseHiddenBench(js, o, false, settings);
    expect(Object.keys(r)).toEqual([
      "protocol",
      "rounds",
      "settings",
      "votes",
      "episodes",
      "accuracy",
      "preAccuracy",
      "individualAccuracy",
      "individualPreAccuracy",
      "disclosure",
      "failToAsk",
      "ignoredInput",
      "full",
      "gap",
      "calls",
      "errors",
      "unfinished",
      "deadlineReached",
      "stopped",
    ]);
    // episodes listed by condition, then run, whatever order they were played in
    expect(r.episodes.map((e) => `${e.condition}${e.run}`)).toEqual(["hidden0", "hidden1", "full0", "full1"]);
    expect([r.accuracy.value, r.individualPreAccuracy.value, r.individualAccuracy.value]).toEqual([0.5, 0.25, 0.75]);
    expect(r.full?.individualAccuracy.value).toBe(1);
    expect(r.gap).toEqual({ individualPreAccuracy: 0.75, individualAccuracy: 0.25 });
    expect([r.calls, r.errors, r.unfinished, r.deadlineReached]).toEqual([32, 0, 0, false]);
    expect(r.failToAsk.eligible).toBe(3);
  });

  it("unfinished task runs are listed but left out of every figure; no full condition, no gap", () => {
    const js = jobs(["hidden"], [{ preVotes: [1, 1], postVotes: [1, 1], preDecision: 1, decision: 1 }]);
    const r = summariseHiddenBench(js, { ...o, conditions: ["hidden"] }, true, settings);
    expect(r.episodes).toHaveLength(2);
    expect([r.unfinished, r.deadlineReached, r.full, r.gap, r.stopped]).toEqual([1, true, null, null, "deadline"]);
    expect(r.accuracy.episodes).toBe(1);
    expect(r.disclosure.episodes).toBe(1);
  });

  it("throws all_calls_failed naming the last error when every call failed", () => {
    const js = jobs(["hidden"], []);
    for (const j of js) Object.assign(j.episode, { calls: 2, errors: 2, preReplies: [{ error: "a" }, { error: "b" }] });
    expect(() => summariseHiddenBench(js, o, false, settings)).toThrow(
      /every one of the 4 chat calls failed; the last: b/,
    );
    expect(() => assertSomeCallSucceeded([])).not.toThrow();
    expect(() => assertSomeCallSucceeded(js.map((j) => ({ ...j.episode, errors: 1 })))).not.toThrow();
  });
});
