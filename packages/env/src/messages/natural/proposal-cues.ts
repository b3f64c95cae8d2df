import { naturalInteger, signedNumber } from "./natural-integer";
import { naturalCues as cue, negationWord } from "../natural-cues";
import type { NaturalToken } from "../natural-tokens";
import { consentUnless, teamConsentAt } from "./consent-proposal";
import { alternative } from "./option-list";
import { optionChosen } from "./option-subject-proposal";
import { REASONS } from "./lone-proposal";
import { consentTail, LOOK_BACK, onlyOptionBefore, type ParseState, type Sentence } from "./sentence";

// The proposal (final choice) cue family: "I propose X", "my vote is X", "X is the best choice".

/** "X is our man", "X should be our source": nouns of the team's pick after "our" (not "our data", "our notes"). */
// "Unless someone objects, A is our answer." (fresh160)
const OUR_PICKS = new Set(["man", "woman", "guy", "source", "winner", "place", "spot", "home", "slot", "answer"]);
/** What may follow such a noun without making it something else: "our source this time", "our man, I'd say". */
const OUR_PICK_TAILS = new Set(["this", "then", "here", "tonight"]);

/** "X is the one to back": the verbs after "the one to". */
const ONE_TO = new Set(["back", "pick", "choose", "go", "accuse", "book", "hire", "select", "recommend"]);
/** After "my vote" and the like: "is", "goes to", "stands:", "remains". */
const PICK_VERBS = new Set(["is", "'s", "goes", "remains", "stays", "stands", "falls"]);

/** Adverbs between "my pick is" and the option that keep it the pick: "still", "firmly". */
const STILL = new Set(["still", "firmly", "definitely", "squarely", "now"]);

/** One-word proposal verbs that need their particle after the option: "putting X forward", "lock X in". */
const PARTICLES = new Map([
  ["putting", ["forward"]],
  ["put", ["forward"]],
  ["lock", ["in"]],
  ["name", ["as"]],
  ["bring", ["on", "board"]],
]);

/** Verbs before "we name X" that make it the speaker's call: "I say we name X", "I propose we name X". */
const SAY_WE = new Set(["say", "suggest", "propose", "recommend"]);

/** Before "name" as the team's choice without "as": "we should name X", "let's name X", "we'd name X". */
const NAME_MODALS = new Set(["should", "must", "let's", "lets", "i'd", "we'd", "i'll", "we'll", "to"]);

/** "Let's make X our pick": "make" proposes only with "our" / "my" and a proposal noun after the option. */
const MAKE_OWNERS = new Set(["our", "my", "the"]);

/** "X wins it for me", "X edges it for me": the option as the speaker's winner. */
const FOR_ME_VERBS = new Set(["wins", "edges", "takes", "does"]);

/** "X deserves the award", "X gets the job" (closing the clause). */
const DESERVE = new Set(["deserves", "gets", "earns"]);

/** "Lord Ashby, hands down.", "Restaurant C, no question.": an option alone with a tail of certainty. */
const SURE_TAILS: readonly (readonly string[])[] = [
  ["hands", "down"],
  ["no", "question"],
  ["no", "doubt"],
  ["no", "contest"],
  ["without", "a", "doubt"],
  ["no", "doubt", "about", "it"],
];

/** "X is the one I'd go with", "X is the hire I'd make": verbs of the speaker's choice after a relative clause. */
const CHOICE_VERBS = new Set([
  ...ONE_TO,
  "make",
  "sign",
  "take",
  "vote",
  "name",
  "naming",
  "putting",
  "pick",
  "picking",
  "going",
  "backing",
  "choosing",
  "accusing",
  "send",
  "land",
]);
/** Between the speaker and the choice verb: "the one I'd really go with". */
// "should" / "must": "Lady Ashby is the one we should accuse" (fresh52); "should have" names no verb of choice
const CHOICE_FILLERS = new Set(["would", "will", "really", "definitely", "happily", "am", "'m", "should", "must"]);
/** Nouns of "X is the <noun> I'd <verb>". */
const CHOICE_NOUNS = new Set(["one", "hire", "slot", "pick", "choice", "option", "place", "candidate", "suspect"]);

/** "X is the one I'd go with": after "the", a choice noun and the speaker's choice verb; the word after, or null. */
function choiceClause(s: Sentence, j: number, end: number): number | null {
  const { words } = s;
  if (words[j] !== "the") return null;
  let k = j + 1;
  if (!CHOICE_NOUNS.has(words[k] as string)) return null;
  k++;
  if (words[k] === "that" || words[k] === "who" || words[k] === "which") k++;
  if (!cue.speakers.has(words[k] as string) || words[k] === "you" || words[k] === "should") return null;
  k++;
  for (let f = 0; f < 2 && CHOICE_FILLERS.has(words[k] as string); f++) k++;
  if (!CHOICE_VERBS.has(words[k] as string)) return null;
  // "the one I'd pick if ...": a condition or negation after it holds it back (checked by the caller's gate)
  return k + 1 <= end ? k + 1 : null;
}

/** Words that point back to one option: "I'm accusing her", "I'd back that". */
const POINTERS = new Set(["it", "her", "him", "them", "that", "this"]);

/**
 * The one option a pointer refers to: the only option named in the sentence before i, else (none named there) the
 * only option of the sentence before; null when there are several or none.
 */
function pointedOption(s: Sentence, i: number, state: ParseState): number | null {
  let named: number | null = null;
  for (let k = s.from; k < i; k++) {
    const option = state.options.match(s.words, k);
    if (option === null) continue;
    if (named !== null && named !== option.index) return null;
    named = option.index;
    k = option.end - 1;
  }
  if (named !== null) return named;
  // "I'd put the total at 10 — that's my answer" (fresh100): a number before the pointer is what it points at
  for (let k = s.from; k < i; k++)
    if (signedNumber(s.words[k]) || cue.numberWords.has(s.words[k] as string)) return null;
  // "Restaurant C, no question. That's my vote.": the sentence before proposed it already
  if (state.place !== undefined && state.place !== null && state.place === state.proposed) return null;
  return state.place ?? null;
}

