import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough, Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type HfChatMessage,
  LoraAdapter,
  loadDecoderCheckpoint,
  parseLoraSettings,
  saveLoraAdapter,
  writeTinyCheckpoint,
} from "@cosir/policy/hf";
import { selectBackend } from "@cosir/policy/tfjs";
import { main } from "../main";
import { runServe, serveCommand } from "./serve";

// `cosir serve --model DIR [--adapter DIR]` and `cosir sample --model DIR`, on a tiny random Qwen3 written here
// (Qwen3's real tokenizer and template), over real HTTP on 127.0.0.1.
let root: string;
let model: string;
let adapter: string;
let promptLength: (messages: HfChatMessage[], options: object) => number;

beforeAll(async () => {
  await selectBackend({ log: null });
  root = mkdtempSync(join(tmpdir(), "cosir-serve-model-"));
  model = join(root, "tiny");
  writeTinyCheckpoint(model, { seed: 3, gguf: false });
  const checkpoint = loadDecoderCheckpoint(model);
  const lora = LoraAdapter.create(checkpoint.model, parseLoraSettings({ r: 2 }), 1);
  adapter = join(root, "lora");
  await saveLoraAdapter(adapter, lora, model);
  lora.dispose();
  checkpoint.model.dispose();
  promptLength = (messages, options) =>
    checkpoint.tokenizer.encode(checkpoint.tokenizer.renderChat(messages, { enableThinking: false, ...options }))
      .length;
}, 300_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

function io() {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  const text: string[] = [];
  const errors: string[] = [];
  stdout.on("data", (c: Buffer) => text.push(c.toString()));
  stderr.on("data", (c: Buffer) => errors.push(c.toString()));
  return {
    io: { stdin: Readable.from([""]), stdout, stderr },
    text: () => text.join(""),
    errors: () => errors.join(""),
  };
}

/** Starts `cosir serve` with argv; the caller must call stop (done in a finally). */
async function serve(argv: string[]) {
  const out = io();
  let stop!: (reason: string) => void;
  const stopped = new Promise<string>((r) => (stop = r));
  const run = runServe([...argv, "--port", "0"], out.io, stopped);
  for (let i = 0; i < 1000 && !/on http/.test(out.text()); i++) {
    const early = await Promise.race([run.then(() => "done"), new Promise((r) => setTimeout(r, 20))]);
    if (early === "done") break;
  }
  const url = /on (http:\/\/127\.0\.0\.1:\d+\/v1)/.exec(out.text())?.[1];
  return {
    url: url!,
    async close() {
      stop("test");
      return run;
    },
  };
}

const post = (url: string, body: unknown) =>
  fetch(`${url}/chat/completions`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

const share = {
  type: "function",
  function: { name: "share", description: "Share a cell", parameters: { type: "object", properties: {} } },
};
const user = [{ role: "user" as const, content: "Which option is best?" }];

describe("cosir serve --model", { timeout: 240_000 }, () => {
  it("answers chat completions through the model's template: tools, enable_thinking, sampling fields, 400s", async () => {
    const server = await serve(["--model", model, "--max-tokens", "8"]);
    try {
      expect(server.url).toBeDefined();
      const models = (await (await fetch(`${server.url}/models`)).json()) as { data: { id: string }[] };
      expect(models.data.map((m) => m.id)).toEqual(["tiny"]);
      const body = {
        model: "tiny",
        messages: user,
        tools: [share],
        chat_template_kwargs: { enable_thinking: false },
        temperature: 0.7,
        top_p: 0.9,
        max_tokens: 5,
        seed: 11,
        logprobs: true,
      };
      const first = await post(server.url, body);
      expect(first.status).toBe(200);
      const a = (await first.json()) as any;
      const b = (await (await post(server.url, body)).json()) as any;
      expect(a.object).toBe("chat.completion");
      expect(a.model).toBe("tiny");
      expect(a.choices[0].message).toEqual(b.choices[0].message); // the seed reproduces the reply
      expect(["stop", "length", "tool_calls"]).toContain(a.choices[0].finish_reason);
      expect(a.usage.completion_tokens).toBeLessThanOrEqual(5);
      expect(a.usage.completion_tokens).toBe(a.choices[0].logprobs.content.length);
      // the tools were rendered by the template: the prompt is exactly the template's rendering with them
      expect(a.usage.prompt_tokens).toBe(promptLength(user, { tools: [share] }));
      const thinking = (await (
        await post(server.url, { messages: user, enable_thinking: true, max_tokens: 1 })
      ).json()) as any;
      expect(thinking.usage.prompt_tokens).toBe(promptLength(user, { enableThinking: true }));

      // untrusted bodies: a 400 naming the field, and the server goes on answering
      const refusals: [unknown, string | null][] = [
        ["{ not json", null],
        [{ messages: user, tools: [{ type: "function" }] }, "tools[0]"],
        [{ messages: user, chat_template_kwargs: { enable_thinking: "yes" } }, "chat_template_kwargs.enable_thinking"],
        [{ messages: user, top_p: 2 }, "top_p"],
        [{ messages: [{ role: "robot", content: "x" }] }, "messages[0].role"],
        [
          { messages: [{ role: "assistant", content: null, tool_calls: [{ function: {} }] }] },
          "messages[0].tool_calls[0].function.name",
        ],
      ];
      for (const [bad, param] of refusals) {
        const res = await post(server.url, bad);
        expect(res.status).toBe(400);
        expect(((await res.json()) as any).error.param).toBe(param);
      }
      // an earlier tool call and its result go through the template too
      const withHistory = await post(server.url, {
        messages: [
          ...user,
          {
            role: "assistant",
            content: null,
            tool_calls: [{ id: "c1", type: "function", function: { name: "share", arguments: "{}" } }],
          },
          { role: "tool", tool_call_id: "c1", content: "shared" },
        ],
        tools: [share],
        max_tokens: 1,
      });
      expect(withHistory.status).toBe(200);
    } finally {
      expect(await server.close()).toBe(0);
    }
  });

  it("serves a PEFT adapter on top (--adapter) and refuses flag mixes by name", async () => {
    const server = await serve(["--model", model, "--adapter", adapter, "--max-tokens", "2"]);
    try {
      const reply = (await (await post(server.url, { messages: user })).json()) as any;
      expect(reply.model).toBe("tiny+lora");
      expect(reply.usage.completion_tokens).toBeLessThanOrEqual(2);
    } finally {
      expect(await server.close()).toBe(0);
    }
    const cases: [string[], RegExp][] = [
      [["--adapter", adapter], /--adapter: .*needs --model/],
      [["--model", model, "--checkpoint", model], /--model: .*give one of them/],
      [["--checkpoint", model, "--thinking"], /--thinking: .*needs --model/],
    ];
    for (const [argv, message] of cases) await expect(serveCommand(argv, io().io)).rejects.toThrow(message);
    await expect(runServe(["--model", root, "--port", "0"], io().io, new Promise(() => undefined))).rejects.toThrow(
      /config\.json/,
    );
  });
});

describe("cosir sample", { timeout: 120_000 }, () => {
  it("prints one reply (reproducible from --seed), --json with its tokens", async () => {
    const argv = ["sample", "--model", model, "--prompt", "Hello", "--max-tokens", "4", "--seed", "2", "--json"];
    const runs = [io(), io()];
    for (const r of runs) expect(await main(argv, r.io)).toBe(0);
    const reply = JSON.parse(runs[0]!.text());
    expect(reply.tokens.length).toBeGreaterThan(0);
    expect(reply.tokens.length).toBeLessThanOrEqual(4);
    expect(reply.promptTokens).toBe(promptLength([{ role: "user", content: "Hello" }], {}));
    expect(runs[1]!.text()).toBe(runs[0]!.text());
    const text = io();
    expect(await main(["sample", "--model", model, "--prompt", "Hello", "--max-tokens", "2"], text.io)).toBe(0);
    expect(text.text().endsWith("\n")).toBe(true);
    const bad = io();
    expect(await main(["sample", "--model", model, "--prompt", "x", "--temperature", "hot"], bad.io)).not.toBe(0);
    expect(bad.errors()).toMatch(/--temperature/);
  });
});
