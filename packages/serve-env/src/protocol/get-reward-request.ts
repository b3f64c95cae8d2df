import { z } from "zod";

/**
 * OpenRLHF's remote reward request, field names unchanged: `query` (prompt + response as decoded text),
 * `prompts` (the prompt alone) and `labels` (see CosirLabelSchema), three arrays of the same length.
 */
export const GetRewardRequestSchema = z
  .object({
    query: z.array(z.string()).max(4096),
    prompts: z.array(z.string()).max(4096).optional(),
    labels: z.array(z.union([z.string(), z.record(z.unknown())])).max(4096),
  })
  .passthrough()
  .superRefine((body, ctx) => {
    if (body.labels.length !== body.query.length)
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["labels"],
        message: `expected ${body.query.length} labels (one per query)`,
      });
    if (body.prompts !== undefined && body.prompts.length !== body.query.length)
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["prompts"],
        message: `expected ${body.query.length} prompts (one per query)`,
      });
  });
export type GetRewardRequest = z.infer<typeof GetRewardRequestSchema>;
