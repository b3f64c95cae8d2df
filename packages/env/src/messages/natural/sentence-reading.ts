import { attributeOwners, availabilityOf } from "../natural-matchers";
import type { Act } from "../act";
import { MAX_ACTS } from "../message-limits";
import { naturalCues as cue, negationWord } from "../natural-cues";
import type { NaturalToken } from "../natural-tokens";
import {
  claimedPair,
  contestedPair,
  contrastShare,
  correctionLevel,
  namesOrHedges,
  CALLED_WRONG,
  replyLevel,
  restatedFits,
} from "./correction";
import { LevelRangeError } from "./level-range-error";
import { letsItProposal } from "./lets-it-proposal";
import { loneProposal } from "./lone-proposal";
import { loneShare, onlyLevel } from "./lone-share";
import { salesCount, soldCount } from "./sold-count";
import { consentOpening, teamProposal } from "./team-proposal";
import { provisoIn } from "./proviso";
import { verblessProposal } from "./verbless-proposal";
import { carriedAfter, ownSourceClose } from "./carried-share";
import { attributeContextItems, attributeHeading } from "./attribute-heading";
import {
  carriedSentence,
  clauseSplit,
  namesOption,
  scaleAsideFirst,
  withoutOwnTail,
  withoutScaleAside,
  withoutWhichTail,
} from "./clause-split";
import { correctionShares } from "./correction-reading";
import { requestAsks } from "./request-reader";
import { slashedAttributeHeading, slashedRow, slashPairs, vsPairs } from "./slash-pairs";
import { topicalClauses } from "./topical-shares";
import { boardShares } from "./board-share";
import { echoShare } from "./echo-share";
import { answeredListLevels, I_HAVE, type ListedCells, listedCells, listedLevels } from "./listed-cells";
import { attributeThere, labelledLeadShares, personPossessiveShares, pronounObjectShares } from "./pointed-share";
import { cellIsTheLevel, levelFirstShare, relativeShare } from "./relative-share";
import { attributeRows } from "./attribute-rows";
import { cleftShare } from "./cleft-share";
import { shouldReadShare } from "./should-read";
import { colonHeading } from "./colon-heading";
import { doubtingLead, doubtingTail } from "./doubting-tail";
import { doubtedOwnClause, doubtedOwnSentence } from "./doubted-own";
import { withoutHeadingAside, withoutOrderWords, withoutValueNoun } from "./heading-aside";
import { withoutOwnAside } from "./own-aside";
import { MIS_VERB } from "./own-clause";
import { ratherThanShares } from "./rather-than";
import { comparisonTailActs, versusShares } from "./comparison-tail";
import { comparisonTails } from "./comparison-tails";
import { disputedClaim } from "./disputed-claim";
import { sameQuestion, wishedQuestion } from "./same-question";
import { confirmation, confirmedClaim } from "./confirmation-reading";
import { zeroCount } from "./zero-count";
import { repeatedClauseActs, repeatShares, trailingRun } from "./parallel-repeat";
import { mustBeProposal } from "./must-be-proposal";
import { consentProposal } from "./consent-proposal";
import { availabilityShare, availabilityState, slotFirstAvailability } from "./availability-share";
import { FRACTION, naturalInteger, numberIn } from "./natural-integer";
import {
  choiceWithdrawnIn,
  namedOptions,
  namedPair,
  namedPairsAlone,
  PLURAL_POINTERS,
  ownEarlierValue,
  parseSentence,
  type SentenceResult,
  theyAreEnd,
  withdrawalEnd,
} from "./parse-sentence";
import { parenthesizedLevels } from "./parenthesized-levels";
import { BACK_VERBS, onlyOptionBefore, type ParseState, Sentence } from "./sentence";
import { slotShares } from "./slot-reader";
import { agentTag, questionStart, sentenceAddress, thanksTo } from "./sentence-address";
import { itsLevel } from "./share-cues";
import { askPairs, CHECK_VERBS, checkRequest, fragmentPair, pointerRequest } from "./ask-cues";
import {
  columnAsks,
  forAllOptions,
  lackedColumns,
  type WantedColumn,
  wantedColumn,
  wholeColumnAsks,
} from "./column-asks";
import { bothShares, ellipticalShares, pairedOptions, twoNamed } from "./elliptical-pairs";
import { levelAt } from "./share-items";
import { topicAttribute, topicShares } from "./topic-sentence";

/** Leads of the speaker's own level for the cell just asked: "I've got it at", "I have it as", "mine says". */
const HELD_ANSWERS: readonly (readonly string[])[] = [
  ...I_HAVE.map((lead) => [...lead, "it"]),
  ["mine", "says"],
  ["mine", "is"],
  ["mine", "'s"],
];

/** The end of such a lead at j (and "at" / "as" after it), or null. */
function heldAnswerEnd(words: readonly string[], j: number): number | null {
  const lead = HELD_ANSWERS.find((p) => p.every((w, n) => words[j + n] === w));
  if (lead === undefined) return null;
  const e = j + lead.length;
  return words[e] === "at" || words[e] === "as" ? e + 1 : e;
}

/**
 * Are a sentence's acts the asks of a question of one attribute over two or more options, put to no one in
 * particular ("Camera footage for Employee A, Employee C and Employee F?"): what a list of levels after it answers?
 */
function askedList(s: Sentence, to: number, acts: readonly Act[]): boolean {
  if (acts.length < 2 || !(s.tokens[to - 1] as NaturalToken).question) return false;
  const first = acts[0];
  if (first?.kind !== "ask") return false;
  const options = new Set<number>();
  for (const act of acts) {
    if (act.kind !== "ask" || act.to !== undefined || act.attribute !== first.attribute) return false;
    options.add(act.option);
  }
  return options.size === acts.length;
}

/** Before a bare level that answers a question: "Definitely a 1." (a hedge like "maybe" is no answer). */
const SURE = new Set([
  "definitely",
  "clearly",
  "probably",
  "honestly",
  "certainly",
  "surely",
  "likely",
  "easily",
  "solidly",
  "squarely",
  "firmly",
]);

/** "I'd give it a 3", "I'd rate it 4": the speaker's level for the question just asked. */
const GIVE_VERBS = new Set(["give", "rate", "put", "call", "score", "mark"]);

/**
 * Words after a bare level that name the speaker as its source: "a 4/5 from what I saw", "a 2 in my view", "Solid 4
 * from where I'm sitting" (fresh55).
 */
const OWN = new Set(["i", "i'm", "im", "my", "me", "mine"]);

/**
 * Verbs of taking one's own value back, before "it" / "that": "let me withdraw it", "I retract that"; their -ing forms
 * opening the sentence ("Withdrawing that, I misread the sheet.", fresh439, session 70: a wrong act).
 */
const WITHDRAW_VERBS: ReadonlySet<string> = new Set([
  "withdraw",
  "retract",
  "rescind",
  "disregard",
  "withdrawing",
  "retracting",
  "rescinding",
  "disregarding",
]);
/** Words just before such a verb that make the withdrawal the speaker's own act: "let me", "I", "I'll", "so". */
const WITHDRAW_SUBJECTS: ReadonlySet<string> = new Set([
  "me",
  "i",
  "i'll",
  "ill",
  "to",
  "please",
  "so",
  "and",
  "i'm",
  "im",
]);
/** What a value withdrawn is to be treated as: "treat it as unknown". */
const UNKNOWN: ReadonlySet<string> = new Set(["unknown", "missing", "blank", "unverified", "empty", "open"]);

/** Does the sentence first..to withdraw the value before it ("so let me withdraw it", "I retract that")? */
function ownWithdrawal(s: Sentence, first: number, to: number): boolean {
  for (let k = first; k + 1 < to; k++) {
    // "I'm taking that back; I don't actually hold F's email records." (fresh427, session 70: a wrong act): the verbs
    // of "take back what I said" / "walk back my number" with the object between
    const takesBack = BACK_VERBS.has(s.words[k] as string) && s.words[k + 2] === "back";
    // "..., so please treat it as unknown." (fresh463, session 70: a wrong act)
    const unknown = s.words[k] === "treat" && s.words[k + 2] === "as" && UNKNOWN.has(s.words[k + 3] as string);
    if (!WITHDRAW_VERBS.has(s.words[k] as string) && !takesBack && !unknown) continue;
    const object = s.words[k + 1];
    if (object !== "it" && object !== "that" && object !== "this") continue;
    // "I'd like to withdraw that", not "Agent 2 wants to withdraw it": after "to", the speaker's own wish only
    const before = s.words[k - 1] as string;
    if (before === "to" && !ownWish(s, first, k)) continue;
    if (k === first || WITHDRAW_SUBJECTS.has(before)) return !negatedBefore(s, first, k);
  }
  return false;
}

/** Do the words first..k-1 say the wish is the speaker's ("I'd like to", "I want to"), naming no agent? */
function ownWish(s: Sentence, first: number, k: number): boolean {
  let own = false;
  for (let j = first; j < k; j++) {
    const w = s.words[j] as string;
    if (w === "agent" || w === "you" || w === "they" || w === "he" || w === "she") return false;
    if (w === "i" || w === "i'd" || w === "id" || w === "i'm") own = true;
  }
  return own;
}

/** Does a negation stand among the words first..k-1 ("I won't withdraw it")? */
function negatedBefore(s: Sentence, first: number, k: number): boolean {
  // (in the verb's own clause: "I don't actually have a value for B's X, so please disregard that number", fresh419,
  // session 69, withdraws)
  for (let j = k - 1; j >= Math.max(first, k - 4) && !s.separated(j); j--) {
    const w = s.words[j] as string;
    if (negationWord(w)) return true;
  }
  return false;
}
/** Openings of a clause on what no one has reported: "nobody's flagged ...", "I haven't seen a 0 from anyone". */
const NO_REPORT: readonly (readonly string[])[] = [
  ["nobody"],
  ["no", "one"],
  ["no-one"],
  ["none", "of", "you"],
  ["i", "haven't", "seen"],
  ["i", "haven't", "heard"],
  ["i", "have", "not", "seen"],
  ["i've", "not", "seen"],
  ["haven't", "seen"],
];

/**
 * Where a closing clause on what no one has reported starts (after a pause, maybe after "and" / "but"), with words
 * of the speaker's before it, no pause after it and no attribute in it ("but I haven't seen D's parking log" names a
 * cell a later "it" may point to); else null.
 */
function noReportTail(
  tokens: readonly NaturalToken[],
  words: readonly string[],
  start: number,
  to: number,
  state: ParseState,
): number | null {
  for (let k = start + 3; k < to; k++) {
    if (!(tokens[k - 1] as NaturalToken).pause) continue;
    const at = words[k] === "and" || words[k] === "but" ? k + 1 : k;
    const opening = NO_REPORT.find((p) => p.every((w, n) => words[at + n] === w));
    if (opening === undefined) continue;
    for (let j = at; j < to - 1; j++) if ((tokens[j] as NaturalToken).pause) return null;
    for (let j = at; j < to; j++) if (state.attributes.match(words, j) !== null) return null;
    return k;
  }
  return null;
}
/** Words that make a closing consequence a doubt on the facts before it, or the speaker's own (with `DOUBTING`). */
const NOT_CONSEQUENCE: ReadonlySet<string> = new Set([
  "i",
  "i'm",
  "i've",
  "i'd",
  "i'll",
  "my",
  "me",
  "mine",
  "we",
  "us",
  "our",
  "wrong",
  "off",
  "mistaken",
  "salt",
  "tentative",
  "rough",
  "roughly",
  "estimate",
  "approximate",
  "unverified",
  "verify",
  "check",
  "double-check",
  "confirm",
  "memory",
  "misread",
  "typo",
  "stale",
  "outdated",
  "grain",
  "provisional",
  "blurry",
  "treat",
  // "..., so let's take it": a choice pointing back to the clause before, which the clause alone does not read
  "let",
  "let's",
  "lets",
  "it",
  "agent",
  "said",
  "says",
]);

/**
 * Where a closing consequence (`consequenceTail`'s openers: "so", "which", "meaning", ...) that no reader needs starts
 * in a whole sentence ("..., so F may already be ruled out", "..., so only one of those two works for her",
 * fresh283-fresh284, session 65), or a closing "though": after a pause, no pause after it, no level, attribute,
 * question mark, word of doubt (`DOUBTING`) or of the speaker's own in it; else null. The sentence is read without
 * it, as it is without a closing clause on what no one has reported.
 */
function closingConsequence(
  text: string,
  tokens: readonly NaturalToken[],
  words: readonly string[],
  start: number,
  to: number,
  state: ParseState,
): number | null {
  if ((tokens[to - 1] as NaturalToken).question) return null;
  // "B's teamwork is a four though."
  const last = words[to - 1];
  if (to - start > 3 && (last === "though" || last === "tho") && !(tokens[to - 2] as NaturalToken).pause) return to - 1;
  for (let k = start + 3; k < to - 1; k++) {
    const before = tokens[k - 1] as NaturalToken;
    if (before.pause && before.semicolon !== true && winningTail(tokens, words, k, to, state)) return k;
    if (!before.pause || before.semicolon === true || !CONSEQUENCES.has(words[k] as string)) continue;
    // "..., so long as the price is right" is a proviso; "so far", "so that" are no consequence either
    if (words[k] === "so" && NOT_SO.has(words[k + 1] as string)) return null;
    for (let j = k; j < to; j++) {
      const w = words[j] as string;
      if (j < to - 1 && (tokens[j] as NaturalToken).pause) return null;
      if (NOT_CONSEQUENCE.has(w) || DOUBTING.has(w) || state.attributes.match(words, j) !== null) return null;
      // "one of those two": a count of options, no level
      const counted = (w === "one" && words[j + 1] === "of") || COUNTED_AFTER.has(words[j - 1] as string);
      if (/[0-9]/.test(w) || (cue.numberWords.has(w) && !counted)) return null;
    }
    // "..., so let's go with Monday evening", "..., so Stall A should take the prize": a clause with an act of its own
    const clause = text.slice((tokens[k] as NaturalToken).start, (tokens[to - 1] as NaturalToken).end);
    if (state.clauseActs === undefined || (state.clauseActs(clause) ?? []).some((a) => a.kind !== "pass")) return null;
    return k;
  }
  return null;
}

/** Verbs by which the option the talk is about comes out ahead: "it edges out the others", "it beats A". */
const WINNING: ReadonlySet<string> = new Set(
  "edges beats wins leads tops outranks outscores outweighs totals pulls comes stands".split(" "),
);

/**
 * "Let's pick Shelf B — with 5 onions and 3 rice bags on my side, it already totals more than A does." (fresh346,
 * session 68): a closing "it <wins>" clause (maybe with "already" / "still" / "clearly"), no pause after it, no
 * number, attribute, question or word of doubt in it, says where the option stands, no cell: the sentence is read
 * without it.
 */
function winningTail(
  tokens: readonly NaturalToken[],
  words: readonly string[],
  k: number,
  to: number,
  state: ParseState,
): boolean {
  if (words[k] !== "it") return false;
  const verb = words[k + 1] === "already" || words[k + 1] === "still" || words[k + 1] === "clearly" ? k + 2 : k + 1;
  if (!WINNING.has(words[verb] as string)) return false;
  for (let j = verb + 1; j < to; j++) {
    const w = words[j] as string;
    if (j < to - 1 && (tokens[j] as NaturalToken).pause) return false;
    if (DOUBTING.has(w) || state.attributes.match(words, j) !== null || /[0-9]/.test(w) || cue.numberWords.has(w))
      return false;
  }
  return !(tokens[to - 1] as NaturalToken).question;
}

/** Words after "so" that make no consequence of it: "so long as", "so that", "so far", "so as to". */
const NOT_SO: ReadonlySet<string> = new Set(["long", "that", "far", "as", "much", "many", "if", "provided"]);

/** Words after which a number word counts options: "those two", "both three" never, "the two". */
const COUNTED_AFTER: ReadonlySet<string> = new Set(["those", "these", "the"]);

/** Is from..to a question that names an option or an attribute? */
function namedQuestion(s: Sentence, from: number, to: number, state: ParseState): boolean {
  if (!(s.tokens[to - 1] as NaturalToken).question) return false;
  for (let k = from; k < to; k++)
    if (state.options.match(s.words, k) !== null || state.attributes.match(s.words, k) !== null) return true;
  return false;
}

/** "I also need", "I still need", "I'd like", "we need" at k: the speaker's own need opening a sentence. */
function ownNeed(words: readonly string[], k: number): boolean {
  const speaker = words[k] as string;
  if (speaker === "i'd" || speaker === "id" || speaker === "we'd")
    return words[k + 1] === "like" || words[k + 1] === "need";
  if (speaker !== "i" && speaker !== "we") return false;
  const verb = words[k + 1] === "also" || words[k + 1] === "still" || words[k + 1] === "really" ? k + 2 : k + 1;
  return words[verb] === "need" || words[verb] === "want";
}

