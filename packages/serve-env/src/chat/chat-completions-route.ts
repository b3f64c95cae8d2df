import type { FastifyInstance } from "fastify";
import { chatCompletionBody } from "./chat-completion-body";
import { parseChatRequest } from "./chat-completion-request";
import type { ChatResponder } from "./chat-responder";
import { concurrencyLimit } from "./concurrency-limit";

/** `POST /v1/chat/completions`: at most `maxConcurrency` in flight; the body read and checked, then `respond`. */
export function chatCompletionsRoute(
  app: FastifyInstance,
  options: { respond: ChatResponder; modelName: string; maxConcurrency: number },
): void {
  app.post("/v1/chat/completions", { onRequest: concurrencyLimit(options.maxConcurrency) }, async (request) => {
    // No body at all reads as "" (400: not valid JSON), as any body that is not JSON does.
    const chat = parseChatRequest(typeof request.body === "string" ? request.body : "");
    const reply = await options.respond(chat);
    return chatCompletionBody(options.modelName, chat, reply);
  });
}
