import type { Act } from "../act";
import { naturalCues as cue } from "../natural-cues";
import type { NaturalToken } from "../natural-tokens";
import { naturalInteger } from "./natural-integer";
import type { ParseState, Sentence } from "./sentence";
import { levelAt } from "./share-items";

// A cell named, then its level in a relative clause closing the sentence (issue 26, session 52; fresh120,
// fresh127): "I only have the apple count for Shelf A, which is 1.", "since then I've seen its neighbourhood score,
// which is 3."

/** Verbs of the relative clause: "which is 1", "which's 1", "which was 1" (the speaker's reading now). */
const COPULAS: ReadonlySet<string> = new Set(["is", "'s", "was", "are", "were"]);

/**
 * The share of a sentence that names one cell and closes on ", which is <level>": one attribute and one option named
 * before the relative clause (a sentence that names no option is read under the talk's option by `carriedSentence`),
 * no other number and nothing that changes what the level means (negation, condition, modal, another agent, a
 * comparison) anywhere in it. Null otherwise.
 */
export function relativeShare(s: Sentence, first: number, to: number, state: ParseState): Act | null {
  const { words } = s;
  let which = -1;
  for (let k = first + 2; k < to - 2; k++)
    if (words[k] === "which" && s.separated(k - 1) && COPULAS.has(words[k + 1] as string)) which = k;
  if (which < 0) return null;
  let at = which + 2;
  if (words[at] === "a" || words[at] === "an") at++;
  const level = levelAt(s, at, to, state);
  if (level === null || level.end < to) return null;
  let option: number | null = null;
  let attribute: number | null = null;
  for (let k = first; k < which; k++) {
    const w = words[k] as string;
    if (s.gate[k] === true || s.modal[k] === true || w === "agent" || w === "you" || w === "your") return null;
    if (cue.comparatives.has(w) || /[0-9]/.test(w) || naturalInteger(w) !== null) return null;
    const o = state.options.match(words, k);
    if (o !== null) {
      if (option !== null && option !== o.index) return null;
      option = o.index;
      k = o.end - 1;
      continue;
    }
    const a = state.attributes.match(words, k);
    if (a !== null) {
      if (attribute !== null && attribute !== a.index) return null;
      attribute = a.index;
      k = a.end - 1;
    }
  }
  if (option === null || attribute === null) return null;
  if ((s.tokens[to - 1] as NaturalToken).question) return null;
  return { kind: "share", option, attribute, level: level.value };
}
