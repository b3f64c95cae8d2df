import { naturalCues as cue, negationWord } from "../natural-cues";
import type { NaturalToken } from "../natural-tokens";
import { BODY_NOUNS } from "./body-subject";
import { naturalInteger } from "./natural-integer";
import { NOT_THE_SPEAKERS_PLAN } from "./plan-blockers";
import { planSubject } from "./plan-subject";
import type { ParseState, Sentence } from "./sentence";

// A proposal put as the team's plan or a consent question (issue 26, session 42; fresh41's "Everyone should meet at
// Restaurant F, I reckon", "Can everyone live with Restaurant C?", fresh42's "We should report Employee E to security",
// "Is everybody okay with Restaurant D?"). Read by shape, not by its verb: one option named alone (not an owner), no
// attribute, no number, nothing that makes it less than a plan (negation, condition, hedge, alternative, reporting,
// leaving out, finding out), and either
// - a statement whose subject is the team ("we", "let's", "everyone", "the team", "our group") with an intent ("should",
//   "ought to", "must", "need to", "'ll"), or
// - a question asking the team's consent: a team word ("everyone", "we", "all") and a consent word ("okay", "happy",
//   "live with", "suit", "work").
// Session 43 (fresh43, fresh44): a body other than the team as the subject of the plan ("The panel should hire X",
// "Security should detain X"; body-subject.ts; not "The judges should be shown X"), and a consent question opened by
// "would" / "could" or put to "you all" ("Would the group be happy going to X?", "Could we all agree on X?").
// Helper h43q (fresh45, fresh46): the subject by its shape (plan-subject.ts: "my flatmates and I", "the two of us",
// "the constable", "everyone in the office"), "needs to" / "has to", the team's consent opening the plan, and a question
// opened by a modal with the team as subject, whatever its verb ("Could we all meet at X tonight?", "Shall we all back
// X?"); an attribute's word as the plan's verb ("Could we all agree to rent X?").
// Anything else reads nothing (precision first, docs/design.md §2).

/** Longest sentence (in words, without its closing tail) the reading looks at: one short plan or question. */
const MAX_WORDS = 14;

/** The team as the subject opening a statement, word for word. */
const TEAM_SUBJECTS: readonly (readonly string[])[] = [
  ["we"],
  ["we", "all"],
  ["we'll"],
  ["let's"],
  ["lets"],
  ["let", "'s"],
  ["let", "us"],
  ["everyone"],
  ["everybody"],
  ["all", "of", "us"],
  ["the", "team"],
  ["the", "group"],
  ["our", "team"],
  ["our", "group"],
];

/** Subjects whose word already says the plan ("we'll", "let's"): no intent word needed after them. */
const PLAN_SUBJECTS: ReadonlySet<string> = new Set(["we'll", "let's", "lets", "let"]);

/** The intent after a team subject: "should", "ought to", "must", "need to", "have to", "are going to". */
const INTENTS: readonly (readonly string[])[] = [
  ["should"],
  ["ought", "to"],
  ["must"],
  ["need", "to"],
  ["needs", "to"],
  ["have", "to"],
  ["has", "to"],
  ["are", "going", "to"],
  ["is", "going", "to"],
  ["all", "should"],
  ["should", "all"],
  // "We really should eat at X" (helper h43q): an adverb of certainty, never a hedge ("probably")
  ["really", "should"],
  ["definitely", "should"],
  ["certainly", "should"],
  ["absolutely", "should"],
  ["should", "really"],
  ["should", "definitely"],
];

/**
 * Openers of a suggestion put to the team as a question (helper h43q): "How about we all eat at X?". With the team as
 * the subject right after, the question proposes.
 */
const SUGGESTION_OPENERS: readonly (readonly string[])[] = [["how", "about"]];

/** Words of the team in a consent question ("the group", "the committee": a body's nouns too). */
const TEAM_WORDS: ReadonlySet<string> = new Set(["everyone", "everybody", "we", "all", "us", "y'all", ...BODY_NOUNS]);

/** Modals opening a consent question: "Would everyone be happy with X?", "Could we all agree on X?" (session 43). */
const QUESTION_MODALS: ReadonlySet<string> = new Set(["would", "could"]);

