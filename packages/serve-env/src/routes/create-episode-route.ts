import { randomUUID } from "node:crypto";
import { InvalidArgumentError, InvalidConfigError } from "@cosir/bayes";
import { CollaborationEnv, type Task, validateTask } from "@cosir/env";
import { type RewardConfig, rewardConfig } from "@cosir/rewards";
import type { FastifyInstance } from "fastify";
import { observationView } from "../observation/observation-view";
import { checkTaskBudget } from "../protocol/check-task-budget";
import { generateAt } from "../protocol/cosir-label";
import { type CreateEpisodeRequest, CreateEpisodeRequestSchema } from "../protocol/create-episode-request";
import { HttpError } from "../server/http-error";
import type { EnvRouteContext } from "./env-route-context";
import { parseBody } from "./parse-body";

/** The task a create request asks for: its own `task` (validated) or one generated from `{family, seed, ...}`. */
export function requestedTask(body: CreateEpisodeRequest, scoreBudget: number): Task {
  if (body.task === undefined)
    return checkTaskBudget(generateAt(body as { family: string; seed: number }, "body"), "body", scoreBudget);
  let task: Task;
  try {
    task = validateTask(body.task);
  } catch (error) {
    throw new InvalidArgumentError(
      "body.task",
      undefined,
      `invalid task (${error instanceof Error ? error.message : String(error)})`,
      { cause: error },
    );
  }
  return checkTaskBudget(task, "body.task", scoreBudget);
}

/** The reward preset a create request names, or the service's default; an unknown name is 400 `body.preset`. */
export function requestedConfig(preset: string | undefined, defaultConfig: RewardConfig): RewardConfig {
  if (preset === undefined) return defaultConfig;
  try {
    return rewardConfig(preset);
  } catch (error) {
    throw new InvalidArgumentError(
      "body.preset",
      preset,
      error instanceof InvalidConfigError || error instanceof InvalidArgumentError ? error.expected : "unknown preset",
    );
  }
}

/** `POST /v1/episodes`: starts an episode (in the store, or as a state token when stateless). */
export function createEpisodeRoute(app: FastifyInstance, context: EnvRouteContext): void {
  const { opts, store, stateless } = context;
  app.post("/v1/episodes", async (request) => {
    const body = parseBody(CreateEpisodeRequestSchema, request.body);
    const task = requestedTask(body, opts.scoreBudget);
    const config = requestedConfig(body.preset, context.defaultConfig);
    const env = new CollaborationEnv(task, { surface: body.surface ?? "natural" });
    const entry = stateless
      ? stateless.create(randomUUID(), task, env.surface, config, body.preset)
      : store.add({ id: randomUUID(), env, config, responses: new Map() });
    if (entry === undefined)
      throw new HttpError(503, "capacity", `${store.maxEpisodes} episodes are running (--max-episodes); retry later`);
    return {
      episodeId: entry.id,
      taskId: task.id,
      agents: task.agents,
      rounds: task.rounds,
      surface: env.surface,
      done: env.done,
      agentSelection: env.agentSelection,
      observation: observationView(entry.env),
      ...(stateless ? { state: stateless.seal(entry) } : {}),
    };
  });
}