/** Words opening a sentence that asks on to the agent the ask before went to: "and X too", "also Y", "plus Z". */
const ASK_ON: ReadonlySet<string> = new Set(["and", "also", "plus"]);
/** Pronouns of anybody on the team: "anyone", "someone", "everyone" and their "-body" forms. */
const ANYBODY = ["anyone", "anybody", "someone", "somebody", "everyone", "everybody"] as const;
/** Words that put a question to the whole team: "..., anyone?", "Does anybody have ...". */
const TEAM_ASKED: ReadonlySet<string> = new Set([...ANYBODY, "y'all"]);
/** Words that put a question to someone else: "And does anyone know ...?", "Also, Agent 5, ...". */
const OTHER_ASKED: ReadonlySet<string> = new Set([
  ...TEAM_ASKED,
  "whoever",
  // "@Agent 1 — could you give us X? Also, who has the poison bottle column?" (fresh316, session 66: wrong acts)
  "who",
  "who's",
  "agent",
  "team",
  "all",
  "folks",
  "you",
]);

/** The last ask among `acts`, or undefined. */
function lastAsk(acts: readonly Act[]): Extract<Act, { kind: "ask" }> | undefined {
  for (let k = acts.length - 1; k >= 0; k--) {
    const act = acts[k] as Act;
    if (act.kind === "ask") return act;
  }
  return undefined;
}

/** The word after "Agent N," (or "Hey Agent N,") opening a statement, or null when it does not open so. */
function vocativeEnd(s: Sentence, first: number, to: number): number | null {
  if ((s.tokens[to - 1] as NaturalToken).question) return null;
  const named = GREETING.has(s.words[first] as string) ? first + 1 : first;
  if (s.words[named] !== "agent" || naturalInteger(s.words[named + 1]) === null) return null;
  return s.separated(named + 1) ? named + 2 : null;
}

/** Words that call a value wrong: "I gave the wrong figure", "I had X's Y wrong", "my mistake". */
const WRONG = new Set([
  "wrong",
  "mistake",
  "typo",
  "incorrect",
  "mistaken",
  "misreported",
  "mixed",
  "retracting",
  "retract",
  // "Withdrawing my 2 for Doctor Finch's torn glove — I misread the row." (fresh231, session 63)
  "withdrawing",
  "withdraw",
  "misread",
]);

/** Words before "fix" that make it the speaker's own mending: "need to fix", "let me fix", "I'll fix", "must fix". */
const FIX_LEADS: ReadonlySet<string> = new Set(["to", "me", "i'll", "ill", "must", "gotta", "i"]);

/** Does the sentence admit the speaker's own value wrong ("I gave the wrong figure for ...", "My earlier message had ... wrong")? */
function ownWrongAt(s: Sentence, first: number, to: number): boolean {
  let own = false;
  let wrong = false;
  for (let k = first; k < to; k++) {
    const w = s.words[k] as string;
    if (w === "agent" || w === "you" || w === "your" || cue.conditionals.has(w)) return false;
    if (w === "i" || w === "my" || w === "i'd" || w === "i've") own = true;
    // "I misstated X's Y earlier. It's 1, not 4." (fresh427, session 70): any verb of the speaker's own slip
    if (WRONG.has(w) || MIS_VERB.test(w)) wrong = true;
    // "Scratch my last figure for X's Y." (fresh177): a withdrawing verb opening the sentence
    if ((w === "scratch" || w === "strike") && k === first) wrong = true;
    // "I need to fix X's Y." (fresh455, session 70): the speaker's own value to be mended
    if ((w === "fix" || w === "correct" || w === "amend") && FIX_LEADS.has(s.words[k - 1] as string)) wrong = true;
    // "I have to take back what I said about X's Y", "walking back my number for ..."
    if (w === "back" && (BACK_VERBS.has(s.words[k - 1] as string) || BACK_VERBS.has(s.words[k - 2] as string)))
      wrong = true;
  }
  return own && wrong;
}

/** Words of a lead that retracts what the speaker just said: "Strike that —", "Scratch that,", "No wait,", "My bad:". */
// "Please strike that;" (fresh223, session 63: a wrong act)
const RETRACTION_WORDS = new Set([
  "strike",
  "scratch",
  "that",
  "no",
  "wait",
  "my",
  "bad",
  "mistake",
  "oops",
  "sorry",
  "please",
  "actually",
]);
/** The words such a lead must hold one of: "that" or "no" alone retract nothing. */
const RETRACTION_HEADS = new Set(["strike", "scratch", "wait", "bad", "mistake", "oops"]);

/** Where the rest starts after a lead that retracts the speaker's last word ("Strike that — it's 0."), or null. */
function retractionLead(s: Sentence, first: number, to: number): number | null {
  let head = false;
  for (let k = first; k < Math.min(to, first + 4); k++) {
    const w = s.words[k] as string;
    if (!RETRACTION_WORDS.has(w)) return null;
    if (RETRACTION_HEADS.has(w)) head = true;
    if (s.separated(k) || k + 1 === to) return head ? k + 1 : null;
  }
  return null;
}

/** Does the sentence open on "make that" / "make it" / "call it" (the speaker's replacing value after it)? */
function makeThat(s: Sentence, first: number): boolean {
  const verb = s.words[first];
  const what = s.words[first + 1];
  return (verb === "make" || verb === "call") && (what === "that" || what === "it");
}

/** Words that may open a closing withdrawal after a pause: "..., actually scratch that", "..., but scratch that". */
const WITHDRAWAL_OPENERS: ReadonlySet<string> = new Set(["actually", "but"]);

/**
 * Does a clause after the first open on "scratch that" / "strike that" (after "wait," or "no," too) with no number
 * after it to the sentence's end ("X's Y is 4 — scratch that.", "... — scratch that, I misread it.")? Then the
 * sentence's levels are withdrawn; a number after it is a new level, read by the correction rules instead.
 */
function closingWithdrawal(s: Sentence, first: number, to: number): boolean {
  for (let k = first + 1; k < to - 1; k++) {
    const w = s.words[k];
    if (!(w === "scratch" || w === "strike") || !(s.words[k + 1] === "that" || s.words[k + 1] === "it")) continue;
    // "... 4 and 3 respectively — actually scratch that, I mixed them up" (fresh187): "actually" after the pause
    // "I'd earlier given her torn glove as 3, but scratch that, I misread the row." (fresh205, session 60): "but"
    const opened = WITHDRAWAL_OPENERS.has(s.words[k - 1] as string) && k - 1 > first && s.separated(k - 2);
    if (!s.separated(k - 1) && !opened) continue;
    return !numberIn(s, k + 2, to);
  }
  return false;
}

/**
 * Does a doubting tail or lead ("..., or so I heard", "If memory serves, ...", "... though I've lost track of which
 * is which") or a closing withdrawal ("— scratch that.") leave every level of the sentence unstated?
 */
function unstated(s: Sentence, first: number, to: number): boolean {
  return doubtingTail(s, first, to) || doubtingLead(s, first, to) || closingWithdrawal(s, first, to);
}

/**
 * Words that join a closing clause to the one before: "..., so it's 0", "..., and it's 0"; "I wrote 4, but it's a
 * 2." (fresh455, session 70).
 */
const CLOSING_JOINS: ReadonlySet<string> = new Set(["so", "and", "which", "means", "thus", "hence", "but"]);

/**
 * The end of a lead opening the sentence that calls the last sentence's value wrong ("That was a typo.", "That's
 * backwards:", "This is wrong —"): "that" / "this" first, a word of CALLED_WRONG, at most eight words up to a pause or
 * the sentence's end, and no name, number, agent, "you", negation, condition or modal. The word after it, or null.
 */
function ownDisputeLead(s: Sentence, first: number, to: number, state: ParseState): number | null {
  if (s.words[first] !== "that" && s.words[first] !== "this") return null;
  let disputes = false;
  // "That was a slip of the keyboard — it's 4." (a held-out defect, session 58): eight words, not six
  for (let k = first; k < to && k < first + 8; k++) {
    const w = s.words[k] as string;
    // "That was wrong." (fresh220, session 62): "wrong" and "incorrect" are negations too, but here they call the
    // value wrong
    const called = CALLED_WRONG.has(w);
    if (
      w === "you" ||
      w === "your" ||
      (cue.negations.has(w) && !called) ||
      w.endsWith("n't") ||
      namesOrHedges(s, k, state)
    )
      return null;
    if (called) disputes = true;
    if (s.separated(k) || k + 1 === to) return disputes ? k + 1 : null;
  }
  return null;
}

/** Does the span hold a verb that withdraws ("strike", "scratch"), not only an apology ("my bad")? */
function withdraws(s: Sentence, from: number, to: number): boolean {
  for (let k = from; k < to; k++) if (s.words[k] === "strike" || s.words[k] === "scratch") return true;
  return false;
}

/** Words of a question put to everyone, which ends an address carried from an earlier sentence. */
// "whoever": "@Agent 1 does B have leadership 4? Also need B's teamwork from whoever has it." (fresh324, session 67: a
// wrong act) puts the second question to the team
const EVERYONE: ReadonlySet<string> = new Set([...ANYBODY, "folks", "team", "all", "whoever"]);

/** Does the sentence put its question to everyone ("Does anyone know ...?")? */
function toEveryone(s: Sentence, first: number, to: number): boolean {
  for (let k = first; k < to; k++) {
    const w = s.words[k] as string;
    // "... the poison bottle for all four suspects?" (fresh419, session 69): "all" counting the options, no one asked
    if (w === "all" && cue.numberWords.has(s.words[k + 1] as string)) continue;
    if (EVERYONE.has(w)) return true;
  }
  return false;
}

/** Does the sentence put its question to "you" and not to everyone ("What do you have for X?")? */
function secondPerson(s: Sentence, first: number, to: number): boolean {
  if (toEveryone(s, first, to)) return false;
  // "And Agent 5, can you confirm ...?" (fresh73): a sentence naming an agent of its own, even one the task lacks
  for (let k = first; k < to; k++) if (s.words[k] === "agent" || s.words[k] === "agents") return false;
  for (let k = first; k < to; k++) if (s.words[k] === "you" || s.words[k] === "your") return true;
  return false;
}

/** Leads holding "one" that is no level ("Quick one:", "One more thing -", "One last thing:"), and connectives. */
const ONE_LEADS: readonly (readonly string[])[] = [
  ["quick", "one"],
  ["one", "more", "thing"],
  ["one", "last", "thing"],
  ["one", "thing"],
  ["one", "more"],
  // connectives closed by a pause (fresh223, session 63): "On top of that, I have ...", "And while you're at it, X's Y."
  ["on", "top", "of", "that"],
  ["and", "while", "you're", "at", "it"],
  ["while", "you're", "at", "it"],
  ["in", "addition"],
  ["besides", "that"],
  ["apart", "from", "that"],
  ["beyond", "that"],
  // "For everyone: Apartment C on my end is rent 2, ..." (fresh227, session 63): the team addressed
  ["for", "everyone"],
  ["for", "everybody"],
  ["for", "the", "team"],
  ["for", "all"],
];

/** Where the sentence's reading starts after such a lead closed by a pause at first (else first). */
function oneLeadEnd(s: Sentence, first: number, to: number): number {
  for (const lead of ONE_LEADS) {
    const end = first + lead.length;
    if (end < to && lead.every((w, n) => s.words[first + n] === w) && s.separated(end - 1)) return end;
  }
  return first;
}

/** Greetings among the thanks words: "Hi Agent 1!" addresses the agent. */
const GREETING = new Set(["hi", "hey", "hello", "dear"]);

/** Words of a heading that only announces a proposal: "## Recommendation", "**My final answer**". */
const HEADING_WORDS = new Set(["my", "our", "final", "team", "the", "from", "me"]);

/** Is the sentence a heading of a proposal noun only ("Recommendation", "Final answer", "My pick")? */
function proposalHeadingAt(s: Sentence, first: number, to: number): boolean {
  if (to - first > 4 || !(s.tokens[to - 1] as NaturalToken).lineBreak) return false;
  let noun = false;
  for (let k = first; k < to; k++) {
    const w = s.words[k] as string;
    if (cue.proposalNouns.has(w)) noun = true;
    else if (!HEADING_WORDS.has(w)) return false;
  }
  return noun;
}

/** Words that admit a value wrong with nothing else: "I got that wrong.", "That was a typo.", "My mistake." */
const ADMITS = new Set(["wrong", "mistake", "typo", "error", "misspoke", "mistyped", "bad", "incorrect"]);
/** Other words such an admission may hold. */
const ADMISSION_WORDS = new Set([
  "i",
  "got",
  "that",
  "was",
  "a",
  "my",
  "it",
  "'s",
  "sorry",
  "oops",
  "is",
  "had",
  "made",
  "there",
]);

/** Is the sentence only an admission ("I got that wrong.", "My mistake.", "Sorry, that was a typo.")? */
function admission(s: Sentence, first: number, to: number, state: ParseState): boolean {
  let admits = false;
  for (let k = first; k < to; k++) {
    const w = s.words[k] as string;
    if (ADMITS.has(w)) admits = true;
    else if (!ADMISSION_WORDS.has(w)) return false;
    if (state.options.match(s.words, k) !== null || state.attributes.match(s.words, k) !== null) return false;
  }
  return admits;
}

/** Does the sentence negate a value in the speaker's own words (a negation, no other agent, no reporting verb)? */
function ownNegation(s: Sentence, first: number, to: number): boolean {
  let negated = false;
  for (let k = first; k < to; k++) {
    const w = s.words[k] as string;
    if (cue.reporting.has(w) || cue.conditionals.has(w) || cue.modals.has(w)) return false;
    // "Agent 3, X isn't 4": an address opening it is no other agent's word; any other agent is
    if (w === "agent" && !(k === first && s.separated(k + 1))) return false;
    if (negationWord(w)) negated = true;
  }
  return negated;
}

/** Adjectives and nouns of "the correct value is", "right number:", "actual figure =". */
const TRUE_VALUE_ADJECTIVES: ReadonlySet<string> = new Set(["correct", "right", "real", "actual", "true", "proper"]);
const TRUE_VALUE_NOUNS: ReadonlySet<string> = new Set([
  "value",
  "number",
  "figure",
  "level",
  "score",
  "rating",
  "count",
]);

/** The word after "(the) correct value is" / "right number:" opening a sentence at `first`, or null. */
function trueValueEnd(words: readonly string[], first: number): number | null {
  const k = words[first] === "the" ? first + 1 : first;
  if (!TRUE_VALUE_ADJECTIVES.has(words[k] as string) || !TRUE_VALUE_NOUNS.has(words[k + 1] as string)) return null;
  return words[k + 2] === "is" || words[k + 2] === "'s" ? k + 3 : k + 2;
}

/** Words of a line that introduces a list of asks: "Two things I'd still like from you:", "What I need:". */
// "Two gaps on my side:" (fresh227, session 63): the speaker's gaps, listed to be filled
const REQUEST_WORDS = new Set([
  "like",
  "need",
  "want",
  "questions",
  "missing",
  "asks",
  "requests",
  "wondering",
  "gaps",
  "unknowns",
  "blanks",
]);

/** Does the sentence introduce a list of asks (a request word, no number, no name)? */
function requestLine(s: Sentence, first: number, to: number, address: ReadonlySet<number>): boolean {
  let request = false;
  for (let k = first; k < to; k++) {
    if (address.has(k)) continue;
    const w = s.words[k] as string;
    // "Two requests before we go further:" (fresh157): "before we ..." is the team's next step, no condition
    const step = w === "before" && s.words[k + 1] === "we";
    if (naturalInteger(w) !== null || negationWord(w) || (cue.conditionals.has(w) && !step)) return false;
    if (REQUEST_WORDS.has(w)) request = true;
    // "Agent 3, two things for you:" (fresh86): things put to the one addressed
    if (w === "things" && (address.size > 0 || s.words.slice(k + 1, to).includes("you"))) request = true;
  }
  return request;
}

/** Most not-understood spans kept while reading (the result keeps fewer). */
const MAX_KEPT = 64;
/** How near (in words) a number must be to an option or attribute name for a sentence to count as a missed fact. */
const NEAR = 3;

type Located<T> = { at: number } & T;

/** Words of a question that only points back: "do you have it?", "can you share that one?", "any idea?". */
const POINTER_QUESTION = new Set(
  (
    "do does you have it that this one got can could would please share send give tell me us know any idea " +
    "happen to by chance the figure number value level on"
  ).split(" "),
);

/**
 * "Agent 2, do you have it?": the agent a question of pointer words alone (no name, no number) is put to, by
 * "Agent N," opening the sentence (after "and" / "so"); else undefined.
 */
