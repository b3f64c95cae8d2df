import type { NaturalToken } from "../natural-tokens";
import type { ParseState, Sentence } from "./sentence";

// A person's availability said in words (issue 26, fresh34, fresh37): "Dan is likely free on Tuesday 9am", "Bob is
// busy at Monday 2pm". Read only where the task has an attribute "<Name>'s availability" on a 0..1 scale, the sentence
// is exactly that statement, and nothing in it is negated, conditional, modal or someone else's (docs/design.md §2).

/** Words for available (1) and not (0). */
const STATES = new Map([
  ["free", 1],
  ["available", 1],
  ["open", 1],
  ["busy", 0],
  ["unavailable", 0],
  ["booked", 0],
]);

/** Adverbs that leave the stated availability as it is: "probably" and "likely" state it (the corpus's hedge rule). */
const SURE = new Set(["probably", "likely", "definitely", "certainly", "also", "still", "totally", "fully"]);

/** Between the state and the option: "free on", "busy at", "available for". */
const SLOT_LEADS = new Set(["on", "at", "for", "during"]);

/**
 * "<Name> is [probably] free|busy on <option>." as the whole of from..to: the share of "<Name>'s availability" at the
 * option, 1 for free and 0 for busy, on a 0..1 scale only; null otherwise.
 */
export function availabilityShare(
  s: Sentence,
  from: number,
  to: number,
  state: ParseState,
): { option: number; attribute: number; level: number } | null {
  const { words } = s;
  const [lo, hi] = state.task.levels;
  if (lo !== 0 || hi !== 1 || (s.tokens[to - 1] as NaturalToken).question) return null;
  for (let k = from; k < to; k++) if (s.gate[k] === true || s.modal[k] === true) return null;
  const attribute = state.task.domain.attributes.findIndex(
    (name) => name.toLowerCase() === `${words[from]}'s availability`,
  );
  if (attribute < 0) return null;
  let k = from + 1;
  while (k < to && SURE.has(words[k] as string)) k++;
  if (words[k] !== "is" && words[k] !== "'s") return null;
  k++;
  while (k < to && SURE.has(words[k] as string)) k++;
  const level = STATES.get(words[k] as string);
  if (level === undefined || !SLOT_LEADS.has(words[k + 1] as string)) return null;
  k += 2;
  if (words[k] === "the") k++;
  const option = state.options.match(words, k);
  return option !== null && option.end === to ? { option: option.index, attribute, level } : null;
}
