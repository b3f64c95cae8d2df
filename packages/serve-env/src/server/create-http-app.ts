import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from "fastify";
import { type ClientErrorBody, clientErrorReply } from "./client-error-reply";

export interface HttpAppOptions {
  /** Largest request body in bytes (fastify answers 413 above it). */
  bodyLimit: number;
  /** The server's JSON error body for a failure answered outside its routes. */
  errorBody: ClientErrorBody;
  /** Fastify's logger option; default none. */
  logger?: FastifyServerOptions["logger"];
  /** Further fastify options of one server (URL rewriting, connection closing). */
  fastify?: Omit<FastifyServerOptions, "logger" | "bodyLimit">;
}

/**
 * The HTTP stack both shipped servers stand on (the episode service and the chat server): fastify with a body
 * limit, a 60 s request timeout, 503 while closing, and the server's JSON error shape for what fastify or
 * node refuse before any route runs (a URL fastify cannot decode: 400 `bad_url`; 431/408/400 from node's parser).
 */
export function createHttpApp(options: HttpAppOptions): FastifyInstance {
  return Fastify({
    logger: options.logger ?? false,
    bodyLimit: options.bodyLimit,
    requestTimeout: 60_000,
    return503OnClosing: true,
    ...options.fastify,
    frameworkErrors: (error, _request, reply) => {
      void (reply as FastifyReply).code(400).send(options.errorBody("bad_url", `url: ${error.message}`, "url"));
    },
    clientErrorHandler: clientErrorReply(options.errorBody),
  });
}
