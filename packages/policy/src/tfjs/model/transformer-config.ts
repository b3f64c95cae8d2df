import { z } from "zod";
import { InvalidConfigError } from "@cosir/bayes";

/** Shape of the decoder-only transformer (docs/design.md §4). */
export const TransformerConfigSchema = z
  .object({
    /** Tokens in the vocabulary (the tokenizer's size). */
    vocabSize: z
      .number()
      .int()
      .min(2)
      .max(1 << 20),
    /** Model width (embedding size). */
    width: z.number().int().min(1).max(8192),
    /** Transformer blocks. */
    layers: z.number().int().min(1).max(128),
    /** Attention heads; width must be divisible by heads. */
    heads: z.number().int().min(1).max(256),
    /** Longest sequence (observation + separator + action) the model reads. */
    context: z
      .number()
      .int()
      .min(2)
      .max(1 << 16),
    /** Hidden size of the MLP as a multiple of the width. */
    mlpRatio: z.number().int().min(1).max(16).default(4),
    /** RMSNorm epsilon. */
    normEps: z.number().positive().max(1).default(1e-5),
    /** Standard deviation of the initial weights (residual projections are scaled by 1/sqrt(2 layers)). */
    initScale: z.number().positive().max(10).default(0.02),
    /**
     * Token shift: each position's input also gets learned embeddings of the previous token and the
     * one two back (two more [vocab, width] tables, random at init), so one attention layer can match
     * "the token after K". Absent means false: configs and checkpoints without it are unchanged.
     */
    tokenShift: z.boolean().optional(),
  })
  .superRefine((c, ctx) => {
    if (c.width % c.heads !== 0) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["heads"],
        message: `width ${c.width} must be divisible by heads ${c.heads}`,
      });
    }
  });
export type TransformerConfig = z.infer<typeof TransformerConfigSchema>;
export type TransformerConfigInput = z.input<typeof TransformerConfigSchema>;

/**
 * The default size, chosen for tfjs-wasm on a small CPU (measured; see the README). There the
 * projections run as XNNPACK's untransposed single-batch matmul (25-35 GFLOP/s on one core) while
 * the per-head attention products can only use tfjs-wasm's generic batched-matmul loop (about
 * 2.5 GFLOP/s), so the attention share of the FLOPs, which is context/(6 * width), decides how
 * close training gets to the matmul rate: at width 384 and 128-token sequences it is ~5.5%.
 * Heads of 32 suit that loop best (12 heads). Context 256 holds the canonical observations of the
 * default families (p90 ~120 words) plus a message with room to spare.
 */
export const defaultTransformerConfig: Omit<TransformerConfig, "vocabSize"> = {
  width: 384,
  layers: 4,
  heads: 12,
  context: 256,
  mlpRatio: 4,
  normEps: 1e-5,
  initScale: 0.02,
};

/** Validates a config (filling defaults), naming the first wrong field. */
export function parseTransformerConfig(input: unknown): TransformerConfig {
  const result = TransformerConfigSchema.safeParse(input);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const field = issue.path.join(".") || "config";
    const value = issue.path.reduce<unknown>(
      (v, k) => (v !== null && typeof v === "object" ? (v as Record<string | number, unknown>)[k] : undefined),
      input,
    );
    throw new InvalidConfigError(`transformer.${field}`, value, issue.message);
  }
  return result.data;
}
