import { InvalidArgumentError } from "@cosir/bayes";
import type { FastifyInstance } from "fastify";
import { createHttpApp } from "../server/create-http-app";
import { chatErrorBody } from "./chat-error-body";
import { chatCompletionsRoute } from "./chat-completions-route";
import { chatHealthRoute } from "./chat-health-route";
import { chatModelsRoute } from "./chat-models-route";
import type { ChatResponder } from "./chat-responder";
import { useChatErrorReplies } from "./use-chat-error-replies";

export interface ChatServerOptions {
  /** The model: answers a checked chat-completions request (e.g. @cosir/policy/tfjs's checkpointChatResponder). */
  respond: ChatResponder;
  /** Name reported by /v1/models and in replies. */
  modelName: string;
  /** Largest request body in bytes (413 above). Default 1 MiB. */
  maxBodyBytes?: number;
  /** Requests being served or queued at most (429 above). Default 8. */
  maxConcurrency?: number;
  /** One line per request, `METHOD URL -> STATUS in N ms` (default: none). */
  log?: (line: string) => void;
}

export interface ChatServer {
  /** The fastify instance (not yet listening); `inject` works for in-process tests. */
  app: FastifyInstance;
  modelName: string;
  maxBodyBytes: number;
  maxConcurrency: number;
}

function positiveInteger(field: string, value: number): number {
  if (!Number.isInteger(value) || value < 1)
    throw new InvalidArgumentError(field, value, "expected a positive integer");
  return value;
}

/** `/a/b///?q` -> `/a/b?q`: a route answers with or without trailing slashes. */
function withoutTrailingSlashes(url: string | undefined): string {
  const [path, ...query] = (url ?? "/").split("?");
  const trimmed = path!.replace(/\/+$/, "") || "/";
  return query.length > 0 ? `${trimmed}?${query.join("?")}` : trimmed;
}

/**
 * An OpenAI-compatible chat server (POST /v1/chat/completions, GET /v1/models, GET /health) on the same
 * fastify stack as the episode service, answering with `respond`. Limits: bodies over maxBodyBytes get 413;
 * more than maxConcurrency requests in flight get 429 with Retry-After; malformed JSON or fields get 400
 * naming the field; errors are OpenAI's `{error: {message, type, param, code}}`.
 */
export function createChatServer(options: ChatServerOptions): ChatServer {
  const maxBodyBytes = positiveInteger("maxBodyBytes", options.maxBodyBytes ?? 1 << 20);
  const maxConcurrency = positiveInteger("maxConcurrency", options.maxConcurrency ?? 8);
  const app = createHttpApp({
    bodyLimit: maxBodyBytes,
    errorBody: (_code, message, field) => chatErrorBody(400, message, field ?? null),
    fastify: {
      exposeHeadRoutes: false,
      forceCloseConnections: true,
      rewriteUrl: (req) => withoutTrailingSlashes(req.url),
    },
  });
  // Any body is read as text and parsed as JSON by the route, whatever its content-type (as OpenAI clients expect).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "string" }, (_request, body, done) => done(null, body));
  // OpenAI-compatible servers answer `application/json` without a charset parameter.
  app.addHook("onSend", async (_request, reply, payload) => {
    reply.header("content-type", "application/json");
    return payload;
  });
  const log = options.log;
  if (log !== undefined)
    app.addHook("onResponse", async (request, reply) => {
      log(`${request.method} ${request.originalUrl} -> ${reply.statusCode} in ${Math.round(reply.elapsedTime)} ms`);
    });
  useChatErrorReplies(app, maxBodyBytes);
  chatHealthRoute(app);
  chatModelsRoute(app, options.modelName);
  chatCompletionsRoute(app, { respond: options.respond, modelName: options.modelName, maxConcurrency });
  return { app, modelName: options.modelName, maxBodyBytes, maxConcurrency };
}
