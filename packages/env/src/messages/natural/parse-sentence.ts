import type { Act } from "../act";
import { naturalCues as cue, negationWord } from "../natural-cues";
import type { NaturalToken } from "../natural-tokens";
import {
  askable,
  askPairs,
  checkRequest,
  fragmentPair,
  hasNumber,
  hintedPairQuestion,
  seenOptionQuestion,
  onePairQuestion,
  pointerRequest,
  requestAt,
  topicPair,
} from "./ask-cues";
import { LevelRangeError } from "./level-range-error";
import { naturalInteger, numberIn } from "./natural-integer";
import { claimedPair, confirmedIt, correctionLevel, namedValue, onlyNames, restatedFits } from "./correction";
import { pairedShares } from "./paired-shares";
import { pointedShare } from "./pointed-share";
import { passAt } from "./pass-cues";
import { proposalAt } from "./proposal-cues";
import { hedgedProposal } from "./hedged-proposal";
import { pointedSuggestion, suggestionAt } from "./consent-proposal";
import { replacedValue } from "./replaced-value";
import { LOOK_BACK, onlyOptionBefore, type ParseState, type Sentence } from "./sentence";
import { questionStart, sentenceAddress } from "./sentence-address";
import { carriedShare } from "./carried-share";
import { ownerShare } from "./owner-share";
import { attributeOwners, ownerAttributeAt } from "../natural-matchers";
import { attributeFirstShare, attributeLedShare, countShare, itsLevel, subjectShare } from "./share-cues";
import { type Item, continuation, itemList, levelAt } from "./share-items";
import { trailingHedge } from "./trailing-hedge";

export interface SentenceResult {
  acts: Act[];
  /** The sentence is a heading naming only an option ("For Restaurant A:"): no acts, and not unparsed. */
  heading: boolean;
  /** The agent the sentence addresses ("Question for Agent 2:"), if it names one. */
  to?: number;
  /** The pair of an ask read by a word of its attribute ("is Carol free on X?"), which the next question may restate. */
  hinted?: { option: number; attribute: number };
  /** The pair of the speaker's share a "scratch that" withdrew, with no new level (the next sentence may give it). */
  withdrawn?: { option: number; attribute: number };
}

/** Appends acts to one sentence's list: asks addressed as the sentence says, shares checked against the levels. */
interface ActSink {
  acts: Act[];
  /** The pair of the share a "scratch that" clause took back. */
  withdrawn?: { option: number; attribute: number };
  ask(option: number, attribute: number): void;
  share(option: number, attribute: number, level: number): void;
}

/** The acts of one sentence from words[first] on (the cue families in the order they are tried). */
export function parseSentence(s: Sentence, first: number, state: ParseState): SentenceResult {
  if (headingAt(s, first, state)) return { acts: [], heading: true };
  const question = questionStart(s, first);
  const { to, tagged } = sentenceAddress(s, first, question, state.task);
  const out = actSink(to, state);
  declarativeActs(s, first, question, tagged, state, out);
  // question part: asks only, and only when no value is asked about
  // "did you see Lady Ashby with the poison bottle?": whether someone was seen, no level asked for
  const seen = question < s.to && seenOptionQuestion(s, question, tagged, state);
  if (question < s.to && !seen && askable(s, question, tagged)) {
    const pairs = askPairs(s, question, s.to, state);
    for (const p of pairs) out.ask(p.option, p.attribute);
    const topic = pairs.length === 0 && out.acts.length === 0 ? topicPair(s, first, question, tagged, state) : null;
    if (topic !== null) out.ask(topic.option, topic.attribute);
    // "Agent 2 — Lena's calendar, Tuesday morning?": names only
    const fragment = out.acts.length === 0 && question === first ? fragmentPair(s, first, tagged, state) : null;
    if (fragment !== null) out.ask(fragment.option, fragment.attribute);
  }
  // "Agent 3 — Dan at Monday 4pm, 0 or 1?", "Agent 3, what about Erin on Monday 4pm?" (fresh191): names only, with
  // the levels offered at the close or "what about" before them (the question the checks above passed by)
  const offered = out.acts.length === 0 && question < s.to && !seen ? fragmentPair(s, first, tagged, state) : null;
  if (offered !== null) out.ask(offered.option, offered.attribute);
  // "Agent 2, I've got nothing on X's Y yet — can you fill that in?": a request pointing back to the one pair named
  const request =
    question < s.to && out.acts.length === 0 && question > first ? pointerRequest(s, question, tagged, state) : null;
  if (request !== null) {
    const pair = namedPair(s, first, question, tagged, state);
    if (pair !== null) out.ask(pair.option, pair.attribute);
    // "I'm missing Apartment A's size and neighbourhood — could you fill those in?" (fresh183): a plural pointer
    // takes every pair named before it
    else for (const p of namedPairs(s, first, question, tagged, state)) out.ask(p.option, p.attribute);
    // "I don't have B's ambience, so could Agent 2 give it?" (fresh505, session 73): to the agent the request names
    for (const act of out.acts)
      if (act.kind === "ask" && act.to === undefined && request.to !== undefined) act.to = request.to;
  }
  // "Could you read me X's Y?", "What did X bring in from Y?": a direct question naming one pair, whatever its verb
  if (question < s.to && !seen && out.acts.length === 0) {
    const pair =
      onePairQuestion(s, question, tagged, state) ??
      (to === undefined ? null : onePairQuestion(s, question, tagged, state, true));
    if (pair !== null) out.ask(pair.option, pair.attribute);
    for (const option of pair?.also ?? []) out.ask(option, pair?.attribute as number);
  }
  // "Candidate C's teamwork might be around 3 but I'm not certain, can someone double-check?" (fresh365, session 69):
  // a bare request to check closing a sentence asks for the one pair named before it, whatever its number
  const check =
    question > first && question < s.to && !out.acts.some((a) => a.kind === "ask")
      ? checkRequest(s, question, tagged, state.task.agents)
      : null;
  const checked = check === null ? [] : askPairs(s, first, question, state);
  if (check !== null && checked.length === 1) {
    const { option, attribute } = checked[0] as { option: number; attribute: number };
    out.ask(option, attribute);
    const ask = out.acts[out.acts.length - 1] as Extract<Act, { kind: "ask" }>;
    if (ask.to === undefined && check.to !== undefined) ask.to = check.to;
  }
  let hinted: { option: number; attribute: number } | null = null;
  // "Agent 3, is Carol free on Tuesday 9am?", "how roomy is Apartment A?": the attribute named by a word of it
  if (question < s.to && out.acts.length === 0) {
    hinted = hintedPairQuestion(s, question, tagged, state);
    if (hinted !== null) out.ask(hinted.option, hinted.attribute);
  }
  // "Shall we go with Monday 9am?", "How about we settle on X?": a proposal put as a question
  const suggested = question < s.to && !s.conditionalAt(question) ? suggestionAt(s.words, question) : null;
  if (suggested !== null && !hasNumber(s, question, s.to, tagged)) {
    // "X works best for the call; shall we go with it?": "it" is the one option named before the question
    const option = proposalAt(s, suggested, s.to, state)?.option ?? pointedSuggestion(s, suggested, question, state);
    if (option !== null) {
      out.acts.push({ kind: "propose", option });
      state.subject = option;
    }
  }
  // "Agent 2: Lena's calendar for Monday noon, please.": a request of names only
  if (out.acts.length === 0 && question >= s.to) {
    const request = fragmentPair(s, first, tagged, state);
    if (request !== null) out.ask(request.option, request.attribute);
  }
  const named = namedOptions(out.acts);
  if (named.size === 1) state.subject = [...named][0] as number;
  else if (named.size > 1) state.subject = null;
  // "Agent 2 mentioned that Apartment C's natural light is 4. Its neighbourhood is a 3." (fresh75): a sentence of no
  // act that names one option (someone else's claim, a question) is still what "its" after it points to
  else if (out.acts.length === 0) {
    const only = onlyOptionBefore(s, s.to, state);
    if (only !== null) state.subject = only;
  }
  const result: SentenceResult = { acts: out.acts, heading: false };
  if (to !== undefined) result.to = to;
  if (hinted !== null) result.hinted = hinted;
  if (out.withdrawn !== undefined && out.acts.length === 0) result.withdrawn = out.withdrawn;
  return result;
}