/**
 * Modals that open a question putting a plan to the team (helper h43q): "Could we all meet at X tonight?", "Shall we
 * all back X?", "Will everyone come along to X?", "Could the panel get behind X?". With the team as the subject right
 * after, the question asks the team to do something with the option: its consent, whatever the verb.
 */
const PLAN_MODALS: ReadonlySet<string> = new Set(["can", "could", "would", "will", "shall"]);

/** Before "you", the team addressed as a whole: "Would X work for all of you?", "each of you" (helper h43q). */
const ALL_OF: ReadonlySet<string> = new Set(["all", "each", "both"]);

/** After "you", the team addressed as a whole: "Would you all be okay with X?". */
const YOU_ALL: ReadonlySet<string> = new Set(["all", "guys", "both"]);

/** Words of consent in a question put to the team ("okay with", "live with", "suit", "work for"). */
const CONSENT_WORDS: ReadonlySet<string> = new Set([
  "okay",
  "ok",
  "fine",
  "happy",
  "good",
  "alright",
  "comfortable",
  "content",
  "live",
  "suit",
  "suits",
  "work",
  "works",
  "agree",
  "settle",
]);

/**
 * Words that make the sentence something other than a plan for the option: finding out ("check", "ask", "know",
 * "see", "where"), leaving out ("skip", "avoid", "drop", "clear"), waiting, comparing, someone else's view, an earlier
 * time, and the question words of an information question.
 */
const NOT_A_PLAN: ReadonlySet<string> = new Set([
  ...NOT_THE_SPEAKERS_PLAN,
  "someone",
  "both",
  "rule",
  "ask",
  "check",
  "know",
  "knows",
  "learn",
  "find",
  "look",
  "see",
  "hear",
  "discuss",
  "compare",
  "question",
  "investigate",
  "interview",
  "interviewing",
  "verify",
  "confirm",
  "wait",
  "revisit",
  "think",
  "talk",
  "worry",
  "watch",
  "keep",
  "which",
  "where",
  "when",
  "why",
  "how",
  "who",
  "whether",
  "yet",
  "later",
  "earlier",
  "before",
  "still",
]);

/** Stems of leaving out: "skip", "skipping", "avoid", "dropping", "excluded", "ruling", "cross off". */
const LEAVING_OUT = [
  "skip",
  "avoid",
  "drop",
  "exclud",
  "elimin",
  "clear",
  "forget",
  "ignor",
  "leav",
  "reject",
  "cross",
  "stop",
  "rul",
  "remov",
  "remember",
];

/** Stems of filling the option up, the opposite of choosing it as a source: "restock", "refill", "replenish". */
const REFILLING = ["restock", "refill", "replenish", "top"];

/** Before an attribute's word used as the plan's verb ("to rent X", "should rent X"): the infinitive or an intent. */
const VERB_LEADS: ReadonlySet<string> = new Set(["to", "should", "must", "i", "we", "let's"]);

/** After the option, a verb that makes the clause a statement about it ("we must remember X is far"). */
const ABOUT_IT: ReadonlySet<string> = new Set([
  "is",
  "'s",
  "was",
  "are",
  "were",
  "has",
  "had",
  "seems",
  "looks",
  "sounds",
  "feels",
  "does",
  "did",
]);

/** Closing clauses after the last pause that only put the plan in the speaker's voice: ", I reckon", ", in my view". */
const SPEAKER_TAILS: readonly (readonly string[])[] = [
  ["i", "think"],
  ["i", "feel"],
  ["i", "reckon"],
  ["i", "say"],
  ["i'd", "say"],
  ["i", "suggest"],
  ["i'd", "suggest"],
  ["i", "guess"],
  ["in", "my", "view"],
  ["in", "my", "opinion"],
  ["in", "my", "book"],
  ["to", "my", "mind"],
  ["as", "i", "see", "it"],
  ["if", "you", "ask", "me"],
  ["then"],
];

/** Where the clause ends: before a speaker tail closing the sentence after a pause, else at to. */
function withoutTail(s: Sentence, from: number, to: number): number {
  for (const tail of SPEAKER_TAILS) {
    const start = to - tail.length;
    if (start <= from + 1 || !s.separated(start - 1)) continue;
    if (tail.every((w, k) => s.words[start + k] === w)) return start;
  }
  return to;
}

