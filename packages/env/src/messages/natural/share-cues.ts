import { ownerAttributeAt } from "../natural-matchers";
import { naturalCues as cue } from "../natural-cues";
import type { NaturalToken } from "../natural-tokens";
import { alternative, optionList } from "./option-list";
import { naturalInteger } from "./natural-integer";
import { onlyOptionBefore, type ParseState, peopleOptions, personPossessive, type Sentence } from "./sentence";
import { continuation, describedOnItem, fullMarksAt, type Item, itemList, levelAt, scaleEndAt } from "./share-items";
import { soldItems } from "./sold-count";

// The share cue family: a sentence that states levels, subject first ("<option> has ...", "it has ...") or
// attribute first ("the <attribute> of <option> is <level>").

/** "<option>[ and <option>] has|'s|: <items>", "it has <items>", "its <items>" at i. */
export function subjectShare(
  s: Sentence,
  i: number,
  end: number,
  state: ParseState,
): { options: number[]; items: Item[]; end: number } | null {
  const read = subjectItems(s, i, end, state);
  // "A and B have service 2 and 4, approximately" (session 42): the hedged 4 is no item, but it shows the levels were
  // paired, one an option; the 2 is not both options' level. A level list left unread after a shared subject: no item,
  // and the rest of the clause is passed over (no later cue reads "Restaurant B have service 2" from it)
  if (read !== null && read.options.length > 1 && levelLeftAfter(s, read.end, end))
    return { options: read.options, items: [], end };
  return read;
}

/** Does "and <number>" or ", <number>" follow the items ending at k (a level no item took)? */
function levelLeftAfter(s: Sentence, k: number, end: number): boolean {
  const joined = s.words[k] === "and" || (k > 0 && (s.tokens[k - 1] as NaturalToken).pause);
  const at = s.words[k] === "and" ? k + 1 : k;
  if (!joined || at >= end) return false;
  const w = s.words[at] as string;
  return naturalInteger(w) !== null || cue.numberWords.has(w);
}

function subjectItems(
  s: Sentence,
  i: number,
  end: number,
  state: ParseState,
): { options: number[]; items: Item[]; end: number } | null {
  const { words } = s;
  let options: number[];
  let k: number;
  // "Miss Hartley is my pick. Her torn glove is a 3." (fresh53): "her" / "his" / "their" as "its" where the options
  // are people
  const possessive = words[i] === "its" || personPossessive(words[i] as string, state);
  // "On my sheet he holds poison bottle 3 and library key 3" (fresh69): "he" / "she" as "it" where the options are people
  const person = (words[i] === "he" || words[i] === "she") && peopleOptions(state);
  const referent = words[i] === "it" || possessive || person ? pronounReferent(s, i, state) : null;
  if (referent !== null) {
    options = [referent];
    k = i + 1;
    if (possessive) {
      const items = itemList(s, k, end, state, false);
      return items.length > 0 ? { options, items, end: (items[items.length - 1] as Item).end } : null;
    }
  } else {
    const list = optionList(s, i, end, state);
    if (list === null || alternative(s, i, list.end)) return null;
    options = list.options;
    k = list.end;
  }
  const plural = options.length > 1;
  // "<option>'s got <attribute> <level>" is "has got"
  if (words[k] === "'s" && words[k + 1] === "got") {
    const items = itemList(s, k + 2, end, state, true);
    return items.length > 0 ? { options, items, end: (items[items.length - 1] as Item).end } : null;
  }
  // "<option>'s <attribute> is <level>"
  if (!plural && words[k] === "'s") {
    const items = itemList(s, k + 1, end, state, false);
    return items.length > 0 ? { options, items, end: (items[items.length - 1] as Item).end } : null;
  }
  // "<option>: <attribute> <level>", "<option> - <attribute>: <level>", "For <option>: 4 for <attribute>"
  {
    const items = itemList(s, k, end, state, true);
    if (items.length > 0) return { options, items, end: (items[items.length - 1] as Item).end };
  }
  for (let f = 0; f < 3 && k < end && cue.adverbs.has(words[k] as string); f++) k++;
  const verb = words[k] as string;
  if (cue.haveVerbs.has(verb)) {
    let j = k + 1;
    if (words[j] === "got") j++;
    const items = itemList(s, j, end, state, true);
    if (items.length > 0) return { options, items, end: (items[items.length - 1] as Item).end };
  }
  // "it sold 2 cakes and 2 plants" (fresh52): counts of the attributes "<noun> sold"
  if (verb === "sold") {
    const items = soldItems(s, k + 1, end, state);
    const last = items[items.length - 1];
    if (last !== undefined) return { options, items, end: last.end };
  }
  if (cue.scoreVerbs.has(verb)) {
    let j = k + 1;
    if (cue.participles.has(words[j] as string)) j++;
    if ((words[j] === "in" || words[j] === "out") && words[j + 1] === "at") j++; // "comes in at 3 for X"
    // "is stocked with 4 onions", "is rated at 3"
    if (words[j] === "at" || (words[j] === "with" && cue.participles.has(words[j - 1] as string))) j++;
    const items = itemList(s, j, end, state, true);
    if (items.length > 0) return { options, items, end: (items[items.length - 1] as Item).end };
    // "A is rock-bottom on ambience (a 1), yet ..." (fresh181): a description of the attribute, its level in
    // parentheses, then the items after it
    const described = verb === "is" && !plural ? describedOnItem(s, k + 1, end, state) : null;
    if (described !== null) {
      const more = continuation(s, described.end, end, state, described);
      const last = more[more.length - 1] ?? described;
      return { options, items: [described, ...more], end: last.end };
    }
  }
  return null;
}

