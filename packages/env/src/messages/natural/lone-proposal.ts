import { naturalCues as cue, negationWord } from "../natural-cues";
import type { NaturalToken } from "../natural-tokens";
import { signedNumber } from "./natural-integer";
import { NOT_THE_SPEAKERS_PLAN } from "./plan-blockers";
import type { ParseState, Sentence } from "./sentence";

// A proposal read by its shape rather than its phrase: one option, the speaker's own clause, a choice word, and
// nothing that could make it less than the speaker's choice now (docs/design.md §2, the propose act).

/** Longest sentence (in words) the lone-proposal reading looks at: a short statement, not a paragraph. */
const MAX_WORDS = 14;

/**
 * The choice class: stems of verbs and nouns of choosing ("plumping", "nominee", "elect", "favour", "winner",
 * "culprit"). A word is a choice word when it starts with one of these and is not one of NOT_CHOICE.
 */
const CHOICE_STEMS = [
  "choos",
  "chose",
  "choice",
  "pick",
  "prefer",
  "favour",
  "favor",
  "elect",
  "nomin",
  "vote",
  "select",
  "plump",
  "champion",
  "accus",
  "suspect",
  "culprit",
  "guilty",
  "winner",
  "recommend",
  "endorse",
  "settle",
  "decision",
  "decide",
  "verdict",
  "thumbs",
  "opt",
] as const;
/** Words that start like a choice word but are none: "option" (the task's noun), "optimistic", "elections". */
const NOT_CHOICE = new Set([
  "option",
  "options",
  "optional",
  "optimal",
  "optimistic",
  "optimism",
  "select",
  "elections",
]);

/** Choice verbs that choose only with their particle after them: "cast mine for X", "slot the meeting into X". */
const PARTICLE_VERBS = new Map<string, ReadonlySet<string>>([
  ["cast", new Set(["for"])],
  ["stake", new Set(["on"])],
  ["grab", new Set(["*"])],
  ["slot", new Set(["into", "in"])],
  ["pointing", new Set(["at"])],
  ["point", new Set(["at"])],
  ["run", new Set(["with"])],
  ["roll", new Set(["with"])],
  ["sign", new Set(["for"])],
  ["give", new Set(["role", "job", "post", "position", "award", "prize", "nod"])],
  ["put", new Set(["money", "down"])],
  ["lock", new Set(["*", "!down", "!up", "!away"])],
]);

/** The speaker's own voice: a first-person word in the clause. */
export const FIRST_PERSON: ReadonlySet<string> = new Set([
  "i",
  "i'm",
  "i'd",
  "i'll",
  "i've",
  "im",
  "id",
  "ill",
  "me",
  "my",
  "mine",
  "we",
  "we're",
  "we'd",
  "we'll",
  "our",
  "us",
  "let",
  "lets",
]);

/**
 * Words that make the sentence less than the speaker's choice now: other people ("you", "agent", "everyone"),
 * hedges and modals ("might", "maybe"), past or earlier choices ("was", "initially"), comparison and
 * alternatives ("than", "instead"), leaving out ("against", "away", "out"), and a want or a question word.
 */
export const BLOCKERS: ReadonlySet<string> = new Set([
  ...NOT_THE_SPEAKERS_PLAN,
  // "Carol:\n- Monday 4pm: free\n- Tuesday 9am: busy" (fresh353, session 68: wrong acts): a slot's availability
  // stated, no choice of it
  ...["free", "busy", "available", "unavailable", "booked", "blocked"],
  "everyone",
  "everybody",
  "someone",
  "somebody",
  "others",
  "people",
  "team",
  "group",
  "prefers",
  "picked",
  "chose",
  "voted",
  "suspected",
  "earlier",
  "before",
  "yesterday",
  "off",
  "least",
  "second",
  "either",
  "unsure",
  "undecided",
  "torn",
  "leaning",
  "lean",
  "considering",
  "which",
  "why",
  "how",
  "whether",
  "should",
  "shall",
  "want",
  "wants",
  "need",
  "needs",
  "hope",
  "wish",
  "favourite",
  "favorite",
  // "My sheet skips Restaurant B entirely." (fresh458, session 70: a wrong act): what the speaker's notes leave out
  ...["skips", "skip", "skipped", "lacks", "omits", "omitted", "excludes", "missing"],
]);

