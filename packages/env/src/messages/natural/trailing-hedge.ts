import type { NaturalToken } from "../natural-tokens";
import type { Sentence } from "./sentence";

/**
 * Phrases that, right after a number, make it an estimate: "2, give or take", "3 more or less", "4, roughly",
 * "1 or thereabouts". Each is matched whole, and only where it closes its clause.
 */
const HEDGE_PHRASES: readonly (readonly string[])[] = [
  ["give", "or", "take"],
  ["more", "or", "less"],
  ["or", "thereabouts"],
  ["or", "so"],
  ["plus", "or", "minus"],
  ["roughly"],
  // "2 and -1 books respectively, roughly speaking" (helper h43q)
  ["roughly", "speaking"],
  ["approximately", "speaking"],
  ["approximately"],
  ["approx"],
  ["ish"],
  ["or", "around", "there"],
  ["at", "a", "guess"],
  ["at", "a", "rough", "guess"],
  ["ballpark"],
  ["in", "the", "ballpark"],
  ["give", "or", "take", "one"],
  ["give", "or", "take", "a", "point"],
];

/**
 * Does a hedge phrase follow the number that ends at `at` (the word after it), closing its clause (a pause, the
 * sentence's end, or `to`)? "is 2, give or take" states no level: a hedge after the number, like one before it
 * ("about 2"), leaves the value open. Precision first: such a number is never read as a level.
 */
export function trailingHedge(s: Sentence, at: number, to: number): boolean {
  for (const phrase of HEDGE_PHRASES) {
    const end = at + phrase.length;
    if (end > to) continue;
    if (!phrase.every((w, n) => s.words[at + n] === w)) continue;
    const last = s.tokens[end - 1] as NaturalToken;
    if (end >= to || last.pause || last.stop) return true;
  }
  return false;
}
