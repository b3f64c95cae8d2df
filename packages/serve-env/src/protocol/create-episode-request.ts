import { z } from "zod";
import { TaskSizeSchema } from "./cosir-label";

/**
 * `POST /v1/episodes` body: either `{family, seed, ...size}` (generated here, reproducible) or `{task}` (a full
 * Task JSON), plus the message surface (default "natural": the chat surface for LLMs; "tool": observations carry
 * `tools` and steps take tool calls) and the reward preset.
 */
export const CreateEpisodeRequestSchema = z
  .object({
    family: z.string().min(1).max(64).optional(),
    seed: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
    task: z.unknown().optional(),
    surface: z.enum(["canonical", "natural", "tool"]).optional(),
    preset: z.string().min(1).max(64).optional(),
    ...TaskSizeSchema,
  })
  .strict()
  .superRefine((body, ctx) => {
    if (body.task !== undefined) {
      for (const key of ["family", "seed", "options", "attributes", "agents", "rounds", "domain"] as const) {
        if (body[key] !== undefined)
          ctx.addIssue({ code: z.ZodIssueCode.custom, path: [key], message: "not allowed together with task" });
      }
    } else {
      if (body.family === undefined)
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["family"], message: "required (or give task)" });
      if (body.seed === undefined)
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["seed"], message: "required with family" });
    }
  });
export type CreateEpisodeRequest = z.infer<typeof CreateEpisodeRequestSchema>;
