import { naturalCues as cue, negationWord } from "../natural-cues";
import type { NaturalToken } from "../natural-tokens";
import { BLOCKERS, closingTail, FIRST_PERSON, ONE_LEADS, reasonEnd, SUBJECTS } from "./lone-proposal";
import { signedNumber } from "./natural-integer";
import { irregularPast } from "./past-forms";
import { consentTail, type ParseState, type Sentence } from "./sentence";

// A proposal read without its verb (issue 26, the open proposal idioms of fresh28 and fresh29): each new batch
// brought new verbs of choosing ("rooting for", "onboard", "lease", "cuff", "sign me up for"), so a list of choice
// verbs never closes. Here the choice is read from what the sentence leaves room for: a short clause in the
// speaker's own voice (or an imperative) whose only name the task knows is one option, with no attribute, level,
// other agent or person, and no word that makes it about information, doubt, order or rejection. Precision first:
// anything else in the sentence and it reads nothing (docs/design.md §2, the propose act).

/** Longest sentence (in words) read this way: a short statement or command, not a paragraph. */
const MAX_WORDS = 12;
/** Longest tail after "X," that still leaves the option alone ("Stall D, all the way."). */
const MAX_TAIL = 3;

/**
 * Words that make a sentence about something other than choosing the option: information and its nouns ("notes",
 * "data", "have", "know", "check", "about"), order ("first", "next", "start"), rejection ("skip", "drop", "clear",
 * "veto", "pass"), doubt or worry ("worried", "risky"), praise of someone's work ("nice work on"), requests
 * ("tell", "ask"), and what the speaker only saw or did ("saw", "visited").
 */
const NOT_A_CHOICE = new Set([
  // "If nobody objects, X is probably where we land" (fresh175): a forecast hedged, as "probably X" is, chooses nothing
  "probably",
  "likely",
  // information
  "about",
  "regarding",
  "concerning",
  "re",
  "data",
  "info",
  "information",
  "notes",
  "note",
  "noted",
  "details",
  "detail",
  "numbers",
  "number",
  "figures",
  "figure",
  "value",
  "values",
  "level",
  "levels",
  "score",
  "scores",
  "rating",
  "ratings",
  "stats",
  // "That pushes D to the bottom for me." (fresh227, session 63: a wrong act): the option ranked low, no choice;
  // "That kills Monday 4pm as far as I'm concerned." (fresh235)
  "kills",
  "killed",
  "sinks",
  "eliminates",
  "eliminated",
  "disqualifies",
  "excludes",
  "bottom",
  "last",
  "worst",
  "lowest",
  // "C is blank on my side" (fresh87): nothing known about the option
  "blank",
  "empty",
  "unknown",
  "missing",
  // "C is ahead on my columns" (fresh81): the speaker's part of a table
  "column",
  "columns",
  // "That's the one gap keeping me from ranking C properly." (fresh131): what the speaker lacks about the option
  "gap",
  "gaps",
  "hole",
  "holes",
  "row",
  "rows",
  "evidence",
  "record",
  "records",
  "clue",
  "clues",
  "fact",
  "facts",
  "summary",
  "status",
  "report",
  "recap",
  "overview",
  "cell",
  "cells",
  "row",
  "column",
  "table",
  "update",
  "news",
  "thoughts",
  "thought",
  "question",
  "questions",
  "answer",
  "total",
  // "Here's my breakdown for Shelf B:": the speaker's figures, no choice (a count: OWN_COUNTS)
  "inventory",
  "breakdown",
  "readings",
  "reading",
  "slice",
  "have",
  "has",
  "had",
  "having",
  "got",
  "i've",
  "we've",
  "ive",
  "know",
  "knew",
  "known",
  "see",
  "saw",
  "seen",
  "seeing",
  "look",
  "looks",
  "looked",
  "looking",
  "check",
  "checked",
  "checking",
  "recheck",
  "verify",
  "confirm",
  "compare",
  "review",
  "revisit",
  "examine",
  "investigate",
  "interview",
  "question",
  "interrogate",
  "search",
  "watch",
  "monitor",
  "follow",
  "track",
  "remember",
  "recall",
  "mention",
  "mentioned",
  "discuss",
  "talk",
  "tell",
  "told",
  "ask",
  "asked",
  "hear",
  "heard",
  "read",
  "share",
  "shared",
  "sharing",
  "explain",
  "describe",
  "cover",
  "covers",
  "covered",
  "handle",
  "handles",
  "visited",
  "visit",
  "learn",
  "think",
  "thinking",
  "wonder",
  "curious",
  "assigned",
  "responsible",
  "responsibility",
  "turf",
  "area",
  // order
  "first",
  "next",
  "then",
  "later",
  "last",
  "again",
  "still",
  "yet",
  "start",
  "starting",
  "begin",
  "move",
  "moving",
  "wait",
  "hold",
  "pause",
  // rejection, doubt, worry
  "skip",
  "avoid",
  "drop",
  "forget",
  "ignore",
  "eliminate",
  "exclude",
  "clear",
  "cleared",
  // "That clears D on my end." (fresh123, held out: a wrong act fixed as a defect)
  "clears",
  "clearing",
  "remove",
  "discard",
  "dismiss",
  "reject",
  "scrap",
  "ditch",
  "cross",
  "strike",
  "veto",
  "pass",
  "spare",
  "release",
  "acquit",
  "exonerate",
  "rule",
  "innocent",
  "restock",
  "refill",
  "worried",
  "worry",
  "worries",
  "bother",
  "bothers",
  "concern",
  "concerns",
  "doubt",
  "doubts",
  "fear",
  "afraid",
  "wary",
  "careful",
  "risk",
  "risky",
  "flag",
  "red",
  "backup",
  "fallback",
  "plan",
  // "That's a real drag on A as far as I'm concerned." (fresh165): a mark against the option, not a choice of it
  "drag",
  "drawback",
  "downside",
  "weakness",
  "setback",
  "liability",
  "worst",
  "bad",
  "poor",
  "weak",
  "weakest",
  "new",
  "unknown",
  "unclear",
  "uncertain",
  "mystery",
  "fine",
  "ok",
  "okay",
  "acceptable",
  "works",
  // praise and thanks, greetings
  "work",
  "catch",
  "point",
  "job",
  "thanks",
  "thank",
  "sorry",
  "welcome",
  "hello",
  "hi",
  "hey",
  "good",
  "nice",
  "great",
  "done",
  "mark",
  "back",
  "onto",
  "into",
  "own",
  "mine",
  "aside",
  "down",
  "face",
  "faces",
  "facing",
  "between",
  "radar",
  "list",
  "peeve",
  "part",
  // others and their choices
  "agents",
  "both",
  "any",
  "each",
  "every",
  "like",
  "likes",
  "similar",
  "same",
  "example",
  "instance",
  "e.g",
]);

