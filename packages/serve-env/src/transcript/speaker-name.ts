import type { Surface } from "@cosir/env";

/** How a seat is named in observations and transcripts: `Agent 1` (natural, 1-based) or `A0` (canonical, 0-based). */
export function speakerName(agent: number, surface: Surface): string {
  return surface === "natural" ? `Agent ${agent + 1}` : `A${agent}`;
}
