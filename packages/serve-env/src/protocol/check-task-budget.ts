import { InvalidArgumentError } from "@cosir/bayes";
import type { Task } from "@cosir/env";

/** Largest options x (sum of weights) x (level span) a client-supplied task may have: scoring stays well under a second. */
export const MAX_TASK_COST = 2_000_000;

/**
 * A task from an untrusted body is refused when scoring it could tie up the server: beyond 26 options,
 * 10 attributes, 11 levels, 16 rounds, or MAX_TASK_COST (the size of the exact score convolution).
 */
export function checkTaskBudget(task: Task, field: string): Task {
  const span = task.levels[1] - task.levels[0] + 1;
  const weights = task.weights.reduce((a, b) => a + b, 0);
  const limits: [string, number, number][] = [
    ["options", task.options, 26],
    ["attributes", task.attributes, 10],
    ["levels", span, 11],
    ["rounds", task.rounds, 16],
    ["weights", task.options * weights * span, MAX_TASK_COST],
  ];
  for (const [name, value, max] of limits) {
    if (value > max)
      throw new InvalidArgumentError(
        `${field}.${name}`,
        value,
        `expected at most ${max}${name === "weights" ? " (options x sum of weights x level span)" : name === "levels" ? " levels" : ""}`,
      );
  }
  return task;
}
