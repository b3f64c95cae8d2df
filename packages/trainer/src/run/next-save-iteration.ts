import type { TrainConfig } from "../config/train-config";

/**
 * The iteration of the save that follows one at `iteration` in an uninterrupted `train()`: the next multiple of
 * checkpointEvery, or the last iteration if that comes first. A sliced train (`until`, the demo) may save earlier,
 * never later, so a checkpoint an interrupted save leaves is at most this far ahead of state.json.
 */
export function nextSaveIteration(
  config: Pick<TrainConfig, "checkpointEvery"> & { rl: Pick<TrainConfig["rl"], "iterations"> },
  iteration: number,
): number {
  const every = config.checkpointEvery;
  return Math.min(config.rl.iterations, (Math.floor(iteration / every) + 1) * every);
}
