import { rm } from "node:fs/promises";
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tinyCheckpoint } from "../../test-support/tiny-checkpoint";
import { serveCheckpoint, type ServedCheckpoint } from "./serve-checkpoint";

let served: ServedCheckpoint;
let root: string;
const observation = "AGENT A0 OF 3 OPTIONS 3 ATTRIBUTES 2 LEVELS 1 5 SUM SEE o0 a1 4 o2 a0 5 HISTORY ROUND 1 OF 2 SAY";

beforeAll(async () => {
  const ckpt = await tinyCheckpoint();
  root = ckpt.root;
  served = await serveCheckpoint({
    checkpoint: ckpt.dir,
    port: 0,
    maxBodyBytes: 4096,
    maxConcurrency: 1,
    maxTokens: 8,
  });
});
afterAll(async () => {
  await served.close();
  await rm(root, { recursive: true, force: true });
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;
const json = async (res: Response): Promise<Json> => (await res.json()) as Json;
const post = (body: unknown) =>
  fetch(`${served.url}/chat/completions`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

describe("serveCheckpoint", () => {
  it("listens on 127.0.0.1 and lists its model", async () => {
    expect(served.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    const res = await fetch(`${served.url}/models`);
    expect(res.status).toBe(200);
    expect((await json(res)).data[0].id).toBe("tiny");
  });

  it("answers a chat completion whose last user message is canonical observation text, reproducibly with a seed", async () => {
    const body = {
      model: "tiny",
      messages: [
        { role: "system", content: "ignored" },
        { role: "user", content: observation },
      ],
      seed: 5,
      logprobs: true,
    };
    const a = await json(await post(body));
    const b = await json(await post(body));
    expect(a.object).toBe("chat.completion");
    expect(typeof a.choices[0].message.content).toBe("string");
    expect(a.choices[0].message.content).toBe(b.choices[0].message.content);
    expect(["stop", "length"]).toContain(a.choices[0].finish_reason);
    expect(a.usage.completion_tokens).toBe(a.choices[0].logprobs.content.length);
    expect(a.usage.completion_tokens).toBeLessThanOrEqual(8);
  });

  it("rejects malformed requests with 400 naming the field", async () => {
    const cases: [unknown, RegExp][] = [
      ["{ nope", /not valid JSON/],
      [{ messages: [] }, /^messages:/],
      [{ messages: [{ role: "user", content: 3 }] }, /messages\[0\]\.content/],
      [{ messages: [{ role: "user", content: observation }], temperature: -1 }, /^temperature:/],
      [{ messages: [{ role: "user", content: observation }], stream: true }, /^stream:/],
      [{ messages: [{ role: "assistant", content: observation }] }, /role "user"/],
      [
        { messages: [{ role: "user", content: "What is the price of the second restaurant?" }] },
        /messages\[0\]\.content: expected canonical observation text/,
      ],
    ];
    for (const [body, message] of cases) {
      const res = await post(body);
      expect(res.status).toBe(400);
      expect((await json(res)).error.message).toMatch(message);
    }
  });

  it("returns 413 for an oversize body, 404 for unknown routes and 405 for wrong methods", async () => {
    const big = await post({ messages: [{ role: "user", content: "x".repeat(10_000) }] });
    expect(big.status).toBe(413);
    expect((await fetch(`${served.url}/nope`)).status).toBe(404);
    expect((await fetch(`${served.url}/chat/completions`)).status).toBe(405);
  });

  it("returns 429 with Retry-After when more requests are in flight than allowed", async () => {
    // hold one request open mid-body, then a second one is over the limit of 1
    const held = request(`${served.url}/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json", "content-length": "100" },
    });
    held.on("error", () => undefined);
    held.write('{"messages": ');
    await new Promise((r) => setTimeout(r, 100));
    const res = await post({ messages: [{ role: "user", content: observation }] });
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toBe("1");
    held.destroy();
  });
});
