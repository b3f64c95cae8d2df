import type { FastifyInstance } from "fastify";
import type { EnvRouteContext } from "./env-route-context";
import { storedEpisode } from "./stored-episode";

/**
 * `GET /v1/episodes/:id`: the trace so far, and the rewards once done. Stateless, the episode comes from the
 * `cosir-state` header and a finished one is scored again (nothing is kept between requests).
 */
export function getEpisodeRoute(app: FastifyInstance, context: EnvRouteContext): void {
  const { store, stateless, scoring } = context;
  app.get<{ Params: { id: string } }>("/v1/episodes/:id", async (request) => {
    const entry = stateless
      ? stateless.open(request.params.id, request.headers["cosir-state"], "headers.cosir-state")
      : storedEpisode(store, request.params.id);
    if (stateless && entry.env.done)
      [entry.rewards] = await scoring.score([{ task: entry.env.task, trace: entry.env.trace(), config: entry.config }]);
    const env = entry.env;
    return {
      episodeId: entry.id,
      taskId: env.task.id,
      done: env.done,
      agentSelection: env.agentSelection,
      phase: env.phase,
      trace: env.trace(),
      ...(entry.rewards ? { rewards: entry.rewards } : {}),
    };
  });
}