/**
 * Does a clause of the team's consent alone open at k and close the plan ("if nobody objects", "unless someone
 * disagrees", "if everyone agrees"), as the corpus reads "If nobody objects, I propose X"? Session 43 (fresh44).
 */
function consentClosing(words: readonly string[], k: number, to: number): boolean {
  if (words[k] !== "if" && words[k] !== "unless") return false;
  for (let v = k + 2; v <= Math.min(k + 4, to - 1); v++) if (cue.consent.has(words[v] as string)) return v + 1 === to;
  return false;
}

/** The phrase of `phrases` at k: its length, or 0. */
function phraseAt(words: readonly string[], k: number, phrases: readonly (readonly string[])[]): number {
  let best = 0;
  for (const p of phrases) if (p.length > best && p.every((w, n) => words[k + n] === w)) best = p.length;
  return best;
}

/**
 * The one option named alone in from..to, nothing in it that makes the clause less than a plan; else null. In a
 * consent question (`asked`) an opening "would" / "could" and "you all" are the question's own words.
 */
function planOption(s: Sentence, from: number, to: number, state: ParseState, asked = false): number | null {
  const { words } = s;
  let option: number | null = null;
  let refilled = false;
  let sourced = false;
  for (let k = from; k < to; k++) {
    const w = words[k] as string;
    if (asked && ((k === from && QUESTION_MODALS.has(w)) || (w === "you" && YOU_ALL.has(words[k + 1] as string))))
      continue;
    // "Would X work for all of you?": the team addressed as a whole
    if (asked && w === "you" && words[k - 1] === "of" && ALL_OF.has(words[k - 2] as string)) continue;
    // "Would everyone have been okay with X?": a past the question asks about, no plan
    if (w === "been") return null;
    // "We should restock from X if nobody objects": the team's consent closing the plan leaves it a plan
    if (option !== null && consentClosing(words, k, to)) break;
    if (NOT_A_PLAN.has(w) || negationWord(w) || cue.conditionals.has(w)) return null;
    if (LEAVING_OUT.some((stem) => w.startsWith(stem))) return null;
    // "Let's move on to X" (the next topic), "Let's lock X down" (settle its details): no plan for the option
    if (w === "down" || (w === "on" && (words[k - 1] === "move" || words[k - 1] === "moving"))) return null;
    // "We should restock Shelf A" fills the shelf rather than takes from it; "restock from X" takes from it
    if (REFILLING.some((stem) => w.startsWith(stem))) refilled = true;
    if (s.gate[k] === true) return null;
    const named = state.options.match(words, k);
    if (named !== null) {
      if (option !== null || named.end > to || ABOUT_IT.has(words[named.end] as string)) return null;
      option = named.index;
      sourced = words[k - 1] === "from";
      k = named.end - 1;
      continue;
    }
    const attribute = state.attributes.match(words, k);
    if (attribute !== null) {
      // "Could we all agree to rent X?", "We should rent X": an attribute's word as the verb of the plan, the option
      // right after it (helper h43q)
      if (attribute.end === k + 1 && VERB_LEADS.has(words[k - 1] as string) && state.options.match(words, k + 1))
        continue;
      return null;
    }
    if (naturalInteger(w) !== null || cue.numberWords.has(w)) return null;
  }
  return refilled && !sourced ? null : option;
}

/**
 * The option a sentence from..sentenceEnd proposes as the team's plan ("We should report Employee E", "Everyone should
 * meet at Restaurant F, I reckon") or by asking the team's consent ("Can everyone live with Restaurant C?"), or null.
 */
