import type { FastifyInstance } from "fastify";
import type { EpisodeStore } from "../store/episode-store";

/** `GET /healthz`: `{ok, episodes}`, the episodes kept in memory (no token needed). */
export function healthzRoute(app: FastifyInstance, context: { store: EpisodeStore }): void {
  app.get("/healthz", async () => ({ ok: true, episodes: context.store.size }));
}
