import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LlamaReference } from "../test-support/llama-cpp-reference";
import { loadLlamaReference, worstLogProbError } from "../test-support/llama-cpp-reference";
import { selectBackend } from "../tfjs/backend";
import { SeededRandom } from "../tfjs/seeded-random";
import type { DecoderConfig } from "./decoder-config";
import { DecoderModel } from "./decoder-model";
import type { DecoderCheckpoint } from "./load-decoder-checkpoint";
import { loadDecoderCheckpoint } from "./load-decoder-checkpoint";
import { nextTokenLogProbs } from "./next-token-log-probs";
import { writeTinyCheckpoint } from "./write-tiny-checkpoint";

// A tiny Gemma 3 text decoder: 6 layers so llama.cpp's fixed interleave (5 sliding, then 1 global) is exercised,
// a 4-token sliding window that the prompts cross, GeGLU, the four norms per layer, (1 + w) norms and the
// sqrt(hidden) embedding scale. It carries Qwen3's tokenizer (llama.cpp tokenizes independently of the
// architecture), which keeps the install small: Gemma's own 262k-token tokenizer package is 240 MB.
//
// llama.cpp's CPU GELU is a half-precision lookup table (ggml's GGML_GELU_FP16): the gate is rounded to half, and
// an input that differs from ours in the 7th digit can land on the next half value, moving that activation by
// ~5e-4 relative. Emulating the table (faults.ggmlGeluTable) takes the error from ~6e-3 to ~3e-4..3e-3 over 20
// prompts; the rest are those rounding flips, so Gemma's tolerance is 5e-3, still ~10x below every planted
// mistake's error. Qwen3 (SwiGLU, no table) is held to 1e-4.
const TOLERANCE = 5e-3;
let dir: string;
let checkpoint: DecoderCheckpoint;
let reference: LlamaReference | null = null;
let skipReason: string | null = null;

function prompts(count: number): number[][] {
  const random = new SeededRandom(31);
  return Array.from({ length: count }, () =>
    Array.from({ length: 5 + random.int(16) }, () => random.int(checkpoint.config.vocabSize)),
  );
}

/** Largest |ours - llama.cpp| over the whole next-token log-prob vector at the last position of each prompt. */
function worstError(model: DecoderModel, rows: number[][]): Promise<number> {
  return worstLogProbError(nextTokenLogProbs(model, rows), reference!, rows);
}

beforeAll(async () => {
  await selectBackend({ log: null });
  dir = mkdtempSync(join(tmpdir(), "cosir-gemma3-"));
  writeTinyCheckpoint(dir, { architecture: "gemma3_text", numLayers: 6, slidingWindow: 4, seed: 5 });
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
describe("tiny Gemma 3 against llama.cpp", { timeout: 240_000 }, () => {
  it("reads the interleave from config.json: five sliding layers, then a global one", () => {
    expect(checkpoint.config.layerWindows).toEqual([4, 4, 4, 4, 4, Number.POSITIVE_INFINITY]);
  });

  it("matches llama.cpp's full next-token log-probs within 5e-3 on 20 prompts (GELU table emulated)", async (context) => {
    if (reference === null) return context.skip(skipReason ?? "no reference");
    checkpoint.model.faults = { ggmlGeluTable: true };
    expect(await worstError(checkpoint.model, prompts(20))).toBeLessThan(TOLERANCE);
  });

  const mutations: Array<[string, (c: DecoderConfig) => DecoderConfig]> = [
    ["embedding scale off", (c) => ({ ...c, embeddingScale: 1 })],
    ["sliding window off", (c) => ({ ...c, layerWindows: c.layerWindows.map(() => Number.POSITIVE_INFINITY) })],
    ["(1 + w) norms read as w", (c) => ({ ...c, normWeightOffset: 0 })],
    ["local RoPE base on global layers", (c) => ({ ...c, layerRopeTheta: c.layerRopeTheta.map(() => 10_000) })],
    ["SwiGLU instead of GeGLU", (c) => ({ ...c, activation: "silu" })],
  ];
  for (const [name, mutate] of mutations) {
    it(`fails the comparison when a mistake is planted: ${name}`, async (context) => {
      if (reference === null) return context.skip(skipReason ?? "no reference");
      const model = new DecoderModel(mutate(checkpoint.config), checkpoint.model.weights);
      model.faults = { ggmlGeluTable: true };
      expect(await worstError(model, prompts(4))).toBeGreaterThan(10 * TOLERANCE);
    });
  }
});
