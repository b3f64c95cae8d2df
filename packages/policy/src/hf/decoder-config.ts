import { InvalidConfigError } from "@cosir/bayes";
import { z } from "zod";

/** The decoder architectures `@cosir/policy/hf` runs, by their Hugging Face `model_type`. */
export type DecoderArchitecture = "qwen3" | "gemma3_text";

/**
 * One decoder's shape and constants, normalised from a Hugging Face `config.json` so the forward pass never looks
 * at architecture-specific field names. Gemma-only fields are neutral for Qwen3 (no window, no embedding scale).
 */
export interface DecoderConfig {
  architecture: DecoderArchitecture;
  vocabSize: number;
  hiddenSize: number;
  intermediateSize: number;
  numLayers: number;
  numHeads: number;
  numKvHeads: number;
  headDim: number;
  ropeTheta: number;
  rmsNormEps: number;
  tieWordEmbeddings: boolean;
  maxPositionEmbeddings: number;
  /** Token ids that end a reply (config's `eos_token_id`, one or several). */
  eosTokenIds: number[];
  bosTokenId: number | null;
  /** Per layer: attention looks back at most this many positions (Infinity = full causal attention). */
  layerWindows: number[];
  /** Per layer: the RoPE base frequency (Gemma 3 uses a local base on sliding layers). */
  layerRopeTheta: number[];
  /** Per layer: linear RoPE scaling factor (positions divided by it); Gemma-3-4B+ scale global layers by 8. */
  layerRopeScale: number[];
  /** Multiplier applied to the token embeddings (Gemma: sqrt(hidden)); 1 for Qwen3. */
  embeddingScale: number;
  /** Attention logits are multiplied by this (1/sqrt(head_dim), or Gemma's query_pre_attn_scalar^-1/2). */
  attentionScale: number;
  /** MLP activation: SwiGLU (silu) or GeGLU (tanh-approximated gelu). */
  activation: "silu" | "gelu_tanh";
  /** Gemma's RMSNorm multiplies by (1 + weight); Qwen3's by weight. */
  normWeightOffset: number;
  /** Gemma 3 normalises the attention and MLP outputs again before the residual add. */
  sandwichNorms: boolean;
  /** The config.json fields as read, for writing the checkpoint back. */
  raw: Record<string, unknown>;
}

const positiveInt = z.number().int().positive();
const eosSchema = z.union([z.number().int().nonnegative(), z.array(z.number().int().nonnegative()).min(1)]).nullish();

/** Qwen3's config.json (transformers' Qwen3Config); unknown fields pass through unread. */
export const Qwen3ConfigSchema = z
  .object({
    model_type: z.literal("qwen3"),
    vocab_size: positiveInt,
    hidden_size: positiveInt,
    intermediate_size: positiveInt,
    num_hidden_layers: positiveInt,
    num_attention_heads: positiveInt,
    num_key_value_heads: positiveInt,
    head_dim: positiveInt.optional(),
    rope_theta: z.number().positive().default(1_000_000),
    rms_norm_eps: z.number().positive().default(1e-6),
    tie_word_embeddings: z.boolean().default(false),
    max_position_embeddings: positiveInt.default(40_960),
    eos_token_id: eosSchema,
    bos_token_id: z.number().int().nonnegative().nullish(),
    hidden_act: z.literal("silu").default("silu"),
    rope_scaling: z.null().optional(),
    attention_bias: z.literal(false).default(false),
  })
  .passthrough();

/** The Gemma 3 text decoder's config.json (transformers' Gemma3TextConfig). */
export const Gemma3TextConfigSchema = z
  .object({
    model_type: z.literal("gemma3_text"),
    vocab_size: positiveInt,
    hidden_size: positiveInt,
    intermediate_size: positiveInt,
    num_hidden_layers: positiveInt,
    num_attention_heads: positiveInt,
    num_key_value_heads: positiveInt,
    head_dim: positiveInt.default(256),
    rope_theta: z.number().positive().default(1_000_000),
    rope_local_base_freq: z.number().positive().default(10_000),
    rms_norm_eps: z.number().positive().default(1e-6),
    tie_word_embeddings: z.boolean().default(true),
    max_position_embeddings: positiveInt.default(131_072),
    eos_token_id: eosSchema,
    bos_token_id: z.number().int().nonnegative().nullish(),
    query_pre_attn_scalar: z.number().positive().default(256),
    sliding_window: positiveInt.default(4096),
    sliding_window_pattern: positiveInt.default(6),
    layer_types: z.array(z.enum(["sliding_attention", "full_attention"])).optional(),
    hidden_activation: z.literal("gelu_pytorch_tanh").default("gelu_pytorch_tanh"),
    rope_scaling: z
      .object({ rope_type: z.literal("linear"), factor: z.number().positive() })
      .passthrough()
      .nullish(),
    final_logit_softcapping: z.null().optional(),
    attn_logit_softcapping: z.null().optional(),
    attention_bias: z.literal(false).default(false),
  })
  .passthrough();

