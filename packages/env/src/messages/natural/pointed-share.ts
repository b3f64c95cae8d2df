import { onlyLevel } from "./lone-share";
import type { ParseState, Sentence } from "./sentence";

/** Words that point back to the option just proposed: "there", "here". */
const POINTERS = new Set(["there", "here"]);

/**
 * A share in a proposal's reason that names the attribute and points back to the proposed option instead of
 * naming it: "Let's settle on Restaurant C — cleanliness there is a 5" (fresh31). The attribute (after "the",
 * "its" or "their"), a pointer, then the clause up to its end must state one level and nothing else
 * (`onlyLevel`). The attribute and level, or null.
 */
export function pointedShare(
  s: Sentence,
  k: number,
  end: number,
  state: ParseState,
): { attribute: number; level: number; end: number } | null {
  const { words } = s;
  const j = words[k] === "the" || words[k] === "its" || words[k] === "their" ? k + 1 : k;
  const attribute = state.attributes.match(words, j);
  if (attribute === null || attribute.end >= end || !POINTERS.has(words[attribute.end] as string)) return null;
  const from = attribute.end + 1;
  let to = from;
  while (to < end && !(to > from && s.separated(to - 1))) to++;
  const level = onlyLevel(s, from, to, state);
  return level === null ? null : { attribute: attribute.index, level: level.value, end: level.end };
}
