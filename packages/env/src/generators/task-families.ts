import { InvalidArgumentError } from "@cosir/bayes";
import type { Task } from "../task/task";
import { hiddenProfileTask } from "./hidden-profile-task";
import { randomTask } from "./random-task";
import type { TaskGenerator, TaskGeneratorOptions } from "./task-generator-options";

/**
 * Registry of task families: name -> generator taking `{seed, ...size}`. Add a family by adding an entry
 * here (built in) or with `registerTaskFamily` (from another package: @cosir/bench's
 * `registerHeldOutFamilies()` adds its held-out benchmark families, "heldout.*", which the CLI does at start-up).
 */
export const taskFamilies: Record<string, TaskGenerator> = {
  random: (o: TaskGeneratorOptions): Task => randomTask(o),
  hiddenProfile: (o: TaskGeneratorOptions): Task => hiddenProfileTask(o),
};

/**
 * Adds (or replaces) a family in `taskFamilies`, always as an own key (so even `__proto__` is a name, never
 * the registry's prototype); lookups (generateTask) accept own keys only.
 */
export function registerTaskFamily(name: string, generator: TaskGenerator): void {
  if (typeof name !== "string" || name.length === 0)
    throw new InvalidArgumentError("name", name, "expected a non-empty family name");
  if (typeof generator !== "function")
    throw new InvalidArgumentError("generator", generator, "expected a function ({seed, ...size}) => Task");
  Object.defineProperty(taskFamilies, name, { value: generator, enumerable: true, writable: true, configurable: true });
}
