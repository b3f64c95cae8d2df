import { readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { CosirError } from "@cosir/bayes";
import { Transformer } from "../model/transformer";
import { parseTransformerConfig, type TransformerConfig } from "../model/transformer-config";
import { transformerParameterShapes } from "../model/transformer";
import { CanonicalTokenizer } from "../tokenizer/canonical-tokenizer";
import { CheckpointError } from "./checkpoint-error";
import {
  CHECKPOINT_FORMAT,
  CHECKPOINT_VERSION,
  CheckpointManifestSchema,
  EXTRA_FILE,
  MANIFEST_FILE,
  WEIGHTS_FILE,
  type CheckpointManifest,
} from "./checkpoint-manifest";
import { decodeSafetensors, type NamedTensorData } from "./safetensors";

export interface CheckpointContents {
  manifest: CheckpointManifest;
  config: TransformerConfig;
  tokenizer: CanonicalTokenizer;
  /** Model weights by parameter name, checked against the config's shapes. */
  weights: Map<string, Float32Array>;
  /** Tensors saved with `extraTensors` (empty if none). */
  extraTensors: Map<string, NamedTensorData>;
  /** JSON saved with `extraJson`. */
  extraJson: unknown;
}

/**
 * Reads and checks a checkpoint directory without building a model (no tfjs needed). Every
 * problem — missing or malformed manifest, another format version, a tokenizer that does not fit
 * the model, a missing, extra-shaped or truncated tensor — is a CheckpointError naming the file
 * and what is wrong.
 */
export async function readCheckpoint(dir: string): Promise<CheckpointContents> {
  const root = resolve(dir);
  const manifestPath = join(root, MANIFEST_FILE);
  const text = await readFile(manifestPath, "utf8").catch((error: NodeJS.ErrnoException) => {
    throw new CheckpointError(
      manifestPath,
      error.code === "ENOENT" ? "not found (is this a checkpoint directory?)" : `cannot be read (${error.message})`,
      { cause: error },
    );
  });
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new CheckpointError(manifestPath, `is not valid JSON (${(error as Error).message})`, { cause: error });
  }
  const head = json as { format?: unknown; version?: unknown } | null;
  if (head === null || typeof head !== "object") throw new CheckpointError(manifestPath, "is not a JSON object");
  if (head.format !== CHECKPOINT_FORMAT)
    throw new CheckpointError(
      manifestPath,
      `format ${JSON.stringify(head.format)} is not ${JSON.stringify(CHECKPOINT_FORMAT)}`,
    );
  if (head.version !== CHECKPOINT_VERSION)
    throw new CheckpointError(
      manifestPath,
      `version ${JSON.stringify(head.version)} is not supported (this reader expects ${CHECKPOINT_VERSION})`,
    );
  const parsed = CheckpointManifestSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new CheckpointError(manifestPath, `field ${issue.path.join(".") || "(root)"}: ${issue.message}`);
  }
  const manifest = parsed.data;
  let config: TransformerConfig;
  let tokenizer: CanonicalTokenizer;
  try {
    config = parseTransformerConfig(manifest.model);
    tokenizer = CanonicalTokenizer.fromJSON(manifest.tokenizer);
  } catch (error) {
    throw new CheckpointError(manifestPath, error instanceof CosirError ? error.message : String(error), {
      cause: error,
    });
  }
  if (tokenizer.size !== config.vocabSize)
    throw new CheckpointError(
      manifestPath,
      `tokenizer has ${tokenizer.size} tokens but model.vocabSize is ${config.vocabSize}`,
    );

  const weightsPath = join(root, WEIGHTS_FILE);
  const { tensors } = decodeSafetensors(await readBytes(weightsPath), weightsPath);
  const weights = new Map<string, Float32Array>();
  for (const [name, shape] of transformerParameterShapes(config)) {
    const t = tensors.get(name);
    if (t === undefined)
      throw new CheckpointError(weightsPath, `missing tensor ${JSON.stringify(name)} (shape [${shape.join(", ")}])`);
    if (t.shape.length !== shape.length || t.shape.some((d, i) => d !== shape[i])) {
      throw new CheckpointError(
        weightsPath,
        `tensor ${JSON.stringify(name)} has shape [${t.shape.join(", ")}] but the model config needs [${shape.join(", ")}]`,
      );
    }
    const listed = manifest.weights.tensors[name];
    if (listed === undefined || listed.shape.join(",") !== shape.join(","))
      throw new CheckpointError(
        manifestPath,
        `weights.tensors does not list ${JSON.stringify(name)} with shape [${shape.join(", ")}]`,
      );
    weights.set(name, t.data);
  }
  const extraTensors = new Map<string, NamedTensorData>();
  if (manifest.extra !== undefined) {
    const extraPath = join(root, EXTRA_FILE);
    const extra = decodeSafetensors(await readBytes(extraPath), extraPath).tensors;
    for (const [name, entry] of Object.entries(manifest.extra.tensors)) {
      const t = extra.get(name);
      if (t === undefined)
        throw new CheckpointError(extraPath, `missing tensor ${JSON.stringify(name)} listed in the manifest`);
      if (t.shape.join(",") !== entry.shape.join(","))
        throw new CheckpointError(
          extraPath,
          `tensor ${JSON.stringify(name)} has shape [${t.shape.join(", ")}] but the manifest lists [${entry.shape.join(", ")}]`,
        );
      extraTensors.set(name, t);
    }
  }
  return { manifest, config, tokenizer, weights, extraTensors, extraJson: manifest.extraJson };
}

/** `readCheckpoint` plus a Transformer holding its weights (call `model.dispose()` when done). */
export async function loadCheckpoint(dir: string): Promise<CheckpointContents & { model: Transformer }> {
  const contents = await readCheckpoint(dir);
  return { ...contents, model: new Transformer(contents.config, { weights: contents.weights }) };
}

async function readBytes(path: string): Promise<Uint8Array> {
  try {
    return await readFile(path);
  } catch (error) {
    const e = error as NodeJS.ErrnoException;
    throw new CheckpointError(path, e.code === "ENOENT" ? "not found" : `cannot be read (${e.message})`, {
      cause: error,
    });
  }
}
