import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough, Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHAT_ERROR_PREFIX, generateTask, runEpisode } from "@cosir/env";
import { ChatPolicy } from "@cosir/policy";
import { CanonicalTokenizer, Transformer, saveCheckpoint, selectBackend } from "@cosir/policy/tfjs";
import { runServe, serveCommand } from "./serve";

let root: string;
let checkpoint: string;

beforeAll(async () => {
  await selectBackend({ log: null });
  root = mkdtempSync(join(tmpdir(), "cosir-serve-cli-"));
  checkpoint = join(root, "ckpt");
  const tokenizer = CanonicalTokenizer.fromVocabulary();
  const model = new Transformer(
    { vocabSize: tokenizer.size, width: 8, layers: 1, heads: 2, context: 160 },
    { seed: 1 },
  );
  await saveCheckpoint(checkpoint, { model, tokenizer });
  model.dispose();
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

function io() {
  const stdout = new PassThrough();
  const text: string[] = [];
  stdout.on("data", (c: Buffer) => text.push(c.toString()));
  return { io: { stdin: Readable.from([""]), stdout, stderr: new PassThrough() }, text: () => text.join("") };
}

describe("cosir serve", () => {
  it("serves a checkpoint on 127.0.0.1 until stopped", async () => {
    const out = io();
    let stop!: (reason: string) => void;
    const stopped = new Promise<string>((r) => (stop = r));
    const run = runServe(["--checkpoint", checkpoint, "--port", "0"], out.io, stopped);
    for (let i = 0; i < 200 && !/on http/.test(out.text()); i++) await new Promise((r) => setTimeout(r, 20));
    const url = /on (http:\/\/127\.0\.0\.1:\d+\/v1)/.exec(out.text())?.[1];
    expect(url).toBeDefined();
    const models = (await (await fetch(`${url}/models`)).json()) as { data: { id: string }[] };
    expect(models.data[0]!.id).toBe("ckpt");
    stop("test");
    expect(await run).toBe(0);
    expect(out.text()).toMatch(/test, closed/);
  });

  it("answers chat completions, and ChatPolicy plays an episode end to end against it (real HTTP on 127.0.0.1)", async () => {
    const out = io();
    let stop!: (reason: string) => void;
    const stopped = new Promise<string>((r) => (stop = r));
    const run = runServe(["--checkpoint", checkpoint, "--port", "0", "--max-tokens", "12"], out.io, stopped);
    for (let i = 0; i < 200 && !/on http/.test(out.text()); i++) await new Promise((r) => setTimeout(r, 20));
    const url = /on (http:\/\/127\.0\.0\.1:\d+\/v1)/.exec(out.text())![1]!;
    const observation = "AGENT A0 OF 3 OPTIONS 3 ATTRIBUTES 2 LEVELS 1 5 SUM SEE o0 a1 4 HISTORY ROUND 1 OF 2 SAY";
    const ask = () =>
      fetch(`${url}/chat/completions`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ messages: [{ role: "user", content: observation }], seed: 5, logprobs: true }),
      });
    const first = await ask();
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toBe("application/json");
    const [a, b] = (await Promise.all([first.json(), (await ask()).json()])) as any[];
    expect(a.object).toBe("chat.completion");
    expect(a.model).toBe("ckpt");
    expect(a.choices[0].message.content).toBe(b.choices[0].message.content);
    expect(a.usage.completion_tokens).toBe(a.choices[0].logprobs.content.length);
    const refused = await fetch(`${url}/chat/completions`, { method: "POST", body: '{"messages": []}' });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      error: {
        message: "messages: expected a non-empty array of {role, content}",
        type: "invalid_request_error",
        param: "messages",
        code: null,
      },
    });

    const task = generateTask({ family: "random", seed: 4 });
    const policy = new ChatPolicy({ baseUrl: url, model: "ckpt", surface: "canonical", seed: 3 });
    const trace = await runEpisode(task, policy, { surface: "canonical" });
    expect(trace.messages.length).toBe(task.rounds * task.agents);
    expect(trace.choices.length).toBe(task.agents);
    for (const m of [...trace.messages, ...trace.choices]) expect(m.text.startsWith(CHAT_ERROR_PREFIX)).toBe(false);
    expect(policy.stats.failures).toBe(0);
    expect(policy.stats.requests).toBe(trace.messages.length + trace.choices.length + trace.preChoices.length);
    stop("test");
    expect(await run).toBe(0);
  });

  it.each([
    [[], /--checkpoint: is required/],
    [["--checkpoint", "x", "--port", "70000"], /--port: expected an integer in 0\.\.65535/],
    [["--checkpoint", "x", "--max-concurrency", "0"], /--max-concurrency/],
    [["--checkpoint", "x", "--bogus"], /--bogus/],
  ])("rejects bad flags %j", async (argv, message) => {
    await expect(serveCommand(argv, io().io)).rejects.toThrow(message);
  });

  it("names a directory that is not a checkpoint", async () => {
    await expect(
      runServe(["--checkpoint", root, "--port", "0"], io().io, new Promise(() => undefined)),
    ).rejects.toThrow(/manifest\.json: not found/);
  });
});
