import type { Surface, Trace } from "@cosir/env";
import { speakerName } from "./speaker-name";

/**
 * The transcript format `/get_reward` reads back (see parseTranscript): one line per step in protocol order
 * (pre-choices, discussion messages, final choices), each `<speaker>: <raw text>`, the speaker named as in
 * the observations (`Agent 1` on the natural surface, `A0` on the canonical one).
 */
export function renderTranscript(trace: Trace, surface: Surface = trace.surface): string {
  const lines: string[] = [];
  for (const c of trace.preChoices) lines.push(`${speakerName(c.agent, surface)}: ${c.text}`);
  for (const m of trace.messages) lines.push(`${speakerName(m.speaker, surface)}: ${m.text}`);
  for (const c of trace.choices) lines.push(`${speakerName(c.agent, surface)}: ${c.text}`);
  return lines.join("\n");
}
