import { z } from "zod";
import { TokenizerJsonSchema } from "../tokenizer/canonical-tokenizer";

export const CHECKPOINT_FORMAT = "cosir-policy-checkpoint" as const;
/** Version of manifest.json; bumped on any incompatible change. */
export const CHECKPOINT_VERSION = 1 as const;
export const WEIGHTS_FILE = "model.safetensors" as const;
export const EXTRA_FILE = "extra.safetensors" as const;
export const MANIFEST_FILE = "manifest.json" as const;

const TensorIndexSchema = z.record(z.object({ dtype: z.literal("F32"), shape: z.array(z.number().int().min(0)) }));

/** manifest.json of a checkpoint directory (read by other tools too: plain JSON with a version). */
export const CheckpointManifestSchema = z.object({
  format: z.literal(CHECKPOINT_FORMAT),
  version: z.literal(CHECKPOINT_VERSION),
  /** ISO time of writing. */
  createdAt: z.string(),
  /** Training step the weights are from. */
  step: z.number().int().min(0),
  /** The tfjs back end that wrote it (weights are portable across back ends). */
  backend: z.string(),
  /** TransformerConfig (validated again when loading). */
  model: z.record(z.unknown()),
  tokenizer: TokenizerJsonSchema,
  /** The model's tensors in model.safetensors (names as in transformerParameterShapes). */
  weights: z.object({ file: z.literal(WEIGHTS_FILE), tensors: TensorIndexSchema }),
  /** Caller state saved alongside (e.g. optimizer moments) in extra.safetensors. */
  extra: z.object({ file: z.literal(EXTRA_FILE), tensors: TensorIndexSchema }).optional(),
  /** Caller JSON saved alongside (e.g. RNG state, trainer counters). */
  extraJson: z.unknown().optional(),
});
export type CheckpointManifest = z.infer<typeof CheckpointManifestSchema>;
