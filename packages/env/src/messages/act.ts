import { z } from "zod";

const int = z.number().int().min(0);

/** Message acts (docs/design.md §2). An ANSWER is a SHARE sent in reply to an ASK. */
export const ActSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("share"), option: int, attribute: int, level: z.number().int() }),
  z.object({ kind: z.literal("ask"), option: int, attribute: int, to: int.optional() }),
  z.object({ kind: z.literal("propose"), option: int }),
  z.object({ kind: z.literal("pass") }),
]);
export type Act = z.infer<typeof ActSchema>;
export type ShareAct = Extract<Act, { kind: "share" }>;
export type AskAct = Extract<Act, { kind: "ask" }>;

/**
 * The message surfaces: compact canonical text for small models, natural language for chat models, and tool
 * calls (OpenAI-style function calling; Hermes-style `<tool_call>` text) for models served with tools.
 */
export type Surface = "canonical" | "natural" | "tool";
