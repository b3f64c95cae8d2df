import { request } from "node:http";
import { CosirError, InvalidArgumentError } from "@cosir/bayes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChatCompletionRequest } from "./chat-completion-request";
import type { ChatResponder } from "./chat-responder";
import { createChatServer } from "./create-chat-server";
import { type RunningChatServer, startChatServer } from "./start-chat-server";

/** A responder echoing the last message; "refuse" is refused like a checkpoint refuses non-canonical text. */
const seen: ChatCompletionRequest[] = [];
const respond: ChatResponder = async (chat) => {
  seen.push(chat);
  const text = chat.messages[chat.messages.length - 1]!.content;
  if (text === "refuse")
    throw Object.assign(new CosirError("invalid_request", "messages[0].content: no"), {
      status: 400,
      param: "messages[0].content",
    });
  if (text === "crash") throw new TypeError("boom");
  return {
    content: text.toUpperCase(),
    finishReason: "length",
    tokens: [{ token: "T", logprob: -0.5 }],
    promptTokens: 3,
  };
};
const app = () => createChatServer({ respond, modelName: "tiny", maxBodyBytes: 4096, maxConcurrency: 1 }).app;
const post = (a: ReturnType<typeof app>, payload: unknown, url = "/v1/chat/completions") =>
  a.inject({
    method: "POST",
    url,
    payload: typeof payload === "string" ? payload : JSON.stringify(payload),
    headers: { "content-type": "application/json" },
  });
const user = (content: string) => ({ messages: [{ role: "user", content }] });

describe("createChatServer", () => {
  it("lists its model and answers GET /health, trailing slashes and queries allowed", async () => {
    const a = app();
    const models = await a.inject({ url: "/v1/models/?x=1" });
    expect(models.statusCode).toBe(200);
    expect(models.headers["content-type"]).toBe("application/json");
    expect(models.body).toBe(
      '{"object":"list","data":[{"id":"tiny","object":"model","created":0,"owned_by":"cosir"}]}',
    );
    expect((await a.inject({ method: "POST", url: "/health//" })).json()).toEqual({ status: "ok" });
  });

  it("answers a chat completion from the responder, whatever the content-type", async () => {
    const a = app();
    const res = await post(a, { ...user("hello"), seed: 5, logprobs: true, max_tokens: 4 });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      object: "chat.completion",
      model: "tiny",
      usage: { prompt_tokens: 3, completion_tokens: 1, total_tokens: 4 },
    });
    expect(body.choices[0].message).toEqual({ role: "assistant", content: "HELLO" });
    expect(body.choices[0].logprobs.content).toHaveLength(1);
    expect(seen.at(-1)).toEqual({ ...user("hello"), seed: 5, logprobs: true, maxTokens: 4 });
    const plain = await a.inject({
      method: "POST",
      url: "/v1/chat/completions",
      payload: JSON.stringify(user("x")),
      headers: { "content-type": "text/plain" },
    });
    expect(plain.json().choices[0].message.content).toBe("X");
  });

  it("rejects malformed requests and refusals with 400 naming the field, in OpenAI's error shape", async () => {
    const a = app();
    const bad = await post(a, "{ nope");
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      error: {
        message: "body is not valid JSON: Expected property name or '}' in JSON at position 2",
        type: "invalid_request_error",
        param: null,
        code: null,
      },
    });
    const empty = await a.inject({ method: "POST", url: "/v1/chat/completions" });
    expect(empty.json().error.message).toBe("body is not valid JSON: Unexpected end of JSON input");
    const refused = await post(a, user("refuse"));
    expect([refused.statusCode, refused.json().error.param]).toEqual([400, "messages[0].content"]);
    const crashed = await post(a, user("crash"));
    expect([crashed.statusCode, crashed.json().error]).toEqual([
      500,
      { message: "internal error: boom", type: "server_error", param: null, code: null },
    ]);
  });

  it("answers 413 over the body limit, 404 for unknown routes and 405 naming the method", async () => {
    const a = app();
    const big = await post(a, user("x".repeat(10_000)));
    expect(big.statusCode).toBe(413);
    expect(big.json().error.message).toBe("request body of 10043 bytes exceeds the limit of 4096 bytes");
    const nope = await a.inject({ url: "/nope/?q" });
    expect([nope.statusCode, nope.json().error.message]).toEqual([
      404,
      "no route /nope; try POST /v1/chat/completions or GET /v1/models",
    ]);
    const get = await a.inject({ url: "/v1/chat/completions" });
    expect([get.statusCode, get.json().error.message]).toEqual([
      405,
      "GET is not allowed on /v1/chat/completions; use POST",
    ]);
    expect((await a.inject({ method: "HEAD", url: "/v1/models" })).statusCode).toBe(405);
  });

  it("names a bad limit", () => {
    expect(() => createChatServer({ respond, modelName: "m", maxConcurrency: 0 })).toThrow(InvalidArgumentError);
    expect(() => createChatServer({ respond, modelName: "m", maxBodyBytes: 1.5 })).toThrow(
      /^maxBodyBytes: expected a positive integer/,
    );
  });
});

describe("startChatServer", () => {
  let served: RunningChatServer;
  const lines: string[] = [];
  beforeAll(async () => {
    served = await startChatServer({
      respond,
      modelName: "tiny",
      port: 0,
      maxBodyBytes: 4096,
      maxConcurrency: 1,
      log: (l) => lines.push(l),
    });
  });
  afterAll(() => served.close());

  it("listens on 127.0.0.1 under /v1 and logs one line per request", async () => {
    expect(served.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    expect((await fetch(`${served.url}/models/`)).status).toBe(200);
    expect(lines.at(-1)).toMatch(/^GET \/v1\/models\/ -> 200 in \d+ ms$/);
    await expect(startChatServer({ respond, modelName: "m", port: 70_000 })).rejects.toThrow(
      /^port: expected an integer in 0\.\.65535/,
    );
  });

  it("returns 429 with Retry-After when more requests are in flight than allowed, and frees the slot after", async () => {
    // hold one request open mid-body, then a second one is over the limit of 1
    const held = request(`${served.url}/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json", "content-length": "100" },
    });
    held.on("error", () => undefined);
    held.write('{"messages": ');
    await new Promise((r) => setTimeout(r, 100));
    const body = JSON.stringify(user("x"));
    const res = await fetch(`${served.url}/chat/completions`, { method: "POST", body });
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toBe("1");
    expect(((await res.json()) as { error: unknown }).error).toEqual({
      message: "too many requests in flight (limit 1); retry later",
      type: "rate_limit_error",
      param: null,
      code: null,
    });
    held.destroy();
    await new Promise((r) => setTimeout(r, 100));
    expect((await fetch(`${served.url}/chat/completions`, { method: "POST", body })).status).toBe(200);
  });

  it("answers a chunked body over the limit with 413", async () => {
    const stream = new ReadableStream({
      start(c) {
        c.enqueue(new TextEncoder().encode("x".repeat(5000)));
        c.close();
      },
    });
    const res = await fetch(`${served.url}/chat/completions`, {
      method: "POST",
      body: stream,
      duplex: "half",
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
      "request body exceeds the limit of 4096 bytes",
    );
  });
});
