import type { FastifyInstance } from "fastify";

/** `GET /v1/models`: the one model served, as OpenAI's model list. */
export function chatModelsRoute(app: FastifyInstance, modelName: string): void {
  app.get("/v1/models", async () => ({
    object: "list",
    data: [{ id: modelName, object: "model", created: 0, owned_by: "cosir" }],
  }));
}