/** Does the sentence name no option anywhere? */
function namesNoOption(s: Sentence, state: ParseState): boolean {
  for (let k = s.from; k < s.to; k++) if (state.options.match(s.words, k) !== null) return false;
  return true;
}

/**
 * "it" at k after a choice verb ending at j: "X seems like the best fit — I propose we book it" ("it" closing the
 * clause is the one option named before it); "Restaurant A has an ambience of 5. I'd back it." (fresh83: in a
 * sentence that names no option, the one option of the sentence before); "Let's schedule it there." (a place word
 * after "it" points to the same option). Null when "it" does not close the clause or points nowhere.
 */
function itChosen(
  s: Sentence,
  i: number,
  j: number,
  k: number,
  end: number,
  state: ParseState,
): { option: number; end: number } | null {
  const { words } = s;
  // ("Let's lock it in": the verb's particle after "it" is the caller's to take)
  const close = pointerClose(words, words[k + 1] === "there" || words[k + 1] === "in" ? k + 2 : k + 1);
  // "Let's lock it in unless someone objects" (fresh143): the team's consent closing it, no pause before
  if (!(close >= end || s.separated(close - 1) || teamConsentAt(s, close, end))) return null;
  // "Tuesday 9am looks best to me, and I'm backing it" (fresh179): a verb of support takes "it" with no particle
  const backs = k > j || BACKING.has(words[k - 1] as string);
  const named = namesNoOption(s, state) ? pointedOption(s, i, state) : backs ? onlyOptionBefore(s, i, state) : null;
  return named === null ? null : { option: named, end: words[k + 1] === "in" ? k + 1 : close };
}

/** Verbs of support whose "it" (with no particle) is the one option named before it in the sentence. */
// "Shelf B is better stocked; I'd pick it." (fresh184): "pick" / "choose" take it so too
const BACKING = new Set([
  "backing",
  "back",
  "supporting",
  "support",
  "endorsing",
  "endorse",
  "pick",
  "picking",
  "choose",
  "choosing",
]);

/** When the choice is for: "this round", "now" (a pointer's clause may close with it, fresh145). */
const WHEN_TAILS: readonly (readonly string[])[] = [
  ["this", "round"],
  ["this", "time"],
  ["for", "now"],
  ["now"],
  ["today"],
];

/** Where the clause closes after a pointer's word at k: past a time phrase ("choose him this round"), else k. */
function pointerClose(words: readonly string[], k: number): number {
  const tail = WHEN_TAILS.find((t) => t.every((w, n) => words[k + n] === w));
  return tail === undefined ? k : k + tail.length;
}

/** "she's my pick", "he's our suspect": a person named before, as the speaker's choice (not "it": "it's my pick of ..."). */
const PERSONS = new Set(["she", "he"]);

/** Words between "that's" and the speaker's verb: "that's who I'm naming", "that's where I'd send us". */
const POINTER_RELATIVES = new Set(["who", "where", "what", "which"]);

/**
 * "That's my vote.", "that's who I'm naming", "that's the slot I'm putting down", "so that's my proposal": the
 * speaker's choice pointing back to the one option named before; the word after it, or null.
 */
function pointerProposal(s: Sentence, i: number, end: number): number | null {
  const { words } = s;
  // "The evidence points to Lady Ashby; she's my pick.", "... — he's our man" (fresh40): a person pointed back to
  // "Apartment C. Final answer from me." (fresh68): the label alone as its sentence points back to the option
  if (words[i] === "final" && words[i + 1] === "answer" && i === s.from) {
    const j = words[i + 2] === "from" && words[i + 3] === "me" ? i + 4 : i + 2;
    return j >= end ? j : null;
  }
  const person = PERSONS.has(words[i] as string) && (words[i + 1] === "'s" || words[i + 1] === "is");
  if (person && !(i > s.from && s.separated(i - 1))) return null;
  if (!person && (words[i] !== "that" || !(words[i + 1] === "'s" || words[i + 1] === "is"))) return null;
  if (!(s.clauseStart(i) || words[i - 1] === "so" || words[i - 1] === "and" || words[i - 1] === "then")) return null;
  let j = i + 2;
  if (person && !(words[j] === "my" || words[j] === "our")) return null;
  if (words[j] === "my" || words[j] === "our") {
    let k = j + 1;
    if (words[k] === "final" || words[k] === "current" || cue.bestAdjectives.has(words[k] as string)) k++;
    if (cue.proposalNouns.has(words[k] as string) && (k + 1 >= end || s.separated(k))) return k + 1;
    return null;
  }
  if (POINTER_RELATIVES.has(words[j] as string)) {
    j++;
    if (!cue.speakers.has(words[j] as string) || words[j] === "you" || words[j] === "should") return null;
    j++;
    for (let f = 0; f < 2 && CHOICE_FILLERS.has(words[j] as string); f++) j++;
    return CHOICE_VERBS.has(words[j] as string) ? j + 1 : null;
  }
  return choiceClause(s, j, end);
}

/** "Let's schedule the meeting for X": what a scheduling verb names before its option. */
const MEETING_NOUNS = new Set(["meeting", "call", "session", "slot", "interview", "sync"]);

/** "X should win": the option as the winner. */
const WIN = new Set(["win", "wins"]);
/** "X should supply the order", "X should fill it": the option the team takes from. */
const SUPPLY = new Set(["supply", "fill", "cover", "provide"]);
/** What a source supplies: "the order", "the request". */
const ORDERS = new Set(["order", "request", "orders"]);
/** "X should get / take / win the prize" (fresh36). */
const PRIZE_VERBS = new Set(["get", "take", "win"]);
/** "X should get the prize / the job / the nod". */
const PRIZES = new Set(["prize", "job", "nod", "award", "win", "vote", "spot"]);
/** A rank before the prize: "deserves first prize", "gets the top spot". */
const PRIZE_RANKS = new Set(["first", "top", "grand"]);
/** Before a proposal verb in its clause, a possibility, not a proposal: "We might go with X", "I could pick X". */
// "Now I'm torn between sticking with it and switching to Restaurant B." (fresh141): a choice between two is none yet
const POSSIBLY = new Set(["might", "may", "could", "torn", "whether"]);
/** After "<option>," closing the sentence: "Restaurant F, final answer.", "Stall B, my pick." */
const TAIL_LEADS = new Set(["my", "final", "our"]);
/** Subjects of a prediction of someone else's choice: "the others will", "they'll", "everyone would". */
const OTHERS_WILL = new Set(["others", "they", "everyone", "everybody", "team", "rest", "he", "she", "agents"]);