function pointerQuestionTo(s: Sentence, first: number, to: number, state: ParseState): number | undefined {
  const { words } = s;
  const k = words[first] === "and" || words[first] === "so" ? first + 1 : first;
  if (words[k] !== "agent" || !(s.tokens[k + 1] as NaturalToken).pause || !(s.tokens[to - 1] as NaturalToken).question)
    return undefined;
  const n = naturalInteger(words[k + 1]);
  if (n === null || n < 1 || n > state.task.agents || k + 2 >= to) return undefined;
  for (let m = k + 2; m < to; m++) if (!POINTER_QUESTION.has(words[m] as string)) return undefined;
  return ["it", "that", "this", "one", "idea"].some((p) => words.slice(k + 2, to).includes(p)) ? n - 1 : undefined;
}

/**
 * Reads a message's sentences in order, with what one sentence leaves for the next: asks an "@Agent 3" line
 * addresses, a "Question for Agent 2:" line, a question the speaker answers at once ("X's service? It's a 2."),
 * and a claim the next sentence corrects ("X's service isn't 5. It's actually 4."). Collects the acts with their
 * offsets, the sentences no act was taken from (`unparsed`) and, among them, those with a number next to an option
 * or attribute name (`missed`: a fact the reward may have missed).
 */
export class SentenceReading {
  readonly acts: Located<{ act: Act }>[] = [];
  readonly unparsed: Located<{ text: string }>[] = [];
  readonly missed: Located<{ text: string }>[] = [];
  private readonly words: string[];
  private readonly gate: boolean[];
  private readonly modal: boolean[];
  private pendingAsks: Act[] = [];
  /** The sentence before put its question to the whole team ("..., anyone?"). */
  private pendingToTeam = false;
  /** The asks the request reader took (one per cell: another reader's ask of the same cell replaces them). */
  private requested: Act[] = [];
  private addressTo: number | undefined;
  private lastAsk: Located<{ act: Act }> | null = null;
  /** The asks of the sentence before when it was a question of one attribute over two or more options (askedList). */
  private lastAsks: Located<{ act: Act }>[] = [];
  private lastClaim: { option: number; attribute: number } | null = null;
  /** The one cell the sentence before reported from another agent with its level, for "Same here." after it. */
  private lastReported: Extract<Act, { kind: "share" }> | null = null;
  /** The acts of the sentence before (its run of shares, for a repeat of it; its asks, for another address). */
  private lastFound: readonly Act[] = [];
  /** The attribute the sentence before announced as the speaker's own topic (`topicAttribute`), for its levels. */
  private lastTopicAttribute: number | null = null;
  /** The one pair the last sentence contested (a claim, someone else's word or a negation), for a bare reply. */
  private lastContested: { option: number; attribute: number } | null = null;
  /** The one pair a sentence with no act named ("I'm missing one number: X's Y."), for "Do you have it?". */
  private lastTopic: { option: number; attribute: number } | null = null;
  /** The two to four pairs a sentence with no act named, for "Does anyone have those?" after it. */
  private lastTopics: { option: number; attribute: number }[] = [];
  /** The whole columns the sentence before said the speaker lacks ("I don't have ambience or value for money."). */
  private lacked: number[] | null = null;
  /** The one pair the last sentence named, whatever it stated of it, for a bare "can you double-check?" after it. */
  private lastNamed: { option: number; attribute: number } | null = null;
  /** The column (one attribute, maybe options) the last sentence wanted without asking it ("Who has quietness?"). */
  private lastColumn: WantedColumn | null = null;
  /** The agent the sentence that set lastColumn was addressed to ("Agent 5, you had wait time, right?"), if one. */
  private lastColumnTo: number | undefined;
  /** The asks of a whole column the last sentence requested, which options named by the next one replace. */
  private wholeColumn: Act[] = [];
  /** The sentence opened on "while you're at it": names alone after an ask ask on. */
  private askGoesOn = false;
  /** One attribute over several options the last sentence listed with no level, for "They are 4 and 3" after it. */
  private listed: ListedCells | null = null;
  /** The two options the last sentence named, when it named exactly two (for "Both have ..." after it). */
  private lastTwo: number[] | null = null;
  /** The attribute of the heading line the list lines under it belong to ("Library key:" over "- Lord Ashby: 1"). */
  private attributeContext: number | null = null;
  /** The attributes of a line of slashed attribute names, the columns of the rows under it (`slashedRow`). */
  private slashColumns: number[] | null = null;
  /** The options, in order, of the paired list the last sentence read ("A and B have X 1 and 3"), else null. */
  private pairedOptions: number[] | null = null;
  /** The last sentence called the speaker's own value of lastTopic wrong ("I gave the wrong figure for X's Y."). */
  private ownWrong = false;
  /** The share of a sentence that restates the speaker's own earlier value ("Earlier I said X was 5."). */
  private lastOwn: Located<{ act: Act }> | null = null;
  /** Restated own values called a slip or doubted, with the act they held then (`markDoubtedOwn`). */
  private readonly doubted: { located: Located<{ act: Act }>; act: Act }[] = [];
  /** The one share the last sentence made, which a retraction opening the next may replace ("Strike that — it's 0."). */
  private lastShare: Located<{ act: Act }> | null = null;
  /** Where the sentence read last starts: its acts are the ones at it. */
  private lastAt = -1;
  /** The agent a sentence with no act addressed ("Agent 3, I only have ... ."), for the questions after it. */
  private carryTo: number | undefined;
  /** The agent a sentence with acts was put to ("Agent 2, I have X at 2."), for a question to "you" right after it. */
  private carryYou: number | undefined;
  /** The agent the sentence before put its questions to by an "Agent N:" lead, for clipped questions after it. */
  private colonAsked: number | undefined;
  /** The last claim was the speaker's own negation ("X's Y isn't 4."), not someone else's word. */
  private lastNegated = false;
  /** The last sentence introduced a list of what the speaker asks for ("Two things I'd still like from you:"). */
  private requestList = false;
  /** The last sentence was a heading of a proposal noun only ("## Recommendation", "**Final answer**"). */
  private proposalHeading = false;
  /** The pair the last sentence asked by a word of its attribute, which the next question may restate. */
  private lastHinted: { option: number; attribute: number } | null = null;
  /** The words of the sentence that first proposed each option: a restatement in other words adds no proposal. */
  private readonly proposals = new Map<number, string>();
  /** The proposals read by shape (`loneProposal`), dropped when another sentence proposes the same option. */
  private readonly shapeProposals: Located<{ act: Act }>[] = [];

  constructor(
    private readonly tokens: readonly NaturalToken[],
    private readonly text: string,
    private readonly state: ParseState,
  ) {
    this.words = contractedIs(
      tokens.map((t) => t.word),
      state,
    );
    this.gate = new Array<boolean>(tokens.length).fill(false);
    this.modal = new Array<boolean>(tokens.length).fill(false);
  }

  /** Reads every sentence; false when the message holds more than MAX_ACTS acts. */
  readAll(): boolean {
    const { tokens } = this;
    headingLines(tokens, this.words, this.state);
    let from = 0;
    while (from < tokens.length) {
      let to = from;
      while (to < tokens.length && !(tokens[to] as NaturalToken).stop) to++;
      to = Math.min(to + 1, tokens.length);
      // "Lena's calendar has it at 2, and nobody's flagged a conflict." (fresh250, session 64): a closing clause on
      // what no one has reported says nothing of the speaker's cells, and its negation takes nothing back: read
      // without it
      const tail =
        noReportTail(tokens, this.words, from, to, this.state) ??
        closingConsequence(this.text, tokens, this.words, from, to, this.state);
      // "Rent and neighbourhood for C are 5 and 3 respectively; no idea on quietness, could someone share it?"
      // (fresh500, session 72): a paired list closed by a semicolon before a question is a sentence of its own
      const split = tail === null ? pairedBeforeQuestion(tokens, this.words, from, to) : null;
      if (split !== null && !this.read(from, split)) return false;
      if (!this.read(split ?? from, tail ?? to)) return false;
      from = to;
    }
    // "I think Miss Hartley is the culprit. I accuse Miss Hartley.": a shape-read proposal another sentence makes
    // by its cue is the same choice, said twice
    for (const shaped of this.shapeProposals) {
      const { option } = shaped.act as { option: number };
      if (this.acts.some((a) => a !== shaped && a.act.kind === "propose" && a.act.option === option))
        this.acts.splice(this.acts.indexOf(shaped), 1);
    }
    // "Still need raffle tickets for C. Anyone?" (fresh105): a cell the request reader asked for that another reader
    // asked for too (here, by the pointer question after it) is one ask; its address goes to the other if it lacks one
    for (const asked of this.requested) {
      const { option, attribute, to } = asked as Extract<Act, { kind: "ask" }>;
      const other = this.acts.find(
        (a) => a.act !== asked && a.act.kind === "ask" && a.act.option === option && a.act.attribute === attribute,
      );
      if (other === undefined) continue;
      const otherAct = other.act as Extract<Act, { kind: "ask" }>;
      if (otherAct.to === undefined && to !== undefined) otherAct.to = to;
      const at = this.acts.findIndex((a) => a.act === asked);
      if (at >= 0) this.acts.splice(at, 1);
    }
    // a doubted own value no later level replaced is withdrawn
    for (const d of this.doubted) {
      const at = this.acts.indexOf(d.located);
      if (at >= 0 && d.located.act === d.act) this.acts.splice(at, 1);
    }
    return true;
  }

  /**
   * Where the sentence's reading starts after a lead of "one" or a connective (`oneLeadEnd`); notes whether the lead
   * carries an ask on ("Restaurant B's location? And while you're at it, Restaurant D's cleanliness.", fresh223).
   */
  private leadEnd(sentence: Sentence, first: number, to: number): number {
    const end = oneLeadEnd(sentence, first, to);
    this.askGoesOn = end > first && sentence.words.slice(first, end).includes("while");
    return end;
  }

  /**
   * "@Agent 3" opening a sentence addresses the asks of the sentence before it: where the sentence's reading starts
   * after it. "Who has the poison bottle column? @Agent 1, also what's Lady Ashby's broken watch?" (fresh292, session
   * 65: a wrong act): a tag set off by a pause opening a question of its own, naming a cell, is that question's
   * address alone (the natural rendering's "What is X? @Agent 1 What is Y?" tags the question before: no pause).
   */
  private tagBefore(sentence: Sentence, first: number, to: number): number {
    const lead = agentTag(sentence.words, first, this.state.task);
    if (lead === null || this.pendingAsks.length === 0) return first;
    const pause = (sentence.tokens[lead.end - 1] as NaturalToken).pause;
    // "How many rice bags on Shelf A, anyone? @Agent 1 what about Shelf B's apples?" (fresh304, session 66: a wrong
    // act): after a question put to the whole team, a tag opening a question of its own is that question's too
    if ((pause || this.pendingToTeam) && namedQuestion(sentence, lead.end, to, this.state)) return first;
    // "Anyone have Carol's availability for the Tuesday slots? @Agent 1 I also need Dan for Monday 4pm." (fresh348,
    // session 68: a wrong act): after a question to the whole team, a tag opening the speaker's own need is its
    if (this.pendingToTeam && ownNeed(sentence.words, lead.end)) return first;
    for (const ask of this.pendingAsks) if (ask.kind === "ask") ask.to = lead.to;
    return lead.end;
  }

  /** A question that names nothing and points back to the pair (or pairs) the sentence before named. */
  private readPointedTopics(sentence: Sentence, found: SentenceResult, first: number, to: number): void {
    const request = found.acts.length > 0 ? null : pointerRequest(sentence, first, new Set(), this.state);
    if (request === null) return;
    // "I don't have B's ambience. Agent 2, can you share it?" (fresh505, session 73): to the agent it names
    const address = request.to === undefined ? {} : { to: request.to };
    // "Agent 3, I'm missing one number: X's Y. Do you have it?": a request pointing back to the pair named before
    if (this.lastTopic !== null) found.acts.push({ kind: "ask", ...this.lastTopic, ...address });
    // "Two gaps left: B's experience and D's communication. Does anyone have those?" (fresh337, session 68): a plural
    // pointer asks each pair the sentence before named
    else if (sentence.words.slice(first, to).some((w) => PLURAL_POINTERS.has(w)))
      for (const pair of this.lastTopics) found.acts.push({ kind: "ask", ...pair, ...address });
    // "I don't have ambience or value for money. Could someone fill those in for all three?" (fresh537, fresh541,
    // session 74): the whole columns the speaker lacks, at every option
    if (found.acts.length === 0 && this.lacked !== null && forAllOptions(sentence, first, to, this.state))
      for (const attribute of this.lacked)
        for (let option = 0; option < this.state.task.domain.options.length; option++)
          found.acts.push({ kind: "ask", option, attribute, ...address });
  }

  /**
   * "My sheet has D's quietness at 3 though, so one of us is off. Agent 2, can you double-check?" (fresh372, session
   * 69): a bare request to check, alone in its sentence, asks for the one pair the sentence before named, whether the
   * speaker shared it, doubted it or relayed someone else's value of it.
   */
  private readCheckRequest(sentence: Sentence, found: SentenceResult, first: number): void {
    const named = this.lastNamed;
    if (named === null || found.acts.length > 0) return;
    const check = checkRequest(sentence, first, new Set(), this.state.task.agents);
    if (check === null) return;
    const to = found.to ?? check.to;
    found.acts.push(to === undefined ? { kind: "ask", ...named } : { kind: "ask", ...named, to });
  }

  /** "Who has quietness? I need it for Apartments A and D." (session 63): a column wanted, then a request back to it. */
  private readColumnAsks(sentence: Sentence, found: SentenceResult, first: number, to: number): void {
    const column = this.lastColumn;
    if (column === null) return;
    const pairs = found.acts.length === 0 ? columnAsks(sentence, first, to, column, this.state) : [];
    // "Who has the poison bottle column? Need it for all four." (fresh304): the whole column already asked stays, with
    // its address (or none)
    if (this.wholeColumn.length > 0 && pairs.length === this.state.task.domain.options.length) return;
    for (const pair of pairs) found.acts.push({ kind: "ask", ...pair });
    // "Who has quietness? I need it for Apartments A and D.": the options the second sentence asks the column at
    // replace the whole column the first asked for
    if (!found.acts.some((a) => a.kind === "ask" && a.attribute === column.attribute)) return;
    // "@Agent 3 — do you have the poison bottle column? Need Finch's and Hartley's numbers." (fresh288): the asks
    // go to the agent the whole column was asked of
    // "Agent 5, you had the wait time column, right? Could you post it for all six?" (fresh369, session 69): or to
    // the agent the sentence that named the column was put to
    const asked = (this.wholeColumn[0] as Extract<Act, { kind: "ask" }> | undefined)?.to ?? this.lastColumnTo;
    for (const act of found.acts)
      if (asked !== undefined && act.kind === "ask" && act.attribute === column.attribute && act.to === undefined)
        act.to = asked;
    for (const whole of this.wholeColumn) {
      const at = this.acts.findIndex((a) => a.act === whole);
      if (at >= 0) this.acts.splice(at, 1);
    }
  }

  /**
   * The options the message names before token `to`, in order, each once: first those of the acts its tables, JSON
   * and YAML gave above it ("| A | 2 | 4 |" rows, then "Can someone fill in natural light for these?", fresh301,
   * session 66), whose text the sentence reader sees masked.
   */
  private optionsBefore(to: number): number[] {
    const out: number[] = [];
    const start = (this.tokens[to] as NaturalToken | undefined)?.start ?? this.text.length;
    for (const { at, act } of this.acts)
      if (at < start && (act.kind === "share" || act.kind === "ask") && !out.includes(act.option)) out.push(act.option);
    for (let k = 0; k < to; k++) {
      const o = this.state.options.match(this.words, k);
      if (o === null) continue;
      if (!out.includes(o.index)) out.push(o.index);
      k = o.end - 1;
    }
    return out;
  }

