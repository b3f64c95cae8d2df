import { SeededRandom } from "../tfjs/seeded-random";
import { type DecoderConfig, parseDecoderConfig } from "../hf/decoder-config";
import { DecoderModel } from "../hf/decoder-model";
import { decoderTensorShapes, decoderWeights } from "../hf/decoder-weights";
import type { HfTensor } from "../hf/hf-safetensors";

/** A micro Qwen3 for tests: 30 tokens, width 16, 2 layers, 4 query / 2 key-value heads, tied embeddings. */
export const microQwen3Config = {
  model_type: "qwen3",
  vocab_size: 30,
  hidden_size: 16,
  intermediate_size: 24,
  num_hidden_layers: 2,
  num_attention_heads: 4,
  num_key_value_heads: 2,
  head_dim: 8,
  tie_word_embeddings: true,
} as const;

/** Every tensor of `config` drawn from `seed`: norms 1 + 0.4 N(0, 1), the rest 0.4 N(0, 1). */
export function microDecoderTensors(config: DecoderConfig, seed: number): Map<string, HfTensor> {
  const random = new SeededRandom(seed);
  const out = new Map<string, HfTensor>();
  for (const [name, shape] of decoderTensorShapes(config)) {
    const data = new Float32Array(shape.reduce((a, b) => a * b, 1));
    for (let i = 0; i < data.length; i++) data[i] = (shape.length === 1 ? 1 : 0) + 0.4 * random.normal();
    out.set(name, { shape, data });
  }
  return out;
}

/** A DecoderModel of `raw` (a config.json object) with weights drawn from `seed`. */
export function microDecoder(raw: Record<string, unknown> = microQwen3Config, seed = 1): DecoderModel {
  const config = parseDecoderConfig(raw);
  return new DecoderModel(config, decoderWeights(config, microDecoderTensors(config, seed), "micro"));
}
