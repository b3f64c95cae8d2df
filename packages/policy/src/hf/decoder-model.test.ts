import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as tf from "@tensorflow/tfjs-core";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { selectBackend } from "../tfjs/backend";
import { parseDecoderConfig } from "./decoder-config";
import type { DecoderModel } from "./decoder-model";
import { sequenceLogProbs } from "./decoder-log-probs";
import { decodeHfSafetensors, encodeHfSafetensors, floatToBfloat16, floatToHalf } from "./hf-safetensors";
import { readHfWeights } from "./load-decoder-checkpoint";
import { nextTokenLogProbs } from "./next-token-log-probs";
import { microDecoder, microDecoderTensors } from "../test-support/micro-decoder";
import { sampleDecoder } from "./sample-decoder";

const microQwen3 = {
  model_type: "qwen3",
  vocab_size: 40,
  hidden_size: 16,
  intermediate_size: 24,
  num_hidden_layers: 2,
  num_attention_heads: 4,
  num_key_value_heads: 2,
  head_dim: 8,
  tie_word_embeddings: true,
  eos_token_id: 3,
};

const randomTensors = microDecoderTensors;
const micro = (raw: Record<string, unknown> = microQwen3, seed = 1): DecoderModel => microDecoder(raw, seed);

beforeAll(async () => {
  await selectBackend({ log: null });
});

describe("parseDecoderConfig", () => {
  it("names the field and value of a bad config", () => {
    expect(() => parseDecoderConfig({ ...microQwen3, num_key_value_heads: "2" })).toThrow(/num_key_value_heads.*"2"/);
    expect(() => parseDecoderConfig({ ...microQwen3, num_key_value_heads: 3 })).toThrow(/num_key_value_heads.*3/);
    expect(() => parseDecoderConfig({ ...microQwen3, model_type: "llama" })).toThrow(/model_type.*"llama"/);
    expect(() => parseDecoderConfig({ ...microQwen3, hidden_size: undefined })).toThrow(/hidden_size/);
  });

  it("accepts the real Qwen3-0.6B and Gemma-3-4B configs (Gemma's linear RoPE scaling on global layers only)", () => {
    const qwen = parseDecoderConfig({
      architectures: ["Qwen3ForCausalLM"],
      attention_bias: false,
      attention_dropout: 0.0,
      bos_token_id: 151643,
      eos_token_id: 151645,
      head_dim: 128,
      hidden_act: "silu",
      hidden_size: 1024,
      initializer_range: 0.02,
      intermediate_size: 3072,
      max_position_embeddings: 40960,
      max_window_layers: 28,
      model_type: "qwen3",
      num_attention_heads: 16,
      num_hidden_layers: 28,
      num_key_value_heads: 8,
      rms_norm_eps: 1e-6,
      rope_scaling: null,
      rope_theta: 1000000,
      sliding_window: null,
      tie_word_embeddings: true,
      torch_dtype: "bfloat16",
      use_cache: true,
      use_sliding_window: false,
      vocab_size: 151936,
    });
    expect([qwen.headDim, qwen.numHeads, qwen.numKvHeads, qwen.tieWordEmbeddings]).toEqual([128, 16, 8, true]);
    const gemma = parseDecoderConfig({
      architectures: ["Gemma3ForConditionalGeneration"],
      model_type: "gemma3",
      text_config: {
        hidden_size: 2560,
        intermediate_size: 10240,
        model_type: "gemma3_text",
        num_hidden_layers: 34,
        rope_scaling: { factor: 8.0, rope_type: "linear" },
        sliding_window: 1024,
        num_attention_heads: 8,
        num_key_value_heads: 4,
        head_dim: 256,
        vocab_size: 262208,
        query_pre_attn_scalar: 256,
      },
    });
    expect(gemma.layerRopeScale.slice(0, 6)).toEqual([1, 1, 1, 1, 1, 8]);
    expect(gemma.layerWindows[5]).toBe(Number.POSITIVE_INFINITY);
    expect(gemma.attentionScale).toBeCloseTo(1 / 16);
    expect(() => parseDecoderConfig({ ...microQwen3, rope_scaling: { rope_type: "yarn", factor: 4 } })).toThrow(
      /rope_scaling/,
    );
  });

  it("reads Gemma 3's interleave: every sliding_window_pattern-th layer is global", () => {
    const c = parseDecoderConfig({ ...microQwen3, model_type: "gemma3_text", num_hidden_layers: 6, sliding_window: 5 });
    expect(c.layerWindows).toEqual([5, 5, 5, 5, 5, Number.POSITIVE_INFINITY]);
    expect(c.layerRopeTheta).toEqual([1e4, 1e4, 1e4, 1e4, 1e4, 1e6]);
    expect(c.embeddingScale).toBeCloseTo(4);
  });
});

