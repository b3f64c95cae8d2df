import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { generateTask, runEpisode, type Observation } from "@cosir/env";
import { CHAT_ERROR_PREFIX } from "@cosir/env";
import { chatCompletionsUrl } from "./chat-completions-url";
import { ChatPolicy } from "./chat-policy";

// ChatPolicy against a real `cosir serve` (a checkpoint on serve-env's chat server) is tested in
// packages/cli/src/commands/serve.test.ts: policy cannot import serve-env.

/** A node:http server on 127.0.0.1 answering every request with `handler`. */
async function fake(
  handler: Parameters<typeof createServer>[1],
): Promise<{ url: string; server: Server; close: () => Promise<void> }> {
  const server = createServer(handler);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    server,
    close: () =>
      new Promise<void>((r) => {
        server.close(() => r());
        server.closeAllConnections();
      }),
  };
}

const reply = (content: string) =>
  JSON.stringify({ choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }] });
const task = generateTask({ family: "random", seed: 4 });
const fast = { backoffMs: 1, maxBackoffMs: 5, timeoutMs: 2_000 };

describe("ChatPolicy", () => {
  it("retries a server that returns 500, then records the failure and the episode goes on", async () => {
    let hits = 0;
    const server = await fake((_req, res) => {
      hits++;
      res.writeHead(500, { "content-type": "text/plain" }).end("boom");
    });
    const policy = new ChatPolicy({ baseUrl: server.url, retries: 2, ...fast });
    const trace = await runEpisode(task, policy, { surface: "natural" });
    const steps = [...trace.messages, ...trace.choices];
    expect(hits).toBe(steps.length * 3);
    for (const m of steps) {
      expect(m.text).toBe(`${CHAT_ERROR_PREFIX}HTTP 500: boom]`);
      expect(m.parseError).toBeDefined();
    }
    expect(trace.teamDecision).toBeNull();
    expect(policy.stats).toEqual({ requests: steps.length * 3, retries: steps.length * 2, failures: steps.length });
    await server.close();
  });

  it("keeps the reason verbatim, brackets included: it is what lies between the prefix and the final ]", async () => {
    const detail = '{"error": {"message": "messages[0].content [tool] is invalid"}}';
    const server = await fake((_req, res) => {
      res.writeHead(400, { "content-type": "application/json" }).end(detail);
    });
    const obs = { chat: [{ role: "user", content: "hi" }], text: "" } as unknown as Observation;
    const [action] = await new ChatPolicy({ baseUrl: server.url, retries: 0, ...fast }).act([obs]);
    expect(action!.text).toBe(`${CHAT_ERROR_PREFIX}HTTP 400: ${detail}]`);
    expect(action!.text.slice(CHAT_ERROR_PREFIX.length, -1)).toBe(`HTTP 400: ${detail}`);
    await server.close();
  });

  it("gives up on a server that stalls past the timeout", async () => {
    const server = await fake(() => undefined); // never answers
    const policy = new ChatPolicy({ baseUrl: server.url, retries: 1, ...fast, timeoutMs: 150 });

    const [action] = await policy.act([
      { chat: [{ role: "user", content: "hi" }], text: "" } as unknown as Observation,
    ]);
    expect(action!.text).toBe(`${CHAT_ERROR_PREFIX}timed out after 150 ms]`);
    await server.close();
  });

  it("treats garbage replies as failures, and does not retry a 400", async () => {
    let hits = 0;
    const garbage = await fake((_req, res) => {
      hits++;
      res.writeHead(200, { "content-type": "application/json" }).end("<html>not json</html>");
    });
    const obs = { chat: [{ role: "user", content: "hi" }], text: "" } as unknown as Observation;
    const [a] = await new ChatPolicy({ baseUrl: garbage.url, retries: 1, ...fast }).act([obs]);
    expect(a!.text).toMatch(/^\[chat error: reply is not JSON/);
    expect(hits).toBe(2);
    await garbage.close();

    let hits400 = 0;
    const wrongShape = await fake((_req, res) => {
      hits400++;
      res.writeHead(400).end(JSON.stringify({ error: { message: "bad model" } }));
    });
    const [b] = await new ChatPolicy({ baseUrl: wrongShape.url, retries: 3, ...fast }).act([obs]);
    expect(b!.text).toMatch(/^\[chat error: HTTP 400/);
    expect(hits400).toBe(1);
    await wrongShape.close();
  });

  it("sends the model, key and sampling options, and keeps at most `concurrency` requests in flight", async () => {
    let inFlight = 0;
    let peak = 0;
    const bodies: { model: string; temperature: number; messages: unknown[] }[] = [];
    const auth: (string | undefined)[] = [];
    const server = await fake((req, res) => {
      inFlight++;
      peak = Math.max(peak, inFlight);
      auth.push(req.headers.authorization);
      let data = "";
      req.on("data", (c) => (data += c));
      req.on("end", () => {
        bodies.push(JSON.parse(data));
        setTimeout(() => {
          inFlight--;
          res.writeHead(200, { "content-type": "application/json" }).end(reply("Nothing to add."));
        }, 20);
      });
    });
    const policy = new ChatPolicy({
      baseUrl: server.url,
      model: "m1",
      apiKey: "k1",
      temperature: 0.3,
      concurrency: 2,
      ...fast,
    });
    const obs = Array.from(
      { length: 7 },
      (_, i) => ({ chat: [{ role: "user", content: `q${i}` }], text: "" }) as unknown as Observation,
    );
    const actions = await policy.act(obs);
    expect(actions.map((a) => a.text)).toEqual(Array(7).fill("Nothing to add."));
    expect(peak).toBe(2);
    expect(bodies.every((b) => b.model === "m1" && b.temperature === 0.3)).toBe(true);
    expect(auth.every((a) => a === "Bearer k1")).toBe(true);
    await server.close();
  });

  it("never credits a reply's <think> block: kept in the trace by default, dropped on request", async () => {
    const nat = generateTask({ family: "hiddenProfile", seed: 1, domain: "restaurants" });
    const text = "<think>I propose Restaurant A. Restaurant A has service 5.</think>\nNothing to add.";
    const server = await fake((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" }).end(reply(text));
    });
    try {
      const kept = await runEpisode(nat, new ChatPolicy({ baseUrl: server.url, ...fast }), { surface: "natural" });
      expect(kept.messages[0]?.text).toBe(text);
      for (const m of kept.messages) expect(m.acts).toEqual([{ kind: "pass" }]);
      const dropped = new ChatPolicy({ baseUrl: server.url, reasoning: "drop", ...fast });
      const trace = await runEpisode(nat, dropped, { surface: "natural" });
      expect(trace.messages[0]?.text).toBe("Nothing to add.");
      expect(trace.messages.map((m) => m.acts)).toEqual(kept.messages.map((m) => m.acts));
    } finally {
      await server.close();
    }
    expect(() => new ChatPolicy({ reasoning: "hide" as "drop" })).toThrow(/reasoning/);
  });

  it("reads base URL, model and key from the environment, and normalises the URL", () => {
    const saved = { ...process.env };
    process.env.COSIR_CHAT_BASE_URL = "http://example.invalid:9000";
    process.env.COSIR_CHAT_MODEL = "env-model";
    process.env.OPENAI_API_KEY = "from-openai";
    const policy = new ChatPolicy();
    expect(policy.url).toBe("http://example.invalid:9000/v1/chat/completions");
    expect(policy.model).toBe("env-model");
    process.env = saved;
    expect(chatCompletionsUrl("http://h:1/v1/")).toBe("http://h:1/v1/chat/completions");
    expect(() => new ChatPolicy({ baseUrl: "ftp://x" })).toThrow(/baseUrl/);
    expect(() => new ChatPolicy({ concurrency: 0 })).toThrow(/concurrency/);
  });

  it("plays a full episode on the tool surface against a server that answers only with tool calls", async () => {
    const requests: { tools?: { function: { name: string; parameters: Record<string, unknown> } }[] }[] = [];
    const server = await fake((req, res) => {
      let raw = "";
      req.on("data", (chunk) => {
        raw += chunk;
      });
      req.on("end", () => {
        const body = JSON.parse(raw) as (typeof requests)[number];
        requests.push(body);
        const tools = body.tools ?? [];
        const enumOf = (tool: string, field: string): string => {
          const params = tools.find((t) => t.function.name === tool)?.function.parameters as {
            properties: Record<string, { enum: string[] }>;
          };
          return params.properties[field]?.enum[1] as string;
        };
        const calls = tools.some((t) => t.function.name === "choose")
          ? [{ name: "choose", arguments: { option: enumOf("choose", "option") } }]
          : [
              {
                name: "share",
                arguments: { option: enumOf("share", "option"), attribute: enumOf("share", "attribute"), level: 2 },
              },
              {
                name: "ask",
                arguments: { option: enumOf("ask", "option"), attribute: enumOf("ask", "attribute"), to: 1 },
              },
              { name: "propose", arguments: { option: enumOf("propose", "option") } },
            ];
        res.setHeader("content-type", "application/json");
        res.end(
          JSON.stringify({
            choices: [
              {
                index: 0,
                message: {
                  role: "assistant",
                  content: null,
                  tool_calls: calls.map((c, k) => ({
                    id: `call_${k}`,
                    type: "function",
                    function: { name: c.name, arguments: JSON.stringify(c.arguments) },
                  })),
                },
                finish_reason: "tool_calls",
              },
            ],
          }),
        );
      });
    });
    try {
      const policy = new ChatPolicy({ baseUrl: server.url, surface: "tool", ...fast });
      const trace = await runEpisode(task, policy, { surface: "tool" });
      expect(trace.surface).toBe("tool");
      expect(trace.messages.length).toBe(task.rounds * task.agents);
      for (const m of trace.messages) {
        expect(m.parseError).toBeUndefined();
        expect(m.acts).toEqual([
          { kind: "share", option: 1, attribute: 1, level: 2 },
          { kind: "ask", option: 1, attribute: 1, to: 0 },
          { kind: "propose", option: 1 },
        ]);
      }
      expect(trace.choices.map((c) => c.choice)).toEqual(trace.choices.map(() => 1));
      expect(trace.teamDecision).toBe(1);
      expect(requests.length).toBe(trace.messages.length + trace.choices.length + trace.preChoices.length);
      for (const r of requests) expect(r.tools?.length).toBeGreaterThan(0);
      expect(policy.stats.failures).toBe(0);
    } finally {
      await server.close();
    }
  });

  it("on the tool surface reads a reply without tool calls as natural text, and bad calls as unreadable", async () => {
    const prose = "Restaurant B has food quality 4 and service 2.";
    let k = 0;
    const server = await fake((_req, res) => {
      const bad = k++ % 2 === 1;
      res.setHeader("content-type", "application/json");
      res.end(
        JSON.stringify({
          choices: [
            {
              message: bad
                ? { content: null, tool_calls: [{ type: "function", function: { name: "share", arguments: "{oops" } }] }
                : { content: prose },
            },
          ],
        }),
      );
    });
    try {
      const t = generateTask({ family: "hiddenProfile", seed: 1 });
      const trace = await runEpisode(t, new ChatPolicy({ baseUrl: server.url, surface: "tool", ...fast }), {
        surface: "tool",
      });
      const [first, second] = trace.messages;
      expect(first?.acts).toEqual([
        { kind: "share", option: 1, attribute: 0, level: 4 },
        { kind: "share", option: 1, attribute: 1, level: 2 },
      ]);
      expect(second?.parseError).toMatch(/arguments are not JSON/);
    } finally {
      await server.close();
    }
  });
});
