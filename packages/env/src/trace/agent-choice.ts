import type { TraceChoice } from "./trace";

/** The answer `agent` chose in a list of choices, or null when it abstained or has no entry. */
export function agentChoice(choices: readonly Pick<TraceChoice, "agent" | "choice">[], agent: number): number | null {
  return choices.find((c) => c.agent === agent)?.choice ?? null;
}