  /** What a sentence of no act leaves for a pointer after it: one pair it names, else a column it wants. */
  private readTopic(
    sentence: Sentence,
    found: SentenceResult,
    first: number,
    to: number,
    address: ReadonlySet<number>,
  ): void {
    const namedBefore = this.lastNamed;
    this.lastTopic = found.acts.length === 0 ? namedPair(sentence, first, to, address, this.state) : null;
    this.lastNamed = onePairNamed(askPairs(sentence, first, to, this.state), found.acts);
    this.lastTopics =
      found.acts.length === 0 && this.lastTopic === null
        ? namedPairsAlone(sentence, first, to, address, this.state)
        : [];
    this.lastColumn =
      found.acts.length === 0 && this.lastTopic === null ? wantedColumn(sentence, first, to, this.state) : null;
    this.lacked = found.acts.length === 0 ? lackedColumns(sentence, first, to, this.state) : null;
    this.lastColumnTo = found.to;
    // "Who has the poison bottle column?", "Could someone fill in ambience for all three?" (session 65): a request
    // for one attribute at every option
    const column =
      found.acts.length === 0 && this.lastTopic === null
        ? wholeColumnAsks(sentence, first, to, () => this.optionsBefore(sentence.from), this.state)
        : [];
    // "Omar's for that slot might be 2, though. Could someone double-check Omar's?" (fresh482, session 71: a wrong
    // act): a request to check one person's (one attribute's) cells after a sentence that named one pair of it asks
    // that pair
    const checked =
      column.length > 0 && namedBefore !== null && checksColumnOf(sentence, first, to, column, namedBefore);
    const whole = checked && namedBefore !== null ? [namedBefore] : column;
    const addressed = found.to === undefined ? {} : { to: found.to };
    this.wholeColumn = whole.map((pair) => ({ kind: "ask", ...pair, ...addressed }) as Act);
    found.acts.push(...this.wholeColumn);
    // (a next sentence's options replace one column asked, not two: "Anyone have ambience or value for money?")
    const one = whole.every((pair) => pair.attribute === whole[0]?.attribute);
    if (whole.length > 0 && one)
      this.lastColumn = { attribute: (whole[0] as { attribute: number }).attribute, options: [] };
  }

  private read(start: number, to: number): boolean {
    const { tokens, state } = this;
    const sentence = new Sentence(tokens, this.words, this.gate, this.modal, start, to);
    const before = this.takeBefore();
    let first = this.tagBefore(sentence, start, to);
    // "... I'd want to hear Candidate C's teamwork before committing. Agent 2, do you have it?" (a held-out defect,
    // session 59): a question of pointers alone put to one agent addresses the one open ask of the sentence before
    const pointed = this.pendingAsks.length === 1 ? pointerQuestionTo(sentence, first, to, state) : undefined;
    if (pointed !== undefined) {
      (this.pendingAsks[0] as Extract<Act, { kind: "ask" }>).to = pointed;
      this.pendingAsks = [];
      return true;
    }
    first = this.leadEnd(sentence, first, to);
    const at = (tokens[start] as NaturalToken).start;
    this.withdrawLast(sentence, first, to);
    this.lastAt = at;
    const followed = this.followUp(sentence, first, to, at);
    if (followed === true) return true;
    // "I have it at -1, and Stall C's plants sold is 0": the rest of a sentence whose lead corrected a claim
    if (followed !== false) first = followed;
    const [subject, carried] = [state.subject, state.carried ?? null];
    const found = parseSentence(sentence, first, state);
    this.readListed(sentence, found, first, to);
    const shaped = this.readShapes(sentence, found, first, to);
    this.readCarriedPairs(sentence, found, first, to);
    this.readLooseFacts(sentence, found, first, to);
    // "## Recommendation" over "Candidate D — ...": the option opening the line under the heading is proposed
    if (this.proposalHeading) {
      const option = state.options.match(sentence.words, first);
      if (option !== null && (option.end >= to || sentence.separated(option.end - 1))) {
        found.acts.unshift({ kind: "propose", option: option.index });
        state.subject = option.index;
      }
    }
    this.proposalHeading = found.acts.length === 0 && proposalHeadingAt(sentence, first, to);
    this.readPointedTopics(sentence, found, first, to);
    this.readCheckRequest(sentence, found, first);
    this.readColumnAsks(sentence, found, first, to);
    // the words that address an agent ("Agent 3, I'm in the dark on X's Y.") are no number of the topic
    const address =
      found.to === undefined
        ? new Set<number>()
        : sentenceAddress(sentence, first, questionStart(sentence, first), state.task).tagged;
    if (found.acts.length === 0) this.readRequestItem(sentence, found, first, address);
    const closing = this.text.slice((tokens[to - 1] as NaturalToken).start, (tokens[to - 1] as NaturalToken).end);
    this.requestList =
      (this.requestList && found.acts.length === 1 && found.acts[0]?.kind === "ask") ||
      (found.acts.length === 0 && closing.endsWith(":") && requestLine(sentence, first, to, address));
    this.readTopic(sentence, found, first, to, address);
    this.readListedLevels(sentence, found, first, to);
    state.place = placeAfter(sentence, to, found.acts, state);
    state.carried = carriedAfter(sentence, first, to, found.acts, state);
    this.readHeading(sentence, found, first, to, closing);
    if (!found.heading) this.readSlotsAndTail(sentence, found, first, to, { subject, carried });
    if (!found.heading && found.acts.length === 0 && state.clauseActs !== undefined && first < to)
      this.readLeft(sentence, found, first, to, { subject, carried }, before);
    // "I gave the wrong figure for X's Y. It's 2.": the speaker's own value called wrong, then the right one
    // "Retracting my earlier 1 for X's Y.": the admission may restate the old number
    if (found.acts.length === 0 && this.lastTopic === null && ownWrongAt(sentence, first, to)) {
      const pairs = askPairs(sentence, first, to, state);
      if (pairs.length === 1) this.lastTopic = pairs[0] as { option: number; attribute: number };
    }
    this.ownWrong = found.acts.length === 0 && this.lastTopic !== null && ownWrongAt(sentence, first, to);
    // "Earlier I put X at +2 for Y — scratch that, I misread the row. It's actually -1." (fresh181): the pair the
    // speaker withdrew takes the level the next sentence gives alone
    if (found.acts.length === 0 && found.withdrawn !== undefined) {
      this.lastTopic = found.withdrawn;
      this.ownWrong = true;
    }
    this.lastClaim = found.acts.length === 0 ? claimedPair(sentence, first, to, state) : null;
    this.lastContested = found.acts.length === 0 ? contestedPair(sentence, first, to, state) : null;
    this.lastNegated = this.lastContested !== null && ownNegation(sentence, first, to);
    // "Earlier I said X was 5. That was a typo; it's 3.": the next sentence may correct the restated value
    const own = found.acts.length === 1 && found.acts[0]?.kind === "share" && ownEarlierValue(sentence, to);
    if (own && found.acts[0]?.kind === "share") {
      const { option, attribute } = found.acts[0];
      this.lastContested = { option, attribute };
    }
    this.carryAddress(sentence, found, first, to, closing.endsWith(":"));
    if (this.acts.length + found.acts.length > MAX_ACTS) return false;
    this.dropAnswered(sentence, first, to, found.acts);
    for (const act of found.acts) {
      if (act.kind === "propose") {
        // "I think C is our strongest option. ... Let's go with C!" (fresh56): a choice restated in other words is
        // one proposal; the same sentence written twice stays two, as the canonical and tool surfaces count them
        const said = this.words.slice(first, to).join(" ");
        const before = this.proposals.get(act.option);
        if (before !== undefined && before !== said) continue;
        this.proposals.set(act.option, said);
      }
      this.acts.push({ at, act });
      if (act === shaped) this.shapeProposals.push(this.acts[this.acts.length - 1] as Located<{ act: Act }>);
    }
    // "Restaurant C, no question. That's my vote.": a pointer in the next sentence restates this proposal
    const proposed = found.acts.filter((a) => a.kind === "propose");
    state.proposed = proposed.length === 1 ? (proposed[0] as { option: number }).option : null;
    this.readOwnAfter(sentence, first, to, found.acts, own);
    this.lastFound = found.acts;
    this.lastTopicAttribute = found.acts.length === 0 ? topicAttribute(sentence, first, to, state, this.text) : null;
    const single = found.acts.length === 1 && found.acts[0]?.kind === "share";
    this.lastShare = single ? (this.acts[this.acts.length - 1] as Located<{ act: Act }>) : null;
    const asked = found.acts.length === 1 && found.acts[0]?.kind === "ask" && found.acts[0].to === undefined;
    this.lastAsk = asked ? (this.acts[this.acts.length - 1] as Located<{ act: Act }>) : null;
    this.lastAsks = askedList(sentence, to, found.acts) ? this.acts.slice(-found.acts.length) : [];
    this.pendingAsks = found.acts.filter((a) => a.kind === "ask" && a.to === undefined);
    this.pendingToTeam = sentence.words.slice(first, to).some((w) => TEAM_ASKED.has(w));
    if (found.acts.length === 0 && !found.heading && first < to && this.unparsed.length < MAX_KEPT) {
      const from = (tokens[first] as NaturalToken).start;
      const span = { at: from, text: this.text.slice(from, (tokens[to - 1] as NaturalToken).end) };
      this.unparsed.push(span);
      if (this.numberNearName(first, to)) this.missed.push(span);
    }
    return true;
  }

  /**
   * The agent a sentence's questions are put to from what the sentences before addressed ("Agent 3, ... What's ...?",
   * "Question for Agent 2:" on its own line, "Thanks, Agent 2. ... for you:"), and what this sentence leaves to the
   * next; `colon`: the sentence closes on a colon.
   */
  private carryAddress(sentence: Sentence, found: SentenceResult, first: number, to: number, colon: boolean): void {
    // "@Agent 3 can you share B's technical skill? and teamwork for B too pls" (fresh276, session 64: a wrong act): a
    // sentence of asks opening with "and" / "also" / "plus" goes on to the agent the ask before it went to
    const last = this.acts.at(-1)?.act;
    const goesOn =
      ASK_ON.has(sentence.words[first] as string) &&
      last?.kind === "ask" &&
      last.to !== undefined &&
      !sentence.words.slice(first, to).some((w) => OTHER_ASKED.has(w));
    if (goesOn && found.to === undefined && found.acts.every((a) => a.kind === "ask" && a.to === undefined))
      for (const act of found.acts) if (act.kind === "ask") act.to = last.to;
    // "Agent 3, I only have the apple count so far. What's ... ?": an address with no act of its own carries to
    // the questions after it, until another address or a question put to everyone
    if (found.to === undefined && this.carryTo !== undefined && !toEveryone(sentence, first, to))
      for (const act of found.acts) if (act.kind === "ask" && act.to === undefined) act.to = this.carryTo;
    // "Agent 2, I don't think X is 0 — I have it at 2. What do you have for Y?" (fresh113): a question to "you"
    // right after a sentence put to one agent goes to that agent, though that sentence had acts of its own
    if (found.to === undefined && this.carryYou !== undefined && secondPerson(sentence, first, to))
      for (const act of found.acts) if (act.kind === "ask" && act.to === undefined) act.to = this.carryYou;
    // "Thanks, Agent 2. Two follow-ups for you:\n1. ...?\n2. ...?" (a held-out defect, session 57): a heading of no
    // act put to "you" right after a sentence put to one agent carries that agent to the questions after it
    const youHeading =
      found.acts.length === 0 && found.to === undefined && colon && secondPerson(sentence, first, to)
        ? this.carryYou
        : undefined;
    this.carryYou =
      found.acts.length > 0 && !toEveryone(sentence, first, to)
        ? found.to
        : thanksTo(sentence, first, to, this.state.task);
    if (found.to !== undefined || toEveryone(sentence, first, to))
      this.carryTo = found.acts.length === 0 ? found.to : undefined;
    if (youHeading !== undefined) this.carryTo = youHeading;
    // "Question for Agent 2:" on its own line puts the next sentence's questions to Agent 2
    if (this.addressTo !== undefined)
      for (const act of found.acts) if (act.kind === "ask" && act.to === undefined) act.to = this.addressTo;
    this.addressTo = undefined;
    if (found.acts.length === 0 && found.to !== undefined && colon) this.addressTo = found.to;
    this.carryColonAsked(sentence, found, first, to);
  }

  /**
   * "Agent 1: D cleanliness? D location?" (fresh447, session 70; fresh419, session 69: the second question lost its
   * address): a clipped question (opening on a name, no question word) right after questions an "Agent N:" lead put
   * to one agent goes to that agent too, and carries it on to the next such question.
   */
  private carryColonAsked(sentence: Sentence, found: SentenceResult, first: number, to: number): void {
    const asks = found.acts.length > 0 && found.acts.every((a) => a.kind === "ask");
    const question = (sentence.tokens[to - 1] as NaturalToken).question === true;
    const { options, attributes } = this.state;
    const clipped =
      asks &&
      question &&
      found.to === undefined &&
      (options.match(sentence.words, first) !== null || attributes.match(sentence.words, first) !== null);
    if (clipped && this.colonAsked !== undefined) {
      for (const act of found.acts) if (act.kind === "ask" && act.to === undefined) act.to = this.colonAsked;
      return;
    }
    const lead =
      sentence.words[first] === "agent" &&
      naturalInteger(sentence.words[first + 1]) !== null &&
      (sentence.tokens[first + 1] as NaturalToken).colon === true;
    this.colonAsked = asks && question && lead && found.to !== undefined ? found.to : undefined;
  }

  /** "Library key, from my notes:" over "- Lord Ashby: 1" (fresh82): a line under an attribute's heading. */
  private readListed(sentence: Sentence, found: SentenceResult, first: number, to: number): void {
    const context = this.attributeContext;
    const listed = context === null ? null : attributeContextItems(sentence, first, to, context, this.state);
    if (listed === null) this.attributeContext = null;
    else if (found.acts.length === 0)
      for (const share of listed) found.acts.push({ kind: "share", ...this.checkedShare(share) });
    // "Library key / poison bottle / muddy boots →" over "Doctor Finch: 1 / 3 / 0" (fresh177): slashed columns
    const columns = this.slashColumns;
    const row = columns === null ? null : slashedRow(sentence, first, to, columns, this.text, this.state);
    if (row !== null && found.acts.length === 0) for (const share of row) found.acts.push(share);
    if (row === null)
      this.slashColumns =
        found.acts.length === 0 ? slashedAttributeHeading(sentence, first, to, this.text, this.state) : null;
  }

  /**
   * "Shelf A and Shelf B hold 1 and 3 apples; for onions it's 5 and 0" (fresh74, fresh82): a paired list carried to
   * another attribute, in this sentence or (when it reads nothing else) the sentence after it.
   */
  private readCarriedPairs(sentence: Sentence, found: SentenceResult, first: number, to: number): void {
    const paired = pairedOptions(found.acts) ?? (found.acts.length === 0 ? this.pairedOptions : null);
    for (const act of ellipticalShares(sentence, first, to, found.acts, paired, this.state))
      found.acts.push(act.kind === "share" ? this.checkedShare(act) : act);
    // "I'm torn between Apartment A and Apartment C. Both have a size of 5 in my data." (fresh75)
    if (found.acts.length === 0)
      for (const act of bothShares(sentence, first, to, this.lastTwo, this.state))
        found.acts.push(act.kind === "share" ? this.checkedShare(act) : act);
    this.pairedOptions = pairedOptions(found.acts);
    this.lastTwo = twoNamed(sentence, this.state);
  }

  /**
   * A heading line closed by a colon, for the list lines under it: one option ("Here's my count for Shelf B:" over
   * "- 3 apples", as under "For Shelf B:") or one attribute ("Library key:" over "- Lord Ashby: 1").
   */
  private readHeading(sentence: Sentence, found: SentenceResult, first: number, to: number, closing: string): void {
    const { state } = this;
    if (found.acts.length > 0 || found.heading) return;
    const headed = colonHeading(sentence, first, to, closing, state);
    if (headed !== null) {
      state.context = headed;
      state.subject = headed;
      found.heading = true;
      return;
    }
    // "**Location**" alone on its line over "- A: 3" (fresh94): a bold line is a heading as one closed by a colon
    const { tokens } = sentence;
    const opening = first < to ? (tokens[first] as NaturalToken) : undefined;
    const bold =
      opening !== undefined &&
      (tokens[to - 1] as NaturalToken).lineBreak &&
      /^(\*\*|__)/.test(this.text.slice(opening.start, opening.end)) &&
      /(\*\*|__)$/.test(closing);
    // a line of one attribute alone over option lines, marked as a colon's by headingLines
    const last = tokens[to - 1] as NaturalToken;
    const marked = last.colon === true && last.lineBreak;
    const attribute = attributeHeading(sentence, first, to, bold || marked ? ":" : closing, state);
    if (attribute !== null) {
      this.attributeContext = attribute;
      found.heading = true;
    }
  }

