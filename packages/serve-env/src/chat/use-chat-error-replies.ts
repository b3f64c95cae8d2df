import { CosirError } from "@cosir/bayes";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { discardUnreadBody } from "../server/discard-unread-body";
import { chatErrorBody } from "./chat-error-body";

/** Routes and the one method each takes: any other method is 405 naming the right one. */
const METHODS: Readonly<Record<string, string>> = { "/v1/models": "GET", "/v1/chat/completions": "POST" };

/** Status, message and param of a failure: a refusal's own, fastify's body errors, else 500 with the reason. */
export function chatFailure(
  error: unknown,
  request: FastifyRequest,
  maxBodyBytes: number,
): { status: number; message: string; param: string | null } {
  const refusal = error as { status?: unknown; param?: unknown; message: string };
  if (error instanceof CosirError && typeof refusal.status === "number")
    return {
      status: refusal.status,
      message: error.message,
      param: typeof refusal.param === "string" ? refusal.param : null,
    };
  const e = error as { statusCode?: number; code?: string; message?: string };
  if (e.statusCode === 413) {
    const declared = Number(request.headers["content-length"]);
    const message = Number.isFinite(declared)
      ? `request body of ${declared} bytes exceeds the limit of ${maxBodyBytes} bytes`
      : `request body exceeds the limit of ${maxBodyBytes} bytes`;
    return { status: 413, message, param: null };
  }
  if (typeof e.statusCode === "number" && e.statusCode >= 400 && e.statusCode < 500)
    return { status: e.statusCode, message: `could not read the request body: ${e.message}`, param: null };
  return {
    status: 500,
    message: `internal error: ${error instanceof Error ? error.message : String(error)}`,
    param: null,
  };
}

/**
 * Every failure as OpenAI's `{error: {message, type, param, code}}` (what OpenAI-compatible clients read):
 * 404 naming the routes, 405 naming the method, 429 with Retry-After, 413 over the body limit (readable by a
 * client that writes its whole body first), 400 naming the field.
 */
export function useChatErrorReplies(app: FastifyInstance, maxBodyBytes: number): void {
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split("?")[0]!;
    const method = METHODS[path];
    if (method !== undefined)
      return reply.code(405).send(chatErrorBody(405, `${request.method} is not allowed on ${path}; use ${method}`));
    return reply
      .code(404)
      .send(chatErrorBody(404, `no route ${path}; try POST /v1/chat/completions or GET /v1/models`));
  });
  app.setErrorHandler((error: unknown, request, reply) => {
    const { status, message, param } = chatFailure(error, request, maxBodyBytes);
    if (status === 429) reply.header("retry-after", "1");
    if (status === 413) {
      // As the episode service: keep the connection and drop the rest of the body (bounded), so a client
      // still sending it reads the 413 instead of a reset.
      reply.removeHeader("connection");
      discardUnreadBody(request.raw, Math.max(64 * 1024 * 1024, 4 * maxBodyBytes), 30_000);
    }
    return reply.code(status).send(chatErrorBody(status, message, param));
  });
}