describe("safetensors in F32, F16 and BF16", () => {
  it("round-trips within half an ulp of the stored dtype", () => {
    fc.assert(
      fc.property(
        fc.array(fc.float({ min: -60000, max: 60000, noNaN: true }), { minLength: 1, maxLength: 20 }),
        (xs) => {
          const data = Float32Array.from(xs);
          for (const [dtype, bits] of [
            ["F32", 23],
            ["F16", 10],
            ["BF16", 7],
          ] as const) {
            const bytes = encodeHfSafetensors(new Map([["w", { shape: [data.length], data }]]), dtype);
            const back = decodeHfSafetensors(bytes, "x").get("w")!.data;
            for (let i = 0; i < data.length; i++) {
              const tolerance = Math.max(Math.abs(data[i]!) * 2 ** -(bits + 1), dtype === "F16" ? 2 ** -25 : 1e-38);
              expect(Math.abs(back[i]! - data[i]!)).toBeLessThanOrEqual(tolerance);
            }
          }
        },
      ),
    );
  });

  it("rounds to nearest even like a simple oracle", () => {
    expect(floatToHalf(1)).toBe(0x3c00);
    expect(floatToHalf(65504)).toBe(0x7bff);
    expect(floatToHalf(1 + 2 ** -11)).toBe(0x3c00); // tie to even
    expect(floatToHalf(1 + 3 * 2 ** -11)).toBe(0x3c02);
    expect(floatToBfloat16(1)).toBe(0x3f80);
    expect(floatToBfloat16(1 + 2 ** -8)).toBe(0x3f80); // tie to even
    expect(floatToBfloat16(1 + 3 * 2 ** -8)).toBe(0x3f82);
  });

  it("refuses a tensor whose byte range does not match its shape, naming it", () => {
    const bytes = encodeHfSafetensors(new Map([["w", { shape: [4], data: new Float32Array(4) }]]));
    const text = new TextDecoder().decode(bytes).replace('"shape":[4]', '"shape":[5]');
    expect(() => decodeHfSafetensors(new TextEncoder().encode(text), "m.safetensors")).toThrow(/m\.safetensors.*"w"/);
  });

  it("loads a sharded index the same as one file", () => {
    const config = parseDecoderConfig(microQwen3);
    const tensors = randomTensors(config, 3);
    const one = mkdtempSync(join(tmpdir(), "cosir-hf-one-"));
    const sharded = mkdtempSync(join(tmpdir(), "cosir-hf-shards-"));
    try {
      writeFileSync(join(one, "model.safetensors"), encodeHfSafetensors(tensors, "BF16"));
      const names = [...tensors.keys()];
      const weightMap: Record<string, string> = {};
      for (const [k, part] of [names.slice(0, 7), names.slice(7)].entries()) {
        const file = `model-0000${k + 1}-of-00002.safetensors`;
        writeFileSync(join(sharded, file), encodeHfSafetensors(new Map(part.map((n) => [n, tensors.get(n)!])), "BF16"));
        for (const n of part) weightMap[n] = file;
      }
      writeFileSync(join(sharded, "model.safetensors.index.json"), JSON.stringify({ weight_map: weightMap }));
      expect(readHfWeights(sharded)).toEqual(readHfWeights(one));
      weightMap[names[0]!] = "../elsewhere.safetensors";
      writeFileSync(join(sharded, "model.safetensors.index.json"), JSON.stringify({ weight_map: weightMap }));
      expect(() => readHfWeights(sharded)).toThrow(/weight_map/);
    } finally {
      rmSync(one, { recursive: true, force: true });
      rmSync(sharded, { recursive: true, force: true });
    }
  });
});

