import type { Act } from "../act";
import { squeezed } from "./reread";
import type { ParseState } from "./sentence";

// The zero count (issue 26, session 60): "Shelf A has five onions and one apple. No rice bags on it at all.", "No rice
// bags there at all — zero.", "Zero rice bags on Shelf A.": a sentence with no verb saying an option holds none of a
// counted item, its option named or pointed to ("it", "there", "that shelf": the option the talk is about). It is read
// again as "There are no <item> on <option>." by the grammar, which reads that only where the item is a count; one
// share of level 0, or nothing.

/** "at all", and a closing restatement of the zero ("— zero", ", none"), which add nothing. */
const AT_ALL = /\s+at all\b/gi;
const ZERO_CLOSE = /\s*(?:[—–,:]|\s-)\s*(?:zero|0|none|nil|nothing)(?:\s+at all)?\s*$/i;

/**
 * "No rice bags on Shelf A", "There are no rice bags there", "Zero apples for B", "there are actually no rice bags on
 * Shelf B" (a correction's new value, fresh327, session 67).
 */
const NONE_ON =
  /^(?:there(?:'s|\s+is|\s+are|\s+were)\s+(?:actually\s+|really\s+)?)?(?:no|zero)\s+([a-z][a-z -]{0,40}?)\s+(?:(?:on|at|in|for)\s+([^,;:()]{1,40})|(there))$/i;

/** Words that point to the option the talk is about. */
const POINTERS = /^(?:it|that one|this one|(?:that|this|the same)\s+[a-z]+)$/i;

/**
 * The zero count `raw` states (a whole sentence no reader before took), with the option the talk is about for a
 * pointer, or null where it states none.
 */
export function zeroCount(raw: string, state: ParseState, subject: number | null): Act | null {
  if (state.clauseActs === undefined) return null;
  const text = squeezed(raw)
    .trim()
    .replace(/[.!]+$/, "")
    .replace(ZERO_CLOSE, "")
    .replace(AT_ALL, "")
    .trim();
  const m = text.match(NONE_ON);
  if (m === null) return null;
  let target = (m[2] ?? m[3] ?? "").trim();
  if (m[3] !== undefined || POINTERS.test(target)) {
    if (subject === null) return null;
    target = state.task.domain.options[subject] as string;
  }
  const acts = state.clauseActs(`There are no ${m[1]} on ${target}.`);
  if (acts === null || acts.length !== 1) return null;
  const [act] = acts;
  return act?.kind === "share" && act.level === 0 ? act : null;
}
