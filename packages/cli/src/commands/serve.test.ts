import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough, Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
