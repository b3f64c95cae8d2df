import { naturalCues as cue } from "../natural-cues";
import type { NaturalToken } from "../natural-tokens";
import { naturalInteger } from "./natural-integer";
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
  // "Email records for F is 1 if I remember correctly — someone confirm?" (fresh369, session 69: a wrong act): a
  // recollection the speaker doubts, closed by a dash or a pause rather than the sentence's end
  ["if", "i", "remember", "correctly"],
  ["if", "i", "remember", "right"],
  ["if", "i", "recall", "correctly"],
  ["if", "i", "recall"],
  ["if", "memory", "serves"],
  ["if", "memory", "serves", "me", "right"],
  ["iirc"],
  // "stall D books sold -1 maybe." (fresh422, session 69: a wrong act): a doubt word closing the level, no comma
  ["maybe"],
  ["perhaps"],
  ["possibly"],
];

/**
 * Does a hedge phrase follow the number that ends at `at` (the word after it), closing its clause (a pause, the
 * sentence's end, or `to`)? "is 2, give or take" states no level: a hedge after the number, like one before it
 * ("about 2"), leaves the value open. Precision first: such a number is never read as a level.
 */
export function trailingHedge(s: Sentence, at: number, to: number): boolean {
  if (alternativeLevel(s, at, to)) return true;
  for (const phrase of HEDGE_PHRASES) {
    const end = at + phrase.length;
    if (end > to) continue;
    if (!phrase.every((w, n) => s.words[at + n] === w)) continue;
    const last = s.tokens[end - 1] as NaturalToken;
    if (end >= to || last.pause || last.stop) return true;
  }
  return false;
}

/** Words that offer another value: "or", "maybe", "possibly", "perhaps", "could", "might", "may". */
const OFFERING: ReadonlySet<string> = new Set(["or", "maybe", "possibly", "perhaps", "could", "might", "may"]);

/** Words that may stand between the offer and the other number: "though it could be a", "or even", "but maybe an". */
const OFFER_FILLERS: ReadonlySet<string> = new Set(["though", "although", "but", "it", "be", "even", "a", "an"]);

/**
 * Does another level follow the number that ends at `at`, offered as an alternative before the clause's end
 * (issue 26, helper h44p: fresh49's "ambience is a 3, or maybe a 4", fresh50's "is a 2, possibly a 3" and "is a
 * 4, though it could be a 5")? Up to five words, at least one of them an offer ("or", "maybe", "could", ...), the
 * others fillers, then a number: the speaker states two values, so none is the level. "a 3, not a 4" (a
 * correction) and "a 3, and Shelf B a 4" (another pair) hold words outside the offer and are left to their readings.
 */
function alternativeLevel(s: Sentence, at: number, to: number): boolean {
  let offered = false;
  for (let j = at; j < Math.min(to, at + 6); j++) {
    const w = s.words[j] as string;
    if (offered && (naturalInteger(w) !== null || cue.numberWords.has(w))) return true;
    if (OFFERING.has(w)) offered = true;
    else if (!OFFER_FILLERS.has(w)) return false;
  }
  return false;
}