/** The option "it" at i stands for: the one option named earlier in the sentence, else the last sentence's. */
function pronounReferent(s: Sentence, i: number, state: ParseState): number | null {
  return onlyOptionBefore(s, i, state) ?? state.subject;
}

/** The speaker's part of the table, after "on my": "end", "side", "half", "part". */
const SIDE_NOUNS: ReadonlySet<string> = new Set(["end", "side", "half", "part"]);

/** Does the speaker's own source follow at k, closing the clause ("on my calendar", "in my notes", "per my data")? */
export function ownSource(words: readonly string[], k: number, end: number, s: Sentence): boolean {
  const w = words[k];
  if (!(w === "on" || w === "in" || w === "per" || w === "from" || w === "by" || w === "according")) return false;
  const j = w === "according" && words[k + 1] === "to" ? k + 2 : k + 1;
  if (!(words[j] === "my" || words[j] === "our")) return false;
  const noun = words[j + 1] === "own" ? j + 2 : j + 1;
  // "it's 1 on my end", "it's 2 on my side"; "it's actually 3 on my half" (fresh441, session 70: a wrong act, the
  // old value kept)
  const source = cue.correctionSources.has(words[noun] as string) || SIDE_NOUNS.has(words[noun] as string);
  return source && (noun + 1 >= end || s.separated(noun));
}

/** After the speaker's own source at k closing its clause ("per my notes:", "from my sheet,"), the next word; else k. */
function ownSourceAside(s: Sentence, k: number, end: number): number {
  if (!ownSource(s.words, k, end, s)) return k;
  let t = k;
  while (t < end && !s.separated(t)) t++;
  return t + 1 < end ? t + 1 : k;
}

