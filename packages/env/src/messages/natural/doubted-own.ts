import { numberIn } from "./natural-integer";
import { ownEarlierValue } from "./parse-sentence";
import type { Sentence } from "./sentence";

/** Words that call the speaker's earlier figure too high, too low or a slip: "that was too generous". */
const SLIP_WORDS = new Set([
  "generous",
  "harsh",
  "high",
  "low",
  "off",
  "wrong",
  "incorrect",
  "overstated",
  "understated",
  "inflated",
  "mistake",
  "typo",
  "slip",
  "error",
]);

/** Leads of a second thought before "that was too generous": "on reflection", "in hindsight", "thinking about it". */
const REFLECTION_LEADS: readonly (readonly string[])[] = [
  ["on", "reflection"],
  ["on", "second", "thought"],
  ["on", "second", "thoughts"],
  ["in", "hindsight"],
  ["in", "retrospect"],
  ["looking", "back"],
  ["thinking", "about", "it"],
  ["honestly"],
  ["actually"],
];

/** Words of a doubt the speaker casts on the figure: "I'm no longer sure", "I'm not certain". */
const SURE = new Set(["sure", "certain", "confident"]);

/** Words that may stand before a correction's label: "Small fix:", "Quick correction:", "One fix:". */
const LABEL_SIZES: ReadonlySet<string> = new Set(["small", "quick", "minor", "tiny", "slight", "one", "a"]);
/** A correction's label, closed by a colon or a dash: "Fix:", "Correction —", "Erratum:". */
const LABELS: ReadonlySet<string> = new Set(["fix", "correction", "erratum"]);

/** Where a correction's label opening the sentence ("Small fix:") ends, or null. */
function correctionLabelEnd(s: Sentence, first: number): number | null {
  let k = first;
  while (k < first + 2 && LABEL_SIZES.has(s.words[k] as string)) k++;
  const closing = s.tokens[k];
  return LABELS.has(s.words[k] as string) && (closing?.colon === true || closing?.dash === true) ? k + 1 : null;
}

/** The first word at from..to holding a number, or null. */
function firstNumber(s: Sentence, from: number, to: number): number | null {
  for (let k = from; k < to; k++) if (numberIn(s, k, k + 1)) return k;
  return null;
}

/** Does the sentence open on the speaker's own earlier entry ("I said", "Earlier I gave", "I posted")? */
function opensOwnEntry(s: Sentence, first: number, to: number): boolean {
  return ownEarlierValue(s, Math.min(to, first + 4));
}

/**
 * Does a clause after the first, in a sentence that restates the speaker's own earlier value ("I said X was a 2"),
 * withdraw or doubt it without a new level? "— that was too generous, and I'm no longer sure what the real value
 * is" (fresh177), "; it might actually be -1, I'm not certain" (fresh179): a clause opening "that was / that's" with a
 * word of a slip and no number after it, or one whose "it" is hedged by a modal ("it might be"), or a closing
 * "I'm not / no longer sure". A new level said plainly ("that was a typo; it's 3") is no doubt.
 */
export function doubtedOwnClause(s: Sentence, first: number, to: number): boolean {
  if (!opensOwnEntry(s, first, to)) return false;
  // "Small fix: I wrote that Monday 2pm was a 0 for Dan's availability." (fresh483, session 71: a wrong act): a label
  // of a correction over the restated value, in one clause with it and no other number in the sentence, calls that
  // value the slip ("Small fix: I flipped the sign on B's books sold, it's -1." gives the new value after a pause)
  const label = correctionLabelEnd(s, first);
  if (label !== null) {
    const value = firstNumber(s, label, to);
    let clause = value !== null;
    for (let k = label; clause && k < (value as number); k++) if (s.separated(k)) clause = false;
    if (clause && !numberIn(s, (value as number) + 1, to)) return true;
  }
  for (let c = first + 3; c < to; c++) {
    if (!s.separated(c - 1)) continue;
    const w = s.words;
    // "..., and I'm no longer sure"
    const after = w[c] === "and" || w[c] === "but" ? c + 1 : c;
    // "; on reflection that was too generous" (a held-out defect, session 56): a second thought leading the clause
    const k = after + (REFLECTION_LEADS.find((lead) => lead.every((x, n) => w[after + n] === x))?.length ?? 0);
    // "— that was too generous", "— that's off", with no number left in the sentence
    if (w[k] === "that" && (w[k + 1] === "was" || w[k + 1] === "'s" || w[k + 1] === "is")) {
      for (let j = k + 2; j < Math.min(to, k + 5); j++) if (SLIP_WORDS.has(w[j] as string)) return !numberIn(s, j, to);
    }
    // "; it might actually be -1": another level only guessed at
    if (w[k] === "it" && (w[k + 1] === "might" || w[k + 1] === "may" || w[k + 1] === "could")) return true;
    // "..., I'm no longer sure", "..., I'm not certain" with no number after
    const am = w[k] === "i'm" || w[k] === "im" ? k + 1 : w[k] === "i" && w[k + 1] === "am" ? k + 2 : -1;
    if (am > 0) {
      const not = w[am] === "not" || (w[am] === "no" && w[am + 1] === "longer");
      const at = w[am] === "not" ? am + 1 : am + 2;
      if (not && SURE.has(w[at] as string) && !numberIn(s, at, to)) return true;
    }
  }
  return false;
}

/**
 * "Earlier I said X was 1. If that turns out to be wrong, it's probably a 0, but I'll wait ..." (fresh179): the next
 * sentence opens on a condition that the speaker's restated value is wrong ("If that's wrong", "If that turns out to
 * be off"): the value is in doubt.
 */
export function doubtedOwnSentence(s: Sentence, first: number, to: number): boolean {
  const w = s.words;
  if (w[first] !== "if" || w[first + 1] !== "that") return false;
  for (let k = first + 2; k < Math.min(to, first + 8); k++) {
    if (SLIP_WORDS.has(w[k] as string)) return true;
    if (s.separated(k)) return false;
  }
  return false;
}
