import type { HiddenBenchTask } from "./hidden-bench-task";
import type {
  HiddenBenchCondition,
  HiddenBenchEpisode,
  HiddenBenchJob,
  HiddenBenchProtocol,
} from "./hidden-bench-types";
import type { ResolvedHiddenBenchOptions } from "./resolve-hidden-bench-options";

/** An episode before it is played: no votes, no messages, nothing correct, not finished. */
function emptyEpisode(
  task: HiddenBenchTask,
  protocol: HiddenBenchProtocol,
  condition: HiddenBenchCondition,
  run: number,
  agents: number,
): HiddenBenchEpisode {
  // the key order is the order of the episodes' JSON in reports (episodes.jsonl)
  return {
    taskId: task.id,
    name: task.name,
    protocol,
    condition,
    run,
    agents,
    hiddenFact: [],
    preVotes: new Array<number | null>(agents).fill(null),
    postVotes: new Array<number | null>(agents).fill(null),
    preVoteKeys: new Array<string | null>(agents).fill(null),
    postVoteKeys: new Array<string | null>(agents).fill(null),
    preVoteTries: new Array<number>(agents).fill(0),
    postVoteTries: new Array<number>(agents).fill(0),
    preReplies: [],
    postReplies: [],
    preDecision: null,
    decision: null,
    correctAnswer: task.possible_answers.indexOf(task.correct_answer),
    preCorrect: false,
    correct: false,
    individualPreAccuracy: 0,
    individualAccuracy: 0,
    disclosed: task.hidden_information.map(() => false),
    asked: new Array<boolean>(agents).fill(false),
    transcript: [],
    calls: 0,
    errors: 0,
    finished: false,
  };
}

/**
 * One job per (condition, run, task), in the order they are started: run by run, task by task, the
 * conditions of a task side by side, so a run stopped by its deadline or Ctrl-C has as many task runs of
 * each condition (give or take the ones in flight). The result lists episodes by condition, run and task
 * (`byCondition`). Under the original protocol one agent per hidden fact, under cosir `agents` (default
 * the same).
 */
export function planHiddenBenchJobs(
  tasks: readonly HiddenBenchTask[],
  o: Pick<ResolvedHiddenBenchOptions, "protocol" | "conditions" | "runs" | "agents">,
): HiddenBenchJob[] {
  const jobs: HiddenBenchJob[] = [];
  for (let run = 0; run < o.runs; run++)
    for (const task of tasks)
      for (const condition of o.conditions) {
        const agents =
          o.protocol === "original" ? task.hidden_information.length : (o.agents ?? task.hidden_information.length);
        jobs.push({ task, condition, run, episode: emptyEpisode(task, o.protocol, condition, run, agents) });
      }
  return jobs;
}

/** Calls a plan makes if every task run finishes: per agent a vote before, one turn per round, a vote after. */
export function plannedCalls(jobs: readonly HiddenBenchJob[], rounds: number): number {
  return jobs.reduce((s, j) => s + j.episode.agents * (rounds + 2), 0);
}

/** The jobs listed by condition (in `conditions` order), then run, then task: the order of `episodes` in a result. */
export function byCondition(
  jobs: readonly HiddenBenchJob[],
  conditions: readonly HiddenBenchCondition[],
): HiddenBenchJob[] {
  return conditions.flatMap((c) => jobs.filter((j) => j.condition === c));
}