/** "[the] <attribute> of|for|at <option> [is] <level>" at i. */
export function attributeFirstShare(
  s: Sentence,
  i: number,
  end: number,
  state: ParseState,
): { option: number; attribute: number; level: number; end: number } | null {
  const { words } = s;
  let j = i;
  if (words[j] === "the") j++;
  // "Priya's is also 2 for Monday noon" (fresh131): a person's attribute by the person and "'s", its noun left out;
  // the "'s" is then read as the verb ("Priya's 2 for Monday noon")
  const owned = ownerAttributeAt(state.task.domain, words, j);
  // "Tomas's for Monday noon is likely 1" (fresh163): the person and "'s" before the option's preposition
  const ownedEnd = owned !== null && cue.attributePrepositions.has(words[owned.end] as string) ? owned.end : j + 1;
  let attribute = state.attributes.match(words, j) ?? (owned === null ? null : { index: owned.index, end: ownedEnd });
  if (attribute === null) return null;
  // "4 apples on Shelf B, 2 onions." (fresh298, session 66: a wrong act): a count right before its noun is the cell's
  // level; a level after the option is the next item's
  if (j === i && i > s.from && !s.separated(i - 1) && naturalInteger(words[i - 1]) !== null) return null;
  // "Let's sign the lease on Apartment A. The neighbourhood there is a 5" (fresh53): "there" after the attribute is the
  // one option named before it in the sentence, else in the sentence before
  if (words[attribute.end] === "there") {
    const option = onlyOptionBefore(s, i, state) ?? state.place ?? null;
    if (option === null) return null;
    let m = attribute.end + 1;
    for (let f = 0; f < 3 && m < end && cue.levelFillers.has(words[m] as string); f++) m++;
    const level = m > attribute.end + 1 ? levelAt(s, m, end, state) : null;
    return level === null ? null : { option, attribute: attribute.index, level: level.value, end: level.end };
  }
  // "the badge log entry for Employee D is a 1" (fresh163), "The natural light figure I have for Apartment C is ..."
  // (fresh165): a noun of the value after the attribute, maybe the speaker's holding of it, before the option
  const held = heldValueEnd(words, attribute.end);
  if (held !== null) attribute = { index: attribute.index, end: held };
  if (!cue.attributePrepositions.has(words[attribute.end] as string)) return levelThenOption(s, attribute, end, state);
  const option = state.options.match(words, attribute.end + 1);
  if (option === null || option.end > end || alternative(s, attribute.end + 1, option.end)) return null;
  // "Ambience at Restaurant A, per my notes: a 3" (fresh52): the speaker's own source set off before the level
  const aside = s.separated(option.end - 1) ? ownSourceAside(s, option.end, end) : option.end;
  let m = aside;
  for (let f = 0; f < 3 && m < end && cue.levelFillers.has(words[m] as string); f++) m++;
  if (m === option.end && !(s.tokens[option.end - 1] as NaturalToken).pause) return null;
  // "Camera footage for F is probably 0 as well" (fresh133): the words before a level, as after an attribute's name
  for (let f = 0; f < 3 && m > option.end && m < end && cue.levelLeads.has(words[m] as string); f++) m++;
  // "service at Restaurant C gets full marks" (fresh57); "... is the top of the scale — full marks" (fresh165)
  const level = levelAt(s, m, end, state) ?? fullMarksAt(s, m, state) ?? closingScaleEnd(s, m, end, state);
  if (level === null) return null;
  return { option: option.index, attribute: attribute.index, level: level.value, end: level.end };
}

/** "the top of the scale", "the very bottom of the range" at m, closing its clause: the scale's end, or null. */
function closingScaleEnd(
  s: Sentence,
  m: number,
  end: number,
  state: ParseState,
): { value: number; end: number } | null {
  const scale = scaleEndAt(s.words, s.words[m] === "the" ? m + 1 : m, state);
  if (scale === null || !(scale.end >= end || s.separated(scale.end - 1))) return null;
  // "the bottom of the scale: two out of five": another level said after it, nothing
  const next = levelAt(s, s.words[scale.end] === "a" ? scale.end + 1 : scale.end, end, state);
  return next !== null && next.value !== scale.value ? null : scale;
}

/** Nouns of a cell's value after its attribute: "the badge log entry for X", "the natural light figure for X". */
const ENTRY_NOUNS = new Set(["entry", "figure", "number", "score", "rating", "reading", "value", "level"]);
/** The speaker's holding after such a noun: "the natural light figure I have for Apartment C". */
const OWN_HOLDING = new Set(["have", "hold", "see", "got", "show"]);

/**
 * Where the option's preposition stands after a noun of the value at k ("entry for", "figure I have for"), or null
 * (no such noun, or no preposition after it).
 */
function heldValueEnd(words: readonly string[], k: number): number | null {
  if (!ENTRY_NOUNS.has(words[k] as string)) return null;
  let j = k + 1;
  if ((words[j] === "i" || words[j] === "we") && OWN_HOLDING.has(words[j + 1] as string)) j += 2;
  return cue.attributePrepositions.has(words[j] as string) ? j : null;
}