/**
 * Stems of what the speaker does with an option other than choosing it: works on it ("handling", "covering",
 * "focusing on"), studies it ("checking", "researching"), feels unsure of it ("skeptical", "confused by") or
 * turns from it ("no-go", "nonstarter").
 */
const NOT_A_CHOICE_STEMS = [
  // "wait wrong. rest C service is 1 not 4. i mix up with A" (fresh387, session 69: a wrong act, A proposed): the
  // speaker's slip between two options' rows, no choice
  "mix",
  "confus",
  "swap",
  // "We disagree on A." (fresh209, session 61): a dispute over the option's cells, no choice
  "disagree",
  "dispute",
  "mismatch",
  "conflict",
  "handl",
  "cover",
  "focus",
  "stuck",
  "skeptic",
  "sceptic",
  "confus",
  "puzzl",
  "attention",
  "mind",
  "loop",
  "ping",
  "no-go",
  "nonstarter",
  "worr",
  "doubt",
  "investig",
  "examin",
  "research",
  "analy",
  "study",
  "audit",
  "inspect",
  "verif",
  "revis",
  "review",
  "check",
  "compar",
  "question",
  "interview",
  "interrog",
  "track",
  "monitor",
  "watch",
  "recall",
  "remember",
  "mention",
  "discuss",
  "explain",
  "describ",
  "report",
  "shar",
  "learn",
  "wonder",
  "curio",
  "surpris",
  "disappoint",
  "unimpress",
  "hesita",
  "reluct",
  "cauti",
  "dislik",
  "hate",
  "distrust",
  "mistrust",
  // "keeping me from ranking C" (fresh131): weighing the option, or being kept from it, is no choice of it
  "rank",
  "prevent",
  "stopping",
] as const;

/** Past forms ("-ed") are what the speaker did, no choice now, except these states of mind. */
const PRESENT_STATES = new Set(["convinced", "concerned"]);

/** Is w a word of something other than a choice now (NOT_A_CHOICE, a stem of it, or a past form)? */
function notAChoice(w: string): boolean {
  if (NOT_A_CHOICE.has(w) || NOT_A_CHOICE_STEMS.some((stem) => w.startsWith(stem))) return true;
  // "My family ate at X", "We sat at X": an irregular past form is what someone did too (helper h43q)
  return (w.length > 4 && w.endsWith("ed") && !PRESENT_STATES.has(w)) || irregularPast(w);
}

