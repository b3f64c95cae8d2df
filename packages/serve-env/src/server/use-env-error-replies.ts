import type { FastifyInstance } from "fastify";
import { errorBody, errorReply } from "./error-reply";

/**
 * Every failure as `{error: {code, message, field?}}`: 404 for an unknown route, a typed error's own status
 * (errorReply), fastify's 4xx (body too large, not JSON) named for the body, and 500 for anything else (logged).
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
      const message =
        e.statusCode === 413
          ? `body: larger than the limit of ${maxBodyBytes} bytes`
          : `${field ? "body: " : ""}${e.message ?? "bad request"}`;
      return reply.code(e.statusCode).send(errorBody(e.code ?? "bad_request", message, field));
    }
    request.log.error(error);
    return reply.code(500).send(errorBody("internal", "internal error"));
  });
}
