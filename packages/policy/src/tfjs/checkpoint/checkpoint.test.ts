import { mkdtemp, readdir, readFile, rm, writeFile, mkdir, truncate } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as tf from "@tensorflow/tfjs-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CosirError } from "@cosir/bayes";
import { selectBackend } from "../backend";
import { Transformer } from "../model/transformer";
import { CanonicalTokenizer } from "../tokenizer/canonical-tokenizer";
import { CheckpointError } from "./checkpoint-error";
import { loadCheckpoint, readCheckpoint } from "./load-checkpoint";
import { decodeSafetensors, encodeSafetensors } from "./safetensors";
import { checkpointLeftovers } from "./checkpoint-leftovers";
import { saveCheckpoint } from "./save-checkpoint";

const tokenizer = CanonicalTokenizer.fromWords(["SHARE", "o0", "o1", "a0", "1", "2", ";", "PASS"]);
const config = { vocabSize: tokenizer.size, width: 8, layers: 1, heads: 2, context: 10 };
let root: string;

beforeAll(async () => {
  await selectBackend({ log: null });
  root = await mkdtemp(join(tmpdir(), "cosir-ckpt-"));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

async function saved(name: string, options: { extraJson?: unknown; extra?: boolean } = {}): Promise<string> {
  const dir = join(root, name);
  const model = new Transformer(config, { seed: 9 });
  const extraTensors = options.extra
    ? new Map([["adam.m.x", { shape: [2, 2], data: Float32Array.from([1, 2, 3, 4]) }]])
    : undefined;
  await saveCheckpoint(dir, { model, tokenizer, step: 7, extraTensors, extraJson: options.extraJson });
  model.dispose();
  return dir;
}

describe("safetensors", () => {
  it("round-trips tensors and writes the documented layout", () => {
    const tensors = new Map([
      ["a", { shape: [2, 3], data: Float32Array.from([1, 2, 3, 4, 5, 6]) }],
      ["b", { shape: [1], data: Float32Array.from([-0.5]) }],
    ]);
    const bytes = encodeSafetensors(tensors, { note: "x" });
    const n = Number(new DataView(bytes.buffer).getBigUint64(0, true));
    expect(n % 8).toBe(0);
    const header = JSON.parse(new TextDecoder().decode(bytes.subarray(8, 8 + n)));
    expect(header.a).toEqual({ dtype: "F32", shape: [2, 3], data_offsets: [0, 24] });
    expect(header.b).toEqual({ dtype: "F32", shape: [1], data_offsets: [24, 28] });
    expect(header.__metadata__).toEqual({ note: "x" });
    expect(new DataView(bytes.buffer).getFloat32(8 + n + 24, true)).toBe(-0.5);
    const back = decodeSafetensors(bytes, "mem");
    expect([...back.tensors.get("a")!.data]).toEqual([1, 2, 3, 4, 5, 6]);
    expect(back.metadata).toEqual({ note: "x" });
  });

  it("rejects truncated and malformed files with the reason", () => {
    const bytes = encodeSafetensors(new Map([["a", { shape: [4], data: new Float32Array(4) }]]));
    expect(() => decodeSafetensors(bytes.subarray(0, bytes.length - 1), "f")).toThrow(/truncated/);
    expect(() => decodeSafetensors(bytes.subarray(0, 5), "f")).toThrow(/truncated/);
    const broken = bytes.slice();
    broken[9] = 0x7b; // '{{' at the header start
    expect(() => decodeSafetensors(broken, "f")).toThrow(/not valid JSON/);
  });
});

describe("checkpoints", () => {
  it("save then load reproduces identical logits, tokenizer, step and extra state", async () => {
    const dir = await saved("roundtrip", { extra: true, extraJson: { rng: [1, 2, 3, 4] } });
    expect((await readdir(dir)).sort()).toEqual(["extra.safetensors", "manifest.json", "model.safetensors"]);
    const before = tf.memory().numTensors;
    const original = new Transformer(config, { seed: 9 });
    const loaded = await loadCheckpoint(dir);
    const tokens = tf.tensor2d(
      [
        [1, 5, 6, 7, 8],
        [2, 9, 10, 11, 12],
      ],
      [2, 5],
      "int32",
    );
    const a = original.forward(tokens);
    const b = loaded.model.forward(tokens);
    expect(Array.from(b.dataSync())).toEqual(Array.from(a.dataSync()));
    tf.dispose([tokens, a, b]);
    original.dispose();
    loaded.model.dispose();
    expect(tf.memory().numTensors).toBe(before);
    expect(loaded.manifest.step).toBe(7);
    expect(loaded.manifest.backend).toBe(tf.getBackend());
    expect(loaded.tokenizer.words).toEqual(tokenizer.words);
    expect(loaded.extraJson).toEqual({ rng: [1, 2, 3, 4] });
    expect([...loaded.extraTensors.get("adam.m.x")!.data]).toEqual([1, 2, 3, 4]);
  });

  it("round-trips a token-shift model: config in the manifest, both tables in model.safetensors, identical logits", async () => {
    const dir = join(root, "token-shift");
    const shiftConfig = { ...config, tokenShift: true };
    const original = new Transformer(shiftConfig, { seed: 4 });
    // give the tables values of their own so the round trip has something distinctive to carry
    const weights = await original.readWeights();
    let k = 0;
    for (const [name, w] of weights) if (name.startsWith("token_shift.")) w.forEach((_, i) => (w[i] = Math.sin(++k)));
    original.setWeights(weights);
    const manifest = await saveCheckpoint(dir, { model: original, tokenizer });
    expect(manifest.model.tokenShift).toBe(true);
    const file = decodeSafetensors(await readFile(join(dir, "model.safetensors")), "model.safetensors").tensors;
    for (const name of ["token_shift.previous.weight", "token_shift.before_previous.weight"]) {
      expect(file.get(name)!.shape).toEqual([config.vocabSize, config.width]);
      expect([...file.get(name)!.data]).toEqual([...weights.get(name)!]);
    }
    const loaded = await loadCheckpoint(dir);
    expect(loaded.config.tokenShift).toBe(true);
    const before = tf.memory().numTensors;
    const tokens = tf.tensor2d([[1, 5, 6, 7, 8, 3]], [1, 6], "int32");
    const a = original.forward(tokens);
    const b = loaded.model.forward(tokens);
    expect(Array.from(b.dataSync())).toEqual(Array.from(a.dataSync()));
    tf.dispose([tokens, a, b]);
    expect(tf.memory().numTensors).toBe(before);
    original.dispose();
    loaded.model.dispose();
  });

  it("a checkpoint without token shift has no tokenShift key or tables and loads as a plain model", async () => {
    const dir = await saved("plain");
    const manifest = JSON.parse(await readFile(join(dir, "manifest.json"), "utf8"));
    expect(Object.keys(manifest.model)).not.toContain("tokenShift");
    expect(Object.keys(manifest.weights.tensors).filter((n) => n.startsWith("token_shift"))).toEqual([]);
    const loaded = await loadCheckpoint(dir);
    expect(loaded.config.tokenShift).toBeUndefined();
    const plain = new Transformer(config);
    expect(loaded.model.parameterCount()).toBe(plain.parameterCount());
    plain.dispose();
    loaded.model.dispose();
  });

  it("replaces an existing checkpoint atomically and leaves no temporary directory", async () => {
    const dir = await saved("replace");
    const model = new Transformer(config, { seed: 10 });
    await saveCheckpoint(dir, { model, tokenizer, step: 8 });
    model.dispose();
    expect((await readCheckpoint(dir)).manifest.step).toBe(8);
    expect((await readdir(root)).filter((n) => n.startsWith(".replace"))).toEqual([]);
  });

  it("lists the copies killed saves left, and a later save removes those whose process is gone", async () => {
    const dir = await saved("leftovers");
    // 2^22 + 1 is past Linux's pid_max, so no process has it; process.pid is running (and is this save's own).
    const dead = 4194305;
    const names = [
      `.leftovers.old-${dead}-0a1b`,
      `.leftovers.tmp-${dead}-0a1b`,
      `.leftovers.tmp-${process.ppid}-beef`,
      ".leftovers.tmp-notapid",
    ];
    for (const name of names) await mkdir(join(root, name));
    const listed = await checkpointLeftovers(dir);
    expect(listed.map((l) => l.path)).toEqual([...listed.map((l) => l.path)].sort());
    expect(listed.map((l) => [l.path, l.kind, l.pid]).sort()).toEqual(
      [
        [join(root, names[0]!), "old", dead],
        [join(root, names[1]!), "tmp", dead],
        [join(root, names[2]!), "tmp", process.ppid],
      ].sort(),
    );
    const model = new Transformer(config, { seed: 10 });
    await saveCheckpoint(dir, { model, tokenizer, step: 8 });
    model.dispose();
    // The running process's copy may be a save in progress: kept, like the name that is not a leftover's.
    expect((await readdir(root)).filter((n) => n.startsWith(".leftovers")).sort()).toEqual([names[2], names[3]].sort());
  });

  it("refuses to overwrite a directory that is not a checkpoint", async () => {
    const dir = join(root, "precious");
    await mkdir(dir);
    await writeFile(join(dir, "notes.txt"), "keep me");
    const model = new Transformer(config, { seed: 1 });
    await expect(saveCheckpoint(dir, { model, tokenizer })).rejects.toThrow(/refusing/);
    model.dispose();
    expect(await readFile(join(dir, "notes.txt"), "utf8")).toBe("keep me");
  });

  const corrupt: [string, (dir: string) => Promise<void>, RegExp][] = [
    [
      "bad manifest JSON",
      (d) => writeFile(join(d, "manifest.json"), "{ not json"),
      /manifest\.json: is not valid JSON/,
    ],
    ["wrong version", async (d) => rewriteManifest(d, (m) => ({ ...m, version: 99 })), /version 99 is not supported/],
    ["missing manifest", (d) => rm(join(d, "manifest.json")), /manifest\.json: not found/],
    ["bad field", async (d) => rewriteManifest(d, (m) => ({ ...m, step: -1 })), /field step/],
    [
      "tokenizer/model mismatch",
      async (d) => rewriteManifest(d, (m) => ({ ...m, model: { ...(m.model as object), vocabSize: 99 } })),
      /tokenizer has \d+ tokens but model.vocabSize is 99/,
    ],
    [
      "wrong model shape",
      async (d) => rewriteManifest(d, (m) => ({ ...m, model: { ...(m.model as object), width: 16, heads: 2 } })),
      /has shape \[\d+, 8\] but the model config needs \[\d+, 16\]/,
    ],
    [
      "missing tensor",
      async (d) => {
        const { tensors } = decodeSafetensors(await readFile(join(d, "model.safetensors")), "x");
        tensors.delete("blocks.0.attn.k.weight");
        await writeFile(join(d, "model.safetensors"), encodeSafetensors(tensors));
      },
      /missing tensor "blocks.0.attn.k.weight"/,
    ],
    [
      "truncated weights",
      async (d) => truncate(join(d, "model.safetensors"), 200),
      /model\.safetensors: file is truncated/,
    ],
    ["missing weights file", (d) => rm(join(d, "model.safetensors")), /model\.safetensors: not found/],
    [
      "token shift asked for but its tables missing",
      async (d) => rewriteManifest(d, (m) => ({ ...m, model: { ...(m.model as object), tokenShift: true } })),
      /missing tensor "token_shift\.previous\.weight"/,
    ],
  ];
  for (const [label, damage, message] of corrupt) {
    it(`reports a corrupt checkpoint: ${label}`, async () => {
      const dir = await saved(`corrupt-${label.replace(/\W+/g, "-")}`);
      await damage(dir);
      const error = await loadCheckpoint(dir).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(CheckpointError);
      expect(error).toBeInstanceOf(CosirError);
      expect((error as Error).message).toMatch(message);
    });
  }
});

async function rewriteManifest(
  dir: string,
  change: (m: Record<string, unknown>) => Record<string, unknown>,
): Promise<void> {
  const path = join(dir, "manifest.json");
  await writeFile(path, JSON.stringify(change(JSON.parse(await readFile(path, "utf8")))));
}