/** The one pair a span names (as an ask would, else one option and one attribute), with no number; else null. */
export function namedPair(
  s: Sentence,
  from: number,
  to: number,
  tagged: ReadonlySet<number>,
  state: ParseState,
): { option: number; attribute: number } | null {
  if (to <= from || ungatedNumber(s, from, to, tagged)) return null;
  const pairs = askPairs(s, from, to, state);
  if (pairs.length > 1) return null;
  return (pairs[0] as { option: number; attribute: number } | undefined) ?? onlyNames(s, from, to, state);
}

/** Plural pointers of a request: "could you fill those in?", "can you share them?". */
export const PLURAL_POINTERS: ReadonlySet<string> = new Set(["those", "them", "these"]);

/**
 * The two to four pairs a span names as an ask would, with no number stated ("Two gaps left: B's experience and D's
 * communication."), for a plural pointer in the sentence after it ("Does anyone have those?"); empty otherwise.
 */
export function namedPairsAlone(
  s: Sentence,
  from: number,
  to: number,
  tagged: ReadonlySet<number>,
  state: ParseState,
): { option: number; attribute: number }[] {
  if (to <= from || ungatedNumber(s, from, to, tagged)) return [];
  const pairs = askPairs(s, from, to, state);
  return pairs.length >= 2 && pairs.length <= 4 ? pairs : [];
}

/**
 * The two to four pairs named from..to when the request after it (to..s.to) points back with a plural ("those",
 * "them"), none of them stated; empty otherwise.
 */
function namedPairs(
  s: Sentence,
  from: number,
  to: number,
  tagged: ReadonlySet<number>,
  state: ParseState,
): { option: number; attribute: number }[] {
  if (!s.words.slice(to, s.to).some((w) => PLURAL_POINTERS.has(w))) return [];
  return namedPairsAlone(s, from, to, tagged, state);
}

/**
 * A number in from..to that the sentence states (not under a condition or negation): "If X's Y turns out to be 3,
 * she'd be my pick" (fresh128) still names X's Y as its topic for "Does anyone know it?" after it.
 */
function ungatedNumber(s: Sentence, from: number, to: number, tagged: ReadonlySet<number>): boolean {
  for (let k = from; k < to; k++) if (s.gate[k] !== true && hasNumber(s, k, k + 1, tagged)) return true;
  return false;
}

/** Words after a paired list that leave its order in doubt: a modal, a negation, "vice versa", "the other way". */
const ORDER_DOUBTS = new Set(["vice", "reverse", "reversed", "swapped", "other", "unsure"]);

/** "in some order", "in either order" (fresh40): the order left open; "in that order" keeps it. */
const OPEN_ORDERS = new Set(["some", "either", "any", "random", "unknown", "whatever"]);

/** Does a doubt about the pairing (or an estimate closing it) follow the list ending at k, in the same sentence? */
/** Where the aside in parentheses opening at j ends (exclusive), or null when none opens at j. */
function asideEnd(s: Sentence, j: number): number | null {
  if (!(s.tokens[j] as NaturalToken).aside || (j > s.from && (s.tokens[j - 1] as NaturalToken).aside)) return null;
  let e = j;
  while (e < s.to && (s.tokens[e] as NaturalToken).aside) e++;
  return e;
}

/**
 * Negations of a later clause that say nothing of a list's order, with the words that may follow them: "which nobody
 * had yet", "nothing on C's", "nothing else" ("nobody should quote me on the order", "nothing certain" still doubt it).
 */
const NOBODY: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  ["nobody", new Set(["had", "has", "have", "else", "posted", "shared", "gave", "mentioned", "covered"])],
  ["nothing", new Set(["on", "for", "about", "else", "more", "from", "further"])],
]);

/** Is there a clause break (a pause) between the words k and j? */
function pausedBetween(s: Sentence, k: number, j: number): boolean {
  for (let m = Math.max(k - 1, s.from); m < j; m++) if ((s.tokens[m] as NaturalToken).pause) return true;
  return false;
}

/** Does the aside j..e name an option, none of them among the paired shares' options? */
function asideNamesOther(
  s: Sentence,
  j: number,
  e: number,
  shares: readonly (readonly [number, number, number])[],
  state: ParseState,
): boolean {
  const listed = new Set(shares.map(([o]) => o));
  // "For Monday evening, Priya's and Omar's calendars are 1 and 2 respectively; no Tomas data here." (fresh508,
  // fresh510, session 73): a list over one option's attributes, a later clause naming another attribute (or its
  // owner) only
  const attributes = listed.size === 1 ? new Set(shares.map(([, a]) => a)) : null;
  let other = false;
  for (let k = j; k < e; k++) {
    const o = state.options.match(s.words, k);
    const a = attributes === null ? null : attributeOrOwner(s.words, k, state);
    if (o === null && a === null) continue;
    if ((o !== null && listed.has(o.index)) || (a !== null && attributes?.has(a.index))) return false;
    other = true;
    k = (o ?? a)!.end - 1;
  }
  return other;
}

/** The attribute named at k, by its name or its owner's alone ("Tomas", "Tomas's"), or null. */
function attributeOrOwner(
  words: readonly string[],
  k: number,
  state: ParseState,
): { index: number; end: number } | null {
  const named = state.attributes.match(words, k) ?? ownerAttributeAt(state.task.domain, words, k);
  if (named !== null) return named;
  const owner = attributeOwners(state.task.domain).get(words[k] as string);
  return owner === undefined ? null : { index: owner, end: k + 1 };
}

/**
 * Does word j doubt a paired list's order, a negation aside: a word of doubt, a modal, "whichever", an open order
 * ("in either order"), a condition ("..., unless I mixed them up"), or an estimate closing the list ("A and B score 1
 * and 2 on X, give or take", fresh41, fresh42)?
 */
function orderDoubtAt(s: Sentence, j: number, end: number): boolean {
  const w = s.words[j] as string;
  if (ORDER_DOUBTS.has(w) || cue.modals.has(w) || cue.conditionals.has(w) || w === "whichever") return true;
  if (w === "order" && OPEN_ORDERS.has(s.words[j - 1] as string)) return true;
  return trailingHedge(s, j, end);
}

/** Does a doubt of the order (or "order" at all) stand among the words j..e-1 ("and Lord Ashby could be higher")? */
function doubtIn(s: Sentence, j: number, e: number): boolean {
  for (let k = j; k < e; k++) if (s.words[k] === "order" || orderDoubtAt(s, k, e)) return true;
  return false;
}

/** Does a number stand among the words j..e-1? */
function levelIn(s: Sentence, j: number, e: number): boolean {
  for (let k = j; k < e; k++) if (naturalInteger(s.words[k]) !== null) return true;
  return false;
}

function orderDoubted(
  s: Sentence,
  k: number,
  shares: readonly (readonly [number, number, number])[],
  state: ParseState,
): boolean {
  for (let j = k; j < s.to; j++) {
    // "... 2, 4 and 4 respectively (C I haven't got)" (fresh140): an aside about an option the list left out says
    // nothing of the list's order
    const aside = asideEnd(s, j);
    if (aside !== null && asideNamesOther(s, j, aside, shares, state)) {
      j = aside - 1;
      continue;
    }
    // "A and C are 2 and 4 respectively; I don't have B or D." (fresh210, session 61): a later clause about other
    // options only, with no level, says nothing of the list's order either
    if (j > s.from && s.separated(j - 1)) {
      let e = j;
      while (e < s.to && !s.separated(e)) e++;
      const span = Math.min(e + 1, s.to);
      if (!levelIn(s, j, span) && !doubtIn(s, j, span) && asideNamesOther(s, j, span, shares, state)) {
        j = span - 1;
        continue;
      }
    }
    const w = s.words[j] as string;
    // "..., 4 and 5 respectively, which nobody had yet", "...; I've got nothing on C's" (fresh160, fresh176,
    // session 61): "nobody" / "nothing" in a later clause speaks of other cells, not of the list's order
    if (NOBODY.get(w)?.has(s.words[j + 1] as string) === true && pausedBetween(s, k, j)) continue;
    if (negationWord(w) || orderDoubtAt(s, j, s.to)) return true;
  }
  return false;
}