export function teamProposal(s: Sentence, from: number, sentenceEnd: number, state: ParseState): number | null {
  const { words } = s;
  if (sentenceEnd <= from) return null;
  const question = (s.tokens[sentenceEnd - 1] as NaturalToken).question;
  const to = question ? sentenceEnd : withoutTail(s, from, sentenceEnd);
  if (to - from > MAX_WORDS) return null;
  if (question) return consentAsked(s, from, to, state);
  // "Unless anyone objects, the five of us should eat at X": the team's consent opening the plan leaves it a plan
  const lead = consentOpening(s, from, to);
  const opening = phraseAt(words, lead, TEAM_SUBJECTS);
  if (opening > 0 && PLAN_SUBJECTS.has(words[lead] as string)) return planOption(s, lead, to, state);
  // "Everyone in the office should ...": the team's word opening a longer subject
  const team = phraseAt(words, lead + opening, INTENTS) > 0 ? opening : 0;
  // "The panel should hire X", "My flatmates and I should rent X", "The two of us ought to move into X": a body or
  // a part of the team acting on the option (plan-subject.ts); its own words are checked there
  const subject = team > 0 ? team : planSubject(words, lead, (k) => phraseAt(words, k, INTENTS));
  if (subject === 0) return null;
  const intent = phraseAt(words, lead + subject, INTENTS);
  if (intent === 0) return null;
  // "The judges should be told about X": the body as the object of someone else's act, no plan of its own
  if (team === 0 && words[lead + subject + intent] === "be") return null;
  return planOption(s, team > 0 ? lead : lead + subject, to, state);
}

/**
 * "If nobody objects, ..." / "Unless anyone objects, ..." / "Unless anyone has a strong objection, ..." (fresh54)
 * opening the sentence: where the plan starts, else from.
 */
export function consentOpening(s: Sentence, from: number, to: number): number {
  const { words } = s;
  // "Until something turns up there, I'm standing by X" (fresh109): how long the choice holds, up to its pause
  if (words[from] === "until") {
    for (let e = from + 1; e < Math.min(from + 8, to - 1); e++) if (s.separated(e)) return e + 1;
    return from;
  }
  if (words[from] !== "if" && words[from] !== "unless") return from;
  for (let v = from + 2; v <= Math.min(from + 5, to - 1); v++)
    if (cue.consent.has(words[v] as string)) {
      // "Unless someone objects in the next turn, ..." (fresh92): when, after the consent
      let e = v;
      while (e < v + 4 && e + 1 < to && !s.separated(e) && CONSENT_TIMES.has(words[e + 1] as string)) e++;
      return s.separated(e) ? e + 1 : from;
    }
  return from;
}

/** When the team may still object, after its consent: "in the next turn", "by this round", "before the vote". */
const CONSENT_TIMES = new Set(["in", "by", "before", "the", "next", "this", "turn", "round", "vote", "soon", "now"]);

/**
 * A question asking the team's consent to the option: a team word and a consent word ("Is everybody okay with X?",
 * "Are we all agreed on X?"), or a modal opening it with the team as the subject right after ("Could we all meet at X
 * tonight?", "Shall we all back X?", "Could the panel get behind X?"). The option, or null.
 */
function consentAsked(s: Sentence, from: number, to: number, state: ParseState): number | null {
  const { words } = s;
  // "How about we all eat at X?": the team after the opener, the plan after the team
  const opener = phraseAt(words, from, SUGGESTION_OPENERS);
  if (opener > 0) {
    const team = phraseAt(words, from + opener, TEAM_SUBJECTS);
    return team > 0 && !PLAN_SUBJECTS.has(words[from + opener] as string)
      ? planOption(s, from + opener + team, to, state)
      : null;
  }
  const option = planOption(s, from, to, state, true);
  if (option === null) return null;
  let team = false;
  let consent = false;
  for (let k = from; k < to; k++) {
    const w = words[k] as string;
    if (TEAM_WORDS.has(w)) team = true;
    // "Would the team be up for X?", "Are we all agreed on X?"
    if (CONSENT_WORDS.has(w) || w.startsWith("agree") || (w === "up" && words[k + 1] === "for")) consent = true;
    // "Will Tuesday morning do for all of you?" (fresh47), "Will Monday evening do for everyone?" (fresh50, helper
    // h44p): "do for" right after the option that follows the opening modal, the team after it
    if (w === "do" && words[k + 1] === "for" && PLAN_MODALS.has(words[from] as string))
      if (state.options.match(words, from + 1)?.end === k) consent = true;
  }
  if (team && consent) return option;
  if (!PLAN_MODALS.has(words[from] as string)) return null;
  // the team within the four words after the modal, before the option: "we all", "the panel", "the three of us"
  for (let k = from + 1; k < Math.min(from + 5, to); k++) {
    if (state.options.match(words, k) !== null) return null;
    if (TEAM_WORDS.has(words[k] as string)) return option;
  }
  return null;
}
