import { naturalCues as cue } from "../natural-cues";
import { bodySubject } from "./body-subject";

// The subject of a plan read by its shape rather than by a list of bodies (issue 26, session 43, helper h43q; fresh45's
// "My flatmates and I should rent X", "The constable ought to take X in", "Our interview panel ought to go for X",
// fresh46's "The two of us ought to move into X", "All five of us should eat at X", "Everyone in the office should head
// to X", "The detective has to charge X"). Who carries the plan out is the team or a body acting for it, named as:
// - the speaker with others: "<up to three words> and I" / "and we" ("my flatmates and I", "Sam and I"), "me and my
//   roommates";
// - a part or count of the team: "the two of us", "all five of us", "both of us", "each of us";
// - the team in a place: "everyone in the office", "all of us at the club" (one owner, at most two words after it);
// - a definite body or role: "the constable", "our interview panel", "the kitchen staff" ("the" / "our" / "my", at
//   most three plain words, none a pronoun, name, number or clause word), or a body's noun alone ("HR", "Security").
// The words of the subject are checked here; what follows (an intent, the option) is the caller's.

/** Owners that open a definite subject: "the constable", "our panel", "my flatmates". */
const OWNERS: ReadonlySet<string> = new Set(["the", "our", "my"]);

/** Quantities of the team before "of us": "the two of us", "all five of us", "both of us", "each of us". */
const OF_US_LEADS: ReadonlySet<string> = new Set(["the", "all", "both", "each", "most", "some"]);

/** The whole team before a place: "everyone in the office", "all of us at the club". */
const EVERYONE: ReadonlySet<string> = new Set(["everyone", "everybody"]);
const PLACES: ReadonlySet<string> = new Set(["in", "at", "on", "from"]);

/**
 * Words that cannot be part of a subject: pronouns of someone else, clause words, negations, modals and the
 * question words. A subject that holds one is no subject ("the ones they picked", "our best bet if").
 */
const NOT_SUBJECT_WORDS: ReadonlySet<string> = new Set([
  ...cue.negations,
  ...cue.conditionals,
  ...cue.modals,
  ...cue.reporting,
  ...cue.alternatives,
  "agent",
  "i",
  "we",
  "you",
  "he",
  "she",
  "they",
  "it",
  "his",
  "her",
  "their",
  "its",
  "your",
  "who",
  "what",
  "which",
  "that",
  "this",
  "and",
  "should",
  "must",
  "ought",
  "needs",
  "need",
  "has",
  "have",
  "is",
  "are",
  "was",
  "were",
  "be",
  "to",
  "of",
  "for",
  "with",
  "best",
  "one",
  "ones",
]);

/** A plain lower-case word that can name (part of) a body: no digits, apostrophes, names or clause words. */
function plainWord(w: string | undefined): w is string {
  return w !== undefined && /^[a-z][a-z-]*$/.test(w) && !NOT_SUBJECT_WORDS.has(w) && !cue.numberWords.has(w);
}

/** Is the number word or digit at w a count ("two", "five", "3")? */
function count(w: string | undefined): boolean {
  return w !== undefined && (cue.numberWords.has(w) || /^[0-9]+$/.test(w));
}

/** "the two of us", "all five of us", "both of us": the length, or 0. */
function partOfUs(words: readonly string[], from: number): number {
  if (!OF_US_LEADS.has(words[from] as string)) return 0;
  let k = from + 1;
  if (count(words[k])) k++;
  // "the of us" is no subject: "the" needs its count
  if (words[from] === "the" && k === from + 1) return 0;
  return words[k] === "of" && words[k + 1] === "us" ? k + 2 - from : 0;
}

/** "<up to three plain words> and I" / "and we": the length, or 0. */
function withSpeaker(words: readonly string[], from: number): number {
  // "me and my roommates": the speaker first
  if (words[from] === "me" && words[from + 1] === "and") {
    const start = OWNERS.has(words[from + 2] as string) ? from + 3 : from + 2;
    let k = start;
    while (k < start + 3 && plainWord(words[k])) k++;
    return k > start ? k - from : 0;
  }
  const start = OWNERS.has(words[from] as string) ? from + 1 : from;
  for (let k = start; k < start + 3; k++) {
    if (words[k] === "and" && k > start && (words[k + 1] === "i" || words[k + 1] === "we")) return k + 2 - from;
    if (!plainWord(words[k])) return 0;
  }
  return 0;
}

/** "everyone in the office", "all of us at the club": the length, or 0. */
function teamInPlace(words: readonly string[], from: number): number {
  const team = EVERYONE.has(words[from] as string)
    ? 1
    : words[from] === "all" && words[from + 1] === "of" && words[from + 2] === "us"
      ? 3
      : 0;
  const at = from + team;
  if (team === 0 || !PLACES.has(words[at] as string) || !OWNERS.has(words[at + 1] as string)) return 0;
  let k = at + 2;
  while (k < at + 4 && plainWord(words[k]) && !PLACES.has(words[k] as string)) k++;
  return k > at + 2 ? k - from : 0;
}

/** "the constable", "our interview panel", "the kitchen staff": an owner and one to three plain words; the length, or 0. */
function definiteBody(words: readonly string[], from: number): number {
  if (!OWNERS.has(words[from] as string)) return 0;
  let k = from + 1;
  while (k < from + 4 && plainWord(words[k])) k++;
  return k - from - 1;
}

/**
 * The length of the subject of a plan opening words at from (the team's words are the caller's: "we", "let's"), or 0.
 * `before` is the set of words that may follow it (the intents): a definite body is a subject only when one of them
 * comes next, so the longest such reading is taken ("the kitchen staff" before "need to").
 */
export function planSubject(words: readonly string[], from: number, intentAt: (k: number) => number): number {
  for (const length of [partOfUs(words, from), withSpeaker(words, from), teamInPlace(words, from)])
    if (length > 0 && intentAt(from + length) > 0) return length;
  // "Security", "the hiring committee" (body-subject.ts), its words plain ("Perhaps the team" is a hedge, no subject)
  const body = bodySubject(words, from);
  const plain = words.slice(from, from + body).every((w, n) => (n === 0 && OWNERS.has(w)) || plainWord(w));
  if (body > 0 && plain && intentAt(from + body) > 0) return body;
  const definite = definiteBody(words, from);
  for (let n = definite; n >= 1; n--) if (intentAt(from + 1 + n) > 0) return n + 1;
  return 0;
}