/** Is the sentence a heading line that names only an option? Then it sets the option of the list lines under it. */
export function headingAt(s: Sentence, first: number, state: ParseState): boolean {
  const { words } = s;
  let j = first;
  while (j < s.to && cue.headingWords.has(words[j] as string)) j++;
  const option = state.options.match(words, j);
  let k = option?.end ?? j;
  while (k < s.to && cue.headingWords.has(words[k] as string)) k++;
  if (option !== null && k === s.to) {
    state.context = option.index;
    state.subject = option.index;
    return true;
  }
  return false;
}

function actSink(to: number | undefined, state: ParseState): ActSink {
  const acts: Act[] = [];
  return {
    acts,
    ask(option, attribute) {
      if (acts.some((a) => a.kind === "ask" && a.option === option && a.attribute === attribute)) return;
      acts.push(to === undefined ? { kind: "ask", option, attribute } : { kind: "ask", option, attribute, to });
    },
    share(option, attribute, level) {
      const [lo, hi] = state.task.levels;
      if (level < lo || level > hi) throw new LevelRangeError(`level ${level} out of range (levels ${lo}..${hi})`);
      acts.push({ kind: "share", option, attribute, level });
    },
  };
}

/** The items of a list line under a heading ("- food quality: 4"); the word after them, or `first` if none. */
function contextItems(s: Sentence, first: number, question: number, state: ParseState, out: ActSink): number {
  if (state.context !== null) {
    const items = itemList(s, first, question, state, true);
    if (items.length > 0 && !s.gate[first] && !s.modal[first]) {
      for (const item of items) out.share(state.context, item.attribute, item.level);
      return (items[items.length - 1] as Item).end;
    }
    // "* Omar: 0 — Agent 1's figure, not mine" (fresh216, session 62): an item someone else's word or a doubt holds
    // back gives nothing, and the heading still holds for the items after it
    if (items.length > 0) return first;
  }
  state.context = null;
  return first;
}

/** The asks a request names from i on ("Please tell me X's Y"), or null when it names none (or a value). */
function requestedAsks(s: Sentence, i: number, question: number, tagged: ReadonlySet<number>, state: ParseState) {
  const pairs = hasNumber(s, i, question, tagged) ? [] : askPairs(s, i + 1, question, state);
  return pairs.length > 0 ? pairs : null;
}

/** A share at i, subject first or attribute first; the word after it, or null when there is none. */
function shareAt(
  s: Sentence,
  first: number,
  i: number,
  question: number,
  state: ParseState,
  out: ActSink,
): number | null {
  // share, subject first: "<option> has ...", "<option>'s ...", "<option>: ...", "it has ..."
  const subject = subjectShare(s, i, question, state);
  if (subject !== null) {
    for (const option of subject.options)
      for (const item of subject.items) out.share(option, item.attribute, item.level);
    state.subject = subject.options.length === 1 ? (subject.options[0] as number) : null;
    return subject.end;
  }
  // counts: "There are 2 apples on Shelf A", "I count 3 onions on Shelf B", "On Shelf A I found 2 rice bags"
  const counted = countShare(s, i, question, state);
  if (counted !== null) {
    for (const item of counted.items) out.share(counted.option, item.attribute, item.level);
    state.subject = counted.option;
    return counted.end;
  }
  // "As for Apartment C's natural light, it's a 4": the one pair the clause before names
  const its = itsLevel(s, i, question, state);
  if (its !== null && i > s.from && s.separated(i - 1)) {
    const pairs = askPairs(s, Math.max(s.from, i - LOOK_BACK), i, state);
    const one = pairs.length === 1 ? (pairs[0] as { option: number; attribute: number }) : null;
    if (one !== null && out.acts.length === 0) {
      out.share(one.option, one.attribute, its.value);
      return its.end;
    }
  }
  // "Erin is a 1 for Monday 4pm", "Erin is a 1 there": a person for their attribute, as the subject of a level
  const owned = ownerShare(s, i, question, state);
  if (owned !== null) {
    out.share(owned.option, owned.attribute, owned.level);
    state.subject = owned.option;
    return owned.end;
  }
  // "Counting Shelf B's rice bags, I get 2", "Checking Shelf A's apples, I see 4"
  const checked = checkedShare(s, i, question, state);
  if (checked !== null) {
    out.share(checked.option, checked.attribute, checked.level);
    state.subject = checked.option;
    return checked.end;
  }
  // "On broken watch, Lord Ashby scores 1"
  const led = attributeLedShare(s, i, question, state);
  if (led !== null) {
    out.share(led.option, led.attribute, led.level);
    state.subject = led.option;
    return led.end;
  }
  // share, attribute first: "[the] <attribute> of <option> is <level>"
  const reversed = attributeFirstShare(s, i, question, state);
  if (reversed === null) {
    // "Let's go with Candidate D. Technical skill: 5.": the option the talk is about
    const carried = carriedShare(s, first, i, question, state);
    if (carried === null) return null;
    for (const item of carried.items) out.share(carried.option, item.attribute, item.level);
    state.subject = carried.option;
    return carried.end;
  }
  out.share(reversed.option, reversed.attribute, reversed.level);
  const more = continuation(s, reversed.end, question, state);
  for (const item of more) out.share(reversed.option, item.attribute, item.level);
  state.subject = reversed.option;
  return more.length > 0 ? (more[more.length - 1] as Item).end : reversed.end;
}

/** "Counting <option>'s <attribute>, I get <level>": the one pair a gerund clause names and the speaker's count. */
function checkedShare(s: Sentence, i: number, end: number, state: ParseState) {
  const w = s.words[i] as string;
  if (!s.clauseStart(i) || !(w === "counting" || w === "checking" || (w === "looking" && s.words[i + 1] === "at")))
    return null;
  let p = i + 1;
  while (p < end && p < i + 8 && !s.separated(p)) p++;
  if (p >= end - 1 || !(s.words[p + 1] === "i" || s.words[p + 1] === "we")) return null;
  const pairs = askPairs(s, i + 1, p + 1, state);
  if (pairs.length !== 1) return null;
  const level = correctionLevel(s, p + 1, end, state);
  return level === null || !restatedFits(level, pairs[0] as { option: number; attribute: number })
    ? null
    : { ...(pairs[0] as { option: number; attribute: number }), level: level.value, end: level.end };
}

/**
 * The one pair named before i in a sentence that reports someone else's word there, when no claim with a level
 * was read ("Agent 2's 2 for Stall D's cakes sold is wrong — I have -2", "X's service: Agent 1 says 4, I say
 * 2"); null when nothing before i is reported or the names give no single pair.
 */
function reportedTopic(s: Sentence, i: number, state: ParseState): { option: number; attribute: number } | null {
  // someone else's word: a gated span and another agent or a reporting verb in it (not a negation or condition)
  let reported = false;
  for (let k = Math.max(s.from, i - LOOK_BACK); k < i; k++) {
    if (s.gate[k] && (s.words[k] === "agent" || cue.reporting.has(s.words[k] as string))) reported = true;
    // "Agent 3 is mistaken about X's Y; it's 1 on my end": another agent called wrong about the pair
    if (s.words[k] === "agent" && naturalInteger(s.words[k + 1]) !== null && calledMistaken(s.words, k + 2))
      reported = true;
  }
  if (!reported) return null;
  const pairs = askPairs(s, Math.max(s.from, i - LOOK_BACK), i, state);
  return pairs.length === 1 ? (pairs[0] as { option: number; attribute: number }) : null;
}

/** "is mistaken about", "was wrong on", "has got it wrong about" at k. */
function calledMistaken(words: readonly string[], k: number): boolean {
  if (!(words[k] === "is" || words[k] === "was" || words[k] === "'s")) return false;
  const w = words[k + 1];
  const about = words[k + 2];
  return (w === "mistaken" || w === "wrong") && (about === "about" || about === "on" || about === "regarding");
}

/** "<someone> has X's Y wrong: it's 5" at i (the "it's 5" clause): the one pair named before "wrong", and the level. */
function calledWrong(s: Sentence, i: number, end: number, state: ParseState) {
  const { words } = s;
  if (words[i] !== "it" || !(words[i + 1] === "'s" || words[i + 1] === "is")) return null;
  const before = words[i - 1];
  if (!(before === "wrong" || before === "incorrect" || before === "mistaken") || i - 1 <= s.from) return null;
  const level = levelAt(s, i + 2, end, state);
  if (level === null || !(level.end >= end || s.separated(level.end - 1))) return null;
  const pairs = askPairs(s, s.from, i - 1, state);
  return pairs.length === 1
    ? { ...(pairs[0] as { option: number; attribute: number }), level: level.value, end: level.end }
    : null;
}

