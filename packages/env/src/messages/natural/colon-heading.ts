import { naturalCues as cue, negationWord } from "../natural-cues";
import { naturalInteger } from "./natural-integer";
import type { ParseState, Sentence } from "./sentence";

/**
 * A line that ends on a colon and introduces the speaker's facts about one option ("Here's my count for Shelf B:",
 * "Looking at the evidence I have, **Employee A** checks every box:"): it names exactly one option and no attribute,
 * number or agent, and nothing in it is someone else's word, negated, under a condition or a modal. The option,
 * which the list lines under it take as theirs (as under "For Shelf B:"), or null.
 */
export function colonHeading(
  s: Sentence,
  first: number,
  to: number,
  closing: string,
  state: ParseState,
): number | null {
  if (!closing.endsWith(":") || to <= first) return null;
  let option: number | null = null;
  for (let k = first; k < to; k++) {
    const w = s.words[k] as string;
    if (s.gate[k] === true || s.modal[k] === true) return null;
    if (w === "agent" || naturalInteger(w) !== null || cue.numberWords.has(w)) return null;
    if (cue.conditionals.has(w) || negationWord(w)) return null;
    if (state.attributes.match(s.words, k) !== null) return null;
    const named = state.options.match(s.words, k);
    if (named === null) continue;
    if (option !== null && option !== named.index) return null;
    // "Restaurant C's ...:" names an attribute's owner, not a heading's option
    if (s.words[named.end] === "'s") return null;
    option = named.index;
    k = named.end - 1;
  }
  return option;
}
