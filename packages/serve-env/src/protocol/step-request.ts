import { z } from "zod";
import { MAX_STEP_TEXT_LENGTH } from "./max-step-text-length";

/**
 * `POST /v1/episodes/:id/step` body. `agent` must be the agent to act (guards against out-of-order clients);
 * `requestId` makes the call idempotent: a retry with the same id gets the same response without a second step.
 */
export const StepRequestSchema = z
  .object({
    agent: z.number().int().min(0).max(15),
    text: z.string().max(MAX_STEP_TEXT_LENGTH),
    requestId: z.string().min(1).max(128).optional(),
    /** Stateless mode (`stateSecret`): the `state` token of the previous answer. */
    state: z
      .string()
      .min(1)
      .max(16 * 1024 * 1024)
      .optional(),
  })
  .strict();
export type StepRequest = z.infer<typeof StepRequestSchema>;