/** Past verbs of the speaker's own earlier statement: "I said", "I previously wrote", "earlier I gave". */
const SAID = new Set([
  "said",
  "told",
  "wrote",
  "reported",
  "gave",
  "put",
  "listed",
  "posted",
  "shared",
  "typed",
  "entered",
  // "I'd written a 5 for X" (fresh239, session 63): the past participle after "I'd"
  "written",
  "given",
]);

/**
 * Past forms that are the speaker's look at the option now, not an entry they made ("I checked X's Y: 3"): they
 * never mark an earlier value of the speaker's.
 */
const LOOKED = new Set([
  "checked",
  "rechecked",
  "counted",
  "recounted",
  "tallied",
  "looked",
  "found",
  "verified",
  "confirmed",
  "noticed",
  "observed",
  "visited",
  "asked",
  "wanted",
  "needed",
  "liked",
  "preferred",
  "loved",
]);

/**
 * Does the speaker write down an entry at k ("I said", "I jotted down", "I keyed in", "I logged")? A verb of
 * saying, or a past form ("-ed") that is no look at the option (LOOKED).
 */
export function ownEntryVerb(w: string): boolean {
  return SAID.has(w) || (w.length > 4 && w.endsWith("ed") && !LOOKED.has(w));
}

/**
 * Words that call the speaker's own entry a slip where they stand in its clause: "I jotted down X as 0 by mistake",
 * "I keyed in 2 wrongly", "I mistakenly wrote 3". The entry is withdrawn: never the speaker's value.
 */
const SLIP = new Set(["mistake", "mistakenly", "wrongly", "erroneously", "accidentally", "accident", "typo"]);

/** "my earlier message had / said", "my last post listed", "my previous update gave" at k. */
function earlierPost(words: readonly string[], k: number): boolean {
  if (words[k] !== "my" || !EARLIER_ADJECTIVES.has(words[k + 1] as string)) return false;
  if (!POSTS.has(words[k + 2] as string)) return false;
  const verb = words[k + 3] as string;
  return verb === "had" || verb === "gave" || verb === "showed" || ownEntryVerb(verb);
}

const EARLIER_ADJECTIVES: ReadonlySet<string> = new Set(["earlier", "previous", "last", "first", "original"]);
const POSTS: ReadonlySet<string> = new Set(["message", "post", "note", "update", "reply", "answer", "report", "turn"]);
/** Nouns of a figure the speaker gave: "my earlier number for ...". */
const FIGURES: ReadonlySet<string> = new Set([
  "number",
  "figure",
  "value",
  "entry",
  "rating",
  "score",
  "estimate",
  "count",
]);

/** Does the sentence before i hold the speaker's own earlier statement ("I previously said ...", "I jotted down")? */
/** Apologies that may lead the speaker's own entry verb with no "I": "my bad, said ...", "oops, wrote ...". */
const APOLOGIES: ReadonlySet<string> = new Set(["bad", "oops", "whoops", "sorry", "mistake", "oopsie"]);

export function ownEarlierValue(s: Sentence, i: number): boolean {
  for (let k = Math.max(s.from, i - LOOK_BACK); k < i; k++) {
    // "My earlier message had Apartment A's rent as 4 — that's wrong." (fresh347, session 68: a wrong act): the
    // speaker's earlier post as the subject
    if (earlierPost(s.words, k)) return true;
    // "Oops, my earlier Restaurant D ambience of 4 was wrong; it's 2." (fresh480, session 70: a wrong act): the
    // speaker's earlier value itself as the subject
    // (not "my earlier post", "my earlier number for ...": a post or a figure of it is read by its own rules)
    if (
      s.words[k] === "my" &&
      (s.words[k + 1] === "earlier" || s.words[k + 1] === "previous") &&
      !POSTS.has(s.words[k + 2] as string) &&
      !FIGURES.has(s.words[k + 2] as string)
    )
      return true;
    // "my bad, said Shelf B had 5 rice bags." (fresh531, session 73: a wrong act): an apology, then the entry verb
    // with its "I" left out
    if (k > s.from && APOLOGIES.has(s.words[k - 1] as string) && ownEntryVerb(s.words[k] as string)) return true;
    // "I'd typed a 5 for X, but the real score is 2" (fresh239, session 63): "I'd" before the entry verb
    if (!(s.words[k] === "i" || s.words[k] === "we" || s.words[k] === "i'd" || s.words[k] === "we'd")) continue;
    const verb = cue.selves.has(s.words[k + 1] as string) ? k + 2 : k + 1;
    // "... on Employee I.": an option's letter "I" may close the sentence, with no verb after it
    const word = s.words[verb];
    if (word !== undefined && ownEntryVerb(word)) return true;
  }
  return false;
}

/**
 * Does the clause of the share at i..end call the speaker's entry a slip ("I jotted down X as 0 by mistake; ...")?
 * The clause runs from the last pause before i to the first pause after end ("I made a mistake earlier: X is 3"
 * admits a slip in a clause of its own and states the new value after it); a word of someone else (an agent) in it
 * makes it theirs, not the speaker's slip.
 */
export function slipClause(s: Sentence, first: number, i: number, end: number, question: number): boolean {
  let start = i;
  while (start > first && !s.separated(start - 1)) start--;
  let own = false;
  let slip = false;
  for (let k = start; k < question; k++) {
    const w = s.words[k] as string;
    if (k >= end && k > first && s.separated(k - 1)) break;
    if (w === "agent" || w === "you" || w === "your") return false;
    if (w === "i" || w === "my" || w === "we" || w === "our") own = true;
    if (SLIP.has(w)) slip = true;
  }
  return own && slip;
}

/** Where the reason right after a proposal starts ("whose ...", "which has ...", "since ...", "— its ..."), or null. */
function reasonAt(s: Sentence, i: number): number | null {
  const { words } = s;
  if (words[i] === "whose") return i + 1;
  if (words[i] === "which" && cue.haveVerbs.has(words[i + 1] as string)) return i + 2;
  if (words[i] === "since" || words[i] === "because" || words[i] === "as") return i + 1;
  if (words[i] === "given" && words[i + 1] === "that") return i + 2;
  // "..., on the strength of experience 5"
  if (words[i] === "on" && words[i + 1] === "the" && words[i + 2] === "strength" && words[i + 3] === "of") return i + 4;
  return i > s.from && s.separated(i - 1) ? i : null;
}

/** The shares a proposal's reason gives its option from `reason` on, and the word after them; null when none. */
function reasonShares(
  s: Sentence,
  reason: number,
  question: number,
  state: ParseState,
  option: number,
  out: ActSink,
): number | null {
  const items = itemList(s, reason, question, state, true);
  for (const item of items) out.share(option, item.attribute, item.level);
  if (items.length > 0) return (items[items.length - 1] as Item).end;
  // "Let's settle on C — cleanliness there is a 5": "there" is the option just proposed
  const pointed = pointedShare(s, reason, question, state);
  if (pointed === null) return null;
  out.share(option, pointed.attribute, pointed.level);
  return pointed.end;
}

/**
 * A correction at i, the word after it or null: of a claim earlier in the sentence ("Agent 2 claims X's service
 * is 4, but I see 2"), of a pair called wrong ("has X's Y wrong: it's 5"), or of the speaker's own last share
 * ("Earlier I said X's service was 2; it's actually 3").
 */
