import type { Surface } from "@cosir/env";

/** How a seat is named in observations and transcripts: `Agent 1` (natural and tool, 1-based) or `A0` (canonical, 0-based). */
export function speakerName(agent: number, surface: Surface): string {
  return surface === "canonical" ? `A${agent}` : `Agent ${agent + 1}`;
}
