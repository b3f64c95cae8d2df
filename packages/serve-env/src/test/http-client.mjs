// A small loopback JSON client, in plain JavaScript so that the tests and `pnpm bench` (bench/*.mjs, run by node
// without a build step) share it. Types: http-client.d.mts.
import { Agent, request } from "node:http";

/** A keep-alive JSON client for `baseUrl` with at most `maxSockets` sockets; each result carries its time in ms. */
export function httpClient(baseUrl, maxSockets = 64) {
  const url = new URL(baseUrl);
  const agent = new Agent({ keepAlive: true, maxSockets });
  return {
    send(method, path, body, headers = {}) {
      const payload = body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body);
      const start = performance.now();
      return new Promise((resolve, reject) => {
        const req = request(
          {
            host: url.hostname,
            port: url.port,
            method,
            path,
            agent,
            headers: {
              ...(payload !== undefined
                ? { "content-type": "application/json", "content-length": Buffer.byteLength(payload) }
                : {}),
              ...headers,
            },
          },
          (res) => {
            const chunks = [];
            res.on("data", (c) => chunks.push(c));
            res.on("end", () => {
              const text = Buffer.concat(chunks).toString("utf8");
              let parsed = text;
              try {
                parsed = JSON.parse(text);
              } catch {
                // keep the text
              }
              resolve({ status: res.statusCode ?? 0, body: parsed, ms: performance.now() - start });
            });
            res.on("error", reject);
          },
        );
        req.on("error", reject);
        if (payload !== undefined) req.write(payload);
        req.end();
      });
    },
    close: () => agent.destroy(),
  };
}
