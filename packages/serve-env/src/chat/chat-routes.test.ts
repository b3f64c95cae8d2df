import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { chatCompletionsRoute } from "./chat-completions-route";
import { chatHealthRoute } from "./chat-health-route";
import { chatModelsRoute } from "./chat-models-route";

describe("the chat server's route modules, each on a bare fastify", () => {
  it("chatHealthRoute answers any method", async () => {
    const app = Fastify();
    chatHealthRoute(app);
    for (const method of ["GET", "POST", "DELETE"] as const)
      expect((await app.inject({ method, url: "/health" })).json()).toEqual({ status: "ok" });
  });

  it("chatModelsRoute lists the one model", async () => {
    const app = Fastify();
    chatModelsRoute(app, "m1");
    expect((await app.inject({ url: "/v1/models" })).json().data).toEqual([
      { id: "m1", object: "model", created: 0, owned_by: "cosir" },
    ]);
  });

  it("chatCompletionsRoute hands the parsed request to the responder and wraps its reply", async () => {
    const app = Fastify();
    app.removeAllContentTypeParsers();
    app.addContentTypeParser("*", { parseAs: "string" }, (_request, body, done) => done(null, body));
    chatCompletionsRoute(app, {
      modelName: "m1",
      maxConcurrency: 1,
      respond: async (chat) => ({ content: `${chat.seed}`, finishReason: "stop", tokens: [], promptTokens: 2 }),
    });
    const res = await app.inject({
      method: "POST",
      url: "/v1/chat/completions",
      payload: '{"messages": [{"role": "user", "content": ""}], "seed": 7}',
    });
    expect(res.json()).toMatchObject({
      model: "m1",
      choices: [{ message: { content: "7" }, finish_reason: "stop" }],
      usage: { total_tokens: 2 },
    });
  });
});
