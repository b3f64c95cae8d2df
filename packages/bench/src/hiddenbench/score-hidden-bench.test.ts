import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { HiddenBenchTask } from "./hidden-bench-task";
import type { HiddenBenchEpisode, HiddenBenchJob } from "./hidden-bench-types";
import { bootstrapCi } from "../metrics/bootstrap-ci";
import { planHiddenBenchJobs } from "./plan-hidden-bench-jobs";
import {
  behaviourCounts,
  conditionResult,
  hiddenBenchCi,
  pluralityVote,
  scoreEpisode,
  taskContext,
} from "./score-hidden-bench";

const task: HiddenBenchTask = {
  id: "t1",
  name: "site_choice",
  description: "Pick a site for the camp.",
  shared_information: ["Alpha is cheap."],
  hidden_information: ["Alpha floods every spring season.", "Charlie has deep freshwater wells."],
  possible_answers: ["Alpha", "Bravo", "Charlie"],
  correct_answer: "Charlie",
};

function played(condition: "hidden" | "full", over: Partial<HiddenBenchEpisode>): HiddenBenchJob {
  const job = planHiddenBenchJobs([task], {
    protocol: "original",
    conditions: [condition],
    runs: 1,
    agents: undefined,
  })[0] as HiddenBenchJob;
  Object.assign(job.episode, over);
  return job;
}

describe("pluralityVote", () => {
  it("the most frequent vote, missing votes dropped (default) or a bucket, ties to the vote counted first", () => {
    expect(pluralityVote([1, 2, 2])).toBe(2);
    expect(pluralityVote([1, 2])).toBe(1);
    expect(pluralityVote([null, null, 0])).toBe(0);
    expect(pluralityVote([null, null, 0], "bucket")).toBe(null);
    expect(pluralityVote([null, null])).toBe(null);
    expect(pluralityVote([])).toBe(null);
    // string keys, as the original reader counts them: a vote for no option is a bucket too
    expect(pluralityVote(["west city", "West City", "west city"])).toBe("west city");
  });

  it("its vote is cast at least as often as any other, and is the first cast among those (both policies)", () => {
    // oracle: Python's max(counts.items(), key=count) over a dict filled in vote order
    const oracle = (votes: readonly (number | null)[]): number | null => {
      const keys: (number | null)[] = [];
      const n: number[] = [];
      for (const v of votes) {
        const i = keys.indexOf(v);
        if (i < 0) {
          keys.push(v);
          n.push(1);
        } else n[i] = (n[i] as number) + 1;
      }
      let best = -1;
      n.forEach((c, i) => {
        if (best < 0 || c > (n[best] as number)) best = i;
      });
      return best < 0 ? null : (keys[best] as number | null);
    };
    fc.assert(
      fc.property(fc.array(fc.option(fc.integer({ min: 0, max: 3 }), { nil: null }), { minLength: 1 }), (votes) => {
        const count = (v: number | null) => votes.filter((x) => x === v).length;
        const top = pluralityVote(votes, "bucket");
        const most = Math.max(...votes.map(count));
        expect(count(top)).toBe(most);
        expect(votes.find((v) => count(v) === most)).toBe(top);
        expect(top).toBe(oracle(votes));
        expect(pluralityVote(votes, "drop")).toBe(oracle(votes.filter((v) => v !== null)));
      }),
    );
  });
});

