import { checkComputeBudget, InvalidArgumentError } from "@cosir/bayes";
import type { Task } from "@cosir/env";
import { scoreEpisodeCost } from "@cosir/rewards";

/**
 * Default compute budget of one request (cost units, docs/design.md §7.1): scoring a whole episode of a
 * client's task, or all the traces of one `/get_reward` body. About 5 s of one scoring thread.
 */
export const MAX_TASK_COST = 1e9;

/**
 * A task from an untrusted body is refused when scoring an episode of it could tie up the server: beyond
 * 26 options, 10 attributes, 11 levels or 16 rounds (400), or when the worst case of scoring a whole episode
 * (scoreEpisodeCost without a trace) exceeds `budget` (a BudgetExceededError, 413), before any work.
 */
export function checkTaskBudget(task: Task, field: string, budget: number = MAX_TASK_COST): Task {
  const span = task.levels[1] - task.levels[0] + 1;
  const limits: [string, number, number, string][] = [
    ["options", task.options, 26, ""],
    ["attributes", task.attributes, 10, ""],
    ["levels", span, 11, " levels"],
    ["rounds", task.rounds, 16, ""],
  ];
  for (const [name, value, max, unit] of limits) {
    if (value > max) throw new InvalidArgumentError(`${field}.${name}`, value, `expected at most ${max}${unit}`);
  }
  checkComputeBudget(field, scoreEpisodeCost(task), budget, "scoring a whole episode of this task");
  return task;
}