/** Words that open a sentence and are no verb, so the sentence is no command ("The ...", "Maybe ...", "In ..."). */
/** Words of the speaker's unclear memory of an option: "my recollection on C is fuzzy". */
const UNCLEAR: ReadonlySet<string> = new Set(["fuzzy", "hazy", "blurry", "foggy", "vague", "unclear", "shaky", "iffy"]);
/** Words that rule an option out: "tue 9am dead for us", "Shelf B a no-go for us". */
const RULED_OUT: ReadonlySet<string> = new Set(["dead", "no-go", "nogo", "impossible", "hopeless", "ruled"]);

const NOT_VERBS = new Set([
  ...cue.articles,
  ...cue.questionLeadIns,
  ...cue.thanks,
  "this",
  "that",
  "these",
  "those",
  "it",
  "it's",
  "its",
  "there",
  "here",
  "he",
  "she",
  "they",
  "you",
  "my",
  "our",
  "your",
  "in",
  "on",
  "at",
  "for",
  "with",
  "from",
  "to",
  "by",
  "of",
  "after",
  "before",
  "over",
  "under",
  "between",
  "per",
  "via",
  "as",
  "and",
  "or",
  "so",
  "because",
  "since",
  // "rough day for D lol" (fresh504, session 72: a wrong act): a remark on how an option did, no command
  "rough",
  "tough",
  "slow",
  "busy",
  "day",
  "honestly",
  "personally",
  "frankly",
  "overall",
  "anyway",
  "well",
  "yes",
  "yeah",
  "sure",
  "right",
  "alright",
  "oh",
  "hmm",
  "ok",
  "okay",
  "just",
  "only",
  "also",
  "even",
  "now",
  "then",
  "today",
  "tomorrow",
  "dinner",
  "lunch",
  "verdict",
  "result",
  "final",
  "summary",
  "conclusion",
]);

/** "Stall B, no contest.", "X, no doubt.": "no" before these is no negation. */
const NO_DOUBT = new Set(["contest", "question", "doubt", "doubts", "contest"]);

/**
 * What the team's choice awards, so a clause that gives it to one option chooses it even in the third person: "The
 * trophy goes to X", "X deserves the offer letter", "X is the hire".
 */
const PRIZES = new Set([
  "prize",
  "trophy",
  "award",
  "medal",
  "crown",
  "title",
  "offer",
  "hire",
  "job",
  "position",
  "role",
  "nod",
]);

/**
 * Phrases whose words would block the reading but that, whole, only say how strongly the speaker chooses (fresh30):
 * "if you ask me" (the speaker's own view), "down to the ground" ("suits me down to the ground"), "top of our
 * list", "a table at" (a booking), "move us into" (moving home). Each slot lists its words; the phrase's words are
 * then neither blockers nor names. A phrase marked `speaker` puts the clause in the speaker's voice.
 */
const CHOICE_PHRASES: readonly { words: readonly (readonly string[])[]; speaker: boolean }[] = [
  { words: [["if"], ["you"], ["ask"], ["me"]], speaker: true },
  { words: [["down"], ["to"], ["the"], ["ground"]], speaker: false },
  { words: [["top"], ["of"], ["my", "our", "the"], ["list"]], speaker: false },
  { words: [["a"], ["table"], ["at", "for"]], speaker: false },
  {
    words: [
      ["move", "moving"],
      ["us", "in", "we"],
      ["into", "to"],
    ],
    speaker: false,
  },
  { words: [["move", "moving"], ["into"]], speaker: false },
  // fresh40 (session 41): the team's source ("restock from X", "stock up from X"; "restock X" is no choice), the
  // speaker's own call ("if it were up to me", "if I had my way"), the invite sent for a slot
  { words: [["restock", "restocking", "refill", "refilling", "resupply", "resupplying"], ["from"]], speaker: false },
  { words: [["stock", "stocking"], ["up"], ["from"]], speaker: false },
  { words: [["if"], ["it"], ["were", "was"], ["up"], ["to"], ["me"]], speaker: true },
  { words: [["if"], ["it"], ["were", "was"], ["my"], ["call", "choice", "decision"]], speaker: true },
  { words: [["if"], ["i"], ["had"], ["my"], ["way"]], speaker: true },
  {
    words: [["send", "sending"], ["out"], ["the", "an"], ["invite", "invitation", "invites", "invitations"]],
    speaker: false,
  },
  // "The prize should go to X", "Our supplies should come off X", "We should be stocking up from X": "should" before a
  // verb of where the choice goes or comes from is the speaker's advice, not a question or a duty
  { words: [["should"], ["go"], ["to"]], speaker: false },
  { words: [["should"], ["come"], ["off", "from", "out"], ["of"]], speaker: false },
  { words: [["should"], ["come"], ["off", "from"]], speaker: false },
  { words: [["should"], ["be"], ["stocking", "restocking"], ["up"], ["from"]], speaker: false },
  { words: [["should"], ["be"], ["restocking", "drawing", "pulling"], ["from"]], speaker: false },
  { words: [["should"], ["restock", "draw", "pull"], ["from"]], speaker: false },
];