function correctionAt(s: Sentence, i: number, question: number, state: ParseState, out: ActSink): number | null {
  const { words } = s;
  // "I said X was a 2, but I misread the row, and it's actually a 4" (fresh63): after a pause, "and" opens the
  // clause that replaces the speaker's own earlier value, and nothing else
  // "I listed X as -1, when it's actually 0." (fresh267, session 64: a wrong act): "when" before "it's actually"
  const whenIndeed =
    words[i - 1] === "when" &&
    words[i] === "it" &&
    (words[i + 1] === "'s" || words[i + 1] === "is") &&
    (words[i + 2] === "actually" || words[i + 2] === "really");
  const opens = (i > s.from && s.clauseStart(i)) || cue.clauseBreaks.has(words[i - 1] as string) || whenIndeed;
  const andOnly = words[i - 1] === "and" && i - 2 >= s.from && s.separated(i - 2);
  if (!opens && !andOnly) return null;
  // "If X's service is 5, I say 2": a value under a condition corrects nothing
  if (s.conditionalAt(i)) return null;
  // "Agent 3 says X is 0, and I can confirm it's 0" (fresh183): after "and", the speaker's own confirmation of the
  // claim's pair is read as a correction is
  if (!opens && confirmedIt(words, i) === null) return ownValueAgain(s, i, question, state, out);
  // "X's Y is 5 — no wait, it's 3", "... 4 — sorry, I meant 2": a retraction after the speaker's own share replaces it
  const prior = out.acts[out.acts.length - 1];
  // "Earlier I said X's Y was 3 — please ignore that, I don't have it" (fresh113): withdrawn, with no new value
  const withdrawn =
    prior?.kind === "share"
      ? (withdrawalEnd(s, i, { state, option: prior.option }) ?? misreadRowEnd(s, i, state, prior.option))
      : null;
  if (withdrawn !== null && prior?.kind === "share") {
    out.acts.pop();
    // (the sentence's clauses are then read no further: "I previously said D's quietness was 4; please disregard
    // that, I misread the row.", fresh349, session 68: a wrong act, read alone they gave the share back)
    out.withdrawn = { option: prior.option, attribute: prior.attribute };
    return withdrawn;
  }
  const retracted = prior?.kind === "share" ? retractedLevel(s, i, question, state) : null;
  if (retracted !== null && prior?.kind === "share") {
    out.acts.pop();
    out.share(prior.option, prior.attribute, retracted.value);
    return retracted.end;
  }
  // "X's menu variety is 4 — scratch that, I was looking at D's row" (fresh179): withdrawn, no new level after it
  const scratched = prior?.kind === "share" ? scratchEnd(s, i, question) : null;
  if (scratched !== null && prior?.kind === "share") {
    out.acts.pop();
    out.withdrawn = { option: prior.option, attribute: prior.attribute };
    return scratched;
  }
  const level = correctionLevel(s, i, question, state);
  const claim = level === null ? null : (claimedPair(s, s.from, i, state) ?? reportedTopic(s, i, state));
  // "I wrote Shelf A has 1 rice bag — it's actually 2 rice bags." (fresh348, session 68): names said again after the
  // value may be those of the speaker's own share just made, which it replaces below
  const ownNames = claim === null && prior?.kind === "share" && level !== null && restatedFits(level, prior);
  if (level?.restated !== undefined && !ownNames && (claim === null || !restatedFits(level, claim))) return null;
  if (level !== null && claim !== null) {
    out.share(claim.option, claim.attribute, level.value);
    return level.end;
  }
  const wrongPair = level === null ? calledWrong(s, i, question, state) : null;
  if (wrongPair !== null) {
    // "I had X's Y at 2 — wrong, it's 0": the speaker's own share just made of the same pair is the one called
    // wrong, replaced rather than kept beside the new value
    const own = out.acts[out.acts.length - 1];
    if (own?.kind === "share" && own.option === wrongPair.option && own.attribute === wrongPair.attribute)
      out.acts.pop();
    out.share(wrongPair.option, wrongPair.attribute, wrongPair.level);
    return wrongPair.end;
  }
  const last = out.acts[out.acts.length - 1];
  const again = level === null ? ownValueAgain(s, i, question, state, out) : null;
  if (again !== null) return again;
  if (level !== null && last?.kind === "share") {
    out.acts.pop();
    out.share(last.option, last.attribute, level.value);
    return level.end;
  }
  // "Earlier I typed 0 for X's Y; the correct value is 1": the speaker's own earlier value, named level first
  if (level !== null && last === undefined && ownEarlierValue(s, i)) {
    const pairs = askPairs(s, s.from, i, state);
    if (pairs.length === 1) {
      const pair = pairs[0] as { option: number; attribute: number };
      out.share(pair.option, pair.attribute, level.value);
      return level.end;
    }
  }
  // "Re: X's Y — Agent 3's 1 should be a 4": someone's value and the speaker's in one clause, the pair named before
  const replaced = agentValueReplaced(s, i, question, state);
  if (replaced !== null) {
    out.share(replaced.option, replaced.attribute, replaced.value);
    return replaced.end;
  }
  return null;
}

/**
 * "I previously said X was 0; it's 1": after the speaker's own earlier value, a plain "it's 1" replaces it, and so
 * does the value named as the speaker's ("..., and the value I actually hold is 2", fresh165).
 */
function ownValueAgain(s: Sentence, i: number, question: number, state: ParseState, out: ActSink): number | null {
  const last = out.acts[out.acts.length - 1];
  const again =
    last?.kind === "share" && ownEarlierValue(s, i)
      ? (itsLevel(s, i, question, state) ?? namedValue(s, i, question, state) ?? null)
      : null;
  if (again === null || last?.kind !== "share") return null;
  out.acts.pop();
  out.share(last.option, last.attribute, again.value);
  return again.end;
}

/** Words that judge a value: "a really low score", "a higher number", "a bad rating". */
const VALUE_JUDGES: ReadonlySet<string> = new Set([
  ...["low", "lower", "lowest", "high", "higher", "highest", "bad", "worse", "worst", "poor", "terrible", "awful"],
  ...["good", "better", "best", "great", "strong", "weak", "different", "conflicting", "bigger", "smaller"],
]);

/** Does a word judging the value stand within five words from k ("has a really low food quality score")? */
function judgedValue(words: readonly string[], k: number, end: number): boolean {
  for (let j = k; j < Math.min(end, k + 5); j++) if (VALUE_JUDGES.has(words[j] as string)) return true;
  return false;
}

/** Verbs that withdraw what was just said: "(please) ignore that", "disregard that", "forget that". */
const WITHDRAWING: ReadonlySet<string> = new Set(["ignore", "disregard", "forget"]);

/** The end of "(please) ignore / disregard / forget that (one)" opening the clause at i, or null. */
export function withdrawalEnd(s: Sentence, i: number, named?: { state: ParseState; option: number }): number | null {
  let j = i;
  // "I said X was 3, but I can't find that in my notes anymore, so please disregard it." (fresh383, session 69: a
  // wrong act): "so" before the withdrawal
  if (s.words[j] === "so" || s.words[j] === "and") j++;
  // "Earlier I gave Monday morning, Tomas = 2. Withdrawn — possibly 1, need to re-check." (fresh511, session 73: a wrong
  // act): the participle alone, set off from what follows
  if (WITHDRAWN_WORDS.has(s.words[j] as string) && (j + 1 >= s.to || s.separated(j))) return j + 1;
  if (s.words[j] === "please" || s.words[j] === "just") j++;
  if (!WITHDRAWING.has(s.words[j] as string)) return null;
  const what = s.words[j + 1];
  if (what !== "that" && what !== "it" && what !== "this") return null;
  j += 2;
  if (s.words[j] === "one" || s.words[j] === "part") j++;
  // "so disregard that number entirely" (fresh495, session 72: a wrong act): the withdrawn value named, and how much
  else if (what === "that" && WITHDRAWN_NOUNS.has(s.words[j] as string)) {
    j++;
    // "please disregard that number for A" (fresh539, session 74: a wrong act): the withdrawn share's option named
    const forWhat =
      named !== undefined && FOR_WHAT.has(s.words[j] as string) ? named.state.options.match(s.words, j + 1) : null;
    if (forWhat !== null && forWhat.index === named?.option) j = forWhat.end;
  }
  if (WHOLLY.has(s.words[j] as string)) j++;
  return j >= s.to || s.separated(j - 1) ? j : null;
}

/** Words naming what a withdrawn value was for: "disregard that number for A". */
const FOR_WHAT: ReadonlySet<string> = new Set(["for", "on"]);

/** Leads of a remark that the speaker read another option's row: "I was reading", "I was looking at". */
const MISREAD_LEADS: readonly (readonly string[])[] = [
  ["i", "was", "reading"],
  ["i", "was", "reading", "off"],
  ["i", "was", "looking", "at"],
  ["i", "'d", "been", "reading"],
  ["i", "had", "been", "reading"],
];
/** What of another option the speaker read: "Restaurant C's row". */
const ROW_NOUNS: ReadonlySet<string> = new Set(["row", "line", "column", "entry", "numbers", "figures"]);

