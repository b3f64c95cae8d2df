import { InvalidArgumentError } from "@cosir/bayes";
import { CollaborationEnv, generateTask, type ChatMessage, type Surface, type Task } from "@cosir/env";

export interface DatasetRowsOptions {
  family: string;
  seed: number;
  n: number;
  surface?: Surface;
  size?: { options?: number; attributes?: number; agents?: number; rounds?: number; domain?: string };
}

/** One training prompt: the first turn of an episode (agent 0 opens), with the task as its label. */
export interface DatasetRow {
  index: number;
  family: string;
  seed: number;
  taskId: string;
  surface: Surface;
  agent: number;
  /** The opening agent's first prompt as chat messages. */
  prompt: ChatMessage[];
  /** JSON string `{"task": ..., "surface": ...}`: what `/get_reward` and the adapters read back. */
  label: string;
  task: Task;
}

/** First-turn prompts of tasks seed..seed+n-1 of a family (the rows both exports write). */
export function datasetRows(opts: DatasetRowsOptions): DatasetRow[] {
  if (!Number.isInteger(opts.n) || opts.n < 1)
    throw new InvalidArgumentError("n", opts.n, "expected a positive integer");
  const surface = opts.surface ?? "natural";
  const rows: DatasetRow[] = [];
  for (let k = 0; k < opts.n; k++) {
    const task = generateTask({ family: opts.family, seed: opts.seed + k, ...(opts.size ?? {}) });
    const env = new CollaborationEnv(task, { surface });
    const agent = env.agentSelection ?? 0;
    rows.push({
      index: k,
      family: opts.family,
      seed: opts.seed + k,
      taskId: task.id,
      surface,
      agent,
      prompt: env.observe(agent).chat,
      label: JSON.stringify({ task, surface }),
      task,
    });
  }
  return rows;
}
