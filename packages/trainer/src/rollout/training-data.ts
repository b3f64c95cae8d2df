import { generateTask, hashSeed, runEpisodes, type Policy, type Task, type Trace } from "@cosir/env";
import type { TrainConfig } from "../config/train-config";
import { replayObservations } from "./replay-observations";
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