/**
 * "I said Restaurant A's menu variety was 5, but I was reading Restaurant C's row" (fresh539, session 74: a wrong
 * act): a clause saying the speaker read another option's row withdraws the share just made (its value was that
 * row's) — "(but | since | as) I was reading <option>'s row", closing the clause, the option not the share's own, and
 * the share's the one level the sentence gave before it.
 */
function misreadRowEnd(s: Sentence, i: number, state: ParseState, option: number): number | null {
  const { words } = s;
  const j = REMARK_JOINS.has(words[i] as string) ? i + 1 : i;
  const lead = [...MISREAD_LEADS].reverse().find((p) => p.every((w, n) => words[j + n] === w));
  if (lead === undefined) return null;
  // "I told you A's quietness was 2, but it's actually a 4 — I was looking at C's row" (fresh403): where the
  // sentence already gave a second level, the remark explains the corrected one and withdraws nothing
  let levels = 0;
  for (let k = s.from; k < i; k++) if (naturalInteger(words[k]) !== null && words[k - 1] !== "agent") levels++;
  if (levels !== 1) return null;
  const other = state.options.match(words, j + lead.length);
  if (other === null || other.index === option) return null;
  const k = words[other.end] === "'s" ? other.end + 1 : other.end;
  if (!ROW_NOUNS.has(words[k] as string)) return null;
  return k + 1 >= s.to || s.separated(k) ? k + 1 : null;
}
const REMARK_JOINS: ReadonlySet<string> = new Set(["but", "since", "as", "because"]);

/** Participles that withdraw the value before them, alone: "Withdrawn.", "Retracted —". */
const WITHDRAWN_WORDS: ReadonlySet<string> = new Set(["withdrawn", "retracted"]);
/** Nouns naming a withdrawn value after "that": "disregard that number", "ignore that figure". */
const WITHDRAWN_NOUNS: ReadonlySet<string> = new Set(["number", "figure", "value", "rating", "entry", "score"]);
/** Adverbs closing a withdrawal: "disregard it entirely". */
const WHOLLY: ReadonlySet<string> = new Set(["entirely", "completely", "altogether"]);

/**
 * The end of "(wait / no,) (please) scratch that" or "strike that" opening the clause at i, closed by a pause or the
 * sentence, where no number follows it before `end` (a new level after it replaces the share instead); or null.
 */
function scratchEnd(s: Sentence, i: number, end: number): number | null {
  let j = i;
  while (j < i + 2 && (s.words[j] === "wait" || s.words[j] === "no") && s.separated(j)) j++;
  // "I gave X's Y as 3 earlier — please scratch that." (fresh337, session 68: a wrong act)
  if (s.words[j] === "please" || s.words[j] === "just") j += 1;
  if (s.words[j] !== "scratch" && s.words[j] !== "strike") return null;
  if (s.words[j + 1] !== "that" && s.words[j + 1] !== "it") return null;
  j += 2;
  if (!(j >= end || s.separated(j - 1))) return null;
  return numberIn(s, j, end) ? null : j;
}

/** The word after "they're" / "they are" / "they 're" at j (a plural attribute's pronoun and its verb), or null. */
export function theyAreEnd(words: readonly string[], j: number): number | null {
  if (words[j] === "they're") return j + 1;
  return words[j] === "they" && (words[j + 1] === "are" || words[j + 1] === "'re") ? j + 2 : null;
}

/** Words of a retraction inside a sentence: "no wait,", "sorry, I meant", "scratch that —", "I mean", "my mistake,". */
const RETRACTING = new Set([
  "no",
  "wait",
  "sorry",
  "oops",
  "scratch",
  "strike",
  "that",
  "i",
  "mean",
  "meant",
  "my",
  "bad",
  "mistake",
  "error",
  "correction",
]);
/** The words such a retraction must hold one of ("no" or "that" alone retract nothing). */
const RETRACTING_HEADS = new Set([
  "wait",
  "sorry",
  "oops",
  "scratch",
  "strike",
  "meant",
  "mean",
  "bad",
  // "is 1 — my mistake, it's -1" (fresh38)
  "mistake",
  "error",
  "correction",
]);

/**
 * The level after a retraction opening the clause at i ("no wait, it's 3", "sorry, I meant 2"): the retraction words,
 * then only "it's" and a level, or a bare level, closing the sentence. Null otherwise.
 */
function retractedLevel(s: Sentence, i: number, end: number, state: ParseState): { value: number; end: number } | null {
  let j = i;
  let head = false;
  while (j < end && j < i + 5 && RETRACTING.has(s.words[j] as string)) {
    if (RETRACTING_HEADS.has(s.words[j] as string)) head = true;
    j++;
  }
  if (!head || j === i) return null;
  if (s.words[j] === "it" && (s.words[j + 1] === "'s" || s.words[j + 1] === "is")) j += 2;
  // "Scratch that — they're 0" (fresh176): a plural attribute's pronoun
  else j = theyAreEnd(s.words, j) ?? j;
  if (s.words[j] === "a" || s.words[j] === "an") j++;
  const level = levelAt(s, j, end, state);
  return level !== null && level.end >= end ? level : null;
}

/** "Agent 3's 1 should be a 4" at i, closing its clause: the one pair named before i and the speaker's level. */
function agentValueReplaced(s: Sentence, i: number, end: number, state: ParseState) {
  const { words } = s;
  if (words[i] !== "agent" || naturalInteger(words[i + 1]) === null || words[i + 2] !== "'s") return null;
  const theirs = levelAt(s, i + 3, end, state);
  if (theirs === null || words[theirs.end] !== "should" || words[theirs.end + 1] !== "be") return null;
  let j = theirs.end + 2;
  if (words[j] === "a" || words[j] === "an") j++;
  const level = levelAt(s, j, end, state);
  if (level === null || !(level.end >= end || s.separated(level.end - 1))) return null;
  const pairs = askPairs(s, s.from, i, state);
  if (pairs.length !== 1 || hasNumber(s, s.from, i, new Set())) return null;
  return { ...(pairs[0] as { option: number; attribute: number }), value: level.value, end: level.end };
}

/** First-person words that open the speaker's own choice: "I'm backing X", "I'd go with X", "let's go with X". */
const OWN_CHOICE_OPENERS: ReadonlySet<string> = new Set(["i", "i'm", "im", "i'd", "id", "i'll", "let's", "lets", "my"]);

/**
 * The speaker's own choice at a clause start that someone else's word gates (a lead such as "Based on what Agent 2
 * said,"): a first-person proposal, not hedged, withdrawn or under a condition; else null.
 */
function reportedLeadChoice(
  s: Sentence,
  i: number,
  question: number,
  state: ParseState,
): { option: number; end: number } | null {
  if (i === s.from || !s.clauseStart(i) || !OWN_CHOICE_OPENERS.has(s.words[i] as string)) return null;
  if (s.conditionalAt(i) || s.modal[i]) return null;
  // the choice's cue at the opener or a word or two after it ("I pick", "I'm backing", "I'd go with")
  for (let j = i; j < Math.min(i + 3, question); j++) {
    const proposal = proposalAt(s, j, question, state);
    if (proposal === null) continue;
    if (hedgedProposal(s, j, proposal.end, question) || withdrawnChoice(s, j)) return null;
    // "..., I'm not picking B": a negation in the choice's clause
    for (let k = i; k < proposal.end; k++) {
      const w = s.words[k] as string;
      if (negationWord(w)) return null;
    }
    return proposal;
  }
  return null;
}

/**
 * The word to go on from after a word someone else's word (or a doubt) gates: the speaker's own choice opening a
 * clause there, or the speaker's own value where the words name it so; else the next word.
 */
