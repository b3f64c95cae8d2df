import { CollaborationEnv, type Surface, type Task, type Trace } from "@cosir/env";
import type { TranscriptEntry } from "./parse-transcript";

export interface ReplayResult {
  trace: Trace;
  /** Steps applied, and why replay stopped early (if it did). */
  steps: number;
  errors: string[];
}

/**
 * Plays transcript entries through a fresh CollaborationEnv, so the trace is exactly what the episode
 * service would have recorded. A step whose speaker is not the agent to act, or one after the end, stops
 * the replay; what was applied so far is kept and scored.
 */
export function replayTranscript(task: Task, entries: readonly TranscriptEntry[], surface: Surface): ReplayResult {
  const env = new CollaborationEnv(task, { surface });
  const errors: string[] = [];
  let steps = 0;
  for (const entry of entries) {
    const expected = env.agentSelection;
    if (expected === null) {
      errors.push(`line ${entry.line}: the episode is over; ${entries.length - steps} step(s) ignored`);
      break;
    }
    if (entry.agent !== null && entry.agent !== expected) {
      errors.push(
        `line ${entry.line}: expected agent ${expected} to act, got agent ${entry.agent}; the rest is ignored`,
      );
      break;
    }
    env.step(entry.text);
    steps++;
  }
  return { trace: env.trace(), steps, errors };
}
