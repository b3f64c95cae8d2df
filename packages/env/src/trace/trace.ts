import { z } from "zod";
import { ActSchema } from "../messages/act";

export const TRACE_VERSION = 1 as const;

/** Token ids and their log-probs exactly as sampled by a policy (kept for training, never re-tokenised). */
const Sampled = {
  tokens: z.array(z.number().int()).optional(),
  logprobs: z.array(z.number()).optional(),
};

export const TraceMessageSchema = z.object({
  /** Global turn index, 0-based, over the discussion. */
  turn: z.number().int().min(0),
  round: z.number().int().min(0),
  speaker: z.number().int().min(0),
  /** Raw text as the policy produced it. */
  text: z.string(),
  /** Parsed acts; [{kind: "pass"}] when the text did not parse. */
  acts: z.array(ActSchema),
  /** Present when the text did not parse; the message then counts as PASS. */
  parseError: z.string().optional(),
  ...Sampled,
});
export type TraceMessage = z.infer<typeof TraceMessageSchema>;

export const TraceChoiceSchema = z.object({
  agent: z.number().int().min(0),
  text: z.string(),
  /** Chosen answer index, or null when the text named none (abstention). */
  choice: z.number().int().min(0).nullable(),
  parseError: z.string().optional(),
  ...Sampled,
});
export type TraceChoice = z.infer<typeof TraceChoiceSchema>;

/** An episode as plain JSON (docs/design.md §2): enough, with its task, to score it anywhere. */
export const TraceSchema = z.object({
  version: z.literal(TRACE_VERSION),
  taskId: z.string(),
  seed: z.number().int(),
  surface: z.enum(["canonical", "natural", "tool"]),
  /** Private choices before the discussion, one per agent; empty when the protocol has none. */
  preChoices: z.array(TraceChoiceSchema),
  messages: z.array(TraceMessageSchema),
  /** Final private choices, one per agent, in agent order. */
  choices: z.array(TraceChoiceSchema),
  /** Strict majority of final choices, or null (no majority = failure). */
  teamDecision: z.number().int().min(0).nullable(),
  /** Copied from the task for convenience; the task stays the authority. */
  correct: z.number().int().min(0),
});
export type Trace = z.infer<typeof TraceSchema>;
