import { parseChoice, parseMessage, type Act, type CollaborationEnv } from "@cosir/env";

/**
 * How the env read the text of the step just taken, as a step answer's `parse`: for a discussion message
 * its `acts`, `unparsed` (the sentences or text no act was taken from, so a client sees what the reward
 * ignored), `missed` (those of them with a number next to an option or attribute name: facts the reward likely
 * missed) and `error` (the message did not parse and counts as PASS); for a choice its `choice` (null:
 * an abstention) and `error`. The same deterministic parse the env records in the trace.
 */
export type StepParse =
  | { acts: Act[]; unparsed?: string[]; missed?: string[]; error?: string }
  | { choice: number | null; error?: string };

/** `env` before the step was in `phase`; `text` is what was stepped. */
export function stepParse(env: CollaborationEnv, phase: string, text: string): StepParse {
  if (phase === "discuss") {
    const p = parseMessage(text, env.surface, env.task);
    return {
      acts: p.acts,
      ...(p.unparsed !== undefined ? { unparsed: p.unparsed } : {}),
      ...(p.missed !== undefined ? { missed: p.missed } : {}),
      ...(p.error !== undefined ? { error: p.error } : {}),
    };
  }
  const c = parseChoice(text, env.surface, env.task);
  return { choice: c.choice, ...(c.error !== undefined ? { error: c.error } : {}) };
}
