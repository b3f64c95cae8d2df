import { describe, expect, it } from "vitest";
import { chatReplyBody, closedPort, fakeChatServer } from "../test-support/fake-chat-server";
import { endpointClient } from "./endpoint-client";
import { EndpointUnreachableError } from "./endpoint-unreachable-error";

const hi = [{ role: "user" as const, content: "hi" }];

describe("endpointClient", () => {
  it("builds the completions URL as openAiChatResponder always did (a bare origin gets /v1)", () => {
    const url = (baseUrl: string) => endpointClient({ baseUrl, model: "m" }).url;
    expect(url("http://h:1")).toBe("http://h:1/v1/chat/completions");
    expect(url("http://h:1/")).toBe("http://h:1/v1/chat/completions");
    expect(url("https://h/api/v1//")).toBe("https://h/api/v1/chat/completions");
    expect(() => url("ftp://h")).toThrow(/^baseUrl: expected an http\(s\) URL/);
    expect(() => endpointClient({ baseUrl: "http://h", model: "" })).toThrow(/^model:/);
    expect(() => endpointClient({ baseUrl: "http://h", model: "m", concurrency: 0 })).toThrow(/^concurrency:/);
  });

  it("is greedy by default, backs off without jitter, marks a 4xx as not retried and stops on 404", async () => {
    const s = await fakeChatServer((req, res) => {
      if (req.headers["x-case"] === undefined && s.hits() <= 2) res.writeHead(503).end();
      else res.writeHead(200).end(chatReplyBody("ok"));
    });
    try {
      const c = endpointClient({ baseUrl: s.url, model: "m", seed: 2, backoffMs: 1 });
      expect(await c.reply(hi)).toEqual({ text: "ok" });
      expect(s.bodies[0]).toBe(
        '{"model":"m","messages":[{"role":"user","content":"hi"}],"max_tokens":256,"temperature":0,"seed":2,"stream":false}',
      );
      expect(c.stats).toEqual({ requests: 3, retries: 2, failures: 0 });
    } finally {
      await s.close();
    }
    const bad = await fakeChatServer((req, res) => res.writeHead(req.url?.includes("nope") ? 404 : 422).end("no"));
    try {
      expect(await endpointClient({ baseUrl: bad.url, model: "m" }).reply(hi)).toEqual({
        error: "HTTP 422: no (not retried)",
      });
      await expect(endpointClient({ baseUrl: `${bad.url}/nope`, model: "m" }).reply(hi)).rejects.toBeInstanceOf(
        EndpointUnreachableError,
      );
    } finally {
      await bad.close();
    }
  });

  it("omits temperature and max_tokens when they are null, and merges a call's own body fields", async () => {
    const s = await fakeChatServer((_req, res) => res.writeHead(200).end(chatReplyBody("ok")));
    try {
      const c = endpointClient({ baseUrl: s.url, model: "m", temperature: null, maxTokens: null });
      expect(await c.reply(hi, { body: { response_format: { type: "json_object" } } })).toEqual({ text: "ok" });
      expect(await c.reply(hi)).toEqual({ text: "ok" });
      expect(s.bodies[0]).toBe(
        '{"model":"m","messages":[{"role":"user","content":"hi"}],"response_format":{"type":"json_object"},"stream":false}',
      );
      expect(s.bodies[1]).toBe('{"model":"m","messages":[{"role":"user","content":"hi"}],"stream":false}');
    } finally {
      await s.close();
    }
  });

  it("stops at once on a closed port", async () => {
    const c = endpointClient({ baseUrl: `http://127.0.0.1:${await closedPort()}`, model: "m" });
    await expect(c.reply(hi)).rejects.toThrow(/is unreachable: ECONNREFUSED$/);
    expect(c.calls).toBe(0);
  });
});
