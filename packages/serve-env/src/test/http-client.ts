import { Agent, request } from "node:http";

export interface HttpResult {
  status: number;
  body: any;
  ms: number;
}

/** A small loopback JSON client (keep-alive, bounded sockets) for the load test and the bench's twin. */
export function httpClient(
  baseUrl: string,
  maxSockets = 64,
): {
  send(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<HttpResult>;
  close(): void;
} {
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
            const chunks: Buffer[] = [];
            res.on("data", (c: Buffer) => chunks.push(c));
            res.on("end", () => {
              const text = Buffer.concat(chunks).toString("utf8");
              let parsed: unknown = text;
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
