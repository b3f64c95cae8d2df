import { runEpisodes, type Task, type Trace } from "@cosir/env";
import type { TrainConfig } from "../config/train-config";
import { shapeTask } from "../rollout/shape-task";
import { derivedSeed, trainingTask } from "../rollout/training-data";
import { samplingPolicy, type PolicyModel } from "./policy-model";

/** One iteration's episodes: `tasks[e]` was played as `traces[e]`, groups of rl.groupSize consecutive episodes. */
export interface RlRollout {
  tasks: Task[];
  traces: Trace[];
}

/**
 * The episodes' tasks of RL iteration `iteration`: each of `rl.tasksPerIteration` training tasks `rl.groupSize`
 * times; with `rl.shapes`, the first round(rl.shapesRate x tasksPerIteration) of them each a `random` task of a
 * shape drawn from it (seeded by config.seed, iteration, k), the rest training tasks.
 */
export function rolloutTasks(config: TrainConfig, iteration: number): Task[] {
  const tasks: Task[] = [];
  const { shapes } = config.rl;
  const shaped = shapes === undefined ? 0 : Math.round(config.rl.shapesRate * config.rl.tasksPerIteration);
  for (let k = 0; k < config.rl.tasksPerIteration; k++) {
    const task =
      shapes === undefined || k >= shaped
        ? trainingTask(config, "rl", iteration, k)
        : shapeTask(shapes, derivedSeed(config.seed, "rl-shapes", iteration, k));
    for (let g = 0; g < config.rl.groupSize; g++) tasks.push(task);
  }
  return tasks;
}

/**
 * The rollout of RL iteration `iteration` (docs/design.md §5): `rl.groupSize` episodes of each of
 * `rl.tasksPerIteration` training tasks, sampled from the policy at `rl.temperature`. Tasks and sampling seeds
 * derive from (config.seed, iteration), so the same policy and iteration play the same episodes. Each seat's prompt
 * prefills only what follows the prefix it shares with an earlier turn's (`prefixCache`, default true: the same
 * tokens and log-probs as re-prefilling, to float rounding; false re-prefills every prompt, the path before it).
 */
export async function rlRollout(
  config: TrainConfig,
  pm: PolicyModel,
  iteration: number,
  options: { prefixCache?: boolean } = {},
): Promise<RlRollout> {
  const { rl } = config;
  const tasks = rolloutTasks(config, iteration);
  const policy = samplingPolicy(pm, {
    temperature: rl.temperature,
    maxNewTokens: rl.maxNewTokens,
    seed: derivedSeed(config.seed, "sample", iteration),
    prefixCache: options.prefixCache ?? true,
  });
  try {
    const traces = await runEpisodes(tasks, policy, { surface: "canonical", seed: tasks.map((_, e) => e) });
    return { tasks, traces };
  } finally {
    policy.clearPrefixCache();
  }
}