  /**
   * What a sentence's shape gives when its cues gave little: a restated hinted question dropped, a lone share, a
   * proposal by shape (`loneProposal`); the shape proposal taken, or null.
   */
  private readShapes(sentence: Sentence, found: SentenceResult, first: number, to: number): Act | null {
    const { state } = this;
    // "Agent 3, is Tomas free on Monday noon? What does Tomas's calendar show there?": the second question restates
    // the pair the first asked by a word of it
    const restated = this.lastHinted;
    if (restated !== null)
      found.acts = found.acts.filter(
        (a) => !(a.kind === "ask" && a.option === restated.option && a.attribute === restated.attribute),
      );
    this.lastHinted = found.hinted ?? null;
    // "Food quality for Restaurant C lands at 2.": one option, attribute and level no cue read, nothing to doubt
    // "Agent 2, X's calendar reads 2.": a statement put to an agent is read after the address
    const from = found.to === undefined ? first : vocativeEnd(sentence, first, to);
    if (found.acts.length === 0 && !found.heading && from !== null) {
      const lone =
        loneShare(sentence, from, to, state) ??
        // "My copy says 0 for B's phone records though, so one of us has it wrong." (fresh224, session 63)
        consequenceShare(sentence, from, to, state) ??
        contrastShare(sentence, first, to, state) ??
        // "Alice, Bob and Erin are all available at X": one share a person
        availabilityShare(sentence, from, to, state) ??
        // "Monday 2pm is open for Alice, Bob and Carol (all 1s)." (fresh154): the slot first
        slotFirstAvailability(sentence, from, to, state) ??
        // "Stall C sold a single book.", "Stall D didn't sell a single plant.": the count with its attribute's verb
        soldCount(sentence, from, to, state) ??
        // "Stall A's cake sales were -2", "Book sales at Stall A came to -1" (helper h43q)
        salesCount(sentence, from, to, state);
      for (const share of lone === null ? [] : Array.isArray(lone) ? lone : [lone])
        found.acts.push({ kind: "share", ...this.checkedShare(share) });
    }
    // "I'm plumping for Shelf B.", "Candidate B is my nominee.": one option, the speaker's choice word, nothing to doubt
    // a proviso anywhere in it ("..., provided the glove is his") holds a shape proposal back as it does a cue's (each
    // shape holds "if" and hedges back itself, with its own exceptions: "if you ask me")
    // "I'm taking back my vote for Apartment B" (fresh235, session 63): a choice withdrawn is no proposal by shape
    const held = provisoIn(sentence.tokens, sentence.words, first, to) || choiceWithdrawnIn(sentence, first, to);
    if (
      !held &&
      !found.heading &&
      found.to === undefined &&
      !found.acts.some((a) => a.kind === "propose" || a.kind === "ask")
    ) {
      // "Hire Candidate C.", "Candidate A is where my heart is.": no choice verb, but nothing else the clause can be
      // "Unless anyone has a strong objection, let's put the deposit down on X" (fresh54): the plan after the team's
      // consent opening the sentence
      const plan = consentOpening(sentence, first, to);
      const proposed =
        loneProposal(sentence, plan, to, state) ??
        (found.acts.length === 0 ? verblessProposal(sentence, plan, to, state) : null) ??
        letsItProposal(sentence, plan, to, state) ??
        mustBeProposal(sentence, plan, to, state) ??
        (found.acts.length === 0 ? consentProposal(sentence, first, to, state) : null) ??
        // "Everyone should meet at X, I reckon", "Can everyone live with X?": the team's plan or its consent asked
        (found.acts.length === 0 ? teamProposal(sentence, first, to, state) : null);
      if (proposed !== null) {
        const shaped: Act = { kind: "propose", option: proposed };
        found.acts.unshift(shaped);
        // "Let's sign the lease on Apartment A. Its rent is a 4." (fresh53): the option a shape proposes is what the
        // sentence spoke about, for the next sentence's "it" / "its", as a cue's proposal is
        state.subject = namedOptions(found.acts).size === 1 ? proposed : null;
        return shaped;
      }
    }
    return null;
  }

  /**
   * "Agent 2, two things I'd still like from you:" over "- Restaurant A's ambience": each item of names only asks;
   * "- **Agent 2:** Candidate B's experience" (fresh157): an item may name the agent it is put to.
   */
  private readRequestItem(
    sentence: Sentence,
    found: SentenceResult,
    first: number,
    address: ReadonlySet<number>,
  ): void {
    // "Agent 2 — what's B's service? Agent 3, same question for C's ambience." (fresh191): after a question, "the same
    // [question] for" and names only ask for that pair
    const same = this.acts.at(-1)?.act.kind === "ask" ? sameForEnd(sentence, first, address) : null;
    // "... And while you're at it, Restaurant D's cleanliness.": the names alone ask on after an ask
    const goesOn = this.askGoesOn && this.acts.at(-1)?.act.kind === "ask";
    if (!this.requestList && same === null && !goesOn) return;
    const skipped = same === null ? address : new Set([...address, ...range(first, same)]);
    const item = fragmentPair(sentence, first, skipped, this.state, true);
    // the ask going on goes to the agent the ask before it went to
    const last = this.acts.at(-1)?.act;
    const to = found.to ?? (goesOn && last?.kind === "ask" ? last.to : undefined);
    if (item !== null) found.acts.push({ kind: "ask", ...item, ...(to === undefined ? {} : { to }) });
  }

  /** The acts before this sentence that its acts answer or restate: an ask it answers, an own value it restates. */
  private dropAnswered(sentence: Sentence, first: number, to: number, acts: readonly Act[]): void {
    this.dropAnsweredAsk(sentence, first, to, acts);
    this.dropRestatedOwn(acts);
  }

  /**
   * "Is Erin free on Monday 9am? No wait, I'm looking at it: Erin's availability for Monday 9am is 0." (fresh159): the
   * speaker's own question, taken back by the next sentence and answered there with that cell's level, asked nothing.
   */
  private dropAnsweredAsk(sentence: Sentence, first: number, to: number, acts: readonly Act[]): void {
    const prior = this.lastAsk?.act;
    const retracts = prior?.kind === "ask" && retractionLead(sentence, first, to) !== null;
    if (retracts && acts.some((a) => sameCell(a, prior)) && this.lastAsk !== null)
      this.acts.splice(this.acts.indexOf(this.lastAsk), 1);
  }

  /**
   * "In round one I gave C's value for money as 5 — I was reading the wrong column. C's value for money is actually
   * 3." (fresh175): the speaker's own earlier value, restated in the sentence before, gives way to another level of
   * the same cell that this sentence states.
   */
  private dropRestatedOwn(acts: readonly Act[]): void {
    const own = this.lastOwn?.act;
    if (own?.kind !== "share" || this.lastOwn === null) return;
    const again = acts.some(
      (a) => a.kind === "share" && a.option === own.option && a.attribute === own.attribute && a.level !== own.level,
    );
    if (!again) return;
    this.acts.splice(this.acts.indexOf(this.lastOwn), 1);
    this.lastOwn = null;
  }

  /** What the sentence does to the speaker's restated earlier value: restates one, admits it wrong, or doubts it. */
  private readOwnAfter(sentence: Sentence, first: number, to: number, found: readonly Act[], own: boolean): void {
    // "I said X was 2 earlier. I got that wrong. It's 1.": an admission with nothing else keeps the restated value
    const admits = !own && found.length === 0 && this.lastOwn !== null && admission(sentence, first, to, this.state);
    if (admits && this.lastOwn !== null) {
      const { option, attribute } = this.lastOwn.act as { option: number; attribute: number };
      this.lastContested = { option, attribute };
    }
    const before = this.lastOwn;
    this.lastOwn = own ? (this.acts[this.acts.length - 1] as Located<{ act: Act }>) : admits ? this.lastOwn : null;
    this.markDoubtedOwn(sentence, first, to, found, before);
  }

  /**
   * Session 56: the speaker's restated earlier value ("I said X was a 2") that the same sentence calls a slip or
   * doubts with no new level ("— that was too generous", "; it might actually be -1"), or that the next sentence
   * doubts under a condition ("If that turns out to be wrong, ..."), is held as doubted: it is
   * dropped at the end unless a later level replaces it ("... — that was too generous. It's 3." keeps the 3).
   */
  private markDoubtedOwn(
    s: Sentence,
    first: number,
    to: number,
    found: readonly Act[],
    before: Located<{ act: Act }> | null,
  ): void {
    if (found.length === 1 && found[0]?.kind === "share" && doubtedOwnClause(s, first, to)) {
      const located = this.acts[this.acts.length - 1] as Located<{ act: Act }>;
      if (located.act !== found[0]) return;
      this.doubted.push({ located, act: located.act });
      this.lastOwn = located;
      return;
    }
    if (found.length === 0 && before !== null && doubtedOwnSentence(s, first, to)) {
      this.doubted.push({ located: before, act: before.act });
      this.lastOwn = before;
    }
  }

  /**
   * "Rice bags on A and B: 0 and 3 respectively. Wait — scratch that, I was reading the onions line." (fresh175): a
   * lead that withdraws ("scratch that", "strike that", maybe after "wait" / "no") opening a sentence with no number
   * and no option takes back every share the sentence before made (its other acts stay, and this sentence is read
   * on as usual).
   */
  private withdrawLast(s: Sentence, first: number, to: number): void {
    let k = first;
    let withdrawn = false;
    for (; k < Math.min(to, first + 5) && RETRACTION_WORDS.has(s.words[k] as string); k++)
      if (s.words[k] === "scratch" || s.words[k] === "strike") withdrawn = true;
    // "That was a hunch more than a reading, so let me withdraw it — I really don't know A's books sold." (fresh247,
    // session 64: a wrong act): the speaker's own withdrawal anywhere in a sentence with no number
    const verb = !withdrawn && ownWithdrawal(s, first, to);
    if (verb) {
      for (let j = first; j < to; j++)
        if (/[0-9]/.test(s.words[j] as string) || cue.numberWords.has(s.words[j] as string)) return;
    } else if (!withdrawn || (k < to && !s.separated(k - 1))) return;
    // "Scratch that: Employee A." names what replaces it (a choice): the shares stay
    for (let j = k; j < to && !verb; j++) {
      const w = s.words[j] as string;
      if (/[0-9]/.test(w) || cue.numberWords.has(w) || this.state.options.match(s.words, j) !== null) return;
    }
    const before = this.acts.filter((a) => a.at === this.lastAt && a.act.kind === "share");
    if (before.length === 0) return;
    for (const a of before) this.acts.splice(this.acts.indexOf(a), 1);
    this.lastShare = null;
    this.lastOwn = null;
  }

  /**
   * "Camera footage for Employee A, Employee C and Employee F? I've got 0, 1, 1 respectively." (fresh506, session 73:
   * three wrong acts): a question of several cells the speaker answers at once, in order, is their shares — true where
   * the sentence is such an answer (the question's asks replaced).
   */
  private answersAskedList(sentence: Sentence, first: number, to: number): boolean {
    const answers =
      this.lastAsks.length >= 2 ? answeredListLevels(sentence, first, to, this.lastAsks.length, this.state) : null;
    if (answers === null) return false;
    this.lastAsks.forEach((located, n) => {
      const { option, attribute } = located.act as { option: number; attribute: number };
      located.act = { kind: "share", option, attribute, level: this.checked(answers[n] as number) };
    });
    this.lastAsks = [];
    return true;
  }

  /** A sentence that only completes the one before: an answer to its question or a correction of its claim. */
  private followUp(sentence: Sentence, first: number, to: number, at: number): boolean | number {
    const { state } = this;
    // "Restaurant B's value for money: 5/5. Restaurant A's: 4/5." (fresh108): another option's level of the one
    // attribute the sentence before shared, its attribute left out
    // "Restaurant A's?": the same attribute asked of another option
    const other = this.lastShare === null ? null : possessiveLevel(sentence, first, to, state);
    if (other !== null && this.lastShare !== null) {
      const { option, attribute } = this.lastShare.act as { option: number; attribute: number };
      if (other.option !== option) {
        const act: Act =
          other.value === null
            ? { kind: "ask", option: other.option, attribute }
            : { kind: "share", option: other.option, attribute, level: this.checked(other.value) };
        this.acts.push({ at, act });
        this.lastShare = null;
        return true;
      }
    }
    if (this.answersAskedList(sentence, first, to)) return true;
    // "Candidate C's communication? It's a 2.": a question the speaker answers at once is a share
    // "Service at Restaurant C? A 5.", "Leadership for Candidate A? 4.": a bare level answers it too
    const answer =
      this.lastAsk === null ? null : (itsLevel(sentence, first, to, state) ?? this.bareLevel(sentence, first, to));
    if (answer !== null && answer.end === to && this.lastAsk !== null) {
      const { option, attribute } = this.lastAsk.act as { option: number; attribute: number };
      this.lastAsk.act = { kind: "share", option, attribute, level: this.checked(answer.value) };
      this.lastAsk = null;
      return true;
    }
    // "X's service isn't 5. It's actually 4.": the next sentence corrects the one pair a claim named
    const corrected = this.lastClaim === null ? null : correctionLevel(sentence, first, to, state);
    // "My copy says 1, so D isn't cleared by that." (fresh102): a consequence after the level, naming no cell
    // "My sheet says -1 for that one.", "... 1 for it though, so one of us misread." (fresh319, fresh328, session 67):
    // words pointing back to the claim's pair
    const tail = corrected === null ? to : pointerTailEnd(sentence, corrected.end, to);
    if (
      corrected !== null &&
      (tail === to || consequenceTail(sentence, tail, to, state)) &&
      this.lastClaim !== null &&
      restatedFits(corrected, this.lastClaim)
    ) {
      // the claim's pair only (a claim may carry where it ended: no field of an act)
      const { option, attribute } = this.lastClaim;
      this.acts.push({ at, act: { kind: "share", option, attribute, level: this.checked(corrected.value) } });
      this.lastClaim = null;
      return true;
    }
    // "Agent 3 said X's cakes sold is -2. I have it at -1, and X's plants sold is 0." (fresh198's reported claims,
    // session 59): the corrected level closing its clause, a clause of the speaker's own after it, read on its own
    const rest = corrected === null ? null : ownClauseAfter(sentence, corrected.end, to, state);
    if (corrected !== null && rest !== null && this.lastClaim !== null && restatedFits(corrected, this.lastClaim)) {
      const { option, attribute } = this.lastClaim;
      this.acts.push({ at, act: { kind: "share", option, attribute, level: this.checked(corrected.value) } });
      this.lastClaim = null;
      return rest;
    }
    // "Agent 3 said X's library key is 1. I've got it at 3.", "... Checked again: 0.": a sentence that only states
    // a level after a sentence that contested one pair
    // "I gave the wrong figure for X's Y. It's 2." / "The correct figure is 1.": after the speaker's own admission
    // "I need to fix X's Y. I wrote 4, but it's a 2." (fresh455, session 70): the speaker's old entry restated, then
    // the new level closing the sentence after its last pause
    const admitted =
      this.ownWrong && this.lastTopic !== null
        ? (onlyLevel(sentence, first, beforeSlipRemark(sentence, first, to, state), state)?.value ??
          (ownEarlierValue(sentence, Math.min(to, first + 3)) ? this.closingIts(sentence, first, to) : null))
        : null;
    if (admitted !== null && this.lastTopic !== null) {
      this.acts.push({ at, act: { kind: "share", ...this.lastTopic, level: this.checked(admitted) } });
      this.ownWrong = false;
      this.lastTopic = null;
      return true;
    }
    // "Employee B is my pick — wait, no, ... Scratch that: Employee A." (fresh153), "No wait, Employee A.": a
    // retraction opening the sentence and one option alone replace the last proposal
    const choice = retractionLead(sentence, first, to);
    const named = choice === null ? null : state.options.match(sentence.words, choice);
    const last = [...this.acts].reverse().find((a) => a.act.kind === "propose");
    if (named !== null && named.end === to - (sentence.words[to - 1] === "instead" ? 1 : 0) && last !== undefined) {
      last.act = { kind: "propose", option: named.index };
      state.proposed = named.index;
      return true;
    }
    // "I wrote X as 1. Strike that — it's 0.", "X's Y is 3. Scratch that, it's 2.": a retraction opening the sentence
    // and a bare level replace the one share of the sentence before
    // "It's 0 — I'd copied it from the wrong column.", "Typo; it's 5, which moves D up." (fresh175): a closing
    // consequence, or the speaker's plain remark on their slip, leaves the level before it as it is
    const end = plainTailStart(sentence, first, to, state) ?? to;
    if (this.lastShareTakenBack(sentence, first, to, end)) return true;
    // "I previously wrote X was 2. It's 0.", "I said X was 2. I got that wrong. It's 1.": a bare level right after
    // the speaker's own restated value (or an admission of it) replaces that value
    // "X's Y isn't 4. It's 1 here.": after the speaker's own negation (no one else's claim), a bare level is theirs
    const bare =
      this.lastOwn !== null || (this.lastContested !== null && this.lastNegated)
        ? this.bareIts(sentence, first, end)
        : null;
    if (bare !== null && this.lastOwn !== null) {
      const { option, attribute } = this.lastOwn.act as { option: number; attribute: number };
      this.lastOwn.act = { kind: "share", option, attribute, level: this.checked(bare) };
      this.lastOwn = null;
      this.lastContested = null;
      return true;
    }
    if (bare !== null && this.lastContested !== null) {
      this.acts.push({ at, act: { kind: "share", ...this.lastContested, level: this.checked(bare) } });
      this.lastContested = null;
      return true;
    }
    const contrast = this.lastContested === null ? null : replyLevel(sentence, first, end, state);
    if (contrast !== null && this.lastContested !== null) {
      const act: Act = { kind: "share", ...this.lastContested, level: this.checked(contrast.value) };
      // the speaker's own restated value is replaced, not kept beside the new one
      if (this.lastOwn !== null) this.lastOwn.act = act;
      else this.acts.push({ at, act });
      this.lastContested = null;
      this.lastOwn = null;
      return true;
    }
    return false;
  }