function gatedAt(s: Sentence, i: number, question: number, state: ParseState, out: ActSink): number {
  const { words } = s;
  // "Going off their numbers, I'm backing Restaurant B." (fresh243, session 64): the speaker's own choice opening
  // a clause after a lead built on others' word (no reason read from it: its facts may be theirs)
  const own = reportedLeadChoice(s, i, question, state);
  if (own !== null) {
    if (!out.acts.some((a) => a.kind === "propose" && a.option === own.option))
      out.acts.push({ kind: "propose", option: own.option });
    state.subject = own.option;
    return own.end;
  }
  // inside someone else's word, the speaker's value only where it names itself so: "Agent 3's 1 should be a 4",
  // "... doesn't match mine, which is 2"
  // "..., no wait, it's 3": the speaker's retraction, though "no" gates what follows
  const mine =
    words[i] === "agent" ||
    (words[i] === "which" && words[i - 1] === "mine") ||
    (words[i] === "no" && words[i + 1] === "wait");
  const corrected = mine ? correctionAt(s, i, question, state, out) : null;
  return corrected ?? i + 1;
}

/** A request to replace the speaker's own entry opening the clause at i, its new level shared; the word after, or null. */
function replacedShare(s: Sentence, i: number, question: number, state: ParseState, out: ActSink): number | null {
  const replaced = replacedValue(s, i, question, state);
  if (replaced === null) return null;
  out.share(replaced.option, replaced.attribute, replaced.value);
  return replaced.end;
}

/** The declarative part (before the question): passes, requests, proposals and shares, scanned once. */
function declarativeActs(
  s: Sentence,
  first: number,
  question: number,
  tagged: ReadonlySet<number>,
  state: ParseState,
  out: ActSink,
): void {
  const { words } = s;
  let passed = false;
  let requested = false;
  let respectively = false;
  for (let k = first; k < question; k++) if (words[k] === "respectively") respectively = true;
  // the options of the last paired list read, for a "both" after it
  const pairs: { options: number[] } = { options: [] };
  // shares the speaker calls a slip of their own ("... as 0 by mistake"): dropped at the end unless replaced
  const slipped = new Set<Act>();
  let i = contextItems(s, first, question, state, out);
  while (i < question) {
    if (tagged.has(i)) {
      i++;
      continue;
    }
    const w = words[i] as string;
    // pass (its own words may be negative: "I don't have anything new")
    if (!passed) {
      const end = passAt(s, i, state);
      if (end !== null) {
        out.acts.push({ kind: "pass" });
        passed = true;
        i = end;
        continue;
      }
    }
    // ("If anyone has a really low food quality score for D, please flag it": a condition on the value, fresh386,
    // session 69: a wrong act, asked nothing)
    if (
      !requested &&
      words[i - 2] === "if" &&
      cue.askers.has(words[i - 1] as string) &&
      cue.knowVerbs.has(w) &&
      !judgedValue(words, i + 1, question)
    ) {
      // "If anyone knows Restaurant C's ambience, please share": a request, though under "if"
      requested = true;
      const pairs = requestedAsks(s, i, question, tagged, state);
      if (pairs !== null) {
        for (const p of pairs) out.ask(p.option, p.attribute);
        i = question;
        continue;
      }
    }
    // "Update — please replace my earlier X's Y (3) with 1." (fresh547, session 74: a wrong act), read before a gate
    const replaced = replacedShare(s, i, question, state, out);
    if (replaced !== null || s.gate[i]) {
      i = replaced ?? gatedAt(s, i, question, state, out);
      continue;
    }
    // a correction of a claim earlier in the sentence: "Agent 2 claims X's service is 4, but I see 2"
    const corrected = correctionAt(s, i, question, state, out);
    if (corrected !== null) {
      i = corrected;
      continue;
    }
    // proposal
    if (!s.conditionalAt(i)) {
      const proposal = proposalAt(s, i, question, state);
      // "We should perhaps go with X", "Let's go with X, maybe": a hedged plan proposes nothing
      // "I'm withdrawing my vote for Apartment B" (fresh235, session 63: a wrong act): a choice taken back
      if (proposal !== null && (hedgedProposal(s, i, proposal.end, question) || withdrawnChoice(s, i))) {
        i = proposal.end;
        continue;
      }
      if (proposal !== null) {
        // "I accuse X — my vote is X." proposes X once
        if (!out.acts.some((a) => a.kind === "propose" && a.option === proposal.option))
          out.acts.push({ kind: "propose", option: proposal.option });
        state.subject = proposal.option;
        i = proposal.end;
        // "Let's go with C, whose teamwork is 5", "I propose C, since its service is 2 there", "I'm accusing B —
        // their camera footage is 1": the shares a proposal gives as its reason
        const reason = reasonAt(s, i);
        if (reason !== null) i = reasonShares(s, reason, question, state, proposal.option, out) ?? i;
        continue;
      }
    }
    if (!s.modal[i]) {
      // paired lists first, exact or nothing: "A and B have service 4 and 1 respectively"; "both" after one
      const listed = pairedAt(s, i, question, state, out, pairs);
      if (listed !== null) {
        i = listed;
        continue;
      }
      // "respectively" with no paired list read: any share here could pair the wrong level
      if (respectively) {
        i++;
        continue;
      }
      const end = unslippedShareAt(s, first, i, question, state, out, slipped);
      if (end !== null) {
        i = end;
        continue;
      }
    }
    // a declarative request: "Please tell me ...", "I'd like to know ...", "I'm wondering about ..."
    if (!requested && requestAt(s, i)) {
      // one request per sentence is read (and its words scanned once)
      requested = true;
      const pairs = requestedAsks(s, i, question, tagged, state);
      if (pairs !== null) {
        for (const p of pairs) out.ask(p.option, p.attribute);
        i = question;
        continue;
      }
    }
    i++;
  }
  dropSlipped(out, slipped);
}

/**
 * A share at i (`shareAt`); when its clause calls it the speaker's own slip ("I jotted down X's Y as 0 by mistake"),
 * its acts go into `slipped`: withdrawn at the sentence's end unless a value replaces them first.
 */
function unslippedShareAt(
  s: Sentence,
  first: number,
  i: number,
  question: number,
  state: ParseState,
  out: ActSink,
  slipped: Set<Act>,
): number | null {
  const taken = out.acts.length;
  const end = shareAt(s, first, i, question, state, out);
  // "Rice bags on Shelf A: 4 and 1" (a held-out defect, session 59): a list of levels where one share was read
  // leaves open which level is the cell's; the share is taken back and the clause left
  if (end !== null && out.acts.length === taken + 1 && levelsLeft(s, end, question, state)) {
    out.acts.length = taken;
    return question;
  }
  // "Zero for Erin's availability at Monday 4pm, one for Carol's" (fresh222, a wrong act): a level placed before the
  // cell ("zero for") or the clause's level placed after on another name ("one for Carol's", "five for C") leaves
  // open whose level it is; the shares are taken back and the clause left
  const before = end !== null && out.acts.length > taken && levelPlacedBefore(s, first, i, state);
  if (before || (end !== null && out.acts.length > taken && placedAfter(s, end, question, state, out.acts.at(-1)))) {
    out.acts.length = taken;
    // "Four for Restaurant C's cleanliness, one for its ambience." (fresh232, session 63): each level before its cell
    const placed = before ? placedList(s, i - 2, question, state) : null;
    for (const share of placed?.shares ?? []) out.share(share.option, share.attribute, share.level);
    return placed?.end ?? question;
  }
  if (end !== null && slipClause(s, first, i, end, question)) for (const act of out.acts.slice(taken)) slipped.add(act);
  return end;
}

/** Verbs that take a choice back: "withdrawing my vote for B", "I retract my pick", "taking back my vote". */
// "I'll hold my vote on Doctor Finch until I see those numbers." (fresh307, session 66: a wrong act): a vote withheld
const UNCHOOSING = new Set([
  "withdrawing",
  "withdraw",
  "withdrew",
  "retracting",
  "retract",
  "rescinding",
  "rescind",
  "hold",
  "holding",
  "withhold",
  "withholding",
  // "I'm dropping my earlier vote for D and leaning toward Apartment B now." (fresh355, session 68: a wrong act)
  "dropping",
  "drop",
  "dropped",
  "scrapping",
  "scrap",
  "abandoning",
  "ditching",
  "ditch",
]);

/** Does a verb taking a choice back stand anywhere from first to to ("I'm taking back my vote for B")? */
export function choiceWithdrawnIn(s: Sentence, first: number, to: number): boolean {
  for (let k = first + 1; k <= to; k++) if (withdrawnChoice(s, k)) return true;
  return false;
}

