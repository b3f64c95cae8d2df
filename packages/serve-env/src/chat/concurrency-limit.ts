import type { FastifyReply, FastifyRequest } from "fastify";
import { ChatHttpError } from "./chat-http-error";

/**
 * An onRequest hook letting at most `maxConcurrency` requests be in flight, counted from their first byte (a
 * body still arriving counts): 429 above it. The count drops when the response ends or the connection closes.
 */
export function concurrencyLimit(
  maxConcurrency: number,
): (request: FastifyRequest, reply: FastifyReply) => Promise<void> {
  let inFlight = 0;
  return async (_request, reply) => {
    if (inFlight >= maxConcurrency)
      throw new ChatHttpError(429, `too many requests in flight (limit ${maxConcurrency}); retry later`);
    inFlight++;
    reply.raw.once("close", () => inFlight--);
  };
}
