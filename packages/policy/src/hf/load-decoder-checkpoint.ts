import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { CheckpointError } from "../tfjs/checkpoint/checkpoint-error";
import type { DecoderConfig } from "./decoder-config";
import { parseDecoderConfig } from "./decoder-config";
import { DecoderModel } from "./decoder-model";
import { decoderWeights } from "./decoder-weights";
import type { HfTensor } from "./hf-safetensors";
import { decodeHfSafetensors } from "./hf-safetensors";
import { HfTokenizer } from "./hf-tokenizer";

/** `model.safetensors.index.json`: which shard holds each tensor. */
export const SafetensorsIndexSchema = z.object({
  metadata: z.record(z.unknown()).optional(),
  weight_map: z.record(z.string().regex(/^[^/\\]+\.safetensors$/, "a shard file name in the same folder")),
});

function readBytes(path: string): Uint8Array {
  try {
    return readFileSync(path);
  } catch (error) {
    throw new CheckpointError(path, `cannot read (${(error as { code?: string }).code ?? error})`, { cause: error });
  }
}

/** Reads every weight of a Hugging Face folder: one `model.safetensors`, or the shards its index names. */
export function readHfWeights(dir: string): Map<string, HfTensor> {
  const single = join(dir, "model.safetensors");
  if (existsSync(single)) return decodeHfSafetensors(readBytes(single), single);
  const indexPath = join(dir, "model.safetensors.index.json");
  if (!existsSync(indexPath))
    throw new CheckpointError(dir, "holds neither model.safetensors nor model.safetensors.index.json");
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder().decode(readBytes(indexPath)));
  } catch (error) {
    if (error instanceof CheckpointError) throw error;
    throw new CheckpointError(indexPath, `is not valid JSON (${(error as Error).message})`, { cause: error });
  }
  const parsed = SafetensorsIndexSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new CheckpointError(indexPath, `${issue.path.join(".")}: ${issue.message}`);
  }
  const tensors = new Map<string, HfTensor>();
  const shards = [...new Set(Object.values(parsed.data.weight_map))];
  for (const shard of shards) {
    const path = join(dir, shard);
    for (const [name, t] of decodeHfSafetensors(readBytes(path), path)) {
      if (parsed.data.weight_map[name] !== shard)
        throw new CheckpointError(path, `holds tensor ${JSON.stringify(name)} that the index places elsewhere`);
      tensors.set(name, t);
    }
  }
  for (const [name, shard] of Object.entries(parsed.data.weight_map))
    if (!tensors.has(name)) throw new CheckpointError(join(dir, shard), `lacks tensor ${JSON.stringify(name)}`);
  return tensors;
}

/** Reads and validates `config.json` of a Hugging Face folder. */
export function readDecoderConfig(dir: string): DecoderConfig {
  const path = join(dir, "config.json");
  if (!existsSync(path)) throw new CheckpointError(path, "missing");
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder().decode(readBytes(path)));
  } catch (error) {
    if (error instanceof CheckpointError) throw error;
    throw new CheckpointError(path, `is not valid JSON (${(error as Error).message})`, { cause: error });
  }
  return parseDecoderConfig(json, path);
}

/** A loaded Hugging Face checkpoint: the model (on the current tfjs back end) and its tokenizer. */
export interface DecoderCheckpoint {
  dir: string;
  config: DecoderConfig;
  model: DecoderModel;
  tokenizer: HfTokenizer;
}

/**
 * Loads a Hugging Face folder (Qwen3 or Gemma 3 text): `config.json`, `model.safetensors` or a sharded index, F32,
 * F16 or BF16 weights (computed in float32), tied embeddings, `tokenizer.json` and the chat template. Select a tfjs
 * back end first (`selectBackend` from `@cosir/policy/tfjs`).
 */
export function loadDecoderCheckpoint(dir: string): DecoderCheckpoint {
  const config = readDecoderConfig(dir);
  const tokenizer = HfTokenizer.fromFolder(dir);
  const model = new DecoderModel(config, decoderWeights(config, readHfWeights(dir), dir));
  return { dir, config, model, tokenizer };
}