function eosList(value: number | number[] | null | undefined): number[] {
  if (value === null || value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

function fromQwen3(c: z.infer<typeof Qwen3ConfigSchema>, raw: Record<string, unknown>): DecoderConfig {
  const headDim = c.head_dim ?? c.hidden_size / c.num_attention_heads;
  return {
    architecture: "qwen3",
    vocabSize: c.vocab_size,
    hiddenSize: c.hidden_size,
    intermediateSize: c.intermediate_size,
    numLayers: c.num_hidden_layers,
    numHeads: c.num_attention_heads,
    numKvHeads: c.num_key_value_heads,
    headDim,
    ropeTheta: c.rope_theta,
    rmsNormEps: c.rms_norm_eps,
    tieWordEmbeddings: c.tie_word_embeddings,
    maxPositionEmbeddings: c.max_position_embeddings,
    eosTokenIds: eosList(c.eos_token_id),
    bosTokenId: c.bos_token_id ?? null,
    layerWindows: Array.from({ length: c.num_hidden_layers }, () => Number.POSITIVE_INFINITY),
    layerRopeTheta: Array.from({ length: c.num_hidden_layers }, () => c.rope_theta),
    layerRopeScale: Array.from({ length: c.num_hidden_layers }, () => 1),
    embeddingScale: 1,
    attentionScale: 1 / Math.sqrt(headDim),
    activation: "silu",
    normWeightOffset: 0,
    sandwichNorms: false,
    raw,
  };
}

/** Gemma 3: every `sliding_window_pattern`-th layer is global, the rest slide (unless `layer_types` says). */
function fromGemma3(c: z.infer<typeof Gemma3TextConfigSchema>, raw: Record<string, unknown>): DecoderConfig {
  const sliding = Array.from({ length: c.num_hidden_layers }, (_, i) =>
    c.layer_types !== undefined ? c.layer_types[i] === "sliding_attention" : (i + 1) % c.sliding_window_pattern !== 0,
  );
  return {
    architecture: "gemma3_text",
    vocabSize: c.vocab_size,
    hiddenSize: c.hidden_size,
    intermediateSize: c.intermediate_size,
    numLayers: c.num_hidden_layers,
    numHeads: c.num_attention_heads,
    numKvHeads: c.num_key_value_heads,
    headDim: c.head_dim,
    ropeTheta: c.rope_theta,
    rmsNormEps: c.rms_norm_eps,
    tieWordEmbeddings: c.tie_word_embeddings,
    maxPositionEmbeddings: c.max_position_embeddings,
    eosTokenIds: eosList(c.eos_token_id),
    bosTokenId: c.bos_token_id ?? null,
    layerWindows: sliding.map((s) => (s ? c.sliding_window : Number.POSITIVE_INFINITY)),
    layerRopeTheta: sliding.map((s) => (s ? c.rope_local_base_freq : c.rope_theta)),
    // transformers applies rope_scaling to the global rotary embedding only; the local one is unscaled
    layerRopeScale: sliding.map((s) => (s ? 1 : (c.rope_scaling?.factor ?? 1))),
    embeddingScale: Math.sqrt(c.hidden_size),
    attentionScale: 1 / Math.sqrt(c.query_pre_attn_scalar),
    activation: "gelu_tanh",
    normWeightOffset: 1,
    sandwichNorms: true,
    raw,
  };
}

function checkShape(config: DecoderConfig, source: string): DecoderConfig {
  if (config.numHeads % config.numKvHeads !== 0)
    throw new InvalidConfigError(
      `${source}: num_key_value_heads`,
      config.numKvHeads,
      `expected a divisor of num_attention_heads (${config.numHeads})`,
    );
  if (!Number.isInteger(config.headDim) || config.headDim % 2 !== 0)
    throw new InvalidConfigError(
      `${source}: head_dim`,
      config.headDim,
      "expected an even integer (RoPE rotates pairs)",
    );
  return config;
}

/**
 * Validates a Hugging Face `config.json` (parsed JSON) and normalises it. A multimodal Gemma 3 config is read
 * through its `text_config`. Errors are InvalidConfigError naming `source`, the field and the value.
 */
export function parseDecoderConfig(json: unknown, source = "config.json"): DecoderConfig {
  if (json === null || typeof json !== "object" || Array.isArray(json))
    throw new InvalidConfigError(source, json, "expected a JSON object");
  let raw = json as Record<string, unknown>;
  if (raw.model_type === "gemma3" && typeof raw.text_config === "object" && raw.text_config !== null)
    raw = { model_type: "gemma3_text", ...(raw.text_config as Record<string, unknown>) };
  const schema =
    raw.model_type === "qwen3" ? Qwen3ConfigSchema : raw.model_type === "gemma3_text" ? Gemma3TextConfigSchema : null;
  if (schema === null)
    throw new InvalidConfigError(`${source}: model_type`, raw.model_type, 'expected "qwen3" or "gemma3_text"');
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = issue.path.join(".");
    const value = issue.path.reduce<unknown>(
      (v, k) => (v !== null && typeof v === "object" ? (v as Record<string | number, unknown>)[k] : undefined),
      raw,
    );
    throw new InvalidConfigError(`${source}: ${field}`, value, issue.message);
  }
  const config =
    parsed.data.model_type === "qwen3"
      ? fromQwen3(parsed.data as z.infer<typeof Qwen3ConfigSchema>, raw)
      : fromGemma3(parsed.data as z.infer<typeof Gemma3TextConfigSchema>, raw);
  return checkShape(config, source);
}
