import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { httpClient } from "../test/http-client.mjs";
import { startEnvServer, type RunningEnvServer } from "./start-env-server";

let server: RunningEnvServer;
let http: ReturnType<typeof httpClient>;
beforeAll(async () => {
  server = await startEnvServer({ port: 0, scoringThreads: 0 });
  http = httpClient(server.url, 4);
});
afterAll(async () => {
  http.close();
  await server.close();
});

/** Sends raw bytes and returns the whole reply as text (the server closes the connection after an error). */
function raw(bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(server.port, "127.0.0.1", () => socket.end(bytes));
    let text = "";
    socket.on("data", (c) => (text += c.toString("utf8")));
    socket.on("end", () => resolve(text));
    socket.on("error", reject);
  });
}

function jsonOf(reply: string): unknown {
  return JSON.parse(reply.slice(reply.indexOf("\r\n\r\n") + 4));
}

describe("every 4xx has the {error: {code, message, field?}} shape", () => {
  it("bad percent-encoding in the path is 400 bad_url naming the url", async () => {
    for (const path of ["/v1/episodes/%E0%A4%A", "/v1/episodes/%zz/step"]) {
      const r = await http.send("GET", path);
      expect(r.status).toBe(400);
      expect(r.body.error).toMatchObject({ code: "bad_url", field: "url" });
      expect(r.body.error.message).toMatch(/^url: /);
    }
  });

  it("headers over node's limit are 431 headers_too_large", async () => {
    const reply = await raw(`GET /healthz HTTP/1.1\r\nhost: x\r\nx-big: ${"a".repeat(20_000)}\r\n\r\n`);
    expect(reply.startsWith("HTTP/1.1 431 ")).toBe(true);
    expect(jsonOf(reply)).toEqual({
      error: { code: "headers_too_large", message: "headers: larger than the server accepts" },
    });
  });

  it("a request node cannot parse is 400 bad_request", async () => {
    const reply = await raw("NOT HTTP AT ALL\r\n\r\n");
    expect(reply.startsWith("HTTP/1.1 400 ")).toBe(true);
    expect((jsonOf(reply) as { error: { code: string } }).error.code).toBe("bad_request");
  });
});