describe("scoreEpisode", () => {
  it("scores accuracy before and after, questions, and the hidden facts stated", () => {
    const job = played("hidden", {
      preVotes: [0, 2],
      postVotes: [2, 2],
      preDecision: 0,
      decision: 2,
      hiddenFact: [0, 1],
      transcript: [
        { agent: 0, round: 0, text: "Heads up: Alpha floods every spring season. Anyone else?" },
        { agent: 1, round: 0, text: "Charlie has deep freshwater wells.", error: undefined },
        { agent: 1, round: 1, text: "", error: "HTTP 500" },
      ],
    });
    scoreEpisode(job);
    expect(job.episode).toMatchObject({
      preCorrect: false,
      correct: true,
      individualPreAccuracy: 0.5,
      individualAccuracy: 1,
      asked: [true, false],
      disclosed: [true, true],
      finished: true,
    });
  });

  it("leaves disclosure alone under the full condition; minOverlap is passed on", () => {
    const full = played("full", { transcript: [{ agent: 0, round: 0, text: "Alpha floods every spring season." }] });
    scoreEpisode(full);
    expect(full.episode.disclosed).toEqual([false, false]);
    const strict = played("hidden", { transcript: [{ agent: 0, round: 0, text: "Alpha floods in spring." }] });
    scoreEpisode(strict, 1);
    expect(strict.episode.disclosed).toEqual([false, false]);
  });

  it("a fact stated only inside <think> (closed or cut off) is not disclosed (the env's reasoning rule)", () => {
    const job = played("hidden", {
      transcript: [
        { agent: 0, round: 0, text: "<think>Alpha floods every spring season.</think> I like Bravo." },
        { agent: 1, round: 0, text: "Sure. <think>Charlie has deep freshwater wells." },
      ],
    });
    scoreEpisode(job);
    expect(job.episode.disclosed).toEqual([false, false]);
    const said = played("hidden", {
      transcript: [{ agent: 0, round: 0, text: "<think>hmm</think>Alpha floods every spring season." }],
    });
    scoreEpisode(said);
    expect(said.episode.disclosed).toEqual([true, false]);
  });

  it("a '?' only inside <think> (closed or cut off) is no question asked (the env's reasoning rule)", () => {
    const job = played("hidden", {
      transcript: [
        { agent: 0, round: 0, text: "<think>Should I ask about Charlie?</think> I like Bravo." },
        { agent: 1, round: 0, text: "Bravo works. <think>Or is it Charlie?" },
      ],
    });
    scoreEpisode(job);
    expect(job.episode.asked).toEqual([false, false]);
    const asked = played("hidden", {
      transcript: [{ agent: 1, round: 0, text: "<think>hmm</think>Does Charlie have water?" }],
    });
    scoreEpisode(asked);
    expect(asked.episode.asked).toEqual([false, true]);
  });

  it("taskContext: the description, options and shared facts", () => {
    expect(taskContext(task)).toEqual(["Pick a site for the camp.", "Alpha", "Bravo", "Charlie", "Alpha is cheap."]);
  });
});

describe("behaviourCounts", () => {
  it("counts, among agents first wrong, who never asked and who heard every other fact yet kept their vote", () => {
    const heard = played("hidden", {
      hiddenFact: [0, 1],
      preVotes: [0, 0],
      postVotes: [0, 2],
      asked: [false, true],
      transcript: [
        { agent: 0, round: 0, text: "Alpha floods every spring season." },
        { agent: 1, round: 0, text: "Charlie has deep freshwater wells." },
      ],
    });
    const right = played("hidden", { hiddenFact: [0, 1], preVotes: [2, 2], postVotes: [2, 2] });
    // a fact only inside another agent's <think> was never heard
    const thought = played("hidden", {
      hiddenFact: [0, 1],
      preVotes: [0, 0],
      postVotes: [0, 0],
      transcript: [
        { agent: 0, round: 0, text: "<think>Alpha floods every spring season.</think> Hmm." },
        { agent: 1, round: 0, text: "<think>Charlie has deep freshwater wells." },
      ],
    });
    expect(behaviourCounts([thought])).toEqual({ failEligible: [2], failed: [2], ignoreEligible: [0], ignored: [0] });
    expect(behaviourCounts([heard, right])).toEqual({
      failEligible: [2, 0],
      failed: [1, 0],
      ignoreEligible: [2, 0],
      ignored: [1, 0],
    });
  });
});

describe("conditionResult", () => {
  const ci = hiddenBenchCi(0);
  const es = [
    {
      ...played("hidden", {}).episode,
      correct: true,
      preCorrect: false,
      individualAccuracy: 1,
      individualPreAccuracy: 0.5,
      postVotes: [2, 2],
      preVotes: [2, 0],
    },
    {
      ...played("hidden", {}).episode,
      correct: false,
      preCorrect: false,
      individualAccuracy: 0,
      individualPreAccuracy: 0,
      postVotes: [0, 0],
      preVotes: [0, 0],
      agents: 2,
    },
    { ...played("full", {}).episode, correct: true },
  ];

  it("original: team accuracy and per-run individual accuracy over the condition's episodes", () => {
    const r = conditionResult(es, "hidden", "original", ci);
    expect([r.accuracy.value, r.preAccuracy.value]).toEqual([0.5, 0]);
    expect([r.individualAccuracy.value, r.individualPreAccuracy.value]).toEqual([0.5, 0.25]);
    // the bootstrap resamples tasks: both episodes are runs of one task
    expect(r.accuracy.episodes).toBe(1);
  });

  it("cosir: individual accuracy pooled over agents", () => {
    const r = conditionResult(es, "hidden", "cosir", ci);
    expect(r.individualAccuracy.eligible).toBe(4);
    expect(r.individualPreAccuracy.value).toBe(0.25);
  });

  it("the bootstrap is seeded by the run's seed and the figure's name", () => {
    const num = [1, 0, 1, 1, 0, 0, 1];
    const den = [1, 2, 1, 3, 1, 1, 2];
    expect(hiddenBenchCi(3)("x:y", num, den)).toEqual(bootstrapCi(num, den, { seed: "hiddenbench:3:x:y" }));
    expect(hiddenBenchCi(3)("x", num)).toEqual(bootstrapCi(num, null, { seed: "hiddenbench:3:x" }));
  });
});
