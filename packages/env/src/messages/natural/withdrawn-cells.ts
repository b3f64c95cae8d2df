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

/**
 * "the 5 for A's quietness was pasted from an old listing, please ignore it" (fresh217, session 62): a figure of a
 * cell named, then withdrawn in the same sentence.
 */
const IGNORED_FIGURE =
  /\bthe\s+[+\-−]?\d{1,3}\s+(?:for|on)\s+([^.;:!?\n]{1,60}?)\s+(?:was|is)\b[^.!?\n]{0,100}?\b(?:ignore|disregard|scratch|strike|drop)\s+(?:it|that|this)\b/gi;

/** Where each cell withdrawn by name is withdrawn: its option and attribute, and the offset of the phrase. */
export function withdrawnCells(text: string, state: ParseState): { at: number; option: number; attribute: number }[] {
  const out: { at: number; option: number; attribute: number }[] = [];
  for (const m of [...text.matchAll(WITHDRAWN), ...text.matchAll(CREDITED), ...text.matchAll(IGNORED_FIGURE)]) {
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

/**
 * A heading line crediting the list under it to another agent: "Relayed from Agent 1 (not verified by me):", "From
 * Agent 2:", "**Agent 3's figures:**", "Per Agent 1:" (fresh219, session 62), "Quick recap of what Agents 2 and 4
 * posted:" (fresh328, session 67: a wrong act).
 */
const OTHERS_HEADING =
  /^[\s#*_>]*(?:(?:[a-z]+\s+){0,3}(?:from|per|via|by|according to)\s+agent\s*\d{1,2}|agent\s*\d{1,2}(?:'|’)s\s+(?:figures|numbers|values|data|cells|notes|report|reports|claims|list|readings)|(?:[a-z]+\s+){0,4}agents?\s*\d{1,2}(?:\s*(?:,|and|&)\s*\d{1,2})*\s+(?:says|said|reported|posted|shared|gave|listed))\b[^:\n.!?]{0,50}:[\s*_]*$/i;
/**
 * A heading line that disowns the list under it in its own words: "What I've collected so far (not my own numbers,
 * all relayed from Agents 1 and 2):" (fresh545, session 74: six wrong acts), "Others' figures (not mine):".
 */
const DISOWNING_HEADING =
  /^(?=[^\n]*\b(?:not\s+my\s+own|not\s+mine|relayed\s+from\s+agents?\s*\d))[^\n:]{0,140}:[\s*_]*$/i;
/** A list item line: "- ...", "* ...", "• ...", "1. ...", "2) ...". */
const LIST_ITEM = /^\s*(?:[-*•+]|\d{1,2}[.)])\s+\S/;
/**
 * A row of a list without markers under such a heading: a name of up to four words, then a dash, colon, bar or
 * aligned gap, then cells with a number, no question and no full stop ("Restaurant A — cleanliness 3, location 5");
 * not opened by a word of the speaker's or of a clause ("I", "my", "and", "if").
 */
const ROW_LINE =
  /^(?!\s*(?:i|i'm|i've|my|mine|me|and|if|so|but|also)\b)\s*[^\s.:—–|?]+(?:\s+[^\s.:—–|?]+){0,3}\s*(?:[—–:|]|\s{2,})[^\n?.]*\d[^\n?.]*$/i;

/** The spans of the list items under each heading that credits them to another agent (offsets in `text`). */
export function othersListSpans(text: string): [number, number][] {
  const spans: [number, number][] = [];
  if (!/agent|not mine|not my own/i.test(text)) return spans;
  let at = 0;
  let under = false;
  // rows without markers only in one block right under the heading (a blank line after a row ends them)
  let rows = false;
  for (const line of text.split("\n").slice(0, 400)) {
    const end = at + line.length;
    if (OTHERS_HEADING.test(line) || DISOWNING_HEADING.test(line)) [under, rows] = [true, true];
    else if (under && (LIST_ITEM.test(line) || (rows && ROW_LINE.test(line)))) spans.push([at, end]);
    // "From Agent 1's notes:", a blank line, then the list (fresh263, session 64): the heading still holds
    else if (line.trim() !== "") [under, rows] = [false, false];
    if (line.trim() === "" && spans.length > 0 && (spans[spans.length - 1] as [number, number])[1] === at - 1)
      rows = false;
    at = end + 1;
  }
  return spans;
}

/** `acts` without the shares located in `spans` (another agent's list). */
export function withoutSpans<T extends { at: number; act: Act }>(
  acts: readonly T[],
  spans: readonly [number, number][],
): T[] {
  if (spans.length === 0) return [...acts];
  return acts.filter((a) => a.act.kind !== "share" || !spans.some(([s, e]) => a.at >= s && a.at < e));
}
