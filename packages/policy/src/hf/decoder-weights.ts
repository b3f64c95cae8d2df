import * as tf from "@tensorflow/tfjs-core";
import { CheckpointError } from "../tfjs/checkpoint/checkpoint-error";
import type { DecoderConfig } from "./decoder-config";
import type { HfTensor } from "./hf-safetensors";

/** One decoder layer's weights as tfjs tensors, PyTorch layout ([out, in] for projections). */
export interface DecoderLayerWeights {
  /** Norm before attention (`input_layernorm`). */
  attnNorm: tf.Tensor1D;
  /** Norm before the MLP (Qwen3 `post_attention_layernorm`, Gemma 3 `pre_feedforward_layernorm`). */
  ffnNorm: tf.Tensor1D;
  /** Gemma 3 only: norms of the attention and MLP outputs (`post_attention_layernorm`, `post_feedforward_layernorm`). */
  postAttnNorm: tf.Tensor1D | null;
  postFfnNorm: tf.Tensor1D | null;
  qNorm: tf.Tensor1D;
  kNorm: tf.Tensor1D;
  q: tf.Tensor2D;
  k: tf.Tensor2D;
  v: tf.Tensor2D;
  o: tf.Tensor2D;
  gate: tf.Tensor2D;
  up: tf.Tensor2D;
  down: tf.Tensor2D;
}

/** All the weights of a decoder; `lmHead` is the embedding itself when tied. */
export interface DecoderWeights {
  embed: tf.Tensor2D;
  lmHead: tf.Tensor2D;
  finalNorm: tf.Tensor1D;
  layers: DecoderLayerWeights[];
}

/** The Hugging Face tensor names of one layer's projections, in the PEFT `target_modules` spelling. */
export const PROJECTION_MODULES = {
  q: "self_attn.q_proj",
  k: "self_attn.k_proj",
  v: "self_attn.v_proj",
  o: "self_attn.o_proj",
  gate: "mlp.gate_proj",
  up: "mlp.up_proj",
  down: "mlp.down_proj",
} as const;

/** The shapes every weight must have, by Hugging Face name. */
export function decoderTensorShapes(config: DecoderConfig): Map<string, number[]> {
  const { hiddenSize: h, headDim: d, numHeads: nq, numKvHeads: nk, intermediateSize: f } = config;
  const shapes = new Map<string, number[]>([
    ["model.embed_tokens.weight", [config.vocabSize, h]],
    ["model.norm.weight", [h]],
  ]);
  if (!config.tieWordEmbeddings) shapes.set("lm_head.weight", [config.vocabSize, h]);
  for (let i = 0; i < config.numLayers; i++) {
    const p = `model.layers.${i}.`;
    shapes.set(`${p}input_layernorm.weight`, [h]);
    shapes.set(`${p}post_attention_layernorm.weight`, [h]);
    if (config.sandwichNorms) {
      shapes.set(`${p}pre_feedforward_layernorm.weight`, [h]);
      shapes.set(`${p}post_feedforward_layernorm.weight`, [h]);
    }
    shapes.set(`${p}self_attn.q_norm.weight`, [d]);
    shapes.set(`${p}self_attn.k_norm.weight`, [d]);
    shapes.set(`${p}self_attn.q_proj.weight`, [nq * d, h]);
    shapes.set(`${p}self_attn.k_proj.weight`, [nk * d, h]);
    shapes.set(`${p}self_attn.v_proj.weight`, [nk * d, h]);
    shapes.set(`${p}self_attn.o_proj.weight`, [h, nq * d]);
    shapes.set(`${p}mlp.gate_proj.weight`, [f, h]);
    shapes.set(`${p}mlp.up_proj.weight`, [f, h]);
    shapes.set(`${p}mlp.down_proj.weight`, [h, f]);
  }
  return shapes;
}

/**
 * Turns named float32 tensors into tfjs weights, checking that every tensor the config needs is present with its
 * shape (a CheckpointError naming `source`, the tensor and both shapes otherwise). Multimodal Gemma 3 checkpoints
 * prefix the text decoder with `language_model.`; that prefix is accepted.
 */
export function decoderWeights(
  config: DecoderConfig,
  tensors: ReadonlyMap<string, HfTensor>,
  source: string,
): DecoderWeights {
  const get = (name: string): tf.Tensor => {
    const t = tensors.get(name) ?? tensors.get(`language_model.${name}`);
    if (t === undefined) throw new CheckpointError(source, `tensor ${JSON.stringify(name)} is missing`);
    const want = decoderTensorShapes(config).get(name)!;
    if (t.shape.length !== want.length || t.shape.some((s, i) => s !== want[i]))
      throw new CheckpointError(
        source,
        `tensor ${JSON.stringify(name)} has shape [${t.shape.join(", ")}], expected [${want.join(", ")}]`,
      );
    return tf.tensor(t.data, t.shape, "float32");
  };
  const embed = get("model.embed_tokens.weight") as tf.Tensor2D;
  const layers: DecoderLayerWeights[] = [];
  for (let i = 0; i < config.numLayers; i++) {
    const p = `model.layers.${i}.`;
    const g1 = (n: string) => get(`${p}${n}.weight`) as tf.Tensor1D;
    const g2 = (n: string) => get(`${p}${n}.weight`) as tf.Tensor2D;
    layers.push({
      attnNorm: g1("input_layernorm"),
      ffnNorm: g1(config.sandwichNorms ? "pre_feedforward_layernorm" : "post_attention_layernorm"),
      postAttnNorm: config.sandwichNorms ? g1("post_attention_layernorm") : null,
      postFfnNorm: config.sandwichNorms ? g1("post_feedforward_layernorm") : null,
      qNorm: g1("self_attn.q_norm"),
      kNorm: g1("self_attn.k_norm"),
      q: g2(PROJECTION_MODULES.q),
      k: g2(PROJECTION_MODULES.k),
      v: g2(PROJECTION_MODULES.v),
      o: g2(PROJECTION_MODULES.o),
      gate: g2(PROJECTION_MODULES.gate),
      up: g2(PROJECTION_MODULES.up),
      down: g2(PROJECTION_MODULES.down),
    });
  }
  return {
    embed,
    lmHead: config.tieWordEmbeddings ? embed : (get("lm_head.weight") as tf.Tensor2D),
    finalNorm: get("model.norm.weight") as tf.Tensor1D,
    layers,
  };
}
