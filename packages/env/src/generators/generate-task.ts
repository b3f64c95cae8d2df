import { InvalidArgumentError } from "@cosir/bayes";
import type { Task } from "../task/task";
import type { TaskGeneratorOptions } from "./task-generator-options";
import { taskFamilies } from "./task-families";

export interface GenerateTaskOptions extends TaskGeneratorOptions {
  family: string;
}

/** Generates one task of a registered family; bad options throw an error naming the field. */
export function generateTask(opts: GenerateTaskOptions): Task {
  if (opts === null || typeof opts !== "object")
    throw new InvalidArgumentError("options", opts, "expected an options object");
  const { family, ...rest } = opts;
  if (typeof family !== "string" || !Object.hasOwn(taskFamilies, family)) {
    throw new InvalidArgumentError("family", family, `expected one of ${Object.keys(taskFamilies).join(", ")}`);
  }
  const generator = taskFamilies[family];
  if (generator === undefined) throw new InvalidArgumentError("family", family, "expected a registered family");
  return generator(rest);
}
