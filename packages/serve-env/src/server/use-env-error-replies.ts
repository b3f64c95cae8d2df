import type { FastifyInstance } from "fastify";
import { discardUnreadBody } from "./discard-unread-body";
import { errorBody, errorReply } from "./error-reply";
import { frameworkErrorCode } from "./framework-error-code";

/**
 * Every failure as `{error: {code, message, field?}}`: 404 for an unknown route, a typed error's own status
 * (errorReply), fastify's 4xx (body too large, not JSON) named for the body in our own codes
 * (frameworkErrorCode), and 500 for anything else (logged). A 413 keeps the connection open and drops the
 * rest of the body (bounded), so a client still writing it reads the 413 rather than a reset.
 */
export function useEnvErrorReplies(app: FastifyInstance, maxBodyBytes: number): void {
  app.setNotFoundHandler((request, reply) => {
    void reply.code(404).send(errorBody("not_found", `no route ${request.method} ${request.url.split("?")[0]}`));
  });

  app.setErrorHandler((error: unknown, request, reply) => {
    const typed = errorReply(error);
    if (typed !== undefined) {
      if (typed.status === 503) reply.header("retry-after", "1");
      if (typed.status >= 500) request.log.error(error);
      return reply.code(typed.status).send(typed.body);
    }
    const e = error as { statusCode?: number; code?: string; message?: string };
    if (typeof e.statusCode === "number" && e.statusCode >= 400 && e.statusCode < 500) {
      const field = e.code?.startsWith("FST_ERR_CTP") ? "body" : undefined;
      const limit = request.routeOptions?.bodyLimit ?? maxBodyBytes;
      if (e.statusCode === 413) {
        // fastify asked for the connection to close, which resets a client still sending: drain instead.
        reply.removeHeader("connection");
        discardUnreadBody(request.raw, Math.max(64 * 1024 * 1024, 4 * limit), 30_000);
      }
      const message =
        e.statusCode === 413
          ? `body: larger than the limit of ${limit} bytes`
          : `${field ? "body: " : ""}${e.message ?? "bad request"}`;
      return reply.code(e.statusCode).send(errorBody(frameworkErrorCode(e.statusCode, e.code), message, field));
    }
    request.log.error(error);
    return reply.code(500).send(errorBody("internal", "internal error"));
  });
}