/** The speaker as owner or object: "my", "our", "me" ("X gets the thumbs-up from me", "in my view"). */
const OWNERS = new Set(["my", "our", "me", "mine", "us"]);
/** Articles before a choice noun: "the culprit", "a winner". */
const ARTICLES = new Set(["the", "a", "an"]);

/** A subject before a verb: "what I'd rent". */
export const SUBJECTS: ReadonlySet<string> = new Set(["i", "i'd", "i'll", "id", "we", "we'd", "we'll"]);
/** Before "one" as a pronoun: "the one", "the guilty one" ends with it too ("guilty" is read before). */
export const ONE_LEADS: ReadonlySet<string> = new Set(["the", "that", "this", "guilty", "obvious", "right"]);

/** Words that open a reason after the choice: "I'm opting for Shelf B, since it has 4 onions." */
export const REASONS: ReadonlySet<string> = new Set(["since", "because", "as", "given", "with", "thanks", "due"]);

/**
 * Closing clauses after the last pause that only put the sentence in the speaker's voice (", I'd say", ", I say", ",
 * I reckon") or close it (", then"), fresh40: the proposal is read as it would be without them.
 */
const CLOSING_TAILS: readonly { words: readonly string[]; speaker: boolean }[] = [
  ...["i", "i'd", "id"].map((who) => ({ words: [who, "say"], speaker: true })),
  { words: ["i", "reckon"], speaker: true },
  { words: ["i'd", "argue"], speaker: true },
  { words: ["i'd", "suggest"], speaker: true },
  { words: ["i", "suggest"], speaker: true },
  { words: ["then"], speaker: false },
  // "The prize should go to Stall C — they earned it.": praise of the option closing the choice
  ...["they", "she", "he", "it"].flatMap((who) => [
    { words: [who, "earned", "it"], speaker: false },
    { words: [who, "deserve", "it"], speaker: false },
    { words: [who, "deserves", "it"], speaker: false },
    { words: [who, "'s", "earned", "it"], speaker: false },
  ]),
  { words: ["they've", "earned", "it"], speaker: false },
];

/** The closing tail ending at to after a pause: where it starts and whether it is the speaker's voice, or null. */
export function closingTail(s: Sentence, from: number, to: number): { start: number; speaker: boolean } | null {
  for (const tail of CLOSING_TAILS) {
    const start = to - tail.words.length;
    if (start <= from + 1 || !s.separated(start - 1)) continue;
    if (tail.words.every((w, k) => s.words[start + k] === w)) return { start, speaker: tail.speaker };
  }
  return null;
}

/** Is words[k] a choice word of the open class? */
function choiceWord(w: string): boolean {
  if (NOT_CHOICE.has(w)) return false;
  return CHOICE_STEMS.some((stem) => w.startsWith(stem));
}

/** Does a verb whose particle makes it a choice stand at k ("cast mine for", "run with", "give the role to")? */
function particleChoice(words: readonly string[], k: number, to: number): boolean {
  const particles = PARTICLE_VERBS.get(words[k] as string);
  if (particles === undefined) return false;
  let found = particles.has("*");
  // "Let's lock X in" / "lock X": a choice; "lock X down" is none ("!down")
  for (let j = k + 1; j < Math.min(to, k + 5); j++) {
    if (particles.has(`!${words[j]}`)) return false;
    if (particles.has(words[j] as string)) found = true;
  }
  return found;
}

/** Words that open a clause after "suspect" ("I suspect it matters"): the verb thinks, it accuses no one. */
const THINKING_CLAUSE: ReadonlySet<string> = new Set(["it", "that", "this", "we", "they", "there", "so", "the", "our"]);

/** "it" opening a clause after a dash: the choice's reason ("Let's give the prize to Stall B — it sold 2 cakes"). */
const DASHED_REASONS: ReadonlySet<string> = new Set(["it", "it's", "its"]);

/**
 * Where the clause of a choice in from..to ends: at a reason after a pause ("..., since it has 4 onions") or "it"
 * after a dash (fresh52's "Let's give the prize to Stall B — it sold 2 cakes and 2 plants"), else at `to`. The
 * reason may hold names and numbers of its own.
 */
