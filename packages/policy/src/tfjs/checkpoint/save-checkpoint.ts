import { randomBytes } from "node:crypto";
import { mkdir, open, readdir, rename, rm, stat } from "node:fs/promises";
import { basename, dirname, join, resolve } from "node:path";
import * as tf from "@tensorflow/tfjs-core";
import type { Transformer } from "../model/transformer";
import type { CanonicalTokenizer } from "../tokenizer/canonical-tokenizer";
import { CheckpointError } from "./checkpoint-error";
import { checkpointLeftovers } from "./checkpoint-leftovers";
import {
  CHECKPOINT_FORMAT,
  CHECKPOINT_VERSION,
  EXTRA_FILE,
  MANIFEST_FILE,
  WEIGHTS_FILE,
  type CheckpointManifest,
} from "./checkpoint-manifest";
import { encodeSafetensors, type NamedTensorData } from "./safetensors";

export interface SaveCheckpointOptions {
  model: Transformer;
  tokenizer: CanonicalTokenizer;
  /** Training step of these weights. Default 0. */
  step?: number;
  /** Extra float tensors to keep with the weights (optimizer moments...), in extra.safetensors. */
  extraTensors?: ReadonlyMap<string, tf.Tensor | NamedTensorData>;
  /** Extra JSON to keep in the manifest (RNG state, counters...). */
  extraJson?: unknown;
}

/**
 * Writes a checkpoint directory (manifest.json + model.safetensors [+ extra.safetensors])
 * atomically: everything goes into a temporary directory beside `dir`, is flushed to disk, then
 * renamed into place; an existing checkpoint at `dir` is moved aside first and removed after, so a
 * reader sees the old checkpoint or the new one, never a mix. Refuses to replace a non-empty
 * directory that is not a checkpoint (has no manifest.json). A kill between the two renames leaves no `dir` but an
 * intact `.NAME.old-*` beside it (see checkpointLeftovers); after a successful save, copies left by saves whose
 * process is gone are removed.
 */
export async function saveCheckpoint(dir: string, options: SaveCheckpointOptions): Promise<CheckpointManifest> {
  const target = resolve(dir);
  const parent = dirname(target);
  const name = basename(target);
  await mkdir(parent, { recursive: true });
  const existing = await stat(target).catch(() => undefined);
  if (existing !== undefined) {
    if (!existing.isDirectory())
      throw new CheckpointError(target, "exists and is not a directory; refusing to replace it");
    const entries = await readdir(target);
    if (entries.length > 0 && !entries.includes(MANIFEST_FILE))
      throw new CheckpointError(target, "is a non-empty directory without manifest.json; refusing to replace it");
  }

  const { model, tokenizer } = options;
  if (tokenizer.size !== model.config.vocabSize) {
    throw new CheckpointError(
      target,
      `tokenizer has ${tokenizer.size} tokens but the model's vocabSize is ${model.config.vocabSize}`,
    );
  }
  const weights = await model.readWeights();
  const weightTensors = new Map<string, NamedTensorData>();
  for (const [key, v] of model.variables) weightTensors.set(key, { shape: v.shape, data: weights.get(key)! });
  const extraTensors = new Map<string, NamedTensorData>();
  for (const [key, t] of options.extraTensors ?? new Map<string, NamedTensorData>()) {
    extraTensors.set(key, t instanceof tf.Tensor ? { shape: t.shape, data: Float32Array.from(await t.data()) } : t);
  }
  const index = (m: Map<string, NamedTensorData>) =>
    Object.fromEntries([...m].map(([k, t]) => [k, { dtype: "F32" as const, shape: [...t.shape] }]));
  const manifest: CheckpointManifest = {
    format: CHECKPOINT_FORMAT,
    version: CHECKPOINT_VERSION,
    createdAt: new Date().toISOString(),
    step: options.step ?? 0,
    backend: tf.getBackend() ?? "unknown",
    model: { ...model.config },
    tokenizer: tokenizer.toJSON(),
    weights: { file: WEIGHTS_FILE, tensors: index(weightTensors) },
    ...(extraTensors.size > 0 ? { extra: { file: EXTRA_FILE, tensors: index(extraTensors) } } : {}),
    ...(options.extraJson !== undefined ? { extraJson: options.extraJson } : {}),
  };

  const tag = `${process.pid}-${randomBytes(4).toString("hex")}`;
  const temp = join(parent, `.${name}.tmp-${tag}`);
  await mkdir(temp);
  try {
    await writeDurably(
      join(temp, WEIGHTS_FILE),
      encodeSafetensors(weightTensors, { format: "pt", producer: "@cosir/policy" }),
    );
    if (extraTensors.size > 0) await writeDurably(join(temp, EXTRA_FILE), encodeSafetensors(extraTensors));
    await writeDurably(join(temp, MANIFEST_FILE), new TextEncoder().encode(`${JSON.stringify(manifest, null, 2)}\n`));
    await syncDirectory(temp);
    if (existing !== undefined) {
      const old = join(parent, `.${name}.old-${tag}`);
      await rename(target, old);
      try {
        await rename(temp, target);
      } catch (error) {
        await rename(old, target).catch(() => undefined);
        throw error;
      }
      await rm(old, { recursive: true, force: true });
    } else {
      await rename(temp, target);
    }
    await syncDirectory(parent);
  } catch (error) {
    await rm(temp, { recursive: true, force: true });
    throw error instanceof CheckpointError
      ? error
      : new CheckpointError(target, `could not write the checkpoint (${(error as Error).message})`, { cause: error });
  }
  // Best effort: the save has succeeded, and a copy that cannot be removed now is removed by a later save or resume.
  await removeDeadLeftovers(target).catch(() => undefined);
  return manifest;
}

/** Removes the copies that killed saves left beside `target` (their writer is no longer running). */
async function removeDeadLeftovers(target: string): Promise<void> {
  for (const leftover of await checkpointLeftovers(target)) {
    if (leftover.pid !== process.pid && processIsRunning(leftover.pid)) continue;
    await rm(leftover.path, { recursive: true, force: true });
  }
}

function processIsRunning(pid: number): boolean {
  try {
    process.kill(pid, 0); // probes only
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== "ESRCH";
  }
}

async function writeDurably(path: string, bytes: Uint8Array): Promise<void> {
  const handle = await open(path, "w");
  try {
    await handle.writeFile(bytes);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function syncDirectory(path: string): Promise<void> {
  // fsync on a directory makes the renames durable; some file systems do not allow it
  const handle = await open(path, "r").catch(() => undefined);
  if (handle === undefined) return;
  try {
    await handle.sync();
  } catch {
    // not supported here: the rename is still atomic, only its durability is up to the OS
  } finally {
    await handle.close();
  }
}
