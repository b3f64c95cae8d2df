import type { FastifyInstance } from "fastify";

/**
 * One request to `app` through fastify's inject (no socket), the tests' way to call a route: `body` is sent as JSON
 * (a string as it is, for malformed bodies) with its content-type; answers the status, the parsed JSON body and the
 * headers.
 */
export async function injectJson(
  app: FastifyInstance,
  method: "GET" | "POST",
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const res = await app.inject({
    method,
    url,
    headers: body === undefined ? headers : { "content-type": "application/json", ...headers },
    ...(body === undefined ? {} : { payload: typeof body === "string" ? body : JSON.stringify(body) }),
  });
  return { status: res.statusCode, body: res.json() as any, headers: res.headers };
}
