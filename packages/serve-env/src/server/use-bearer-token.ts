import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { errorBody } from "./error-reply";

function digest(text: string): Buffer {
  return createHash("sha256").update(text).digest();
}

/**
 * With a token, every route but /healthz wants `Authorization: Bearer <token>` (or `?token=`): 401 otherwise.
 * Digests are compared in constant time, so the answer's timing tells nothing of the token.
 */
export function useBearerToken(app: FastifyInstance, token: string | undefined): void {
  const tokenDigest = token !== undefined ? digest(token) : undefined;
  app.addHook("onRequest", async (request: FastifyRequest, reply: FastifyReply) => {
    if (tokenDigest === undefined || request.url === "/healthz") return;
    const header = request.headers.authorization;
    let given: string | undefined;
    if (typeof header === "string" && header.startsWith("Bearer ")) given = header.slice(7).trim();
    else {
      const q = (request.query as Record<string, unknown> | undefined)?.token;
      if (typeof q === "string") given = q;
    }
    if (given === undefined || !timingSafeEqual(digest(given), tokenDigest)) {
      reply.header("www-authenticate", 'Bearer realm="cosir"');
      await reply
        .code(401)
        .send(
          errorBody(
            "unauthorized",
            given === undefined ? "missing token: send Authorization: Bearer <token> (or ?token=)" : "wrong token",
            "authorization",
          ),
        );
    }
  });
}
