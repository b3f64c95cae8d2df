import { z } from "zod";
import type { FastifyInstance } from "fastify";
import type { EnvRouteContext } from "./env-route-context";
import { parseBody } from "./parse-body";
import { storedEpisode } from "./stored-episode";

/** `POST /v1/episodes/:id`: the GET with the state token in the body (`state`, required when stateless). */
const EpisodeStateRequestSchema = z.object({ state: z.string().min(1).optional() }).strict();

/**
 * `GET /v1/episodes/:id`: the trace so far, and the rewards once done. Stateless, the episode comes from the
 * `cosir-state` header (within node's 16 KiB header limit) or, for a state of any size, from the body of
 * `POST /v1/episodes/:id` (`{state}`); a finished one is scored again (nothing is kept between requests).
 */
export function getEpisodeRoute(app: FastifyInstance, context: EnvRouteContext): void {
  const { store, stateless, scoring } = context;
  const answer = async (id: string, token: unknown, field: string) => {
    const entry = stateless ? await stateless.open(id, token, field) : storedEpisode(store, id);
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
  };
  app.get<{ Params: { id: string } }>("/v1/episodes/:id", async (request) =>
    answer(request.params.id, request.headers["cosir-state"], "headers.cosir-state"),
  );
  const bodyLimit = context.opts.maxBodyBytes + (stateless?.codec.maxTokenLength ?? 0);
  app.post<{ Params: { id: string } }>("/v1/episodes/:id", { bodyLimit }, async (request) => {
    const body = parseBody(EpisodeStateRequestSchema, request.body);
    return answer(request.params.id, body.state, "body.state");
  });
}