  /**
   * A retraction, withdrawal or dispute opening the sentence after the one share of the sentence before: true where it
   * took the whole sentence (the share replaced or withdrawn); a share withdrawn with more of the sentence left to
   * read gives false, as does no retraction.
   */
  private lastShareTakenBack(sentence: Sentence, first: number, to: number, end: number): boolean {
    const { state } = this;
    // "I previously gave X as 2. Please ignore that; it was a guess." (a held-out defect, session 57): "ignore that"
    // opening the sentence, with no number after it, withdraws that share as "Scratch that." does ("Ignore that,
    // it's 1." replaces it)
    const last = this.lastShare?.act;
    const ignored = last?.kind === "share" ? withdrawalEnd(sentence, first, { state, option: last.option }) : null;
    // "X's Y: 3. Make that 2." (a held-out defect, session 56): "make that" opening the sentence is a retraction too
    const retracted =
      this.lastShare === null
        ? null
        : (retractionLead(sentence, first, to) ?? (makeThat(sentence, first) ? first : null) ?? ignored);
    const replaced = retracted === null ? null : this.bareIts(sentence, retracted, end);
    // "X's Y is 3. Scratch that.": the retraction alone withdraws that share
    const ignoredAll = ignored !== null && !numberIn(sentence, ignored, to);
    if ((ignoredAll || (retracted === to && withdraws(sentence, first, to))) && this.lastShare !== null) {
      this.dropLastShare(this.lastShare);
      return true;
    }
    // "X is 2. Ignore that, Omar's Y is 1.": withdrawn, and the rest of the sentence read as usual
    // "I said X was 2. Strike that; it's 1 or 2, I can't tell." (fresh215, session 62): struck with no level read in
    // its place, the share is withdrawn all the same
    // ("Scratch that: Employee A." names what replaces it, a choice: the share stays)
    const struck =
      retracted !== null && withdraws(sentence, first, retracted) && !namesOption(sentence, retracted, to, state);
    if ((struck || ignored !== null) && replaced === null && this.lastShare !== null)
      this.dropLastShare(this.lastShare);
    // "X's Y came out as 1. That's backwards: she can't make it, so it's 0." (fresh185), "X is 1. That was a typo.":
    // the speaker calling the last sentence's value wrong never leaves it standing; a closing "it's L" replaces it
    const disputed = this.lastShare === null || replaced !== null ? null : ownDisputeLead(sentence, first, to, state);
    if (disputed !== null && this.lastShare !== null) {
      const { option, attribute } = this.lastShare.act as { option: number; attribute: number };
      const level = disputed === to ? null : this.closingIts(sentence, disputed, end);
      if (level !== null) {
        this.lastShare.act = { kind: "share", option, attribute, level: this.checked(level) };
        this.lastShare = null;
        this.lastOwn = null;
        return true;
      }
      this.dropLastShare(this.lastShare);
      if (disputed === to) {
        // "... That was a typo. It's 0.": the next sentence's bare level is the new value
        this.lastTopic = { option, attribute };
        this.ownWrong = true;
        return true;
      }
    }
    if (replaced !== null && this.lastShare !== null) {
      const { option, attribute } = this.lastShare.act as { option: number; attribute: number };
      this.lastShare.act = { kind: "share", option, attribute, level: this.checked(replaced) };
      this.lastShare = null;
      this.lastOwn = null;
      this.lastContested = null;
      return true;
    }
    return false;
  }

  /** Takes the one share of the sentence before out of the acts: withdrawn, nothing in its place. */
  private dropLastShare(share: Located<{ act: Act }>): void {
    this.acts.splice(this.acts.indexOf(share), 1);
    this.lastShare = null;
    this.lastOwn = null;
  }

  /** A bare level ("it's 0") from..to, or closing it after its last pause ("she can't make it, so it's 0"). */
  private closingIts(s: Sentence, from: number, to: number): number | null {
    const whole = this.bareIts(s, from, to);
    if (whole !== null) return whole;
    let k = to - 1;
    while (k > from && !s.separated(k - 1)) k--;
    if (k <= from) return null;
    while (k < to && CLOSING_JOINS.has(s.words[k] as string)) k++;
    return this.bareIts(s, k, to);
  }

  /** "It's 0.", "It's actually 1 here.": a sentence that is only "it's" and a level; the level, or null. */
  private bareIts(s: Sentence, start: number, end: number): number | null {
    const w = s.words;
    // "It's 5, not 3 — I was reading B's row." (fresh552, session 74: a miss): the slip explained after the value
    const to = beforeSlipRemark(s, start, end, this.state);
    // "I double-checked and it's 0.", "I checked again and the log shows 0." (fresh327, session 67: a wrong act): the
    // speaker's look again, then the value alone, or as their record shows it
    // "Looking again, it's a 0." (fresh495, session 72: a wrong act, the earlier 1 kept): the look again as a lead
    const first = checkedAgainEnd(w, lookAgainLead(s, start, to), to);
    const shown = recordShows(w, first, to);
    if (shown > first) {
      const level = levelAt(s, shown, to, this.state);
      return level !== null && level.end === to ? level.value : null;
    }
    // "It's -1 on my sheet." (fresh185): the speaker's own source closing the sentence
    const own = ownSourceClose(s, first, to);
    const place = w[own - 1] === "here" || w[own - 1] === "there";
    // "I reported X as 1. It should have been 0.", "It ought to have been 0."; "Should have been 3." (fresh185): the
    // subject left out
    // "That should have been -1 — I misread the sign." (fresh215, session 62): "that" as the subject too
    const at = w[first] === "it" || (w[first] === "that" && w[first + 1] === "should") ? first + 1 : first;
    const should = w[at] === "should" ? 1 : w[at] === "ought" && w[at + 1] === "to" ? 2 : 0;
    if (should > 0 && w[at + should] === "have" && w[at + should + 1] === "been") {
      const level = levelAt(s, at + should + 2, own, this.state);
      return level !== null && level.end === own ? level.value : null;
    }
    // "I wrote E's parking log 1 earlier. Should be 0." (fresh451, session 70: a wrong act, the old value kept): "should
    // be" / "should read" after the speaker's own restated value is the value it has
    if (should > 0 && (w[at + should] === "be" || w[at + should] === "read")) {
      const level = levelAt(s, at + should + 1, own, this.state);
      return level !== null && level.end === own ? level.value : null;
    }
    const close = place ? own - 1 : own;
    // "I told you all Shelf A had zero rice bags. It's got 2." (fresh185): "it has" / "it's got" and a level alone
    const has =
      w[first] === "it" ? (w[first + 1] === "has" ? 2 : w[first + 1] === "'s" && w[first + 2] === "got" ? 3 : 0) : 0;
    if (has > 0) {
      const level = levelAt(s, first + has, close, this.state);
      return level !== null && level.end === close ? level.value : null;
    }
    // "Wait — make that 2; the 3 belongs to his broken watch." (a held-out defect, session 56): the speaker's value
    // replacing the one just given, up to the end or a pause (what follows the pause is left unread)
    if (makeThat(s, first)) {
      const level = levelAt(s, first + 2, close, this.state);
      return level !== null && (level.end === close || s.separated(level.end - 1)) ? level.value : null;
    }
    // "I said F's email records were 1. Scratch that — they're 0." (fresh176): a plural attribute's pronoun
    const plural = theyAreEnd(w, first);
    if (plural !== null) {
      let j = plural;
      if (w[j] === "actually" || w[j] === "only" || w[j] === "just") j++;
      const level = levelAt(s, j, close, this.state);
      return level !== null && level.end === close ? level.value : null;
    }
    // "I previously said B's food quality is 3. Correct number is 1." (fresh347, session 68: a wrong act): the right
    // value named as such
    const named = trueValueEnd(w, first);
    if (named !== null) {
      const level = levelAt(s, named, close, this.state);
      return level !== null && level.end === close ? level.value : null;
    }
    // "i said A cleanliness 5 before. wrong. is 3" (fresh343, session 68: a wrong act): the subject left out
    if (w[first] === "is" && first + 1 < close) {
      const level = levelAt(s, w[first + 1] === "actually" ? first + 2 : first + 1, close, this.state);
      return level !== null && level.end === close ? level.value : null;
    }
    const its = itsLevel(s, first, close, this.state);
    return its !== null && its.end === close ? its.value : null;
  }

  /** "A 5.", "4.", "A 1, sadly.": a sentence that is only a level (and at most a few words after it, no name). */
  private bareLevel(s: Sentence, first: number, to: number): { value: number; end: number } | null {
    let j = first;
    if (SURE.has(s.words[j] as string)) j++; // "Definitely a 1.", "Probably a 3."
    // "I'd say 3.", "I'd say a 4, honestly."
    if ((s.words[j] === "i'd" || s.words[j] === "id") && s.words[j + 1] === "say") j += 2;
    // "I'd give it a 3", "I'd rate it 4", "I'd put it at 2"
    else if (
      (s.words[j] === "i'd" || s.words[j] === "id") &&
      GIVE_VERBS.has(s.words[j + 1] as string) &&
      (s.words[j + 2] === "it" || s.words[j + 2] === "that")
    )
      j += s.words[j + 3] === "at" || s.words[j + 3] === "as" ? 4 : 3;
    // "Service for Restaurant A? I've got it at (3)." (fresh522, session 73: a wrong act): the speaker holding it
    else j = heldAnswerEnd(s.words, j) ?? j;
    for (let f = 0; f < 3 && j < to && cue.levelLeads.has(s.words[j] as string); f++) j++;
    const level = levelAt(s, j, to, this.state);
    if (level === null) return null;
    // a few words may follow ("A 1, sadly."), more only when they name the speaker's own source ("from what I saw")
    let own = false;
    for (let k = level.end; k < to; k++) if (OWN.has(s.words[k] as string)) own = true;
    const tail = own ? 5 : 3;
    if (!(level.end >= to || s.separated(level.end - 1) || own) || to - level.end > tail) return null;
    for (let k = level.end; k < to; k++) {
      const w = s.words[k] as string;
      if (naturalInteger(w) !== null || cue.numberWords.has(w) || cue.negations.has(w) || cue.modals.has(w))
        return null;
      if (this.state.options.match(s.words, k) !== null || this.state.attributes.match(s.words, k) !== null)
        return null;
    }
    return { value: level.value, end: to };
  }

  /**
   * Facts the sentence's readers left, in shapes read apart from them: levels in parentheses after names, slashed and
   * "vs" pairs, a cell with its level in a relative clause or put first (where nothing was shared), an attribute put
   * first (`topicalClauses`), then the clauses read one by one (`clauseSplit`), the sentence under the talk's option
   * (`carriedSentence`) or without a closing tail in the speaker's voice (`withoutOwnTail`); last, a doubting tail or
   * lead takes every share back, and "That's all I have" after the speaker's acts is no pass.
   */
  private readLooseFacts(sentence: Sentence, found: SentenceResult, first: number, to: number): void {
    const { state } = this;
    // "The poison bottle (3) and library key (3) point to him strongly" (fresh101): levels in parentheses after names
    if (!found.acts.some((a) => a.kind === "share"))
      for (const act of parenthesizedLevels(sentence, this.text, first, to, state))
        found.acts.push(act.kind === "share" ? this.checkedShare(act) : act);
    // "Value for money A/B/C/D = 4/5/1/1." (fresh116): slashed names, then as many slashed levels
    if (!found.acts.some((a) => a.kind === "share")) {
      const slashes = slashPairs(sentence, first, to, state, this.text) ?? vsPairs(sentence, first, to, state);
      if (slashes !== null) found.acts.push(...slashes);
    }
    // "I only have the apple count for Shelf A, which is 1." (fresh127): a cell, then its level in a relative clause
    const relative = found.acts.some((a) => a.kind === "share")
      ? null
      : (relativeShare(sentence, first, to, state) ??
        levelFirstShare(sentence, first, to, state) ??
        cellIsTheLevel(sentence, this.text, first, to, state));
    if (relative !== null) found.acts.push(relative.kind === "share" ? this.checkedShare(relative) : relative);
    // "Ambience and value for money — A: 3 and 5, B: 1 and 4." (fresh177): attributes, then rows of their levels
    const rows = found.acts.some((a) => a.kind === "share") ? null : attributeRows(sentence, first, to, state);
    if (rows !== null) for (const act of rows) found.acts.push(act.kind === "share" ? this.checkedShare(act) : act);
    // "..., the +1 should have been -1." (fresh179): the speaker's earlier figure and the right one
    // ('Small fix: "Restaurant A — service 2" in my list should read 4.': the old figure read as a share is replaced)
    const shares = found.acts.filter((a) => a.kind === "share");
    const only = shares.length === 1 ? (shares[0] as Extract<Act, { kind: "share" }>) : null;
    const should = shares.length > 1 ? null : shouldReadShare(sentence, first, to, state);
    if (should !== null && should.kind === "share") {
      const same = only !== null && only.option === should.option && only.attribute === should.attribute;
      if (only === null) found.acts.push(this.checkedShare(should));
      else if (same) found.acts[found.acts.indexOf(only)] = this.checkedShare(should);
    }
    // "It's Employee E, not Employee D, whose parking log is 1." (fresh177): a cleft naming the option
    const cleft = found.acts.some((a) => a.kind === "share") ? null : cleftShare(sentence, first, to, state);
    if (cleft !== null && cleft.kind === "share") found.acts.push(this.checkedShare(cleft));
    // "Location is 2 across the board except for C, which has 1." (fresh132): one attribute's level for every option
    if (!found.acts.some((a) => a.kind === "share"))
      for (const act of boardShares(sentence, first, to, state) ?? []) found.acts.push(this.checkedShare(act));
    // "Service I only have for B, which is 3." (fresh120): an attribute put first, then the options the speaker holds
    for (const act of topicalClauses(sentence, first, to, state))
      if (!found.acts.some((a) => JSON.stringify(a) === JSON.stringify(act)))
        found.acts.push(act.kind === "share" ? this.checkedShare(act) : act);
    // "On value for money, A scores 4 while B scores 5, but C and D are both stuck at 1." (fresh113): clauses read alone
    // (not in a sentence that took the speaker's share back: "I said X was 4; please disregard that, I misread the
    // row.", fresh349, session 68: its clauses read alone would give the share back)
    const split = found.withdrawn !== undefined ? null : clauseSplit(sentence, this.text, first, to, found.acts, state);
    if (split !== null) found.acts = split;
    // "Candidate C scores a 4/5 on communication. Experience is the weak spot: only one out of five." (fresh119)
    const carried = carriedSentence(sentence, this.text, first, to, found.acts, state);
    if (carried !== null) found.acts = carried;
    const untailed =
      withoutOwnTail(sentence, this.text, first, to, found.acts, state) ??
      withoutWhichTail(sentence, this.text, first, to, found.acts, state) ??
      withoutHeadingAside(sentence, this.text, first, to, found.acts, state) ??
      withoutOwnAside(sentence, this.text, first, to, found.acts, state) ??
      withoutValueNoun(sentence, this.text, first, to, found.acts, state) ??
      withoutOrderWords(sentence, this.text, first, to, found.acts, state);
    if (untailed !== null) found.acts = untailed;
    // "Priya on Tuesday morning is a 2 rather than 0, and ..." (fresh179): "rather than" read as ", not"
    const rather = ratherThanShares(sentence, this.text, first, to, found.acts, state);
    if (rather !== null) found.acts = rather;
    // "The poison bottle clue against him is at 3, the top of the scale, and ..." (fresh133): the scale's end restated
    const unrestated =
      withoutScaleAside(sentence, this.text, first, to, found.acts, state) ??
      // "Quietness for Apartment B is the maximum, 5, and ..." (fresh181): the scale's end before the level
      scaleAsideFirst(sentence, this.text, first, to, found.acts, state);
    if (unrestated !== null) found.acts = unrestated;
    // "Leadership carries the heaviest weight, and B sits at 4 there" (fresh62, fresh133): "there" as the attribute
    for (const act of attributeThere(sentence, this.text, first, to, found.acts, state))
      found.acts.push(this.checkedShare(act as Extract<Act, { kind: "share" }>));
    // "Monday 4pm won't work for Carol — her availability there is zero." (fresh131): "her" as the person named
    for (const act of personPossessiveShares(sentence, this.text, first, to, found.acts, state))
      found.acts.push(this.checkedShare(act as Extract<Act, { kind: "share" }>));
    // "I'm naming Doctor Finch. My notes give him a 3 for the library key ..." (fresh144): "him" as the talk's person
    for (const act of pronounObjectShares(sentence, this.text, first, to, found.acts, state))
      found.acts.push(this.checkedShare(act as Extract<Act, { kind: "share" }>));
    // "Monday 2pm looks promising: Alice, Bob and Carol all have a 1 there" (fresh131): the lead's option
    for (const act of labelledLeadShares(sentence, this.text, first, to, found.acts, state))
      found.acts.push(this.checkedShare(act as Extract<Act, { kind: "share" }>));
    // "Restaurants D and E both have 5, and A does too." (fresh133): the level said again for one more name
    const echoed = echoShare(sentence, first, to, found.acts, state);
    if (echoed !== null) found.acts.push(echoed);
    // "Stall B got 1 and Stall C got -1 on raffle tickets, or so I heard", "X's Y is 4, if memory serves": a closing
    // tail of hearsay or doubted memory leaves every level in the sentence unstated
    // "If memory serves, X's Y is 2" (fresh127): the same recollection leading the sentence
    // "X's Y is 4 — scratch that." (seen in session 56): a closing withdrawal with no level after it takes them back too
    if (unstated(sentence, first, to)) found.acts = found.acts.filter((a) => a.kind !== "share");
    // "Tuesday morning: Priya 2, Omar 2. That is all I have." (fresh120): after the speaker's own acts, "that's all"
    // closes them; alone, it is a pass
    if (closesActs(sentence, first, to, found.acts) && this.acts.some((a) => a.act.kind !== "pass")) found.acts = [];
    // "... is 2, 4 and 4 respectively (that's all I have)": after the sentence's own acts, "that's all" closes them
    if (found.acts.some((a) => a.kind !== "pass") && closingAll(sentence, first, to))
      found.acts = found.acts.filter((a) => a.kind !== "pass");
  }

