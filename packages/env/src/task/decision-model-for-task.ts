import { argmaxScoreModel, multipleChoiceTotalModel, type DecisionModel } from "@cosir/bayes";
import type { Task } from "./task";

/** The fields a decision model depends on; a PublicTask (what an agent sees) has them all. */
export type DecisionStructure = Pick<Task, "options" | "attributes" | "levels" | "aggregate" | "weights" | "decision">;

const cache = new WeakMap<DecisionStructure, DecisionModel>();

/**
 * The evaluator's decision model for a task (docs/design.md §1), cached per task object. `argmax` tasks get
 * argmax-of-score with the task's weights and aggregator; `total` tasks a multiple-choice total over all
 * options x attributes cells with the weights repeated per row. Models keep scratch buffers: use one at a time.
 */
export function decisionModelForTask(task: DecisionStructure): DecisionModel {
  const cached = cache.get(task);
  if (cached !== undefined) return cached;
  let model: DecisionModel;
  if (task.decision.kind === "argmax") {
    model = argmaxScoreModel({
      options: task.options,
      attributes: task.attributes,
      levels: task.levels,
      aggregate: task.aggregate,
      weights: task.weights,
    });
  } else {
    const weights: number[] = [];
    for (let o = 0; o < task.options; o++) weights.push(...task.weights);
    model = multipleChoiceTotalModel({
      quantities: task.options * task.attributes,
      levels: task.levels,
      candidates: task.decision.candidates,
      weights,
    });
  }
  cache.set(task, model);
  return model;
}
