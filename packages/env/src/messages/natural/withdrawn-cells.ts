import type { Act } from "../act";
import { namesIn } from "./reread";
import type { ParseState } from "./sentence";

// A cell the speaker withdraws by name, anywhere after the act that gave it (issue 26, session 61): a table, then
// "Scratch the C phone records entry, I misread the row." (fresh209). The phrase must name exactly one option and one
// attribute between its verb and its noun ("the C phone records entry", "my Stall B cakes figure"); the last share of
// that cell stated before it is taken back. Linear: one pass of a bounded pattern.

/** "Scratch the <cell> entry", "ignore my <cell> figure", "disregard the <cell> value". */
const WITHDRAWN =
  /\b(?:scratch|ignore|disregard|strike|withdraw|drop|discard)\s+(?:the|my)\s+([^.;:!?\n]{1,60}?)\s+(?:entry|cell|figure|value|number|reading|score|level)\b/gi;

/**
 * "the D size figure came from Agent 3", "the C rent value is Agent 2's" (fresh213, session 62): a cell credited to
 * another agent after the act that gave it, taken back as a withdrawn one is.
 */
const CREDITED =
  /\bthe\s+([^.;:!?\n]{1,60}?)\s+(?:entry|cell|figure|value|number|reading|score|level)\s+(?:(?:came|comes|is|was)\s+(?:from|via)\s+agent\s+\d|(?:is|was)\s+agent\s+\d+(?:'|’)s\b)/gi;

/** Where each cell withdrawn by name is withdrawn: its option and attribute, and the offset of the phrase. */
export function withdrawnCells(text: string, state: ParseState): { at: number; option: number; attribute: number }[] {
  const out: { at: number; option: number; attribute: number }[] = [];
  for (const m of [...text.matchAll(WITHDRAWN), ...text.matchAll(CREDITED)]) {
    const { options, attributes } = namesIn(m[1] as string, state);
    if (options.length === 1 && attributes.length === 1)
      out.push({ at: m.index ?? 0, option: options[0] as number, attribute: attributes[0] as number });
  }
  return out;
}

/** `acts` without the last share of each withdrawn cell stated before its withdrawal. */
export function withoutWithdrawn<T extends { at: number; act: Act }>(
  acts: readonly T[],
  withdrawn: readonly { at: number; option: number; attribute: number }[],
): T[] {
  const dropped = new Set<T>();
  for (const w of withdrawn) {
    let last: T | undefined;
    for (const located of acts) {
      const { act } = located;
      if (located.at < w.at && act.kind === "share" && act.option === w.option && act.attribute === w.attribute)
        last = located;
    }
    if (last !== undefined) dropped.add(last);
  }
  return acts.filter((a) => !dropped.has(a));
}