  /**
   * "I've got teamwork for Candidate A and Candidate C. They come out at 4 and 3 respectively" (fresh140): the levels
   * of the cells the sentence before listed; then what this sentence lists for the next.
   */
  private readListedLevels(sentence: Sentence, found: SentenceResult, first: number, to: number): void {
    const { state } = this;
    const pointed =
      this.listed !== null && found.acts.length === 0 ? listedLevels(sentence, first, to, this.listed, state) : null;
    for (const act of pointed ?? []) found.acts.push(this.checkedShare(act as Extract<Act, { kind: "share" }>));
    this.listed = found.acts.length === 0 ? listedCells(sentence, first, to, state) : null;
  }

  private checkedShare<T extends { level: number }>(share: T): T {
    return { ...share, level: this.checked(share.level) };
  }

  private checked(level: number): number {
    const [lo, hi] = this.state.task.levels;
    if (level < lo || level > hi) throw new LevelRangeError(`level ${level} out of range (levels ${lo}..${hi})`);
    return level;
  }

  /**
   * A whole sentence the readers before left empty, read by the request reader ("Agent 4, what's E's wait time, and
   * Agent 5, please give us F's cleanliness level", session 59), else as a correction of the speaker's value ("Make
   * that 2 rice bags on Shelf A, not 4 — I misread my own notes."), read again as the plain statement of its new value;
   * else (session 60) as a confirmation of another agent's claim (`confirmation`, `confirmedClaim` for the claim of
   * the sentence before), a zero count with no verb, two options set against each other, or a repeat of the run of
   * shares the sentence before closed on. `before`: what the sentence before left (`takeBefore`).
   */
  private readLeft(
    sentence: Sentence,
    found: SentenceResult,
    first: number,
    to: number,
    context: { subject: number | null; carried: number | null },
    before: ReturnType<SentenceReading["takeBefore"]>,
  ): void {
    const { tokens, state } = this;
    const previousAsk = lastAsk(before.found);
    const asked = requestAsks(sentence, first, to, state, found.to, previousAsk !== undefined) ?? [];
    found.acts.push(...asked);
    this.requested.push(...asked);
    if (found.acts.length > 0) return;
    const raw = this.text.slice((tokens[first] as NaturalToken).start, (tokens[to - 1] as NaturalToken).end);
    // "Agent 3, same for Erin." (session 61): the last ask again, one of its names replaced
    const again = sameQuestion(raw, previousAsk, state);
    if (again !== null) {
      found.acts.push(again);
      this.requested.push(again);
      return;
    }
    // "I'd love to hear from Agent 1 on Stall C's plants sold." (session 62): a wish put to an agent, read as its
    // question, taken only where that gives asks alone
    const wished = wishedQuestion(raw);
    const wishedAsks = wished === null ? null : (state.clauseActs?.(wished, context) ?? null);
    if (wishedAsks !== null && wishedAsks.length > 0 && wishedAsks.every((a) => a.kind === "ask")) {
      found.acts.push(...wishedAsks);
      this.requested.push(...wishedAsks);
      return;
    }
    found.acts.push(...(correctionShares(raw, state, context) ?? []));
    if (found.acts.length > 0) return;
    // "Agent 2 told us Stall B's plants sold is -1. I have the same figure, -1.": the claim before, confirmed alone
    const confirmed = before.reported === null ? null : confirmedClaim(raw, before.reported);
    if (confirmed !== null) {
      found.acts.push(confirmed);
      return;
    }
    // "Agent 1 lists A's cleanliness as 4; my copy of that cell says 1." (session 61): the speaker's other level
    const disputed = disputedClaim(raw, state, before.reported);
    if (disputed !== null) {
      found.acts.push(disputed);
      return;
    }
    // "Agent 1 said X's Y is 5, and I agree — I have it at 5 too.": another agent's claim the speaker confirms
    const read = confirmation(raw, state, context);
    if (read !== null) {
      if ("shares" in read) found.acts.push(...read.shares);
      else this.lastReported = read.claim;
      return;
    }
    // "Shelf A has five onions and one apple. No rice bags on it at all.": none of a counted item, with no verb
    const none = zeroCount(raw, state, context.subject ?? context.carried);
    if (none !== null) {
      found.acts.push(none);
      return;
    }
    // "Badge log: E 1 vs F 0." (fresh206): two options set against each other
    found.acts.push(...(versusShares(raw, state) ?? []));
    // "Onions, then rice bags, on Shelf A: 4 and 1. Shelf B, same order: 0 and 3.": the run before, repeated
    const run = found.acts.length === 0 ? trailingRun(before.found) : null;
    if (run !== null) found.acts.push(...(repeatShares(raw, run, state) ?? []));
    // "At Monday 4pm I have Alice, Dan and Erin at 1, 1 and 0 respectively." (session 63): the slot leading a paired
    // list, read again with the slot after it
    if (found.acts.length === 0) found.acts.push(...(ledPairs(raw, state, context) ?? []));
    // "finch has library key 2. hartley 0." (fresh321, session 67): an option and a level alone after a sentence
    // that shared one attribute only, read as that attribute's
    if (found.acts.length === 0) found.acts.push(...(ellipticalNext(raw, before.found, state) ?? []));
    // "Checked the email records! Employees A, B and D come out 0, 1 and 1 respectively." (fresh478, session 71): a
    // sentence naming no attribute after one that announced the speaker's topic, read as "For <topic>, <sentence>"
    if (found.acts.length === 0) found.acts.push(...(topicShares(sentence, first, to, raw, before.topic, state) ?? []));
  }

  /** What the sentence before left for this one (a reported claim, its acts), taken: the next starts empty. */
  private takeBefore(): {
    reported: Extract<Act, { kind: "share" }> | null;
    found: readonly Act[];
    topic: number | null;
  } {
    const before = { reported: this.lastReported, found: this.lastFound, topic: this.lastTopicAttribute };
    this.lastReported = null;
    this.lastFound = [];
    this.lastTopicAttribute = null;
    return before;
  }

  /**
   * The slot reader's shares (`readSlots`), then a comparison tail after the sentence's last share ("..., it's got 4
   * rice bags by my count, against Shelf A's 1.", session 60: `comparisonTailActs`) and a last clause repeating its
   * run of shares (`repeatedClauseActs`); none of them under a doubting tail or lead or a closing withdrawal.
   */
  private readSlotsAndTail(
    sentence: Sentence,
    found: SentenceResult,
    first: number,
    to: number,
    context: { subject: number | null; carried: number | null },
  ): void {
    // "A and B sit at 4 and 3 on cleanliness, though I've lost track of which is which." (a held-out defect, session
    // 60): what holds back the cue rules' levels holds back every reader after them too
    if (unstated(sentence, first, to)) return;
    this.readSlots(found, first, to, context.subject, context.carried);
    // "its food quality is 5 against B's 2, and its service is 4" (session 61): tails inside the sentence too
    const compared =
      comparisonTailActs(sentence, this.text, first, to, found.acts, context, this.state) ??
      comparisonTails(sentence, this.text, first, to, found.acts, context, this.state);
    if (compared !== null) found.acts = compared;
    // "Restaurant C's food quality and ambience are 4 and 3; Restaurant D's are 2 and 5.": the run repeated
    const repeated = repeatedClauseActs(sentence, this.text, first, to, found.acts, context, this.state);
    if (repeated !== null) found.acts = repeated;
  }

  /** The slot reader's shares the grammar did not read in the sentence (`slotShares`), added to `found`. */
  private readSlots(
    found: SentenceResult,
    first: number,
    to: number,
    subject: number | null,
    carried: number | null,
  ): void {
    // a clause read again alone (`clauseActs`) is the grammar's own: the slot reader reads whole sentences only
    if (this.state.clauseActs === undefined || first >= to) return;
    const blocked = (k: number): boolean => this.gate[k] === true || this.modal[k] === true;
    const before = this.acts.map((a) => a.act);
    const raw = this.text.slice((this.tokens[first] as NaturalToken).start, (this.tokens[to - 1] as NaturalToken).end);
    const { tokens, words } = this;
    const context = { tokens, words, blocked, raw, found: found.acts, subject, carried, before };
    found.acts.push(...slotShares(context, first, to, this.state));
  }

  /** Does a number stand within NEAR words of an option or attribute name between from and to? */
  private numberNearName(from: number, to: number): boolean {
    const { words, state } = this;
    let lastName = Number.NEGATIVE_INFINITY;
    let lastNumber = Number.NEGATIVE_INFINITY;
    for (let k = from; k < to; k++) {
      const w = words[k] as string;
      const name = state.options.match(words, k) ?? state.attributes.match(words, k);
      if (name !== null && name.end <= to) {
        if (k - lastNumber <= NEAR) return true;
        lastName = name.end - 1;
        k = name.end - 1;
        continue;
      }
      if (naturalInteger(w) !== null || FRACTION.test(w) || cue.numberWords.has(w)) {
        if (k - lastName <= NEAR) return true;
        lastNumber = k;
      }
    }
    return false;
  }
}

/**
 * "Restaurant A's: 4/5.", "Restaurant A's is a 4." as the whole sentence: an option's possessive with its attribute
 * left out, then (after a colon, "is" or "=") one level closing the sentence; or "Restaurant A's?" alone, a question
 * (value null). The option and the level, or null.
 */
function possessiveLevel(
  s: Sentence,
  first: number,
  to: number,
  state: ParseState,
): { option: number; value: number | null } | null {
  const { words } = s;
  const option = state.options.match(words, first);
  if (option === null || words[option.end] !== "'s") return null;
  let j = option.end + 1;
  if (j === to) return (s.tokens[j - 1] as NaturalToken).question ? { option: option.index, value: null } : null;
  if (words[j] === "is" || words[j] === "=") j++;
  if (words[j] === "a" || words[j] === "an") j++;
  const level = levelAt(s, j, to, state);
  return level !== null && level.end === to ? { option: option.index, value: level.value } : null;
}

/** Words opening a consequence after a level: "..., so D isn't cleared", "..., which rules D out". */
const CONSEQUENCES = new Set(["so", "which", "meaning", "hence", "therefore"]);

/**
 * Is k..to a consequence closing the sentence after a pause ("..., so D isn't cleared by that"), naming no attribute
 * and holding no number (it draws a conclusion, it states no other cell)?
 */
function consequenceTail(s: Sentence, k: number, to: number, state: ParseState): boolean {
  if (k >= to || !s.separated(k - 1) || !CONSEQUENCES.has(s.words[k] as string)) return false;
  for (let j = k + 1; j < to; j++) {
    if (state.attributes.match(s.words, j) !== null) return false;
    // "..., so one of us has got it wrong" (fresh198): "one of" counts no level
    if (s.words[j] === "one" && s.words[j + 1] === "of") continue;
    // "..., so I'm with Agent 1" (fresh323, session 67): an agent's number is no level
    if (s.words[j - 1] === "agent") continue;
    if (/[0-9]/.test(s.words[j] as string) || cue.numberWords.has(s.words[j] as string)) return false;
  }
  return true;
}

/** The speaker's look again: "I double-checked", "I checked again", "I rechecked". */
const CHECKED = new Set(["double-checked", "checked", "rechecked", "re-checked", "recounted", "looked"]);

/** After "I double-checked and" / "I checked again," opening words[first..to), the word after it; else first. */
function checkedAgainEnd(words: readonly string[], first: number, to: number): number {
  if (words[first] !== "i" || !CHECKED.has(words[first + 1] as string)) return first;
  let j = first + 2;
  if (words[j] === "again") j++;
  if (words[j] === "and") j++;
  return j < to ? j : first;
}

/** Verbs of the speaker's slip in a remark closing the sentence: "I misread the row", "I double-counted". */
const SLIP_VERBS: ReadonlySet<string> = new Set([
  "misread",
  "double-counted",
  "miscounted",
  "mixed",
  "swapped",
  "typed",
]);
/** Most words of such a remark. */
const MAX_REMARK = 10;

/**
 * Where a remark explaining the speaker's slip starts, closing the sentence after a pause ("— I was reading B's
 * row", "; I misread the row"): "I was reading / looking at ..." or "I" and a verb of the slip, no number or
 * attribute in it ("— I was reading D's size" names a cell: no remark); null where there is none.
 */
function slipRemarkStart(s: Sentence, first: number, to: number, state: ParseState): number | null {
  const { words } = s;
  for (let k = Math.max(first + 1, to - MAX_REMARK); k < to; k++) {
    if (!s.separated(k - 1)) continue;
    const j = words[k] === "since" || words[k] === "as" || words[k] === "because" ? k + 1 : k;
    if (words[j] !== "i") continue;
    const looked =
      words[j + 1] === "was" && (words[j + 2] === "reading" || (words[j + 2] === "looking" && words[j + 3] === "at"));
    if (!(looked || SLIP_VERBS.has(words[j + 1] as string))) continue;
    for (let a = k; a < to; a++) if (state.attributes.match(words, a) !== null) return null;
    return numberIn(s, k, to) ? null : k;
  }
  return null;
}

/** The end of a sentence's value before a closing remark on the speaker's slip ("It's 5 — I was reading B's row."). */
function beforeSlipRemark(s: Sentence, first: number, to: number, state: ParseState): number {
  return slipRemarkStart(s, first, to, state) ?? to;
}

/** Verbs of a second look opening a sentence: "Looking again,", "Checking closer,", "Rechecking,". */
const LOOKING: ReadonlySet<string> = new Set(["looking", "checking", "rechecking", "rereading", "re-checking"]);

/**
 * After a lead of the speaker's second look closed by a pause, at first: "Looking again,", "Checking again,",
 * "Rechecking,", "On second look,", "On a closer look,"; else first. The words after it must remain.
 */
function lookAgainLead(s: Sentence, first: number, to: number): number {
  const { words } = s;
  let j = first;
  if (LOOKING.has(words[j] as string)) {
    j++;
    if (words[j] === "again" || words[j] === "closer") j++;
  } else if (words[j] === "on") {
    j += words[j + 1] === "a" ? 2 : 1;
    if (!(words[j] === "second" || words[j] === "closer") || words[j + 1] !== "look") return first;
    j += 2;
  } else return first;
  return j > first && j < to && s.separated(j - 1) ? j : first;
}

/** Records of the speaker's whose word states the value: "the log shows 0", "my sheet says 1". */
const RECORDS = new Set(["log", "sheet", "record", "records", "data", "file", "notes", "table", "copy", "ledger"]);
const SHOWING = new Set(["shows", "says", "reads", "gives", "has"]);

/** After "the log shows" / "my sheet says" at j, the word after the verb; else j. */
function recordShows(words: readonly string[], j: number, to: number): number {
  const owner = words[j];
  if (!(owner === "the" || owner === "my")) return j;
  if (!RECORDS.has(words[j + 1] as string) || !SHOWING.has(words[j + 2] as string) || j + 3 >= to) return j;
  return j + 3;
}