/** Do agents named by number end right before b ("Agent 2 will", "Agents 2 and 3 will")? */
function agentsBefore(words: readonly string[], b: number): boolean {
  if (!/^[0-9]$/.test(words[b - 1] as string)) return false;
  for (let k = b - 2; k >= Math.max(0, b - 5); k--) if (words[k] === "agent" || words[k] === "agents") return true;
  return false;
}

/** Does a prediction stand at b: "I bet" (not "I bet on"), "end up" (what the team will come to do)? */
function predicted(words: readonly string[], b: number): boolean {
  if (words[b] === "bet") return words[b - 1] === "i" && words[b + 1] !== "on";
  // "I suspect the others will lean toward Shelf A" (fresh69): what someone else will do
  // "I have a feeling Agents 2 and 3 will lean toward X" (fresh84): agents named by number before "will"
  if (words[b] === "will" || words[b] === "'ll" || words[b] === "would")
    return OTHERS_WILL.has(words[b - 1] as string) || agentsBefore(words, b);
  return words[b] === "up" && words[b - 1] === "end";
}

/**
 * Looking back from a verb of choosing at i to its clause's start: whether the speaker chooses (a speaker's word, or
 * the verb opening the clause), or null where a past intent, a possibility or a prediction stands there ("I was going
 * to propose X", "I bet the others will end up accusing X", fresh55).
 */