/** Does a verb taking the choice back stand right before it (or before "back" after "take")? */
function withdrawnChoice(s: Sentence, i: number): boolean {
  const w = s.words;
  if (UNCHOOSING.has(w[i - 1] as string)) return true;
  // "dropping my earlier vote for D": the vote's owner and age between the verb and the cue
  if (EARLIER_ADJECTIVES.has(w[i - 1] as string) && (w[i - 2] === "my" || w[i - 2] === "our"))
    return UNCHOOSING.has(w[i - 3] as string);
  return w[i - 1] === "back" && (w[i - 2] === "take" || w[i - 2] === "taking" || w[i - 2] === "took");
}

/** Words that place a level on a name: "five for C", "1 on Shelf B", "2 at Monday noon". */
const PLACING = new Set(["for", "on", "at"]);

/**
 * A list of levels each placed before its cell, "<level> for <option>'s <attribute>" or "<level> for its <attribute>"
 * (the option before), joined by commas or "and", two or more, closing the clause: the shares and where they end;
 * else null.
 */
function placedList(s: Sentence, start: number, end: number, state: ParseState) {
  const { words } = s;
  const shares: { option: number; attribute: number; level: number }[] = [];
  let option: number | null = null;
  let k = start;
  while (k < end && shares.length < 8) {
    const level = levelAt(s, k, end, state);
    if (level === null || words[level.end] !== "for") return null;
    let j = level.end + 1;
    if (words[j] === "its" && option !== null) j++;
    else {
      const o = state.options.match(words, j);
      if (o === null || words[o.end] !== "'s") return null;
      option = o.index;
      j = o.end + 1;
    }
    const attribute = state.attributes.match(words, j);
    if (attribute === null || attribute.end > end || option === null) return null;
    shares.push({ option, attribute: attribute.index, level: level.value });
    k = attribute.end;
    if (k >= end || s.separated(k - 1) === false) break;
    if (words[k] === "and") k++;
  }
  return shares.length >= 2 && (k >= end || s.separated(k - 1)) ? { shares, end: k } : null;
}

/** Words before a number that name it rather than state it: "my 2", "the 5", "that 4". */
const NAMED_NUMBER = new Set(["my", "your", "his", "her", "their", "our", "the", "that", "this", "a", "an"]);

/** Does a level and "for" stand right before i ("Zero for Erin's ...")? */
function levelPlacedBefore(s: Sentence, first: number, i: number, state: ParseState): boolean {
  if (i < first + 2 || s.words[i - 1] !== "for") return false;
  // "ok so three for C's experience, five for ..." (fresh228): the level need not open the clause; "Scrap my 2 for
  // X's Y; 0 is where it belongs" (fresh30): a number owned or pointed to is named, not stated
  if (NAMED_NUMBER.has(s.words[i - 3] as string)) return false;
  const level = levelAt(s, i - 2, i, state);
  return level !== null && level.end === i - 1;
}

/**
 * Does the share ending at k go on with its level placed on another name ("B's service, five for C") or with a level
 * placed on a name (", one for Carol's", ", five for C")?
 */
function placedAfter(s: Sentence, k: number, end: number, state: ParseState, last: Act | undefined): boolean {
  if (PLACING.has(s.words[k] as string) && !s.separated(k - 1) && last?.kind === "share") {
    const o = state.options.match(s.words, k + 1);
    // "five for C's technical skill" after C's experience: the same option, another attribute
    const a = state.attributes.match(s.words, o !== null && s.words[o.end] === "'s" ? o.end + 1 : k + 1);
    if ((o !== null && o.index !== last.option) || (a !== null && a.index !== last.attribute)) return true;
  }
  // the next level joined by "and" or after a pause
  const at = s.words[k] === "and" ? k + 1 : k;
  if (at >= end || (at === k && !(k > 0 && s.separated(k - 1)))) return false;
  const level = levelAt(s, at, end, state);
  if (level === null || !PLACING.has(s.words[level.end] as string)) return false;
  const name = level.end + 1;
  return state.options.match(s.words, name) !== null || state.attributes.match(s.words, name) !== null;
}

/** Does "and" / "or" and one more level close the clause at k ("4 and 1.")? */
function levelsLeft(s: Sentence, k: number, end: number, state: ParseState): boolean {
  if (s.words[k] !== "and" && s.words[k] !== "or") return false;
  const level = levelAt(s, k + 1, end, state);
  return level !== null && (level.end >= end || s.separated(level.end - 1));
}

/** Drops the slipped shares still standing (no value replaced them). */
function dropSlipped(out: ActSink, slipped: ReadonlySet<Act>): void {
  if (slipped.size === 0) return;
  const kept = out.acts.filter((act) => !slipped.has(act));
  out.acts.length = 0;
  out.acts.push(...kept);
}

/** Each sentence's next semicolon from each word (its `to` where none), found once a sentence: linear in its words. */
const SEMICOLONS = new WeakMap<Sentence, Int32Array>();

/** The index of the first word at or after i that a semicolon closes, or the sentence's `to`. */
function semicolonAfter(s: Sentence, i: number): number {
  const { from, to } = s;
  let next = SEMICOLONS.get(s);
  if (next === undefined) {
    next = new Int32Array(to - from + 1);
    next[to - from] = to;
    for (let k = to - 1; k >= from; k--)
      next[k - from] = (s.tokens[k] as NaturalToken).semicolon === true ? k : (next[k - from + 1] as number);
    SEMICOLONS.set(s, next);
  }
  return next[Math.min(Math.max(i, from), to) - from] as number;
}

/**
 * A paired list at i, exact or nothing ("A and B have service 4 and 1 respectively"), or "both" after one ("...,
 * and both sit at 1 for value for money": each of its two options gets the items after it; fresh59, fresh61). The
 * word to go on from (the question's start when a doubt leaves the order open or the list is ambiguous), or null.
 */
function pairedAt(
  s: Sentence,
  i: number,
  question: number,
  state: ParseState,
  out: ActSink,
  pairs: { options: number[] },
): number | null {
  // "Regarding size, A and D rate 4 and 2 respectively; for neighbourhood, in the same order, they rate 3 and 5."
  // (fresh410, session 69: a wrong act, the first pair given the second clause's attribute): a paired list ends at
  // its semicolon
  const paired = pairedShares(s, i, Math.min(question, semicolonAfter(s, i) + 1), state);
  // "A and B are 3 and 4 on X, or maybe the other way around": a doubt after the list leaves the order open
  if (paired !== null && "shares" in paired && orderDoubted(s, paired.end, paired.shares, state)) return question;
  if (paired !== null) {
    if (!("shares" in paired)) return question;
    for (const [o, a, l] of paired.shares) out.share(o, a, l);
    pairs.options = [...new Set(paired.shares.map(([o]) => o))];
    return paired.end;
  }
  const both = pairs.options.length === 2 ? bothItems(s, i, question, state) : null;
  if (both === null) return null;
  for (const o of pairs.options) for (const item of both.items) out.share(o, item.attribute, item.level);
  return both.end;
}

/** Verbs between "both" and its items: "both sit at 1", "both score 1 on X", "both have 3 for X". */
const BOTH_VERBS = new Set([
  "sit",
  "score",
  "scored",
  "have",
  "had",
  "get",
  "got",
  "come",
  "came",
  "land",
  "are",
  "were",
  "rate",
  "stand",
]);

/** The items after "both" opening a clause at i ("and both sit at 1 for value for money"), or null. */
function bothItems(s: Sentence, i: number, end: number, state: ParseState): { items: Item[]; end: number } | null {
  const { words } = s;
  if (words[i] !== "both") return null;
  if (!(s.separated(i - 1) || (words[i - 1] === "and" && s.separated(i - 2)))) return null;
  let j = i + 1;
  if (BOTH_VERBS.has(words[j] as string)) j++;
  const items = itemList(s, j, end, state, true);
  if (items.length === 0) return null;
  const last = items[items.length - 1] as Item;
  return last.end >= end || s.separated(last.end - 1) ? { items, end: last.end } : null;
}

/** The options a sentence's acts name (a pass names none): one of them is the subject the next "it" / "its" takes. */
export function namedOptions(acts: readonly Act[]): Set<number> {
  return new Set(acts.flatMap((a) => (a.kind === "pass" ? [] : [a.option])));
}
