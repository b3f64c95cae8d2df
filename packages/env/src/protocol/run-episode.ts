import type { Policy } from "../policy/policy";
import type { Task } from "../task/task";
import type { Trace } from "../trace/trace";
import { runEpisodes, type RunEpisodesOptions } from "./run-episodes";

export interface RunEpisodeOptions extends Omit<RunEpisodesOptions, "seed"> {
  /** Seed recorded in the trace; default the task's seed. */
  seed?: number;
}

/** Plays one episode: one policy for every seat, or one per seat. */
export async function runEpisode(
  task: Task,
  policies: Policy | readonly Policy[],
  opts: RunEpisodeOptions = {},
): Promise<Trace> {
  const [trace] = await runEpisodes([task], policies, opts);
  return trace as Trace;
}