describe("DecoderModel", () => {
  it("gives the same log-probs through the KV cache, token by token, with left padding", () => {
    const model = micro();
    const rows = [
      [5, 9, 2, 31, 7, 7, 12],
      [1, 2, 3],
    ];
    const whole = rows.map((r) => sequenceLogProbs(model, [r])[0]!);
    const batched = sequenceLogProbs(model, rows);
    for (let r = 0; r < rows.length; r++)
      for (let i = 0; i < whole[r]!.length; i++) expect(batched[r]![i]).toBeCloseTo(whole[r]![i]!, 4);
    const greedy = sampleDecoder(model, rows, { maxNewTokens: 4, temperature: 0, stopTokenIds: [] });
    for (let r = 0; r < rows.length; r++) {
      const solo = sampleDecoder(model, [rows[r]!], { maxNewTokens: 4, temperature: 0, stopTokenIds: [] });
      expect(greedy.tokens[r]).toEqual(solo.tokens[0]);
      // each greedy token is the argmax of the cache-free distribution, with its log-prob
      let prefix = [...rows[r]!];
      for (let k = 0; k < 4; k++) {
        const dist = nextTokenLogProbs(model, [prefix])[0]!;
        const best = dist.indexOf(Math.max(...dist));
        expect(greedy.tokens[r]![k]).toBe(best);
        expect(greedy.logProbs[r]![k]).toBeCloseTo(dist[best]!, 4);
        prefix = [...prefix, best];
      }
    }
    model.dispose();
  });

  it("samples reproducibly from a seed, top-p 1e-9 is greedy, and leaks no tensors", () => {
    const model = micro();
    const before = tf.memory().numTensors;
    const a = sampleDecoder(model, [[4, 5, 6]], { maxNewTokens: 6, seed: 11, stopTokenIds: [] });
    const b = sampleDecoder(model, [[4, 5, 6]], { maxNewTokens: 6, seed: 11, stopTokenIds: [] });
    expect(a).toEqual(b);
    const nucleus = sampleDecoder(model, [[4, 5, 6]], { maxNewTokens: 6, seed: 3, topP: 1e-9, stopTokenIds: [] });
    const greedy = sampleDecoder(model, [[4, 5, 6]], { maxNewTokens: 6, temperature: 0, stopTokenIds: [] });
    expect(nucleus.tokens).toEqual(greedy.tokens);
    expect(tf.memory().numTensors).toBe(before);
    model.dispose();
  });

  it("draws tokens with the model's probabilities (chi-square against the distribution)", () => {
    const model = micro({ ...microQwen3, vocab_size: 6 }, 5);
    const dist = nextTokenLogProbs(model, [[1, 2]])[0]!.map(Math.exp);
    const counts = new Array(6).fill(0);
    const n = 600;
    const draws = sampleDecoder(
      model,
      Array.from({ length: n }, () => [1, 2]),
      { maxNewTokens: 1, seed: 9, stopTokenIds: [] },
    );
    for (const row of draws.tokens) counts[row[0]!]++;
    let chi = 0;
    for (let j = 0; j < 6; j++) chi += (counts[j] - n * dist[j]!) ** 2 / Math.max(n * dist[j]!, 1e-9);
    expect(chi).toBeLessThan(20.5); // p < 0.001 at 5 degrees of freedom
    model.dispose();
  });

  it("rejects token ids outside the vocabulary, naming them", () => {
    const model = micro();
    expect(() => model.forward({ tokens: [[1, 40]] })).toThrow(/tokens.*40/);
    model.dispose();
  });
});
