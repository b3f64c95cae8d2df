import type { FastifyInstance } from "fastify";

/** `/health`, any method: `{status: "ok"}`. */
export function chatHealthRoute(app: FastifyInstance): void {
  app.all("/health", async () => ({ status: "ok" }));
}