/** After an attribute, before its level and option: "Lena's calendar is a 0 for ...", "shows a 1 for ...". */
const LEVEL_VERBS = new Set(["is", "was", "'s", "shows", "showed", "reads", "says", "gets", "sits", "stands", "comes"]);

/** "<attribute> is [a] <level> for <option>" after the attribute: the option closes the clause. */
function levelThenOption(
  s: Sentence,
  attribute: { index: number; end: number },
  end: number,
  state: ParseState,
): { option: number; attribute: number; level: number; end: number } | null {
  let m = attribute.end;
  if (!LEVEL_VERBS.has(s.words[m] as string)) return null;
  m++;
  for (let f = 0; f < 3 && m < end && cue.levelFillers.has(s.words[m] as string); f++) m++;
  // "Priya's is also 2 for Monday noon" (fresh131): the words before a level, as after an attribute's name
  for (let f = 0; f < 3 && m < end && cue.levelLeads.has(s.words[m] as string); f++) m++;
  const level = levelAt(s, m, end, state);
  if (level === null) return null;
  const place = placeAt(s, level.end, end, state);
  if (place === null || !(place.end >= end || s.separated(place.end - 1))) return null;
  return { option: place.option, attribute: attribute.index, level: level.value, end: place.end };
}

/**
 * "On broken watch, Lord Ashby scores 1", "For service, Restaurant A gets a 4": an attribute set off before the
 * option and a bare level that closes the clause.
 */
export function attributeLedShare(
  s: Sentence,
  i: number,
  end: number,
  state: ParseState,
): { option: number; attribute: number; level: number; end: number } | null {
  const { words } = s;
  if (!s.clauseStart(i)) return null;
  const wise = wiseAttribute(s, i, end, state);
  let j = i + 1;
  if (words[j] === "the") j++;
  const led = cue.levelPrepositions.has(words[i] as string) || words[i] === "regarding";
  const attribute = wise ?? (led ? state.attributes.match(words, j) : null);
  if (attribute === null || attribute.end >= end || !s.separated(attribute.end - 1)) return null;
  const option = state.options.match(words, attribute.end);
  if (option === null || option.end >= end) return null;
  let k = option.end;
  if (!(cue.scoreVerbs.has(words[k] as string) || words[k] === "has" || words[k] === "'s")) return null;
  k++;
  // "comes out to 3", "comes in at 2"
  if ((words[k] === "out" || words[k] === "in") && (words[k + 1] === "to" || words[k + 1] === "at")) k += 2;
  for (let f = 0; f < 2 && k < end && cue.levelLeads.has(words[k] as string); f++) k++;
  const level = levelAt(s, k, end, state);
  if (level === null || !(level.end >= end || s.separated(level.end - 1))) return null;
  return { option: option.index, attribute: attribute.index, level: level.value, end: level.end };
}

/** "Service-wise, ...", "Food quality-wise, ...": the attribute and the word after it, or null. */
export function wiseAttribute(
  s: Sentence,
  i: number,
  end: number,
  state: ParseState,
): { index: number; end: number } | null {
  for (let k = i; k < Math.min(end, i + 4); k++) {
    const w = s.words[k] as string;
    if (!w.endsWith("-wise")) continue;
    const words = [...s.words.slice(i, k), w.slice(0, -5)];
    const attribute = state.attributes.match(words, 0);
    return attribute !== null && attribute.end === words.length ? { index: attribute.index, end: k + 1 } : null;
  }
  return null;
}

/** The option after a preposition at k ("on Shelf A"), or null. */
function placeAt(s: Sentence, k: number, end: number, state: ParseState): { option: number; end: number } | null {
  if (!cue.levelPrepositions.has(s.words[k] as string)) return null;
  const option = state.options.match(s.words, k + 1);
  if (option === null || option.end > end || alternative(s, k + 1, option.end)) return null;
  return { option: option.index, end: option.end };
}

/**
 * Counts the speaker reports with the option after or before them: "There are 0 rice bags on Shelf A", "I count
 * three apples on Shelf B", "On Shelf A I found 2 rice bags".
 */
