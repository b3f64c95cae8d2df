import { describe, expect, it } from "vitest";
import type { HiddenBenchTask } from "./hidden-bench-task";
import { byCondition, planHiddenBenchJobs, plannedCalls } from "./plan-hidden-bench-jobs";

const task = (id: string, hidden: number): HiddenBenchTask => ({
  id,
  name: `task ${id}`,
  description: "d",
  shared_information: ["s"],
  hidden_information: Array.from({ length: hidden }, (_, k) => `fact ${k}`),
  possible_answers: ["x", "y", "z"],
  correct_answer: "y",
});
const tasks = [task("a", 3), task("b", 2)];

describe("planHiddenBenchJobs", () => {
  it("one job per (condition, run, task), started run by run, task by task, conditions side by side", () => {
    const jobs = planHiddenBenchJobs(tasks, {
      protocol: "original",
      conditions: ["hidden", "full"],
      runs: 2,
      agents: 9,
    });
    expect(jobs.map((j) => `${j.condition}:${j.run}:${j.task.id}`)).toEqual([
      "hidden:0:a",
      "full:0:a",
      "hidden:0:b",
      "full:0:b",
      "hidden:1:a",
      "full:1:a",
      "hidden:1:b",
      "full:1:b",
    ]);
    // listed for the result by condition, then run, then task
    expect(byCondition(jobs, ["hidden", "full"]).map((j) => `${j.condition}:${j.run}:${j.task.id}`)).toEqual([
      "hidden:0:a",
      "hidden:0:b",
      "hidden:1:a",
      "hidden:1:b",
      "full:0:a",
      "full:0:b",
      "full:1:a",
      "full:1:b",
    ]);
    // any prefix of the start order (a run stopped early) holds as many hidden as full task runs, give or take one
    for (let k = 0; k <= jobs.length; k++) {
      const head = jobs.slice(0, k);
      const h = head.filter((j) => j.condition === "hidden").length;
      expect(Math.abs(2 * h - k)).toBeLessThanOrEqual(1);
    }
    // original: one agent per hidden fact, whatever `agents` says
    expect(jobs.map((j) => j.episode.agents).slice(0, 4)).toEqual([3, 3, 2, 2]);
  });

  it("cosir: `agents` agents, by default one per hidden fact", () => {
    const o = { protocol: "cosir" as const, conditions: ["hidden" as const], runs: 1 };
    expect(planHiddenBenchJobs(tasks, { ...o, agents: 5 }).map((j) => j.episode.agents)).toEqual([5, 5]);
    expect(planHiddenBenchJobs(tasks, { ...o, agents: undefined }).map((j) => j.episode.agents)).toEqual([3, 2]);
  });

  it("episodes start empty, unfinished, with the correct answer's index and JSON keys in report order", () => {
    const [j] = planHiddenBenchJobs([task("a", 3)], {
      protocol: "original",
      conditions: ["full"],
      runs: 1,
      agents: undefined,
    });
    const e = j?.episode;
    expect(e).toMatchObject({
      taskId: "a",
      name: "task a",
      condition: "full",
      preVotes: [null, null, null],
      correctAnswer: 1,
      disclosed: [false, false, false],
      asked: [false, false, false],
      calls: 0,
      finished: false,
    });
    expect(Object.keys(e ?? {})).toEqual([
      "taskId",
      "name",
      "protocol",
      "condition",
      "run",
      "agents",
      "hiddenFact",
      "preVotes",
      "postVotes",
      "preVoteKeys",
      "postVoteKeys",
      "preVoteTries",
      "postVoteTries",
      "preReplies",
      "postReplies",
      "preDecision",
      "decision",
      "correctAnswer",
      "preCorrect",
      "correct",
      "individualPreAccuracy",
      "individualAccuracy",
      "disclosed",
      "asked",
      "transcript",
      "calls",
      "errors",
      "finished",
    ]);
  });

  it("plans a vote before, one turn per round and a vote after, per agent", () => {
    const jobs = planHiddenBenchJobs(tasks, {
      protocol: "original",
      conditions: ["hidden"],
      runs: 1,
      agents: undefined,
    });
    expect(plannedCalls(jobs, 4)).toBe((3 + 2) * 6);
    expect(plannedCalls([], 4)).toBe(0);
  });
});
