import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import * as tf from "@tensorflow/tfjs-core";
import { z } from "zod";
import { prepareOutputFolder, writeOutputAtomic } from "../io/write-output-atomic";
import { CheckpointError } from "../tfjs/checkpoint/checkpoint-error";
import type { DecoderModel } from "./decoder-model";
import { ggufTensorName } from "./decoder-gguf";
import type { GgufTensor, GgufValue } from "./encode-gguf";
import { encodeGguf } from "./encode-gguf";
import type { HfTensor } from "./hf-safetensors";
import { decodeHfSafetensors, encodeHfSafetensors } from "./hf-safetensors";
import type { LoraPair } from "./lora-adapter";
import { LoraAdapter, LoraSettingsSchema, parseLoraSettings } from "./lora-adapter";

/** PEFT's adapter_config.json, the fields we read (the rest pass through untouched). */
export const PeftAdapterConfigSchema = LoraSettingsSchema.extend({
  peft_type: z.literal("LORA"),
  task_type: z.string().optional(),
  base_model_name_or_path: z.string().nullish(),
  bias: z.literal("none").default("none"),
  fan_in_fan_out: z.literal(false).default(false),
  use_rslora: z.literal(false).default(false),
  use_dora: z.literal(false).default(false),
}).passthrough();

/** PEFT's tensor name of one pair: base_model.model.model.layers.{i}.self_attn.q_proj.lora_A.weight */
function peftName(key: string, which: "A" | "B"): string {
  return `base_model.model.model.${key}.lora_${which}.weight`;
}

async function values(t: tf.Tensor): Promise<HfTensor> {
  return { shape: [...t.shape], data: (await t.data()) as Float32Array };
}

/**
 * Saves an adapter in PEFT's layout (adapter_config.json + adapter_model.safetensors, F32), which PEFT, vLLM and
 * the Python engine adapters load. Files are written atomically.
 */
export async function saveLoraAdapter(dir: string, adapter: LoraAdapter, baseModel = ""): Promise<string> {
  const target = prepareOutputFolder(dir, "dir");
  const tensors = new Map<string, HfTensor>();
  for (const [key, pair] of adapter.pairs) {
    tensors.set(peftName(key, "A"), await values(pair.a));
    tensors.set(peftName(key, "B"), await values(pair.b));
  }
  const config = {
    peft_type: "LORA",
    task_type: "CAUSAL_LM",
    base_model_name_or_path: baseModel,
    ...adapter.settings,
    bias: "none",
    fan_in_fan_out: false,
    inference_mode: true,
    use_rslora: false,
    use_dora: false,
    modules_to_save: null,
  };
  writeOutputAtomic(join(target, "adapter_model.safetensors"), encodeHfSafetensors(tensors));
  writeOutputAtomic(join(target, "adapter_config.json"), `${JSON.stringify(config, null, 2)}\n`);
  return target;
}

function readConfig(path: string) {
  if (!existsSync(path)) throw new CheckpointError(path, "missing");
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    throw new CheckpointError(path, `is not valid JSON (${(error as Error).message})`, { cause: error });
  }
  const peft = PeftAdapterConfigSchema.safeParse(json);
  if (!peft.success) {
    const issue = peft.error.issues[0]!;
    throw new CheckpointError(path, `${issue.path.join(".")}: ${issue.message}`);
  }
  return parseLoraSettings(peft.data, path);
}

/**
 * Loads a PEFT LoRA adapter for `model` and attaches it: every tensor must name a projection of the model with
 * matching shapes (CheckpointError naming the file and tensor otherwise).
 */
export function loadLoraAdapter(dir: string, model: DecoderModel): LoraAdapter {
  const settings = readConfig(join(dir, "adapter_config.json"));
  const file = join(dir, "adapter_model.safetensors");
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(file);
  } catch (error) {
    throw new CheckpointError(file, `cannot read (${(error as { code?: string }).code ?? error})`, { cause: error });
  }
  const tensors = decodeHfSafetensors(bytes, file);
  const pairs = new Map<string, LoraPair>();
  for (const [name, a] of tensors) {
    const m = /^base_model\.model\.model\.(layers\.(\d+)\.(self_attn|mlp)\.(\w+))\.lora_A\.weight$/.exec(name);
    if (m === null) {
      if (!/\.lora_B\.weight$/.test(name))
        throw new CheckpointError(file, `tensor ${JSON.stringify(name)} is not a LoRA weight`);
      continue;
    }
    const key = m[1]!;
    const b = tensors.get(peftName(key, "B"));
    const layer = model.weights.layers[Number(m[2])];
    const field = (
      Object.entries({
        q_proj: "q",
        k_proj: "k",
        v_proj: "v",
        o_proj: "o",
        gate_proj: "gate",
        up_proj: "up",
        down_proj: "down",
      }) as [string, keyof typeof layer][]
    ).find(([n]) => n === m[4])?.[1];
    if (b === undefined || layer === undefined || field === undefined)
      throw new CheckpointError(
        file,
        `tensor ${JSON.stringify(name)} has no lora_B partner or no projection in the model`,
      );
    const [out, inDim] = (layer[field] as tf.Tensor2D).shape;
    if (a.shape.join() !== `${settings.r},${inDim}` || b.shape.join() !== `${out},${settings.r}`)
      throw new CheckpointError(
        file,
        `${key}: lora_A [${a.shape}] / lora_B [${b.shape}] do not fit [${out}, ${inDim}] at r=${settings.r}`,
      );
    pairs.set(key, {
      a: tf.variable(tf.tensor2d(a.data, [settings.r, inDim]), true),
      b: tf.variable(tf.tensor2d(b.data, [out, settings.r]), true),
    });
  }
  const adapter = new LoraAdapter(settings, pairs);
  model.adapter = adapter;
  return adapter;
}

/**
 * The adapter as a llama.cpp GGUF LoRA (what convert_lora_to_gguf.py writes): general.type "adapter", adapter.type
 * "lora", adapter.lora.alpha, and `{gguf name}.lora_a` [r, in] / `.lora_b` [out, r] F32 tensors.
 */
export async function loraToGguf(model: DecoderModel, adapter: LoraAdapter): Promise<Uint8Array> {
  const arch = model.config.architecture === "qwen3" ? "qwen3" : "gemma3";
  const meta = new Map<string, GgufValue>([
    ["general.architecture", { type: "string", value: arch }],
    ["general.type", { type: "string", value: "adapter" }],
    ["adapter.type", { type: "string", value: "lora" }],
    ["adapter.lora.alpha", { type: "f32", value: adapter.settings.lora_alpha }],
  ]);
  const tensors: GgufTensor[] = [];
  for (const [key, pair] of adapter.pairs) {
    const name = ggufTensorName(model.config, `model.${key}.weight`)!;
    for (const [suffix, t] of [
      ["lora_a", pair.a],
      ["lora_b", pair.b],
    ] as const) {
      const v = await values(t);
      tensors.push({ name: `${name}.${suffix}`, shape: v.shape, data: v.data });
    }
  }
  return encodeGguf(meta, tensors);
}