export function reasonEnd(s: Sentence, from: number, to: number): number {
  const { words, tokens } = s;
  for (let k = from + 1; k < to; k++) {
    const before = tokens[k - 1] as NaturalToken;
    if (REASONS.has(words[k] as string) && before.pause) return k;
    if (DASHED_REASONS.has(words[k] as string) && before.dash === true) return k;
  }
  return to;
}

/**
 * A proposal by shape in from..to: a short sentence no cue read whose clause (up to a reason after a pause) names
 * exactly one option, no attribute and no number; that holds a choice word (`choiceWord`, or a verb with its
 * particle: "cast mine for X") in the speaker's voice (a first-person word, or an imperative choice verb opening
 * the sentence), or is the option alone with "for me"; and that holds no negation, condition, modal, question,
 * comparison, other person, earlier time or want anywhere. The option, or null (ambiguous: nothing).
 */
export function loneProposal(s: Sentence, from: number, sentenceEnd: number, state: ParseState): number | null {
  const { words, tokens } = s;
  if (sentenceEnd <= from || (tokens[sentenceEnd - 1] as NaturalToken).question) return null;
  // "Put down the deposit on Apartment A, I'd say.": a closing tail of no content (fresh40)
  const tail = closingTail(s, from, sentenceEnd);
  const to = tail?.start ?? sentenceEnd;
  if (to - from > MAX_WORDS || to <= from) return null;
  // the blockers still hold for the reason after `end`
  const end = reasonEnd(s, from, to);
  let option: number | null = null;
  let choice = false;
  // "the culprit", "the guilty one": a choice word after an article is the speaker's only with "my" / "our" / "me"
  let articleChoice = false;
  let speaker = tail?.speaker === true;
  let own = false;
  for (let k = from; k < to; k++) {
    const w = words[k] as string;
    if (BLOCKERS.has(w) || negationWord(w) || cue.conditionals.has(w)) return null;
    // "Last round we settled on Restaurant C." (held-out fresh141, a wrong act): a past choice, as "picked" is;
    // "I'm settled: Restaurant B." (fresh26) is the speaker's state now
    if (w === "settled" && !(words[k - 1] === "i'm" || words[k - 1] === "am" || words[k - 1] === "im")) return null;
    if (s.gate[k] === true) return null;
    if (FIRST_PERSON.has(w)) speaker = true;
    // "in my view", "from me", "as I see it": the speaker owning the choice
    if (OWNERS.has(w) || (w === "i" && words[k + 1] === "see")) own = true;
    if (k >= end) continue;
    const named = state.options.match(words, k);
    if (named !== null) {
      // one option, named once and not as an owner ("Restaurant A's claim")
      if (option !== null || words[named.end] === "'s") return null;
      option = named.index;
      k = named.end - 1;
      continue;
    }
    // "Apartment D is what I'd rent": an attribute's word as the speaker's verb is no attribute
    const attribute = state.attributes.match(words, k);
    if (attribute !== null && !(attribute.end === k + 1 && SUBJECTS.has(words[k - 1] as string))) return null;
    // "the one I'm pointing at": "one" after an article is no number
    const pronoun = w === "one" && ONE_LEADS.has(words[k - 1] as string);
    // "Stall C: +1 for plants": a signed number is a level, not a word of the choice
    if (signedNumber(w) || (cue.numberWords.has(w) && !pronoun)) return null;
    // "I suspect it matters", "I suspect that ...": a verb of thinking before a clause, no accusation (fresh61)
    if (w === "suspect" && THINKING_CLAUSE.has(words[k + 1] as string)) continue;
    if (choiceWord(w) && ARTICLES.has(words[k - 1] as string)) articleChoice = true;
    else if (choiceWord(w) || particleChoice(words, k, end)) {
      choice = true;
      // "Put Stall C down as our pick", "Count Restaurant E as my choice": a verb opening the sentence
      if (k === from) speaker = true;
    }
  }
  if (option === null) return null;
  if ((choice && speaker) || (articleChoice && own)) return option;
  const first = state.options.match(words, from);
  // "Shelf B, since it has 4 onions.": the option alone, then its reason after a pause
  if (first !== null && first.end === end && end < to && s.separated(first.end - 1)) return option;
  // "Restaurant A, for me.": the option alone, a pause, and "for me"

  if (
    first !== null &&
    s.separated(first.end - 1) &&
    words[first.end] === "for" &&
    words[first.end + 1] === "me" &&
    first.end + 2 === end
  )
    return option;
  return null;
}
