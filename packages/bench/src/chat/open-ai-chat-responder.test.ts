import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { EndpointUnreachableError } from "./endpoint-unreachable-error";
import { openAiChatResponder } from "./open-ai-chat-responder";
import { responderPolicy } from "./responder-policy";

/** A 127.0.0.1 server answering with `handler(n)` for the n-th request (1-based): [status, body]. */
async function serve(handler: (n: number, body: string) => [number, string]) {
  let n = 0;
  const bodies: string[] = [];
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      bodies.push(body);
      const [status, text] = handler(++n, body);
      res.writeHead(status).end(text);
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    bodies,
    hits: () => n,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
const ok = (content: string) => JSON.stringify({ choices: [{ message: { role: "assistant", content } }] });

describe("openAiChatResponder (a thin adapter on @cosir/policy's endpointClient)", () => {
  it("sends role and content only, greedy, to <origin>/v1/chat/completions, and replies in order", async () => {
    const s = await serve((_n, body) => [200, ok(JSON.parse(body).messages[0].content.toUpperCase())]);
    try {
      const r = openAiChatResponder({ baseUrl: s.url, model: "m", seed: 4 });
      expect(r.name).toBe("chat:m");
      const convo = [{ role: "user", content: "a", extra: 1 }] as never;
      expect(await r.complete([convo, [{ role: "user", content: "b" }]])).toEqual(["A", "B"]);
      expect(s.bodies[0]).toBe(
        '{"model":"m","messages":[{"role":"user","content":"a"}],"max_tokens":256,"temperature":0,"seed":4,"stream":false}',
      );
    } finally {
      await s.close();
    }
  });

  it("a failed call is an {error} reply, and [chat error: ...] text from complete; a 4xx is not retried", async () => {
    const s = await serve((n) => (n <= 3 ? [500, "boom [x]"] : [400, "bad"]));
    try {
      const r = openAiChatResponder({ baseUrl: `${s.url}/v1`, model: "m", retries: 2, backoffMs: 1 });
      expect(await r.reply?.([{ role: "user", content: "q" }])).toEqual({ error: "HTTP 500: boom [x]" });
      expect(await r.complete([[{ role: "user", content: "q" }]])).toEqual([
        "[chat error: HTTP 400: bad (not retried)]",
      ]);
      expect(s.hits()).toBe(4);
    } finally {
      await s.close();
    }
  });

  it("throws EndpointUnreachableError on 401/403/404, also through responderPolicy", async () => {
    const s = await serve(() => [403, "forbidden"]);
    try {
      const r = openAiChatResponder({ baseUrl: s.url, model: "m" });
      await expect(r.complete([[{ role: "user", content: "q" }]])).rejects.toBeInstanceOf(EndpointUnreachableError);
      const policy = responderPolicy(r, "named");
      expect(policy.name).toBe("named");
      await expect(policy.act([{ chat: [{ role: "user", content: "q" }] } as never])).rejects.toThrow(
        /is unreachable: HTTP 403: forbidden$/,
      );
    } finally {
      await s.close();
    }
  });

  it("names bad options as before", () => {
    expect(() => openAiChatResponder({ baseUrl: "localhost:8000", model: "m" })).toThrow(/^baseUrl:/);
    expect(() => openAiChatResponder({ baseUrl: "http://h", model: "" })).toThrow(/^model:/);
    expect(() => openAiChatResponder({ baseUrl: "http://h", model: "m", retries: -1 })).toThrow(/^retries:/);
  });
});
