import { CheckpointError } from "../tfjs/checkpoint/checkpoint-error";
import type { DecoderConfig } from "./decoder-config";
import type { GgufTensor, GgufValue } from "./encode-gguf";
import { encodeGguf } from "./encode-gguf";
import type { HfTensor } from "./hf-safetensors";
import type { HfTokenizer } from "./hf-tokenizer";

// llama.cpp's names for the Hugging Face tensors of one layer (gguf-py/gguf/tensor_mapping.py)
const qwen3Layer: Record<string, string> = {
  "input_layernorm.weight": "attn_norm.weight",
  "post_attention_layernorm.weight": "ffn_norm.weight",
  "self_attn.q_proj.weight": "attn_q.weight",
  "self_attn.k_proj.weight": "attn_k.weight",
  "self_attn.v_proj.weight": "attn_v.weight",
  "self_attn.o_proj.weight": "attn_output.weight",
  "self_attn.q_norm.weight": "attn_q_norm.weight",
  "self_attn.k_norm.weight": "attn_k_norm.weight",
  "mlp.gate_proj.weight": "ffn_gate.weight",
  "mlp.up_proj.weight": "ffn_up.weight",
  "mlp.down_proj.weight": "ffn_down.weight",
};
const gemma3Layer: Record<string, string> = {
  ...qwen3Layer,
  "post_attention_layernorm.weight": "post_attention_norm.weight",
  "pre_feedforward_layernorm.weight": "ffn_norm.weight",
  "post_feedforward_layernorm.weight": "post_ffw_norm.weight",
};

/** The GGUF name of a Hugging Face tensor name, or undefined for one llama.cpp does not take. */
export function ggufTensorName(config: DecoderConfig, hfName: string): string | undefined {
  const name = hfName.replace(/^language_model\./, "");
  if (name === "model.embed_tokens.weight") return "token_embd.weight";
  if (name === "model.norm.weight") return "output_norm.weight";
  if (name === "lm_head.weight") return config.tieWordEmbeddings ? undefined : "output.weight";
  const m = /^model\.layers\.(\d+)\.(.+)$/.exec(name);
  if (m === null) return undefined;
  const table = config.architecture === "qwen3" ? qwen3Layer : gemma3Layer;
  const suffix = table[m[2]!];
  return suffix === undefined ? undefined : `blk.${m[1]}.${suffix}`;
}

/** The GGUF tokenizer metadata of a byte-level BPE tokenizer (Qwen's), as llama.cpp's converter writes it. */
function bpeTokenizerMetadata(config: DecoderConfig, tokenizer: HfTokenizer): Map<string, GgufValue> {
  const model = tokenizer.tokenizerJson.model as { vocab: Record<string, number>; merges: Array<string | string[]> };
  const added = (tokenizer.tokenizerJson.added_tokens ?? []) as Array<{
    id: number;
    content: string;
    special: boolean;
  }>;
  const tokens: string[] = Array.from({ length: config.vocabSize }, (_, i) => `[PAD${i}]`);
  // llama.cpp token types: 1 normal, 3 control, 4 user-defined, 5 unused
  const types = new Int32Array(config.vocabSize).fill(5);
  for (const [text, id] of Object.entries(model.vocab))
    if (id < config.vocabSize) {
      tokens[id] = text;
      types[id] = 1;
    }
  for (const a of added)
    if (a.id < config.vocabSize) {
      tokens[a.id] = a.content;
      types[a.id] = a.special ? 3 : 4;
    }
  const id = (key: string): number | undefined => {
    const v = tokenizer.tokenizerConfig[key];
    return typeof v === "string" ? tokenizer.tokenId(v) : undefined;
  };
  const meta = new Map<string, GgufValue>([
    ["tokenizer.ggml.model", { type: "string", value: "gpt2" }],
    ["tokenizer.ggml.pre", { type: "string", value: "qwen2" }],
    ["tokenizer.ggml.tokens", { type: "string[]", value: tokens }],
    ["tokenizer.ggml.token_type", { type: "i32[]", value: types }],
    [
      "tokenizer.ggml.merges",
      { type: "string[]", value: model.merges.map((m) => (Array.isArray(m) ? m.join(" ") : m)) },
    ],
    ["tokenizer.ggml.add_bos_token", { type: "bool", value: false }],
  ]);
  const eos = id("eos_token") ?? config.eosTokenIds[0];
  if (eos !== undefined) meta.set("tokenizer.ggml.eos_token_id", { type: "u32", value: eos });
  const pad = id("pad_token");
  if (pad !== undefined) meta.set("tokenizer.ggml.padding_token_id", { type: "u32", value: pad });
  const bos = config.bosTokenId ?? pad;
  if (bos !== undefined) meta.set("tokenizer.ggml.bos_token_id", { type: "u32", value: bos });
  return meta;
}

/** The architecture metadata llama.cpp reads (src/llama-arch.cpp key names). */
function architectureMetadata(config: DecoderConfig): Map<string, GgufValue> {
  const arch = config.architecture === "qwen3" ? "qwen3" : "gemma3";
  const u = (value: number): GgufValue => ({ type: "u32", value });
  const meta = new Map<string, GgufValue>([
    ["general.architecture", { type: "string", value: arch }],
    ["general.name", { type: "string", value: `cosir-tiny-${arch}` }],
    [`${arch}.context_length`, u(config.maxPositionEmbeddings)],
    [`${arch}.embedding_length`, u(config.hiddenSize)],
    [`${arch}.block_count`, u(config.numLayers)],
    [`${arch}.feed_forward_length`, u(config.intermediateSize)],
    [`${arch}.attention.head_count`, u(config.numHeads)],
    [`${arch}.attention.head_count_kv`, u(config.numKvHeads)],
    [`${arch}.attention.key_length`, u(config.headDim)],
    [`${arch}.attention.value_length`, u(config.headDim)],
    [`${arch}.rope.freq_base`, { type: "f32", value: config.ropeTheta }],
    [`${arch}.attention.layer_norm_rms_epsilon`, { type: "f32", value: config.rmsNormEps }],
  ]);
  if (config.architecture === "gemma3_text") {
    const window = config.layerWindows.find((w) => Number.isFinite(w));
    if (window !== undefined) meta.set("gemma3.attention.sliding_window", u(window));
  }
  return meta;
}

/**
 * Writes a decoder (Hugging Face names, float32) and its tokenizer as one GGUF file llama.cpp can load: F32 tensors,
 * llama.cpp's tensor names, the tied head left out, Gemma's (1 + w) norms stored as w + 1 as its converter does.
 * Byte-level BPE tokenizers (Qwen3) only.
 */
export function decoderToGguf(
  config: DecoderConfig,
  tensors: ReadonlyMap<string, HfTensor>,
  tokenizer: HfTokenizer,
): Uint8Array {
  const out: GgufTensor[] = [];
  for (const [name, t] of tensors) {
    const gguf = ggufTensorName(config, name);
    if (gguf === undefined) continue;
    let data = t.data;
    if (config.normWeightOffset !== 0 && gguf.endsWith("norm.weight"))
      data = data.map((v) => v + config.normWeightOffset);
    out.push({ name: gguf, shape: t.shape, data });
  }
  if (out.length === 0) throw new CheckpointError("tensors", "none has a llama.cpp name");
  const meta = new Map([...architectureMetadata(config), ...bpeTokenizerMetadata(config, tokenizer)]);
  return encodeGguf(meta, out);
}
