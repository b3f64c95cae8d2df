import type { ParseState, Sentence } from "./sentence";

// Counts said in words around the counted noun (issue 26, fresh40; fresh39's "Just a single rice bag on Shelf A"):
// "a single / a lone rice bag" (1), "not a single onion", "not one apple" (0), "out of apples" after a verb of being
// or running out (0), "no rice bags left" (0). Only on a scale from 0, and only with the counted attribute right
// after the phrase, so the words can mean nothing but the count (docs/design.md §2, the share act).

/** Adjectives of one after "a" / "one": "a single onion", "a lone apple", "one solitary bag of rice". */
const ONE_WORDS = new Set(["single", "lone", "solitary"]);
/** Before "out of": "is out of apples", "has run out of onions", "ran out of rice bags". */
const OUT_LEADS = new Set(["is", "'s", "are", "run", "ran", "runs", "completely", "totally", "clean", "entirely"]);
/**
 * Words that close "no <noun>" as a count of none: "no rice bags left", "no onions remaining" (fresh39's "There are no
 * rice bags left on Shelf B"). Sentence's negation gate lets the same "no" through (countNone), so the two agree.
 */
export const NONE_LEFT: ReadonlySet<string> = new Set(["left", "remaining"]);

/** Words after the "not" at k of "not a single <noun>" / "not one <noun>" (3 or 2), 0 for any other "not". */
export function notOneLength(words: readonly string[], k: number): number {
  if (words[k] !== "not") return 0;
  if (words[k + 1] === "a" && words[k + 2] === "single") return 3;
  return words[k + 1] === "one" ? 2 : 0;
}

/** The count phrase at k and the attribute it counts: its value, attribute and the word after it, or null. */
export function countPhraseAt(
  s: Sentence,
  k: number,
  to: number,
  state: ParseState,
): { value: number; attribute: number; end: number } | null {
  const { words } = s;
  const [lo, hi] = state.task.levels;
  if (lo !== 0 || hi < 1) return null;
  const counted = (at: number, value: number) => {
    const attribute = state.attributes.match(words, at);
    return attribute === null || attribute.end > to ? null : { value, attribute: attribute.index, end: attribute.end };
  };
  const w = words[k];
  // "a single rice bag", "one lone apple"
  if ((w === "a" || w === "one") && ONE_WORDS.has(words[k + 1] as string)) return counted(k + 2, 1);
  // "not a single onion", "not one apple"
  const notOne = notOneLength(words, k);
  if (notOne > 0) return counted(k + notOne, 0);
  // "Shelf A is out of apples", "has run out of onions"
  if (w === "out" && words[k + 1] === "of" && OUT_LEADS.has(words[k - 1] as string)) return counted(k + 2, 0);
  // "No rice bags left on Shelf A", "there are no onions remaining"
  if (w === "no") {
    const none = counted(k + 1, 0);
    return none !== null && NONE_LEFT.has(words[none.end] as string) ? { ...none, end: none.end + 1 } : null;
  }
  return null;
}
