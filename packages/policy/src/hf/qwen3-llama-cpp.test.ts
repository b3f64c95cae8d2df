import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LlamaReference } from "../test-support/llama-cpp-reference";
import { loadLlamaReference, worstLogProbError } from "../test-support/llama-cpp-reference";
import { selectBackend } from "../tfjs/backend";
import { SeededRandom } from "../tfjs/seeded-random";
import type { DecoderFaults } from "./decoder-model";
import { DecoderModel } from "./decoder-model";
import type { DecoderCheckpoint } from "./load-decoder-checkpoint";
import { loadDecoderCheckpoint } from "./load-decoder-checkpoint";
import { nextTokenLogProbs } from "./next-token-log-probs";
import { LoraAdapter, parseLoraSettings } from "./lora-adapter";
import { loraToGguf } from "./lora-peft";
import { writeTinyCheckpoint } from "./write-tiny-checkpoint";
import * as tf from "@tensorflow/tfjs-core";
import { writeFileSync } from "node:fs";

// The tiny Qwen3 (hidden 64, 4 query / 2 kv heads, 2 layers, tied, real 151,669-token vocabulary) written as a
// Hugging Face folder and as GGUF by our own code, run by tfjs here and by llama.cpp's prebuilt CPU binary.
const TOLERANCE = 1e-4;
let dir: string;
let checkpoint: DecoderCheckpoint;
let reference: LlamaReference | null = null;
let skipReason: string | null = null;

const pieces = [
  "Hello",
  " world",
  "<|im_start|>",
  "<|im_end|>",
  "\n",
  "<tool_call>",
  "</tool_call>",
  "<think>",
  "</think>",
  '{"name": "ask", "arguments": {"q": 3}}',
  " the",
  " card",
  " is",
  " red",
  "42",
  " ",
  "ünïcødé",
  "日本語",
  "🙂",
  "<|endoftext|>",
  "<tool_response>",
  "</tool_response>",
  "user",
  "assistant",
  "  spaces",
  "\t",
  "...",
  "'s",
];

function randomText(random: SeededRandom, parts: number): string {
  let text = "";
  for (let i = 0; i < parts; i++) {
    const r = random.next();
    if (r < 0.7) text += pieces[random.int(pieces.length)]!;
    else text += String.fromCodePoint(32 + random.int(r < 0.9 ? 95 : 2000));
  }
  return text;
}

function prompts(count: number): number[][] {
  const random = new SeededRandom(2025);
  const out: number[][] = [];
  while (out.length < count) {
    const ids = checkpoint.tokenizer.encode(randomText(random, 2 + random.int(8)));
    if (ids.length >= 2 && ids.length <= 24) out.push(ids);
  }
  return out;
}

/** Largest |ours - llama.cpp| over the whole next-token log-prob vector at the last position of each prompt. */
function worstError(model: DecoderModel, rows: number[][]): Promise<number> {
  return worstLogProbError(nextTokenLogProbs(model, rows), reference!, rows);
}

beforeAll(async () => {
  await selectBackend({ log: null });
  dir = mkdtempSync(join(tmpdir(), "cosir-qwen3-"));
  writeTinyCheckpoint(dir, { seed: 7 });
  checkpoint = loadDecoderCheckpoint(dir);
  ({ reference, skipReason } = await loadLlamaReference(join(dir, "model.gguf"), checkpoint.config.vocabSize));
  if (skipReason !== null) console.warn(`[skip] llama.cpp comparison: ${skipReason}`);
}, 300_000);

afterAll(async () => {
  await reference?.dispose();
  checkpoint?.model.dispose();
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
});

