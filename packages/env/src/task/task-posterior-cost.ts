import { posteriorCost } from "@cosir/bayes";
import type { DecisionStructure } from "./decision-model-for-task";

/**
 * Estimated work of one posterior of the task's decision model (docs/design.md §7.1), computed from the
 * task's shape without building the model (which allocates by that shape).
 */
export function taskPosteriorCost(task: DecisionStructure): number {
  if (task.decision.kind === "argmax")
    return posteriorCost({
      kind: "argmax",
      options: task.options,
      attributes: task.attributes,
      levels: task.levels,
      aggregate: task.aggregate,
      weights: task.weights,
    });
  const weights: number[] = [];
  for (let o = 0; o < task.options; o++) weights.push(...task.weights);
  return posteriorCost({
    kind: "total",
    quantities: task.options * task.attributes,
    levels: task.levels,
    candidates: task.decision.candidates.length,
    weights,
  });
}