/** The choice phrase starting at k: its end and whether it speaks for the speaker, or null. */
function choicePhraseAt(words: readonly string[], k: number, to: number): { end: number; speaker: boolean } | null {
  for (const phrase of CHOICE_PHRASES) {
    const end = k + phrase.words.length;
    if (end > to) continue;
    if (phrase.words.every((slot, j) => slot.includes(words[k + j] as string))) return { end, speaker: phrase.speaker };
  }
  return null;
}

/** Nouns of the speaker's counting ("my count", "our tally"); as verbs they may choose ("Count my ballot toward X"). */
const OWN_COUNTS = new Set(["count", "counts", "tally", "tallies"]);
const POSSESSIVES = new Set(["my", "our", "the"]);

/** Verbs of holding that give the option what the speaker holds: "X has my full backing", "X has our support". */
const HOLDS = new Set(["has", "have", "gets", "get"]);

/** First words of an alternative to a condition before it: "Otherwise Monday 11am.", "Else Shelf B." */
const ALTERNATIVE_LEADS = new Set(["otherwise", "else", "alternatively", "failing"]);

/** Base forms that end like a participle ("Bring on X", "Swing by X"): still a command's verb. */
const BASE_ING = new Set(["bring", "swing", "ring", "sling", "fling", "string"]);

/** "I'm on X", "we're on X": the speaker works on the option. */
const ON_SELF = new Set(["i'm", "im", "we're", "were"]);

/** Owners of the task's attributes ("priya" of "Priya's calendar"): another person is in the sentence. */
function ownerNames(state: ParseState): ReadonlySet<string> {
  const owners = new Set<string>();
  for (const name of state.task.domain.attributes) {
    const owner = /^(\S+)'s\s/.exec(name.toLowerCase());
    if (owner !== null) owners.add(owner[1] as string);
  }
  return owners;
}

/**
 * A proposal without a verb of choosing in from..to: a sentence of at most 12 words (no question, no colon) whose
 * clause, up to a reason after a pause, names exactly one option (not as an owner) and no attribute, number,
 * agent or attribute owner; that is in the speaker's voice (a first-person word in the clause), a command (a
 * first word that is no article, pronoun, preposition, adverb or greeting and is not the option), or the option
 * alone with a short tail after a pause ("Stall D, all the way."); and that holds none of the lone proposal's
 * blockers (negation, condition, modal, comparison, other person, earlier time, want) nor a word of information,
 * order, rejection, doubt or praise (NOT_A_CHOICE). The option, or null (ambiguous: nothing).
 */