/** Pointers after "for" to the pair a claim named: "for it", "for that one", "for that cell". */
const POINTED_BACK = new Set(["it", "that", "this"]);
/** Nouns after such a pointer: "that one", "that cell", "that figure". */
const POINTED_NOUNS = new Set(["one", "cell", "figure", "number", "value", "entry"]);

/**
 * The end of words after a corrected level that only point back to the claim's pair ("for it", "for that one",
 * "there") or mark the contrast ("though", "instead"), from k; k when there are none.
 */
function pointerTailEnd(s: Sentence, k: number, to: number): number {
  const { words } = s;
  let j = k;
  if (words[j] === "for" && POINTED_BACK.has(words[j + 1] as string) && !s.separated(j)) {
    j += 2;
    if (POINTED_NOUNS.has(words[j] as string) && words[j - 1] !== "it") j++;
  }
  if (words[j] === "there") j++;
  if (words[j] === "though" || words[j] === "instead") j++;
  return Math.min(j, to);
}

/** Words that may join the speaker's next clause to a corrected level: "..., and", "— but", "; also". */
const NEXT_CLAUSE = new Set(["and", "but", "also", "plus"]);

/**
 * Where a clause of the speaker's own starts after a corrected level closing its clause at k ("I have it at -1, and
 * ...", "In my notes it's a 1 — and her broken watch is a 3"): after a pause and "and" / "but" at most, where no
 * word of doubt, condition or someone else's claim follows in the sentence; else null.
 */
function ownClauseAfter(s: Sentence, k: number, to: number, state: ParseState): number | null {
  if (k >= to - 1 || !s.separated(k - 1) || CONSEQUENCES.has(s.words[k] as string)) return null;
  let named = false;
  for (let j = k; j < to; j++) {
    const w = s.words[j] as string;
    if (SLIP_REMARK_DOUBTS.has(w) || cue.reporting.has(w) || cue.conditionals.has(w) || cue.modals.has(w)) return null;
    if (state.options.match(s.words, j) !== null || state.attributes.match(s.words, j) !== null) named = true;
  }
  // "..., and then some", "..., so D's email records matter more": a clause with no fact of its own is no new clause
  if (!named || !numberIn(s, k, to)) return null;
  return NEXT_CLAUSE.has(s.words[k] as string) ? k + 1 : k;
}

/** Words that keep a closing remark from being a plain account of the speaker's slip. */
const SLIP_REMARK_DOUBTS = new Set([
  ...["unsure", "sure", "certain", "guess", "guessing", "think", "maybe", "perhaps", "possibly", "probably", "memory"],
  ...["remember", "recall", "if", "unless", "or", "said", "says", "told", "per", "according", "agent", "you", "your"],
]);

/**
 * Is k..to, after a pause, the speaker's plain remark on their own slip ("— I'd copied it from the wrong column", "(I
 * read the wrong column)"): opened by "I", with no number, name of the task's, negation, modal, doubt or other source?
 */
function slipRemark(s: Sentence, k: number, to: number, state: ParseState): boolean {
  const w0 = s.words[k] as string;
  if (!s.separated(k - 1) || !(w0 === "i" || w0 === "i'd" || w0 === "i've")) return false;
  for (let j = k; j < to; j++) {
    const w = s.words[j] as string;
    if (/[0-9]/.test(w) || cue.numberWords.has(w) || SLIP_REMARK_DOUBTS.has(w) || cue.reporting.has(w)) return false;
    // "the wrong column": the slip's own word, no negation of the level
    const negation = (cue.negations.has(w) && w !== "wrong") || w.endsWith("n't");
    if (negation || cue.modals.has(w) || cue.conditionals.has(w)) return false;
    // "It's actually 5 — I was reading the D row." (fresh356, session 68: a wrong act): an option's row or column
    // is where the slip came from, no cell of its own
    const option = state.options.match(s.words, j);
    const row = option === null ? -1 : s.words[option.end] === "'s" ? option.end + 1 : option.end;
    if (option !== null && SLIP_LINES.has(s.words[row] as string)) {
      j = row;
      continue;
    }
    // "It's actually 1; I mixed him up with Lady Ashby." (fresh491, session 72: a wrong act, the earlier 2 kept): the
    // option the speaker took the row for, after a verb of mixing up, is where the slip came from
    if (option !== null && mixedUpWith(s, k, j)) {
      j = option.end - 1;
      continue;
    }
    if (option !== null || state.attributes.match(s.words, j) !== null) return false;
  }
  return true;
}

/** Verbs of taking one row for another in a slip remark: "I mixed him up with", "I confused it with". */
const MIX_VERBS: ReadonlySet<string> = new Set(["mixed", "confused", "mistook", "swapped", "switched"]);

/** Does the option at j follow "with" / "for" after a verb of mixing up (`MIX_VERBS`) of the remark from k? */
function mixedUpWith(s: Sentence, k: number, j: number): boolean {
  if (!(s.words[j - 1] === "with" || s.words[j - 1] === "for")) return false;
  for (let i = k; i < j - 1; i++) if (MIX_VERBS.has(s.words[i] as string)) return true;
  return false;
}

/**
 * "Priya's calendar\nMon morning   2\nMon noon      1", "library key —\nLord Ashby: 1" (fresh489, fresh497, session
 * 72): a line that is one attribute alone (or its owner's name, maybe with an aside such as "(mine)"), over a line
 * opening with an option, heads the lines below as it would closed by a colon: the line is marked so, in place.
 */
function headingLines(tokens: readonly NaturalToken[], words: readonly string[], state: ParseState): void {
  let start = 0;
  for (let k = 0; k < tokens.length; k++) {
    const token = tokens[k] as NaturalToken;
    if (!token.lineBreak) continue;
    const line = start;
    start = k + 1;
    if (token.stop || token.colon === true || k + 1 >= tokens.length) continue;
    let end = k + 1;
    while (end > line + 1 && (tokens[end - 1] as NaturalToken).aside) end--;
    const attribute = state.attributes.match(words, line);
    const whole =
      attribute !== null
        ? attribute.end === end
        : end === line + 1 && attributeOwners(state.task.domain).has(words[line] as string);
    if (!whole || state.options.match(words, k + 1) === null) continue;
    token.stop = true;
    token.colon = true;
  }
}

/**
 * In a sentence from..to closed by "?" and not opened as a question, the end of a clause closed by a semicolon whose
 * last word is "respectively" (a paired list of levels), with words after it; null otherwise.
 */
function pairedBeforeQuestion(
  tokens: readonly NaturalToken[],
  words: readonly string[],
  from: number,
  to: number,
): number | null {
  if ((tokens[to - 1] as NaturalToken).question !== true) return null;
  // "Are X and Y for B 2 and 4 respectively; or the other way?": a list that opens as a question is asked
  if (cue.questionOpeners.has(words[from] as string)) return null;
  for (let k = from + 2; k < to - 2; k++)
    if ((tokens[k] as NaturalToken).semicolon === true && words[k] === "respectively") return k + 1;
  return null;
}

/** A table's line named after an option in a slip remark: "the D row", "Apartment D's column". */
const SLIP_LINES: ReadonlySet<string> = new Set(["row", "column", "line", "entry", "col"]);

/**
 * "B's my pick!" (fresh173): an option's "'s" before "my" / "our" is "is" (no possessive stands before "my"), read
 * as "B is my pick" would be. Returns the words with each such "'s" replaced.
 */
function contractedIs(words: string[], state: ParseState): string[] {
  for (let k = 1; k + 1 < words.length; k++) {
    if (words[k] !== "'s" || !(words[k + 1] === "my" || words[k + 1] === "our")) continue;
    for (let j = Math.max(0, k - 3); j < k; j++)
      if (state.options.match(words, j)?.end === k) {
        words[k] = "is";
        break;
      }
  }
  return words;
}

/** Words of doubt that keep a consequence from being set aside: "..., so I'm not sure", "..., so maybe". */
const DOUBTING = new Set(["sure", "unsure", "think", "guess", "maybe", "perhaps", "possibly", "might", "could", "if"]);

/** Where a closing consequence (`consequenceTail`) with no word of doubt starts after a pause, or null. */
function consequenceStart(s: Sentence, first: number, to: number, state: ParseState): number | null {
  for (let k = first + 2; k < to; k++) {
    if (!s.separated(k - 1) || !consequenceTail(s, k, to, state)) continue;
    for (let j = k; j < to; j++) if (DOUBTING.has(s.words[j] as string)) return null;
    return k;
  }
  return null;
}

/** The lone share of the words before a closing consequence, or null. */
function consequenceShare(s: Sentence, from: number, to: number, state: ParseState) {
  const end = consequenceStart(s, from, to, state);
  return end === null ? null : loneShare(s, from, end, state);
}

/**
 * Where a closing consequence, slip remark or restating gloss (`consequenceTail`, `slipRemark`, `availabilityGloss`)
 * starts after a pause, or null.
 */
function plainTailStart(s: Sentence, first: number, to: number, state: ParseState): number | null {
  for (let k = first + 2; k < to; k++)
    if (
      s.separated(k - 1) &&
      (consequenceTail(s, k, to, state) || slipRemark(s, k, to, state) || availabilityGloss(s, k, to, state))
    )
      return k;
  return null;
}

/**
 * "It's actually 1 — he's free at 2pm." (fresh483, session 71): after a dash, a person (the pronoun already read as
 * the name) said to be free or busy, maybe at a slot, with no number or other person after it: the level before it
 * in words.
 */
function availabilityGloss(s: Sentence, k: number, to: number, state: ParseState): boolean {
  if ((s.tokens[k - 1] as NaturalToken).dash !== true) return false;
  if (availabilityOf(state.task.domain, s.words[k] as string) < 0) return false;
  if (!(s.words[k + 1] === "is" || s.words[k + 1] === "'s")) return false;
  if (availabilityState(s.words[k + 2] as string) === undefined) return false;
  // the slot it restates may be named ("at 2pm", "on Monday 2pm"); no other person and no number of its own
  for (let j = k + 3; j < to; j++) {
    const option = state.options.match(s.words, j);
    if (option !== null) j = option.end - 1;
    else if (state.attributes.match(s.words, j) !== null || numberIn(s, j, j + 1)) return false;
  }
  return true;
}

/** An option leading the speaker's paired list: "At Monday 4pm I have A, B and C at 1, 1 and 0 respectively." */
const LED_PAIRS =
  /^(?:at|for|on)\s+([^,]{1,40}?),?\s+(i\s+(?:have|see|show|got|count)\b[\s\S]{1,200}\brespectively)[.!]?$/i;

/**
 * The shares of a paired list led by its option, read again as "<list> for <option>.": every act a share, two or
 * more; else null. The lead must be one of the task's options, whole.
 */
function ledPairs(raw: string, state: ParseState, context: Pick<ParseState, "subject" | "carried">): Act[] | null {
  const m = LED_PAIRS.exec(raw.trim());
  if (m === null) return null;
  const lead = (m[1] as string).toLowerCase();
  if (!state.task.domain.options.some((o) => o.toLowerCase() === lead)) return null;
  const acts = state.clauseActs?.(`${m[2] as string} for ${m[1] as string}.`, context) ?? null;
  return acts !== null && acts.length >= 2 && acts.every((a) => a.kind === "share") ? acts : null;
}

/** Does first..to ask to check (`CHECK_VERBS`, "double-check") the one attribute of `column`, the pair's? */
function checksColumnOf(
  s: Sentence,
  first: number,
  to: number,
  column: readonly { attribute: number }[],
  pair: { attribute: number },
): boolean {
  if (!column.every((c) => c.attribute === pair.attribute)) return false;
  for (let k = first; k < to; k++) {
    const w = s.words[k] as string;
    if (CHECK_VERBS.has(w) || w.endsWith("-check") || w.endsWith("-confirm")) return true;
  }
  return false;
}

/** A short sentence of an option and a level: "hartley 0.", "Hartley has 0.", "B: 3.". */
const ELLIPTICAL =
  /^\s*([a-z]+(?: [a-z]+){0,2})\s*(?::|,|\s+has|\s+is|\s+at)?\s+(-?\d{1,2}|zero|one|two|three|four|five)\s*[.!]\s*$/i;

/**
 * "finch has library key 2. hartley 0." (fresh321, session 67): after a sentence whose acts were shares of one
 * attribute only, a sentence of an option and a level alone, closed by a full stop (a grid's unpunctuated line is
 * the grid's to read), is read as "For <attribute>, <sentence>"; one share of that attribute, or nothing.
 */
function ellipticalNext(raw: string, before: readonly Act[], state: ParseState): Act[] | null {
  if (before.length === 0 || !before.every((a) => a.kind === "share")) return null;
  const attributes = new Set(before.map((a) => (a as Extract<Act, { kind: "share" }>).attribute));
  if (attributes.size !== 1 || !ELLIPTICAL.test(raw)) return null;
  const attribute = [...attributes][0] as number;
  const acts = state.clauseActs?.(`For ${state.task.domain.attributes[attribute]}, ${raw.trim()}`) ?? null;
  return acts !== null && acts.length === 1 && acts[0]?.kind === "share" && acts[0].attribute === attribute
    ? acts
    : null;
}

/** Is the sentence's one act a pass said as "That's all (I have / from me)"? */
/** Does "that's all" / "that is all" stand after the sentence's first words (its own acts before it)? */
function closingAll(s: Sentence, first: number, to: number): boolean {
  const w = s.words;
  for (let k = first + 1; k + 2 < to; k++)
    if (w[k] === "that" && (w[k + 1] === "'s" || w[k + 1] === "is") && w[k + 2] === "all") return true;
  return false;
}

function closesActs(s: Sentence, first: number, to: number, acts: readonly Act[]): boolean {
  const w = s.words;
  if (acts.length !== 1 || acts[0]?.kind !== "pass") return false;
  // "Agent 1, do you have X's Y? Nothing new on my end otherwise." (fresh148): nothing more besides the acts before
  // ("Pass from me otherwise.", fresh322, session 67: the word "pass" itself is a pass besides the acts before it)
  if (w[to - 1] === "otherwise") return w[first] !== "pass";
  return w[first] === "that" && (w[first + 1] === "'s" || w[first + 1] === "is") && w[first + 2] === "all";
}

/**
 * The option a sentence leaves for "there" and "it": the one it names, else (fresh127: "Tuesday morning works best.
 * Priya's calendar there is 2. Let's book it.") the one whose cells alone it shared; null otherwise.
 */
function placeAfter(s: Sentence, to: number, acts: readonly Act[], state: ParseState): number | null {
  const shared = namedOptions(acts.filter((a) => a.kind === "share"));
  return onlyOptionBefore(s, to, state) ?? (shared.size === 1 ? ([...shared][0] as number) : null);
}

/** Is `a` a share of the cell the ask `b` asked for? */
function sameCell(a: Act, b: Extract<Act, { kind: "ask" }>): boolean {
  return a.kind === "share" && a.option === b.option && a.attribute === b.attribute;
}

/** Nouns of the request restated by "the same": "same question for", "same request for", "the same thing for". */
const SAME_NOUNS: ReadonlySet<string> = new Set(["question", "request", "ask", "thing", "again"]);

/**
 * The word after "[the] same [question] for" opening the sentence after its address ("Agent 3, same question for
 * C's ambience.", "Agent 2, the same for Lena on Tuesday morning."), or null.
 */
function sameForEnd(s: Sentence, first: number, address: ReadonlySet<number>): number | null {
  let k = first;
  while (k < s.to && address.has(k)) k++;
  if (s.words[k] === "the") k++;
  if (s.words[k] !== "same") return null;
  k++;
  if (SAME_NOUNS.has(s.words[k] as string)) k++;
  return s.words[k] === "for" || s.words[k] === "on" ? k + 1 : null;
}

/** The integers from..to-1. */
function range(from: number, to: number): number[] {
  return Array.from({ length: Math.max(0, to - from) }, (_, n) => from + n);
}

/**
 * The one pair a sentence names (the same pair named twice is one: "Agent 3 claims C's X is 5, but my sheet says 3
 * for C's X"), else the one pair its shares and asks are of ("I have a different reading for Lady Ashby: my sheet
 * shows muddy boots at 0", its names split by the colon); null when it names none or several.
 */
function onePairNamed(
  named: readonly { option: number; attribute: number }[],
  acts: readonly Act[],
): { option: number; attribute: number } | null {
  const pairs = named.length > 0 ? named : acts.filter((a) => a.kind === "share" || a.kind === "ask");
  const first = pairs[0];
  if (first === undefined) return null;
  const same = pairs.every((p) => p.option === first.option && p.attribute === first.attribute);
  return same ? { option: first.option, attribute: first.attribute } : null;
}
