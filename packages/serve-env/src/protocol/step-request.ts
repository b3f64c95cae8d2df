import { toolCallsToText } from "@cosir/env";
import { z } from "zod";
import { MAX_STEP_TEXT_LENGTH } from "./max-step-text-length";

/**
 * `POST /v1/episodes/:id/step` body. `agent` must be the agent to act (guards against out-of-order clients);
 * `requestId` makes the call idempotent: a retry with the same id gets the same response without a second step.
 * On the tool surface `text` may hold Hermes-style `<tool_call>` blocks, and `tool_calls` an API's tool calls.
 */
export const StepRequestSchema = z
  .object({
    /** Tool surface: the model's `tool_calls` as an OpenAI-compatible server returns them (read after `text`). */
    tool_calls: z.array(z.unknown()).max(1024).optional(),
    agent: z.number().int().min(0).max(15),
    text: z.string().max(MAX_STEP_TEXT_LENGTH).optional(),
    requestId: z.string().min(1).max(128).optional(),
    /**
     * Stateless mode (`stateSecret`): the `state` token of the previous answer (its length is bounded by the
     * route's body limit, maxBodyBytes + maxStateTokenLength).
     */
    state: z.string().min(1).optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    if (body.text === undefined && body.tool_calls === undefined)
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["text"], message: "required (or give tool_calls)" });
  })
  // the env reads one text: tool calls become Hermes-style <tool_call> lines after any text
  .transform(({ tool_calls, ...body }) => {
    const calls = toolCallsToText(tool_calls);
    const text = body.text ?? "";
    return { ...body, text: calls === "" ? text : text.trim() === "" ? calls : `${text}\n${calls}` };
  });
export type StepRequest = z.infer<typeof StepRequestSchema>;
