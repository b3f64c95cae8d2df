import { InvalidConfigError } from "@cosir/bayes";
import { generateTask, hashSeed, runEpisodes, type Policy, type Task, type Trace } from "@cosir/env";
import type { TrainConfig } from "../config/train-config";
import { replayObservations } from "./replay-observations";
import { shapeTask } from "./shape-task";
import { actionIds, promptIds, type PolicyModel } from "../run/policy-model";

/** A supervised example: the prompt of an observation and the action the teacher took. */
export interface SftExample {
  prompt: number[];
  completion: number[];
}

/** Task seeds are 31-bit so every seed is a valid CLI seed too. */
export function derivedSeed(...parts: (number | string)[]): number {
  return hashSeed(...parts) & 0x7fffffff;
}

/** The training task of `config.task` (env's own task options, as they are) at the seed derived from `parts`. */
export function trainingTask(config: TrainConfig, ...parts: (number | string)[]): Task {
  return generateTask({ ...config.task, seed: derivedSeed(config.seed, ...parts) });
}

/** Family names the benchmarks hold out (@cosir/bench names them "heldout.<benchmark>"). */
const HELD_OUT_PREFIX = "heldout.";

/**
 * The pretraining tasks (`pretrain.episodes` of them): drawn over `pretrain.shapes` from the `random` family when it
 * is set, else `config.task`'s family at `pretrain.visibility` where that is set. A base is judged on the held-out
 * families, so pretraining never draws from one: a `heldout.*` task family is refused.
 */
export function pretrainTasks(config: TrainConfig): Task[] {
  const { pretrain } = config;
  const n = pretrain.episodes;
  if (pretrain.shapes !== undefined) {
    const shapes = pretrain.shapes;
    return Array.from({ length: n }, (_, k) => shapeTask(shapes, derivedSeed(config.seed, "pretrain-shapes", k)));
  }
  if (config.task.family.startsWith(HELD_OUT_PREFIX))
    throw new InvalidConfigError(
      "task.family",
      config.task.family,
      "expected a training family for pretraining; the held-out families only judge the base",
    );
  const taskConfig =
    pretrain.visibility === undefined
      ? config
      : { ...config, task: { ...config.task, visibility: pretrain.visibility } };
  return Array.from({ length: n }, (_, k) => trainingTask(taskConfig, "pretrain", k));
}

/** Plays the teacher on `episodes` training tasks and turns every action into a supervised example. */
export async function teacherExamples(
  pm: PolicyModel,
  config: TrainConfig,
  teacher: Policy,
  maxNewTokens: number,
): Promise<{ examples: SftExample[]; traces: Trace[] }> {
  const tasks = Array.from({ length: config.sft.episodes }, (_, k) => trainingTask(config, "sft", k));
  const traces = await runEpisodes(tasks, teacher, { surface: "canonical" });
  const examples: SftExample[] = [];
  traces.forEach((trace, k) => {
    for (const step of replayObservations(tasks[k] as Task, trace)) {
      const completion = actionIds(pm, step.text).slice(0, maxNewTokens);
      examples.push({ prompt: promptIds(pm, step.observation, maxNewTokens), completion });
    }
  });
  return { examples, traces };
}
