import { toolCallsToText } from "@cosir/env";
import { afterEach, describe, expect, it } from "vitest";
import { chatReplyBody, closedPort, fakeChatServer } from "../test-support/fake-chat-server";
import { EndpointUnreachableError } from "./endpoint-unreachable-error";
import { OpenAiClient, type OpenAiClientOptions } from "./open-ai-client";

const servers: { close: () => Promise<void> }[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});
async function serve(handler: Parameters<typeof fakeChatServer>[0]) {
  const s = await fakeChatServer(handler);
  servers.push(s);
  return s;
}
const client = (url: string, o: Partial<OpenAiClientOptions> = {}) =>
  new OpenAiClient({ url: `${url}/chat/completions`, model: "m", backoffMs: 1, maxBackoffMs: 5, ...o });
const hi = [{ role: "user" as const, content: "hi" }];

describe("OpenAiClient against a 127.0.0.1 server", () => {
  it("retries 5xx and 429 until an answer, counting requests and retries", async () => {
    const s = await serve((_req, res) => {
      if (s.hits() < 3) res.writeHead(s.hits() === 1 ? 503 : 429).end("busy");
      else res.writeHead(200, { "content-type": "application/json" }).end(chatReplyBody("ok"));
    });
    const c = client(s.url, { retries: 2 });
    expect(await c.reply(hi)).toEqual({ text: "ok" });
    expect(s.hits()).toBe(3);
    expect(c.stats).toEqual({ requests: 3, retries: 2, failures: 0 });
    expect([c.calls, c.lastError]).toEqual([1, ""]);
  });

  it("gives up after `retries` retries with the last error, and never retries a 4xx", async () => {
    const s500 = await serve((_req, res) => res.writeHead(500).end("boom\n  again"));
    const c = client(s500.url, { retries: 1 });
    expect(await c.reply(hi)).toEqual({ error: "HTTP 500: boom again" });
    expect(s500.hits()).toBe(2);
    expect([c.calls, c.stats.failures, c.lastError]).toEqual([1, 1, "HTTP 500: boom again"]);
    const s400 = await serve((_req, res) => res.writeHead(400).end("bad"));
    expect(await client(s400.url, { retries: 3 }).reply(hi)).toEqual({ error: "HTTP 400: bad" });
    expect(await client(s400.url, { notRetriedSuffix: " (not retried)" }).reply(hi)).toEqual({
      error: "HTTP 400: bad (not retried)",
    });
    expect(s400.hits()).toBe(2);
  });

  it("times out a server that never answers, per attempt", async () => {
    const s = await serve(() => undefined);
    const started = Date.now();
    expect(await client(s.url, { timeoutMs: 100, retries: 1 }).reply(hi)).toEqual({
      error: "timed out after 100 ms",
    });
    expect(s.hits()).toBe(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
  });

  it("refuses a reply over maxReplyBytes without a retry, and reads one at the limit", async () => {
    const body = chatReplyBody("x".repeat(1000));
    const s = await serve((_req, res) => res.writeHead(200).end(body));
    const size = Buffer.byteLength(body);
    expect(await client(s.url, { maxReplyBytes: size - 1, retries: 2 }).reply(hi)).toEqual({
      error: `reply is larger than ${size - 1} bytes`,
    });
    expect(s.hits()).toBe(1);
    expect(await client(s.url, { maxReplyBytes: size }).reply(hi)).toEqual({ text: "x".repeat(1000) });
  });

  it("sends tools and reads tool calls as <tool_call> text, or ignores them when told to", async () => {
    const call = { type: "function", function: { name: "propose", arguments: '{"option":"B"}' } };
    const s = await serve((_req, res) => res.writeHead(200).end(chatReplyBody("I propose B.", { tool_calls: [call] })));
    const tools = [{ type: "function" as const, function: { name: "propose", description: "", parameters: {} } }];
    const r = await client(s.url).reply(hi, { tools });
    expect(r.text).toBe(`I propose B.\n${toolCallsToText([call])}`);
    expect(r.text).toContain("<tool_call>");
    expect(JSON.parse(s.bodies[0] as string).tools).toEqual(tools);
    expect(await client(s.url, { readToolCalls: false }).reply(hi)).toEqual({ text: "I propose B." });
    expect(JSON.parse(s.bodies[1] as string).tools).toBeUndefined();
  });

  it("retries unreadable replies (not JSON, no content) and names them", async () => {
    const s = await serve((_req, res) => res.writeHead(200).end(s.hits() === 1 ? "<html>" : '{"choices":[]}'));
    expect(await client(s.url, { retries: 1 }).reply(hi)).toEqual({
      error: "reply has no choices[0].message.content string",
    });
    expect(s.hits()).toBe(2);
  });

  it("an unreachable endpoint: an error reply, or EndpointUnreachableError with stopWhenUnreachable", async () => {
    const url = `http://127.0.0.1:${await closedPort()}/v1`;
    expect(await client(url, { retries: 0 }).reply(hi)).toEqual({ error: "request failed: ECONNREFUSED" });
    await expect(client(url, { stopWhenUnreachable: true }).reply(hi)).rejects.toThrow(
      /^endpoint http:\/\/127\.0\.0\.1:\d+\/v1\/chat\/completions is unreachable: ECONNREFUSED$/,
    );
    const s401 = await serve((_req, res) => res.writeHead(401).end("no key"));
    expect(await client(s401.url).reply(hi)).toEqual({ error: "HTTP 401: no key" });
    await expect(client(s401.url, { stopWhenUnreachable: true }).reply(hi)).rejects.toBeInstanceOf(
      EndpointUnreachableError,
    );
  });

  it("a port fetch refuses to use (6000, 10080): unreachable at once, never retried", async () => {
    for (const port of [6000, 10080]) {
      const url = `http://127.0.0.1:${port}/v1`;
      // Long backoff: a retry would take minutes, so the test only passes when there is none.
      const slow = { retries: 5, backoffMs: 60_000, maxBackoffMs: 60_000 };
      const c = client(url, slow);
      expect(await c.reply(hi)).toEqual({ error: "request failed: bad port" });
      expect(c.stats.retries).toBe(0);
      await expect(client(url, { ...slow, stopWhenUnreachable: true }).reply(hi)).rejects.toThrow(
        new RegExp(`^endpoint http://127\\.0\\.0\\.1:${port}/v1/chat/completions is unreachable: bad port$`),
      );
    }
  }, 5_000);

  it("waits at least Retry-After (capped) unless retryAfter is false", async () => {
    const s = await serve((_req, res) =>
      s.hits() % 2 === 1
        ? res.writeHead(429, { "retry-after": "1" }).end()
        : res.writeHead(200).end(chatReplyBody("ok")),
    );
    let t = Date.now();
    await client(s.url, { maxBackoffMs: 300 }).reply(hi);
    expect(Date.now() - t).toBeGreaterThanOrEqual(290);
    t = Date.now();
    await client(s.url, { maxBackoffMs: 300, retryAfter: false, random: null }).reply(hi);
    expect(Date.now() - t).toBeLessThan(250);
  });

  it("a cancelled signal ends the call with the deadline's error", async () => {
    const s = await serve(() => undefined);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    expect(await client(s.url, { retries: 0 }).reply(hi, { signal: controller.signal })).toEqual({
      error: "cancelled: the run's deadline passed",
    });
    expect(await client(s.url).reply(hi, { signal: controller.signal })).toEqual({
      error: "cancelled: the run's deadline passed",
    });
  });

  it("sends a fixed body (model, messages, max_tokens, sampling, extra fields) and the key", async () => {
    const auth: (string | undefined)[] = [];
    const s = await serve((req, res) => {
      auth.push(req.headers.authorization);
      res.writeHead(200).end(chatReplyBody("ok"));
    });
    await client(s.url, { apiKey: "k", temperature: 0, topP: 0.9, seed: 3, extraBody: { stop: ["\n"] } }).reply(hi);
    await client(s.url).reply(hi);
    expect(s.bodies).toEqual([
      '{"model":"m","messages":[{"role":"user","content":"hi"}],"max_tokens":256,"temperature":0,"top_p":0.9,"seed":3,"stop":["\\n"],"stream":false}',
      '{"model":"m","messages":[{"role":"user","content":"hi"}],"max_tokens":256,"stream":false}',
    ]);
    expect(auth).toEqual(["Bearer k", undefined]);
  });

  it("names a bad option", () => {
    for (const [field, value] of [
      ["maxTokens", 0],
      ["timeoutMs", 1.5],
      ["retries", -1],
      ["backoffMs", -1],
      ["maxBackoffMs", -2],
      ["concurrency", 0],
      ["maxReplyBytes", 0],
    ] as const)
      expect(() => new OpenAiClient({ url: "http://h/v1/chat/completions", model: "m", [field]: value })).toThrow(
        new RegExp(`^${field}: expected an integer`),
      );
    expect(() => new OpenAiClient({ url: "u", model: "m", fetch: 3 as unknown as typeof fetch })).toThrow(/^fetch:/);
    expect(new OpenAiClient({ url: "u", model: "m", maxBackoffMs: Number.POSITIVE_INFINITY }).url).toBe("u");
  });
});