export function countShare(
  s: Sentence,
  i: number,
  end: number,
  state: ParseState,
): { option: number; items: Item[]; end: number } | null {
  const { words } = s;
  // "On Shelf A(,) I found <items>"
  const before = placeAt(s, i, end, state);
  if (before !== null) {
    const j = before.end;
    const counted = countLead(words, j);
    if (counted !== null) {
      const items = itemList(s, counted, end, state, true);
      if (items.length > 0) return { option: before.option, items, end: (items[items.length - 1] as Item).end };
    }
    return null;
  }
  const j = countLead(words, i);
  if (j === null) return null;
  const items = itemList(s, j, end, state, true);
  // "I see no onions on Shelf B" (fresh226, session 63): a count of none first
  if (items.length === 0 && words[j] === "no" && state.task.levels[0] === 0) {
    const none = state.attributes.match(words, j + 1);
    if (none !== null && none.end <= end)
      items.push({ attribute: none.index, level: 0, end: none.end }, ...continuation(s, none.end, end, state));
  }
  if (items.length === 0) return null;
  const last = (items[items.length - 1] as Item).end;
  const after = placeAt(s, last, end, state);
  if (after !== null) {
    // "I count four apples on Shelf A and no onions there." (fresh247, session 64): none of another count after the
    // place, closing the clause
    const none = noneAfterPlace(s, after.end, end, state);
    return { option: after.option, items: none === null ? items : [...items, none], end: none?.end ?? after.end };
  }
  // "There are 4 apples and 2 onions on Shelf B" (fresh223, session 63): the list stops before an item placed on an
  // option, which here is the place of the whole list
  if (words[last] !== "and") return null;
  const closing = itemList(s, last + 1, end, state, true);
  const place = closing.length === 1 ? placeAt(s, (closing[0] as Item).end, end, state) : null;
  return place === null ? null : { option: place.option, items: [...items, ...closing], end: place.end };
}

/** Words that may close "and no onions" after the place: "there", "at all", "either". */
const NONE_CLOSERS = new Set(["there", "at", "all", "either", "on", "it"]);

/**
 * "and no <attribute>" at k after a count's place, closing the clause (a few closing words after it): that count at
 * 0, on a scale from 0; else null.
 */
function noneAfterPlace(s: Sentence, k: number, end: number, state: ParseState): Item | null {
  const { words } = s;
  if (words[k] !== "and" || words[k + 1] !== "no" || state.task.levels[0] !== 0) return null;
  const none = state.attributes.match(words, k + 2);
  if (none === null || none.end > end) return null;
  let e = none.end;
  while (e < end && e < none.end + 3 && NONE_CLOSERS.has(words[e] as string) && !s.separated(e - 1)) e++;
  if (e < end && !s.separated(e - 1)) return null;
  return { attribute: none.index, level: 0, end: e };
}

/** Where the count starts after "there are", "I count", "we have", "we've got" at j; null when none is there. */
function countLead(words: readonly string[], j: number): number | null {
  const w = words[j];
  const next = words[j + 1] as string;
  if (w === "there" && (next === "are" || next === "is" || next === "'s")) return j + 2;
  if (w === "i" || w === "we") {
    if (cue.countVerbs.has(next)) return j + 2;
    if (next === "can" && cue.countVerbs.has(words[j + 2] as string)) return j + 3; // "I can see 4 onions on ..."
    if (next === "have" || next === "got") return words[j + 2] === "got" ? j + 3 : j + 2;
  }
  if ((w === "we've" || w === "i've") && next === "got") return j + 2;
  return null;
}

/** "it's [a] <level>" at i, ending its clause: the level, or null. */
export function itsLevel(
  s: Sentence,
  i: number,
  end: number,
  state: ParseState,
): { value: number; end: number } | null {
  const { words } = s;
  if (words[i] !== "it" || !(words[i + 1] === "'s" || words[i + 1] === "is")) return null;
  let j = i + 2;
  if (words[j] === "actually" || words[j] === "only" || words[j] === "just") j++;
  if (words[j] === "a" || words[j] === "an") j++;
  const level = levelAt(s, j, end, state);
  if (level === null || !(level.end >= end || s.separated(level.end - 1))) return null;
  return level;
}