function verbSpeaker(s: Sentence, i: number): boolean | null {
  const { words } = s;
  let speaker = opensClause(s, i);
  for (let b = i - 1; b >= Math.max(s.from, i - LOOK_BACK); b--) {
    if (cue.pastIntent.has(words[b] as string) || POSSIBLY.has(words[b] as string)) return null;
    // "I'd been leaning toward B earlier, but ..." (fresh181): "'d been" is the past perfect, a leaning given up
    if (words[b] === "been" && /^[a-z]+'d$/.test((words[b - 1] ?? "") as string)) return null;
    if (predicted(words, b)) return null;
    if (cue.speakers.has(words[b] as string)) speaker = true;
    // "I was leaning restaurant A but now i back Restaurant E" (fresh166): a clause break ends the look-back as a
    // pause does
    if ((s.tokens[b] as NaturalToken).pause || cue.clauseBreaks.has(words[b] as string)) break;
  }
  return speaker;
}

/** "X is who I'd hire", "X is what I'd pick". */
const RELATIVES = new Set(["who", "what", "which", "where"]);

/** "Shelf A it should be.", "Shelf A takes it.": a closing form of the option as the choice at j; the word after, or null. */
function closingChoice(s: Sentence, i: number, j: number, end: number): number | null {
  const { words } = s;
  if (!s.clauseStart(i)) return null;
  // "Shelf A it should be, with 5 apples.", "Employee C it has to be."
  if (words[j] === "it") {
    const k =
      words[j + 1] === "should" && words[j + 2] === "be"
        ? j + 3
        : words[j + 1] === "has" && words[j + 2] === "to" && words[j + 3] === "be"
          ? j + 4
          : null;
    if (k !== null && (k >= end || s.separated(k - 1))) return k;
  }
  // "Shelf A takes it.", "Stall B wins it." closing the sentence
  if ((words[j] === "takes" || words[j] === "wins") && words[j + 1] === "it" && j + 2 >= end) return j + 2;
  return null;
}

/** "Candidate A it is.", "Monday evening it is, then." (fresh34) after the option at j: the word after it, or null. */
function itIsChoice(s: Sentence, j: number, sentenceEnd: number): number | null {
  const { words } = s;
  if (words[j] !== "it" || words[j + 1] !== "is") return null;
  // "Restaurant A it is, then — unless anyone has a strong objection" (fresh53): the team's consent closing it
  const end = consentTail(s, j, sentenceEnd);
  if (j + 2 >= end) return j + 2;
  // "Shelf B it is — with 5 apples and 3 onions by my count it's clearly ahead." (fresh332, session 67): closed by a
  // dash, what follows it is read on its own
  if ((s.tokens[j + 1] as NaturalToken).dash === true) return j + 2;
  // "Tuesday morning it is, as far as I'm concerned — Priya's calendar shows a 2 there" (fresh140): the speaker's own
  // view closing it before a dash; what follows the dash is read on its own
  const view = OWN_VIEWS.find((v) => v.every((w, n) => words[j + 2 + n] === w));
  if (view !== undefined && (s.separated(j + 1) || view.length === 1)) {
    const e = j + 2 + view.length;
    // "Shelf B it is imo, 5 apples on B by my count" (fresh240): a one-word view closing at a pause
    if (e >= end || (s.tokens[e - 1] as NaturalToken).dash === true || (view.length === 1 && s.separated(e - 1)))
      return e;
  }
  return words[j + 2] === "then" && j + 3 >= end && s.separated(j + 1) ? j + 3 : null;
}

/** The speaker's own view after "X it is,": "as far as I'm concerned", "for me", "in my book". */
const OWN_VIEWS: readonly (readonly string[])[] = [
  ["as", "far", "as", "i'm", "concerned"],
  ["for", "me"],
  ["in", "my", "book"],
  ["in", "my", "view"],
  ["in", "my", "opinion"],
  // "Shelf A it is, imo." (fresh268, session 64; fresh240's "Shelf B it is imo")
  ["imo"],
  ["imho"],
];

/**
 * "Shelf A wins it for me.", "Restaurant C edges it for me", "C is out; D for me." (fresh109): after the option
 * opening the clause at i (ending at j), a verb of winning or "for me" alone closing the clause; where the vote ends,
 * or null.
 */
function forMeEnd(s: Sentence, i: number, j: number, end: number): number | null {
  const { words } = s;
  if (!(FOR_ME_VERBS.has(words[j] as string) || (words[j] === "for" && words[j + 1] === "me"))) return null;
  const k = words[j] === "for" ? j : words[j + 1] === "it" ? j + 2 : j + 1;
  // "Monday 9am for me: Alice's availability 1, ..." (fresh302, session 66: a wrong act): a heading over the speaker's
  // levels, no vote
  const heading = s.tokens[k + 1]?.colon === true && numberIn(words, k + 2, end);
  const closes = words[j] !== "for" || k + 2 >= end || (s.separated(k + 1) && !heading);
  // "still B for me" (fresh321, session 67): an adverb of keeping before the option
  const opens = s.clauseStart(i) || (i - 1 >= s.from && s.clauseStart(i - 1) && STILL.has(words[i - 1] as string));
  return words[k] === "for" && words[k + 1] === "me" && opens && closes ? k + 2 : null;
}

/** Does a number stand from k to end? */
function numberIn(words: readonly string[], k: number, end: number): boolean {
  for (let t = k; t < end; t++) if (naturalInteger(words[t]) !== null) return true;
  return false;
}

/** "X should win this", "X should supply the order", "X should get / take the prize" after the option at j, or null. */
function shouldChoice(s: Sentence, j: number, end: number): number | null {
  const { words } = s;
  // "Lady Ashby should be charged", "X should be where we eat", "X should get our deposit" (session 43); "X ought to be
  // the place we rent", "X should host our dinner", "X has to be our pick" (helper h43q)
  const chosen = optionChosen(s, j, end);
  if (chosen !== null) return chosen;
  if (words[j] !== "should") return null;
  // "Stall A should win this"
  if (WIN.has(words[j + 1] as string)) return j + 2;
  // "Shelf B should supply the order" (fresh33): the source the task draws on
  if (SUPPLY.has(words[j + 1] as string)) {
    const k = words[j + 2] === "the" && ORDERS.has(words[j + 3] as string) ? j + 4 : j + 2;
    return k >= end || s.separated(k - 1) ? k : null;
  }
  // "Stall B should get the prize", "Stall C should take the prize" (fresh36)
  if (PRIZE_VERBS.has(words[j + 1] as string) && words[j + 2] === "the" && PRIZES.has(words[j + 3] as string))
    return j + 4;
  return null;
}

/** "X gets my vote", "X is my pick", "X is the best choice", "X should win", "X is who I'd hire" at i. */
function optionFirst(
  s: Sentence,
  i: number,
  end: number,
  state: ParseState,
): { option: number; end: number } | null | undefined {
  const { words } = s;
  const option = state.options.match(words, i);
  if (option !== null && option.end <= end && !alternative(s, i, option.end)) {
    let j = option.end;
    const closing = itIsChoice(s, j, end) ?? closingChoice(s, i, j, end) ?? shouldChoice(s, j, end);
    if (closing !== null) return { option: option.index, end: closing };
    // "Restaurant F, final answer."
    if (s.clauseStart(i) && s.separated(j - 1)) {
      let k = j;
      while (k < end && TAIL_LEADS.has(words[k] as string)) k++;
      // "Restaurant A, final answer, unless someone objects." (fresh38): the team's consent after it
      if (k > j && cue.proposalNouns.has(words[k] as string) && (k + 1 >= end || consentUnless(s, k + 1, end)))
        return { option: option.index, end: k + 1 };
    }
    const forMe = forMeEnd(s, i, j, end);
    if (forMe !== null) return { option: option.index, end: forMe };
    // "Stall A deserves the award.", "Candidate C gets the job.", and "Stall A deserves first prize" / "the top spot"
    // (fresh48): an article, a rank, both or neither before the prize
    if (DESERVE.has(words[j] as string)) {
      let k = words[j + 1] === "the" ? j + 2 : j + 1;
      if (PRIZE_RANKS.has(words[k] as string)) k++;
      if (k > j + 1 && PRIZES.has(words[k] as string) && (k + 1 >= end || s.separated(k)))
        return { option: option.index, end: k + 1 };
    }
    // "Lord Ashby, hands down."
    if (s.clauseStart(i) && s.separated(j - 1))
      for (const tail of SURE_TAILS)
        if (tail.every((w, t) => words[j + t] === w) && j + tail.length >= end)
          return { option: option.index, end: j + tail.length };
    // "Shelf A is the way to go."
    if (
      words[j] === "is" &&
      words[j + 1] === "the" &&
      words[j + 2] === "way" &&
      words[j + 3] === "to" &&
      words[j + 4] === "go"
    )
      return { option: option.index, end: j + 5 };
    const top = comesOutOnTop(s, i, j, end);
    if (top !== null) return { option: option.index, end: top };
    // "Stall D for the win."
    if (words[j] === "for" && words[j + 1] === "the" && words[j + 2] === "win" && s.clauseStart(i))
      return { option: option.index, end: j + 3 };
    if (words[j] === "is" || words[j] === "gets" || words[j] === "has" || words[j] === "remains") j++;
    else if ((words[j] === "would" || words[j] === "should") && words[j + 1] === "be") j += 2;
    else return null;
    for (let f = 0; f < 2 && cue.adverbs.has(words[j] as string); f++) j++;
    // "X is the one I'd go with", "X is the hire I'd make"
    const relative = choiceClause(s, j, end);
    if (relative !== null) return { option: option.index, end: relative };
    // "X is the best slot": the best of the task's own option noun
    const head = state.task.domain.optionNoun.split(" ").pop();
    if (
      words[j] === "the" &&
      cue.bestAdjectives.has(words[j + 1] as string) &&
      words[j + 2] === head &&
      !cue.askPrepositions.has(words[j + 3] as string)
    )
      return { option: option.index, end: j + 3 };
    if (
      words[j] === "the" &&
      cue.bestAdjectives.has(words[j + 1] as string) &&
      words[j + 2] === head &&
      words[j + 3] === "for" &&
      (words[j + 4] === "all" || words[j + 4] === "everyone" || words[j + 4] === "us")
    )
      return { option: option.index, end: j + 4 };
    // "X is who I'd hire", "X is what I'd pick": the speaker's choice verb after a relative word
    if (RELATIVES.has(words[j] as string) && cue.speakers.has(words[j + 1] as string)) {
      for (let k = j + 2; k < Math.min(end, j + 5); k++) {
        // "X should be where we don't go" (session 43): a negation before the verb
        if (negationWord(words[k] as string)) return null;
        if (ONE_TO.has(words[k] as string)) return { option: option.index, end: k + 1 };
      }
    }
    // "X is my pick", "X is my final pick", "X is my top choice"
    const adjective = words[j + 1] as string;
    const noun = adjective === "final" || adjective === "current" || cue.bestAdjectives.has(adjective) ? j + 2 : j + 1;
    if (words[j] === "my" && cue.proposalNouns.has(words[noun] as string)) {
      // "my top choice for food quality" speaks of one attribute, not the decision
      if (cue.askPrepositions.has(words[noun + 1] as string) && state.attributes.match(words, noun + 2) !== null)
        return null;
      return { option: option.index, end: noun + 1 };
    }
    if (words[j] === "the" || words[j] === "our") {
      let k = j + 1;
      if (cue.bestAdjectives.has(words[k] as string)) k++;
      // "the best choice", "our choice" ("the choice" alone names no preference)
      if (cue.bestNouns.has(words[k] as string) && (k > j + 1 || words[j] === "our")) {
        // "the best choice for food quality" speaks of one attribute, not the decision
        if (cue.askPrepositions.has(words[k + 1] as string) && state.attributes.match(words, k + 2) !== null)
          return null;
        return { option: option.index, end: k + 1 };
      }
      // "Lord Ashby is our man", "Shelf A should be our source this time" (fresh38): the team's own pick named so
      if (words[j] === "our" && OUR_PICKS.has(words[j + 1] as string)) {
        const k = j + 2;
        if (k >= end || s.separated(k - 1) || OUR_PICK_TAILS.has(words[k] as string))
          return { option: option.index, end: k };
      }
      // "X is the one to back / pick / go with"
      if (words[j] === "the" && words[j + 1] === "one" && words[j + 2] === "to" && ONE_TO.has(words[j + 3] as string))
        return { option: option.index, end: j + 4 };
    }
    return null;
  }
  return undefined;
}

/** Verbs between "the best choice" and the option: "is", "should be", "would be", "has to be", "must be". */
const CHOICE_IS: readonly (readonly string[])[] = [
  ["is"],
  ["'s"],
  ["should", "be"],
  ["would", "be"],
  ["must", "be"],
  ["has", "to", "be"],
  ["remains"],
];

/** Words of musing before "the best choice is X": "Perhaps, the best choice is X" proposes nothing. */
const MUSING = new Set(["perhaps", "maybe", "possibly", "arguably"]);

/** Leads of a conclusion before "the best choice is X": "so", "therefore", "overall". */
const CONCLUDING = new Set(["so", "therefore", "thus", "overall", "hence", "then"]);

/**
 * "So the best choice should be Apartment C" (fresh66), "Our pick is X": the choice named first, then the option
 * closing the clause; a hedge before it holds it back (a condition or negation does where every proposal cue is
 * read). The option and the end, or null.
 */
function choiceFirst(s: Sentence, i: number, end: number, state: ParseState): { option: number; end: number } | null {
  const { words } = s;
  if (!(words[i] === "the" || words[i] === "our") || !(s.clauseStart(i) || CONCLUDING.has(words[i - 1] as string)))
    return null;
  let k = i + 1;
  if (cue.bestAdjectives.has(words[k] as string)) k++;
  if (!cue.bestNouns.has(words[k] as string) || (k === i + 1 && words[i] !== "our")) return null;
  const verb = CHOICE_IS.find((v) => v.every((w, n) => words[k + 1 + n] === w));
  if (verb === undefined) return null;
  const option = state.options.match(words, k + 1 + verb.length);
  if (option === null || option.end > end) return null;
  if (!(option.end >= end || s.separated(option.end - 1) || REASONS.has(words[option.end] as string))) return null;
  // "Perhaps, the best choice is X": a hedge before it in the sentence is musing
  for (let b = s.from; b < i; b++) if (MUSING.has(words[b] as string) || POSSIBLY.has(words[b] as string)) return null;
  return { option: option.index, end: option.end };
}

/** Nouns of a teammate's proposal the speaker takes up: "Agent 1's suggestion of X". */
// "I back Agent 1's case for Employee A" (fresh100): the agent's argument for the option
const SUGGESTIONS = new Set([
  "suggestion",
  "proposal",
  "pick",
  "choice",
  "recommendation",
  "call",
  "idea",
  "vote",
  "case",
  "argument",
]);

/**
 * Past "Agent 1's suggestion of" / "Agent 2's pick," at k, where the option the speaker takes up follows (fresh64: "I'm
 * happy to endorse Agent 1's suggestion of Restaurant B"); k itself when the words there are not such a lead.
 */
function othersSuggestion(s: Sentence, k: number): number {
  const { words } = s;
  if (words[k] !== "agent" || !/^[0-9]$/.test(words[k + 1] as string)) return k;
  // "I second Agent 1: Stall D", "I agree with Agent 2 on Stall D" (fresh83): the agent, then the option
  if ((s.tokens[k + 1] as NaturalToken).colon === true) return k + 2;
  // "Seconding Agent 1 on Candidate C: I also see communication at 4 for C." (fresh219, session 62): agreement on the
  // option's facts, a colon after it and a level before the sentence ends, is no choice of it
  if (words[k + 2] === "on" && !s.separated(k + 1)) return factsAfterColon(s, k + 3) ? k : k + 3;
  if (words[k + 2] !== "'s") return k;
  if (!SUGGESTIONS.has(words[k + 3] as string)) return k;
  return words[k + 4] === "of" || words[k + 4] === "for" || words[k + 4] === "," ? k + 5 : k + 4;
}

/** Does a colon close the words from k (within four) and a number follow it before the sentence ends (within 16)? */
function factsAfterColon(s: Sentence, k: number): boolean {
  for (let c = k; c < k + 4 && c < s.words.length; c++) {
    const token = s.tokens[c] as NaturalToken;
    if (token.stop) return false;
    if (token.colon !== true) continue;
    for (let n = c + 1; n < c + 17 && n < s.words.length; n++) {
      if (/[0-9]/.test(s.words[n] as string)) return true;
      if ((s.tokens[n] as NaturalToken).stop) return false;
    }
    return false;
  }
  return false;
}

/** Leads of a conclusion or of assent, before a pause and the option alone: "Bottom line: X", "Agreed — X". */
const CONCLUDING_LEADS: readonly (readonly string[])[] = [
  // "With five of us weighing in, here's where I land: **Restaurant B**" (fresh83)
  ["here", "'s", "where", "i", "land"],
  ["here", "is", "where", "i", "land"],
  ["where", "i", "land"],
  ["bottom", "line"],
  ["in", "short"],
  ["long", "story", "short"],
  ["conclusion"],
  ["my", "conclusion"],
  ["same", "conclusion"],
  ["same", "here"],
  ["same", "pick"],
  ["agreed"],
  ["i", "agree"],
  ["fully", "agree"],
  ["let's", "not", "overthink", "it"],
  ["lets", "not", "overthink", "it"],
  ["so", "overall"],
  ["net", "net"],
];
/** After "+1": "for X", "to X", "on X". */
const PLUS_ONE = new Set(["for", "to", "on"]);
/**
 * "Bottom line: X", "Agreed with Agent 4 — X" (fresh92): the option alone after a lead of the speaker's conclusion or
 * assent and a pause; "+1 for C", "+1 to Agent 2's pick of X" (fresh92): a vote added to the option, which closes the
 * clause. The option chosen (by the caller's `chosen`), or null.
 */
function ledChoice(
  s: Sentence,
  i: number,
  end: number,
  chosen: (j: number) => { option: number; end: number } | null,
): { option: number; end: number } | null {
  const { words } = s;
  const plus = words[i] === "+1" && s.clauseStart(i) && PLUS_ONE.has(words[i + 1] as string) ? i + 2 : null;
  const led = plus ?? concludingLead(s, i) ?? sidingLead(s, i);
  const picked = led === null ? null : chosen(led);
  if (picked === null) return null;
  // "...: Restaurant C for the group." (fresh103): whom the choice is for closes it too
  const tail = FOR_US.find((t) => t.every((w, n) => words[picked.end + n] === w));
  const close = picked.end + (tail?.length ?? 0);
  return close >= end || s.separated(close - 1) ? { option: picked.option, end: close } : null;
}

/** Whom a choice is for, closing it: "for the group", "for the team", "for us". */
const FOR_US: readonly (readonly string[])[] = [
  ["for", "the", "group"],
  ["for", "the", "team"],
  ["for", "us"],
];

/** Leads of siding with another agent: "I'm with Agent 2 on C", "I'll go along with what Agent 1 proposed: C". */
const SIDING_LEADS: readonly (readonly string[])[] = [
  // "Agree with Agent 3's call on Monday 2pm" (fresh109)
  ["agree", "with"],
  ["i", "agree", "with"],
  ["i'm", "with"],
  ["im", "with"],
  ["i", "am", "with"],
  ["i'm", "siding", "with"],
  ["i'll", "go", "along", "with"],
  ["i", "go", "along", "with"],
  ["i'll", "side", "with"],
  ["i", "side", "with"],
];
/** What the agents sided with did: "what Agent 1 and Agent 3 proposed". */
const SIDED_VERBS = new Set(["proposed", "suggested", "picked", "said", "chose", "recommended"]);

/**
 * The speaker siding with other agents on an option, opening the clause at i (fresh103): "I'm with Agent 2 on C",
 * "I'll go along with what Agent 1 and Agent 3 proposed: C". The word where the option should stand (after "on",
 * or after the pause), or null.
 */
function sidingLead(s: Sentence, i: number): number | null {
  if (!s.clauseStart(i)) return null;
  const { words } = s;
  const lead = SIDING_LEADS.find((p) => p.every((w, n) => words[i + n] === w));
  if (lead === undefined) return null;
  let j = i + lead.length;
  const what = words[j] === "what";
  if (what) j++;
  let agents = 0;
  while (agents < 4 && words[j] === "agent" && /^[0-9]$/.test(words[j + 1] as string)) {
    agents++;
    j += 2;
    if (words[j] === "and" && words[j + 1] === "agent") j++;
  }
  if (agents === 0) return null;
  // "Agent 3's call on Monday 2pm", "Agent 1's pick of C": the option the agent's suggestion names
  if (!what && agents === 1 && words[j] === "'s" && SUGGESTIONS.has(words[j + 1] as string))
    return words[j + 2] === "on" || words[j + 2] === "of" || words[j + 2] === "for" ? j + 3 : null;
  if (what) {
    if (!SIDED_VERBS.has(words[j] as string)) return null;
    j++;
  }
  if (words[j] === "on" && !what && !(s.tokens[j - 1] as NaturalToken).pause) return j + 1;
  return (s.tokens[j - 1] as NaturalToken | undefined)?.pause === true ? j : null;
}

/** A one-word verb's particle before the option ("put forward X"): the option chosen after it, or null. */
function particleFirst(
  words: readonly string[],
  i: number,
  verb: readonly string[],
  chosen: (j: number) => { option: number; end: number } | null,
): { option: number; end: number } | null {
  const particle = verb.length === 1 ? PARTICLES.get(verb[0] as string) : undefined;
  return particle?.every((p, t) => words[i + 1 + t] === p) ? chosen(i + 1 + particle.length) : null;
}

/** Whom the speaker agrees with after such a lead: "with Agent 4", "as Agent 3", "with you all". */
const ASSENT_TO = new Set(["with", "as"]);

/**
 * A lead of the speaker's conclusion or assent opening the clause at i, with whom it agrees ("Agreed with Agent 4",
 * "Same conclusion as Agent 3") and a pause (a colon or a dash) after it: the word after the pause, or null.
 */
function concludingLead(s: Sentence, i: number): number | null {
  // "Agent 3 makes a good case and I agree: X" (fresh100): after "and" or "so" too
  const joined = (s.words[i - 1] === "and" || s.words[i - 1] === "so") && i - 1 > s.from;
  if (!s.clauseStart(i) && !joined) return null;
  const { words } = s;
  const lead = CONCLUDING_LEADS.find((p) => p.every((w, n) => words[i + n] === w));
  if (lead === undefined) return null;
  let j = i + lead.length;
  if (!(s.tokens[j - 1] as NaturalToken).pause && ASSENT_TO.has(words[j] as string)) {
    if (words[j + 1] === "agent" && /^[0-9]$/.test(words[j + 2] as string)) j += 3;
    else if (words[j + 1] === "you" || words[j + 1] === "everyone" || words[j + 1] === "everybody") j += 2;
    else return null;
    if (words[j] === "all" && words[j - 1] === "you") j++;
  }
  return (s.tokens[j - 1] as NaturalToken | undefined)?.pause === true ? j : null;
}

/** A proposal at i: "I propose X", "we should go with X", "My vote is X", "X gets my vote", "X is the best choice". */
export function proposalAt(
  s: Sentence,
  i: number,
  end: number,
  state: ParseState,
): { option: number; end: number } | null {
  const { words } = s;
  const chosen = (j: number): { option: number; end: number } | null => {
    let k = j;
    // "I propose (that) we meet at / go with X" ("lock that in": "that" the pointer, below)
    if (words[k] === "that" && !(k + 1 >= end || s.separated(k) || words[k + 1] === "in")) k++;
    if (words[k] === "the" && MEETING_NOUNS.has(words[k + 1] as string)) k += 2;
    if (words[k] === "we" && cue.proposalInfinitives.has(words[k + 1] as string)) k += 2;
    while (k < end && k < j + 6 && cue.proposalPrepositions.has(words[k] as string)) k++;
    k = othersSuggestion(s, k);
    if (words[k] === "either" || words[k] === "between") return null;
    if (words[k] === "it") return itChosen(s, i, j, k, end, state);
    // "Lady Ashby is our culprit — I'm accusing her.", "It has to be Miss Hartley. I'm naming her."
    if (k === j && pointerCloses(s, k, end)) {
      const named = pointedOption(s, i, state);
      return named === null ? null : { option: named, end: k + 1 };
    }
    const option = state.options.match(words, k);
    if (option === null || option.end > end) return null;
    const after = words[option.end];
    if (after === "or" || after === "nor" || after === "'s" || after === "vs" || after === "versus") return null;
    if (after === "and" && state.options.match(words, option.end + 1) !== null) return null;
    return { option: option.index, end: option.end };
  };
  // "my vote is X", "my pick: X", "Proposal: X"
  const lead = words[i + 1] === "final" || words[i + 1] === "current" ? i + 2 : i + 1;
  if (words[i] === "my" && cue.proposalNouns.has(words[lead] as string)) {
    let j = lead + 1;
    // "my money is still on Finch" (fresh109): an adverb of keeping after the verb
    if (PICK_VERBS.has(words[j] as string)) j += STILL.has(words[j + 1] as string) ? 2 : 1;
    else if (words[j] === "would" && words[j + 1] === "be") j += 2;
    // "My recommendation to the panel: X", "my pick for the team: X"
    if (
      (words[j] === "to" || words[j] === "for") &&
      (words[j + 1] === "the" || words[j + 1] === "our") &&
      state.options.match(words, j + 2) === null &&
      (s.tokens[j + 2] as NaturalToken | undefined)?.pause === true
    )
      return chosen(j + 3);
    // "my vote goes to X", "I'll put my vote behind X"
    if (words[j] === "to" || words[j] === "for" || words[j] === "behind") j++;
    return chosen(j);
  }
  if (s.clauseStart(i) && cue.proposalNouns.has(words[i] as string) && (s.tokens[i] as NaturalToken).pause)
    return chosen(i + 1);
  // "Final suggestion from me: Restaurant B.", "I'm ready to make the call: Doctor Finch." (fresh160)
  if (cue.proposalNouns.has(words[i] as string) && (i === s.from || words[i - 1] === "final" || makingCall(words, i))) {
    for (let j = i; j < Math.min(end, i + 4); j++) {
      if (j > i && !cue.proposalLeadWords.has(words[j] as string)) break;
      if ((s.tokens[j] as NaturalToken).pause) return chosen(j + 1);
    }
  }
  const led = ledChoice(s, i, end, chosen) ?? leftAs(s, i, end, state);
  if (led !== null) return led;

  // "X, no question. That's my vote.", "X edges it — that's where I'd send us"
  const pointer = pointerProposal(s, i, end);
  if (pointer !== null) {
    const named = pointedOption(s, i, state);
    if (named !== null) return { option: named, end: pointer };
  }
  // "X gets my vote", "X is my pick", "X is the best choice"
  const first = optionFirst(s, i, end, state);
  if (first !== undefined) return first;
  const named = choiceFirst(s, i, end, state);
  if (named !== null) return named;
  // "I propose X", "let's go with X", "I think we should pick X"
  for (const verb of cue.proposeVerbs) {
    if (!verb.every((w, v) => words[i + v] === w)) continue;
    // "I'd go Tuesday 11am" (session 67): a bare "go" chooses only an option named right after it ("go for it" is none)
    if (verb.length === 1 && verb[0] === "go" && state.options.match(words, i + 1) === null) continue;
    // "I was going to propose X": not a proposal now; no speaker: no choice of the speaker's
    if (verbSpeaker(s, i) !== true) return null;
    // "I'd like to put forward X", "let's lock in X" (fresh86): the particle before the option
    const ahead = particleFirst(words, i, verb, chosen);
    if (ahead !== null) return ahead;
    const picked = chosen(i + verb.length);
    // "lock in X" after "lock", "support behind X" after "support": a longer verb may still match
    if (picked === null) continue;
    // "Going with Apartment D seems risky to me" (fresh117): the gerund's clause is the subject another verb weighs
    // ("I'm leaning toward Restaurant A. Could everyone share ...?", fresh342, session 68: only a verb of its own
    // sentence and clause weighs it, not the next sentence's "Could")
    const weighed = picked.end < s.to && !s.separated(picked.end - 1) && WEIGHING.has(words[picked.end] as string);
    if ((verb[0] as string).endsWith("ing") && weighed) return null;
    if (sayOpensClause(s, verb, picked.end, end)) return null;
    // "I'm putting X forward", "Let's lock X in" (not "putting X on the list", "lock X down")
    const particle = verb.length === 1 ? PARTICLES.get(verb[0] as string) : undefined;
    if (particle !== undefined) {
      if (particle.every((p, t) => words[picked.end + t] === p))
        return { ...picked, end: picked.end + particle.length };
      // "I think we should name Doctor Finch" (fresh64): "name" after a modal of the team's choice needs no "as"
      // "I say we name Doctor Finch" (fresh100): the speaker's call for the team
      // "I propose we name Employee A; every clue I hold ..." (fresh157)
      const sayWe = words[i - 1] === "we" && SAY_WE.has(words[i - 2] as string);
      if (verb[0] === "name" && (NAME_MODALS.has(words[i - 1] as string) || sayWe)) return picked;
      continue;
    }
    // "Let's make Restaurant D our pick" (not "make Restaurant D's case")
    if (verb.length === 1 && verb[0] === "make") {
      const noun = picked.end + 1;
      if (
        MAKE_OWNERS.has(words[picked.end] as string) &&
        (cue.proposalNouns.has(words[noun] as string) || cue.bestNouns.has(words[noun] as string))
      )
        return { ...picked, end: noun + 1 };
      continue;
    }
    return picked;
  }
  return null;
}

/**
 * Is the word at k a pointer other than "it" that closes its clause, maybe after the verb's particle ("I'd recommend
 * we lock that in", fresh145) or a time ("choose him this round")?
 */
function pointerCloses(s: Sentence, k: number, end: number): boolean {
  const close = pointerClose(s.words, k + 1 + (s.words[k + 1] === "in" ? 1 : 0));
  return POINTERS.has(s.words[k] as string) && s.words[k] !== "it" && (close >= end || s.separated(close - 1));
}

/** Is the word at i the "call" of the speaker "making the call"? */
function makingCall(words: readonly string[], i: number): boolean {
  return words[i] === "call" && words[i - 1] === "the" && (words[i - 2] === "make" || words[i - 2] === "making");
}

/** Does the verb at i open its clause, maybe after an adverb of keeping ("Still backing Restaurant C.", fresh152)? */
function opensClause(s: Sentence, i: number): boolean {
  return s.clauseStart(i) || (i - 1 >= s.from && s.clauseStart(i - 1) && STILL.has(s.words[i - 1] as string));
}

/**
 * "I'm going to say Restaurant B." (fresh145): "say" chooses only an option that closes its clause; is the option
 * ending at `after` followed by more of it ("... say X has 4" states a level)?
 */
function sayOpensClause(s: Sentence, verb: readonly string[], after: number, end: number): boolean {
  return verb[verb.length - 1] === "say" && !(after >= end || s.separated(after - 1));
}

/**
 * Verbs after "Going with X" that weigh the choice rather than make it: "seems risky", "would be a mistake" ("is"
 * is not among them: "Going with X is my plan" proposes).
 */
const WEIGHING: ReadonlySet<string> = new Set([
  "seems",
  "seem",
  "looks",
  "sounds",
  "feels",
  "would",
  "could",
  "might",
  "means",
  "makes",
  "carries",
]);

/** Subjects of "leaves X as our answer": the reasoning just given. */
const LEAVING = new Set(["that", "which", "this", "it"]);

/**
 * "That leaves **Employee A** as our answer." (fresh103), "which makes Lady Ashby my top suspect": what was reasoned
 * leaves the option as (or makes it) the team's answer, pick or choice (owned by "our" / "my" / "the", a proposal
 * noun or a best noun), closing the clause. Null otherwise.
 */
function leftAs(s: Sentence, i: number, end: number, state: ParseState): { option: number; end: number } | null {
  const { words } = s;
  // "..., which makes Lady Ashby my top suspect." (fresh544, session 74: a miss): "makes" with no "as"
  const makes = words[i + 1] === "makes" || words[i + 1] === "made";
  if (!LEAVING.has(words[i] as string) || !(words[i + 1] === "leaves" || makes) || !s.clauseStart(i)) return null;
  const option = state.options.match(words, i + 2);
  if (option === null || (!makes && words[option.end] !== "as")) return null;
  const ownerAt = makes ? option.end : option.end + 1;
  const owner = words[ownerAt] as string;
  if (!(owner === "our" || owner === "my" || owner === "the")) return null;
  let k = ownerAt + 1;
  if (cue.bestAdjectives.has(words[k] as string) || words[k] === "final") k++;
  const noun = words[k] as string;
  if (!(cue.proposalNouns.has(noun) || cue.bestNouns.has(noun))) return null;
  return k + 1 >= end || s.separated(k) ? { option: option.index, end: k + 1 } : null;
}

/**
 * "Restaurant C comes out on top." (fresh103): the option (opening the clause at i, its name ending at j) winning
 * the tally, closing the clause ("... on top for cakes sold" speaks of one attribute). The word after, or null.
 */
function comesOutOnTop(s: Sentence, i: number, j: number, end: number): number | null {
  const { words } = s;
  const top =
    (words[j] === "comes" || words[j] === "came") &&
    words[j + 1] === "out" &&
    words[j + 2] === "on" &&
    words[j + 3] === "top";
  return top && s.clauseStart(i) && (j + 4 >= end || s.separated(j + 3)) ? j + 4 : null;
}