export function verblessProposal(s: Sentence, from: number, sentenceEnd: number, state: ParseState): number | null {
  const { words, tokens } = s;
  // "If Carol is free, Tuesday 9am. Otherwise Monday 11am." (fresh212, session 61): the choice if the condition fails
  if (ALTERNATIVE_LEADS.has(words[from] as string)) return null;
  // "The prize goes to Stall A, if you all agree": the team's consent closing the sentence leaves the choice as it is
  const consented = (tokens[sentenceEnd - 1] as NaturalToken).question
    ? sentenceEnd
    : consentTail(s, from, sentenceEnd);
  // "Sign the lease on Apartment C, I say.", "We'll restock from Shelf B, then.": a closing tail of no content
  const tail = (tokens[consented - 1] as NaturalToken).question ? null : closingTail(s, from, consented);
  const to = tail?.start ?? consented;
  if (to - from > MAX_WORDS || to <= from) return null;
  if ((tokens[to - 1] as NaturalToken).question) return null;
  const end = reasonEnd(s, from, to);
  const owners = ownerNames(state);
  let option: number | null = null;
  let optionAt = -1;
  let optionEnd = -1;
  let speaker = tail?.speaker === true;
  let awarded = false;
  for (let k = from; k < to; k++) {
    const w = words[k] as string;
    const token = tokens[k] as NaturalToken;
    const phrase = choicePhraseAt(words, k, to);
    if (phrase !== null) {
      if (phrase.speaker) speaker = true;
      k = phrase.end - 1;
      continue;
    }
    // "X has my full backing": the option holds what the speaker gives it (a noun of information still blocks)
    if (HOLDS.has(w) && k > from && (words[k + 1] === "my" || words[k + 1] === "our") && optionEnd === k) continue;
    // "X is the stall to beat", "the one to beat": the option named as the team's favourite
    if (w === "beat" && words[k - 1] === "to" && k - 2 >= from && words[k - 3] === "the") awarded = true;
    const noDoubt = w === "no" && NO_DOUBT.has(words[k + 1] as string);
    if (!noDoubt && negationWord(w)) return null;
    if (BLOCKERS.has(w) || notAChoice(w) || cue.conditionals.has(w) || owners.has(w)) return null;
    // "Here's my count for Shelf B:" (fresh56): the speaker's count, no choice ("Count my ballot toward X" is one)
    if (OWN_COUNTS.has(w) && POSSESSIVES.has(words[k - 1] as string)) return null;
    // "I'm in charge of X": the speaker's task, not a choice ("Charge X." is an accusation)
    if (w === "charge" && words[k - 1] === "in") return null;
    // "That's Shelf A in full from my side." (fresh273, session 64: a wrong act): the speaker's data, complete
    if (w === "full" && words[k - 1] === "in") return null;
    // "so tue 9am dead for us." (fresh513, session 73: a wrong act): the option ruled out, no choice of it
    // "Honestly my recollection on Candidate C is fuzzy." (fresh506): the speaker's doubt about it, no choice
    // "Tuesday 11am is clean on my side." (fresh528): a slot with no conflict in the speaker's data, no pick
    if (RULED_OUT.has(w) || UNCLEAR.has(w) || w === "clean" || w === "clear") return null;
    if (s.gate[k] === true || s.modal[k] === true || token.colon === true || token.aside) return null;
    // "Apartment A is home, as far as I'm concerned.": the speaker's voice may stand after the pause
    if (FIRST_PERSON.has(w)) speaker = true;
    if (k >= end) continue;
    if (PRIZES.has(w)) awarded = true;
    const named = state.options.match(words, k);
    if (named !== null) {
      if (option !== null || words[named.end] === "'s") return null;
      option = named.index;
      optionAt = k;
      optionEnd = named.end;
      k = named.end - 1;
      continue;
    }
    const attribute = state.attributes.match(words, k);
    if (attribute !== null && !(attribute.end === k + 1 && SUBJECTS.has(words[k - 1] as string))) return null;
    const pronoun = w === "one" && ONE_LEADS.has(words[k - 1] as string);
    // "Stall C: +1 for plants": a signed number is a level, not a word of the choice
    if (signedNumber(w) || (cue.numberWords.has(w) && !pronoun)) return null;
  }
  if (option === null) return null;
  // "Let me take X" (the speaker's own share of the work), "I'm on X" (working on it): no choice for the team
  for (let k = from; k + 1 < end; k++) if (words[k] === "let" && words[k + 1] === "me") return null;
  if (optionAt >= from + 2 && words[optionAt - 1] === "on" && ON_SELF.has(words[optionAt - 2] as string)) return null;
  // "Counts from my side of Shelf A:" (fresh102): a line closed by a colon heads what follows, no choice
  if ((tokens[sentenceEnd - 1] as NaturalToken).colon === true) return null;
  if (speaker || awarded) return option;
  // "Hire Candidate C.", "Cuff Lord Ashby.", "Send the volunteers to Shelf B.": a command whose object is the option
  const opener = words[from] as string;
  const command =
    optionAt > from &&
    !NOT_VERBS.has(opener) &&
    !opener.endsWith("ly") &&
    (!opener.endsWith("ing") || BASE_ING.has(opener)) &&
    !opener.endsWith("ed") &&
    !opener.endsWith("'s") &&
    // "Counts for Shelf A.": a plural noun or a verb's third person opens no command ("Press", "Pass" still do)
    !(opener.endsWith("s") && !opener.endsWith("ss")) &&
    !s.separated(from) &&
    /^[a-z][a-z-]*$/.test(opener);
  if (command) return option;
  // "Stall D, all the way.", "Stall B, no contest.": the option alone, a pause, a short tail of no content
  const rest = end - optionEnd;
  if (optionAt === from && optionEnd < end && s.separated(optionEnd - 1) && rest <= MAX_TAIL) {
    for (let k = optionEnd; k < end; k++) if (words[k] === "please" || words[k] === "too") return null;
    return option;
  }
  return null;
}