// Generous wall-clock guards: CI runs two packages at once on two cores; the CPU cost is ~20 s a file.
describe("tiny Qwen3 against llama.cpp", { timeout: 240_000 }, () => {
  it("matches llama.cpp's full next-token log-probs within 1e-4 on 20 prompts", async (context) => {
    if (reference === null) return context.skip(skipReason ?? "no reference");
    const rows = prompts(20);
    const worst = await worstError(checkpoint.model, rows);
    expect(worst).toBeLessThan(TOLERANCE);
  });

  it("matches llama.cpp at every position of one prompt (the KV layout, causal mask and RoPE positions)", async (context) => {
    if (reference === null) return context.skip(skipReason ?? "no reference");
    const ids = checkpoint.tokenizer.encode("<|im_start|>user\nWhich card is red?<|im_end|>\n<|im_start|>assistant\n");
    const at = ids.map((_, i) => i).slice(0, -1);
    const theirs = await reference.nextLogProbs(ids, at);
    const ours = nextTokenLogProbs(
      checkpoint.model,
      at.map((i) => ids.slice(0, i + 1)),
    );
    for (let k = 0; k < at.length; k++) {
      const next = ids[at[k]! + 1]!;
      expect(Math.abs(ours[k]![next]! - theirs[k]![next]!)).toBeLessThan(TOLERANCE);
    }
  });

  const faults: Array<[string, DecoderFaults | null, ((m: DecoderModel) => DecoderModel) | null]> = [
    ["q/k norm dropped", { skipQkNorm: true }, null],
    ["query heads mapped to the wrong key/value head", { interleavedGqa: true }, null],
    [
      "RoPE theta 1e4 instead of 1e6",
      null,
      (m) => new DecoderModel({ ...m.config, layerRopeTheta: m.config.layerRopeTheta.map(() => 10_000) }, m.weights),
    ],
  ];
  for (const [name, fault, rebuild] of faults) {
    it(`fails the comparison when a mistake is planted: ${name}`, async (context) => {
      if (reference === null) return context.skip(skipReason ?? "no reference");
      const model = rebuild?.(checkpoint.model) ?? new DecoderModel(checkpoint.config, checkpoint.model.weights);
      if (fault !== null) model.faults = fault;
      const worst = await worstError(
        model,
        prompts(6).map((r) => [...r, ...checkpoint.tokenizer.encode(" and more")]),
      );
      expect(worst).toBeGreaterThan(100 * TOLERANCE);
    });
  }

  it("gives the same token ids as llama.cpp on 300 random strings with special and tool tokens", (context) => {
    if (reference === null) return context.skip(skipReason ?? "no reference");
    const random = new SeededRandom(99);
    let withSpecial = 0;
    for (let i = 0; i < 300; i++) {
      const text = randomText(random, 1 + random.int(12));
      const ids = checkpoint.tokenizer.encode(text);
      if (ids.some((id) => id >= 151_643)) withSpecial++;
      expect(ids, JSON.stringify(text)).toEqual(reference.tokenize(text));
    }
    expect(withSpecial).toBeGreaterThan(100);
  });

  it("matches llama.cpp with a LoRA adapter (our GGUF LoRA) within 1e-4 on 20 prompts", async (context) => {
    if (reference === null) return context.skip(skipReason ?? "no reference");
    const model = new DecoderModel(checkpoint.config, checkpoint.model.weights);
    const adapter = LoraAdapter.create(model, parseLoraSettings({ r: 4, lora_alpha: 8 }), 3);
    const random = new SeededRandom(4);
    for (const pair of adapter.pairs.values())
      pair.b.assign(tf.randomNormal(pair.b.shape, 0, 0.5, "float32", random.nextUint32()));
    const path = join(dir, "lora.gguf");
    writeFileSync(path, await loraToGguf(model, adapter));
    const loaded = await loadLlamaReference(join(dir, "model.gguf"), checkpoint.config.vocabSize, path);
    if (loaded.reference === null) return context.skip(loaded.skipReason ?? "no reference");
    const base = reference;
    reference = loaded.reference;
    try {
      const rows = prompts(20);
      expect(await worstError(model, rows)).toBeLessThan(TOLERANCE);
      // and the adapter matters: without it the same prompts differ by far more than the tolerance
      model.adapter = null;
      expect(await worstError(model, rows.slice(0, 3))).toBeGreaterThan(100 * TOLERANCE);
    } finally {
      reference = base;
      await loaded.reference.dispose();
      adapter.dispose();
    }
  });
});
