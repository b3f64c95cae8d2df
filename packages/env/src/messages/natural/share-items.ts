import { naturalCues as cue } from "../natural-cues";
import { attributeOwners, ownerAttributeAt } from "../natural-matchers";
import type { NaturalToken } from "../natural-tokens";
import { FRACTION, naturalInteger } from "./natural-integer";
import { MAX_LIST, type ParseState, type Sentence } from "./sentence";
import { ownSource } from "./share-cues";
import { trailingHedge } from "./trailing-hedge";

/** One attribute and the level stated for it; `end` is the word after the item. */
export interface Item {
  attribute: number;
  level: number;
  end: number;
  /** Items of the same level said with it ("full marks on both X and Y"): read right after it. */
  shared?: Item[];
}

/** A level the text states, or why it is not one. */
type Level = { value: number; end: number } | null;

/** Domains whose levels are counts from 0 (pantry stock), where "none" after a label is a count of 0. */
const COUNT_DOMAIN = /pantry|stock|count/i;

/** The level at words[k]: "4", "four", "4/5", "4 out of 5"; null for anything else or a range ("4 or 5"). */
export function levelAt(s: Sentence, k: number, end: number, state: ParseState): Level {
  if (k >= end) return null;
  const w = s.words[k] as string;
  const hi = state.task.levels[1];
  // "+1" on a scale with negative levels (fundraiser stalls: -2..2) is the level 1
  let value = naturalInteger(w) ?? (state.task.levels[0] < 0 && /^\+[1-9][0-9]?$/.test(w) ? Number(w.slice(1)) : null);
  let next = k + 1;
  // "came in at minus two" (fresh61, fresh54's "minus one"): on a scale with negative levels
  if (value === null && (w === "minus" || w === "negative") && state.task.levels[0] < 0 && k + 1 < end) {
    const n = s.words[k + 1] as string;
    const magnitude = naturalInteger(n) ?? cue.numberWords.get(n);
    if (magnitude !== undefined && magnitude !== null && magnitude > 0) {
      value = -magnitude;
      next = k + 2;
    }
  }
  // "Shelf B onions: none." (fresh158): none closing a labelled count, on a scale of counts from 0
  if (value === null && (w === "none" || w === "nil") && state.task.levels[0] === 0 && k > 0) {
    const label = (s.tokens[k - 1] as NaturalToken).colon === true;
    const closes = k + 1 >= end || (s.tokens[k] as NaturalToken).stop || s.separated(k);
    if (label && closes && COUNT_DOMAIN.test(state.task.domain.name ?? "")) {
      value = 0;
      next = k + 1;
    }
  }
  // "earns just a single star for food quality" (fresh65): one unit of the scale
  if (value === null && w === "single" && s.words[k - 1] === "a" && cue.levelUnits.has(s.words[k + 1] as string)) {
    value = 1;
    next = k + 2;
  }
  if (value === null) {
    const fraction = w.length <= 21 ? FRACTION.exec(w) : null;
    if (fraction !== null) {
      if (Number(fraction[2]) !== hi) return null;
      value = Number(fraction[1]);
    } else {
      const spelled = cue.numberWords.get(w);
      if (spelled === undefined) return null;
      const token = s.tokens[k] as NaturalToken;
      // "two (2)" (fresh166): the word's digits said again in parentheses right after it
      const echoed =
        k + 1 < end && (s.tokens[k + 1] as NaturalToken).aside && naturalInteger(s.words[k + 1]) === spelled;
      if (!(token.pause || token.stop || k + 1 >= end || echoed || cue.afterNumberWord.has(s.words[k + 1] as string)))
        return null;
      value = spelled;
      if (echoed) next = k + 2;
    }
  }
  // "1 star out of 5": the unit before the scale, which must be the task's
  const unitThenScale = cue.levelUnits.has(s.words[next] as string) && s.words[next + 1] === "out";
  if (unitThenScale && s.words[next + 2] === "of" && next + 3 < end) next++;
  if (s.words[next] === "out" && s.words[next + 1] === "of" && next + 2 < end) {
    // "4 out of 5", "four out of five"; "seven out of ten" on a 1..5 scale is another scale: not a level
    const scale = s.words[next + 2] as string;
    if ((naturalInteger(scale) ?? cue.numberWords.get(scale)) !== hi) return null;
    next += 3;
  }
  // "rates 2 of 5 for experience" (fresh38): "of" the scale's top, then the clause ends or the attribute follows
  if (s.words[next] === "of" && next + 2 <= end && !(s.tokens[next - 1] as NaturalToken).pause) {
    const scale = s.words[next + 1] as string;
    const after = next + 2;
    const closes = after >= end || s.separated(after - 1) || cue.levelPrepositions.has(s.words[after] as string);
    if ((naturalInteger(scale) ?? cue.numberWords.get(scale)) === hi && closes) next += 2;
  }
  // "4 or 5", "4 to 5", "4 or so": not one level
  const after = s.words[next];
  const token = s.tokens[next - 1] as NaturalToken;
  if (next < end && !token.pause && (after === "or" || after === "to" || after === "ish")) return null;
  // "2, give or take", "3 more or less": an estimate, not a level
  if (trailingHedge(s, next, s.to)) return null;
  return { value, end: next };
}

/** One "<attribute> [is|of|...] <level>" or "<level> on|for <attribute>" item at words[k]. */
function itemAt(s: Sentence, k: number, end: number, state: ParseState, reverse: boolean): Item | null {
  let j = k;
  if (j < end && cue.articles.has(s.words[j] as string)) j++;
  const attribute = state.attributes.match(s.words, j);
  if (attribute !== null && attribute.end <= end) {
    let m = attribute.end;
    // "Alice's availability for that slot is 1" (fresh75): a pointer to the option between the name and its level
    const pointer = OPTION_POINTERS.find((p) => m + p.length < end && p.every((w, n) => s.words[m + n] === w));
    if (pointer !== undefined && !s.separated(m + pointer.length - 1)) m += pointer.length;
    for (let f = 0; f < 3 && m < end && cue.levelFillers.has(s.words[m] as string); f++) m++;
    // "is a solid 3", "is only a 1", ": just 1"; "only scores a 4/5" (fresh153): a lead, then a filler again
    for (let f = 0; f < 3 && m < end && cue.levelLeads.has(s.words[m] as string); f++) m++;
    if (m > attribute.end && cue.levelLeads.has(s.words[m - 1] as string))
      for (let f = 0; f < 2 && m < end && cue.levelFillers.has(s.words[m] as string); f++) m++;
    for (let f = 0; f < 3 && m < end && cue.levelLeads.has(s.words[m] as string); f++) m++;
    // "X's cleanliness: full marks" (fresh37): the top level, as "full marks for X" reads
    // "is at the top of the scale — a 5 — and teamwork is a five as well" (fresh64): the scale's end as an item
    const plain = fullMarksAt(s, m, state) === null ? levelAt(s, m, end, state) : null;
    if (plain !== null && strayLevels(s, plain.end, end, state)) return null;
    if (plain !== null && otherScaleEnd(s, plain.end, end, plain.value, state)) return null;
    const level =
      fullMarksAt(s, m, state) ??
      plain ??
      scaleEndAt(s.words, s.words[m] === "the" ? m + 1 : m, state) ??
      describedLevel(s, attribute.end, end, state);
    if (level === null) return null;
    // "- Restaurant D: location 5 (maybe, the cell was smudged)" (fresh393, session 69: a wrong act): a doubt in the
    // parenthesis right after the level leaves it open
    // ("(not 2 as I wrote)" rejects another value: no doubt of this one)
    if ((s.tokens[level.end] as NaturalToken | undefined)?.aside === true && doubtingAside(s, level.end, true))
      return null;
    return { attribute: attribute.index, level: level.value, end: level.end };
  }
  // "Alice=1, Bob=1" (fresh57): a person's attribute labelled by the person alone
  const owners = attributeOwners(state.task.domain);
  // "Monday morning for Tomas is 0" (fresh131): the person the option's level is for
  if (s.words[j] === "for" && j === k && owners.has(s.words[j + 1] as string)) j++;
  const owner = owners.get(s.words[j] as string);
  if (owner !== undefined && (s.tokens[j] as NaturalToken).colon === true && j + 1 < end) {
    const level = levelAt(s, j + 1, end, state);
    if (level !== null) return { attribute: owner, level: level.value, end: level.end };
  }
  // "On my side, Alice is at 1 for that slot" (fresh64): the person alone, a verb of being, the level
  // "Tomas gives it a full 2" (fresh65): the person giving the option its level
  const gives = GIVES.has(s.words[j + 1] as string) && (s.words[j + 2] === "it" || s.words[j + 2] === "that");
  // "**Monday 2pm**: Alice 1, Bob 1", "Dan shows 0" (fresh67): the level right after the person, or after a filler
  const after = s.words[j + 1] as string;
  if (
    owner !== undefined &&
    (cue.levelFillers.has(after) || gives || naturalInteger(after) !== null) &&
    !s.separated(j)
  ) {
    let m = gives ? j + 3 : j + 1;
    if (gives && s.words[m] === "a" && s.words[m + 1] === "full") m += 2;
    for (let f = 0; f < 3 && m < end && cue.levelFillers.has(s.words[m] as string); f++) m++;
    // "Priya is still 2." (fresh133): the words before a level, as after an attribute's name
    for (let f = 0; f < 3 && m < end && cue.levelLeads.has(s.words[m] as string); f++) m++;
    const level = levelAt(s, m, end, state);
    if (level !== null) return { attribute: owner, level: level.value, end: level.end };
  }
  if (!reverse) return null;
  return reversedItem(s, k, end, state);
}

/** Words after a level that make it a reversed item's ("5, 4 for service"), not one of a bare list's. */
const ITEM_LINKS = new Set(["for", "on", "in", "at", "of", "out", "from", "across", "stars", "points", "/"]);

/**
 * "Employee C has desk search 1, 1 and 0" (fresh94): a level followed by more bare levels (", 1", "and 0") that no
 * attribute or link word follows is a list of levels for a list of names the sentence did not give: no item.
 */
function strayLevels(s: Sentence, k: number, end: number, state: ParseState): boolean {
  let j = k;
  // "is a 5 — a 4 — and ..." (a dash: the level said again, which continuation weighs) is no list
  const token = s.tokens[j - 1] as NaturalToken | undefined;
  if (token?.dash === true || token?.semicolon === true || token?.colon === true) return false;
  if (s.words[j] === "and") j++;
  else if (!s.separated(j - 1) || s.gate[j] === true) return false;
  if (s.words[j] === "a" || s.words[j] === "an") j++;
  const next = levelAt(s, j, end, state);
  if (next === null || next.end === j) return false;
  const after = s.words[next.end] as string | undefined;
  // "broken watch is 1 and 3 for them" (fresh116): two levels for a plural pointer are a pair, not an item's
  if (after === "for" && PLURAL_POINTERS.has(s.words[next.end + 1] as string)) return true;
  if (next.end < end && (ITEM_LINKS.has(after as string) || state.attributes.match(s.words, next.end) !== null))
    return false;
  return next.end >= end || s.separated(next.end - 1) || after === "and" || after === "respectively";
}

/** Pointers to several options at once: "for them", "for both", "for each". */
const PLURAL_POINTERS: ReadonlySet<string> = new Set(["them", "both", "each", "those"]);

/** "<level> on|for <attribute>" and the number forms around it, or a count before its noun ("3 apples"). */
function reversedItem(s: Sentence, k: number, end: number, state: ParseState): Item | null {
  // "a rating of 3 in X", "a solid four out of five on X", "full marks for X"
  let j = k;
  for (let f = 0; f < 4 && j < end && cue.levelLeads.has(s.words[j] as string); f++) j++;
  let level: { value: number; end: number } | null;
  if (fullMarksWords(s.words, j)) level = { value: state.task.levels[1], end: j + 2 };
  // "a perfect score for X" (fresh108): "perfect" and "score" skipped as lead words
  else if (topSkipped(s.words, k, j)) level = { value: state.task.levels[1], end: j };
  // "Apartment D scores the top of the scale on neighbourhood" (fresh69)
  else
    level =
      levelAt(s, j, end, state) ??
      countAt(s, j, end, state) ??
      scaleEndAt(s.words, s.words[j] === "the" ? j + 1 : j, state);
  if (level === null) return null;
  if (cue.levelUnits.has(s.words[level.end] as string)) level = { ...level, end: level.end + 1 };
  // a count before its noun: "3 apples", "two onions" (not across a line: "B=0\nRice bags: ..." in fresh73)
  // nor across a pause: "B leads on the first four; wait time's a drag" (fresh97: a wrong act)
  const after = s.tokens[level.end - 1] as NaturalToken;
  // "Shelf A has five bags of onions" (fresh153): a container's plural and "of" before the counted noun
  const bagged = pastContainer(s.words, level.end);
  const named =
    after.lineBreak || after.pause
      ? null
      : (state.attributes.match(s.words, level.end) ??
        (bagged > level.end && state.task.levels[0] === 0 ? state.attributes.match(s.words, bagged) : null));
  // "two broken watch clues and zero on the poison bottle" (fresh143): the counted noun after the attribute's name
  const counted =
    named !== null && CLUE_NOUNS.has(s.words[named.end] as string) && named.end + 1 <= end
      ? { ...named, end: named.end + 1 }
      : named;
  // "5 onions at least", "3 apples or more": a bound, not a count
  if (counted !== null && boundAfter(s.words, counted.end)) return null;
  if (counted !== null && counted.end <= end && countEnds(s, counted.end, end)) {
    // "no onions at all, 1 bag of rice": the item ends after "at all"
    const all = s.words[counted.end] === "at" && s.words[counted.end + 1] === "all" && counted.end + 2 <= end;
    return { attribute: counted.index, level: level.value, end: all ? counted.end + 2 : counted.end };
  }
  // "gets full marks from both Omar's calendar and Lena's calendar" (fresh158): the sources of both levels
  const fromBoth = s.words[level.end] === "from" && s.words[level.end + 1] === "both";
  if (!cue.levelPrepositions.has(s.words[level.end] as string) && !fromBoth) return null;
  // "B gets 5; for ambience it's 2" (fresh82): a semicolon or colon after the level ends its clause
  const closing = s.tokens[level.end - 1] as NaturalToken;
  if (closing.semicolon === true || closing.colon === true || closing.stop) return null;
  let a = level.end + 1;
  if (a < end && cue.articles.has(s.words[a] as string)) a++;
  // "full marks on both food quality and service" (fresh56): one level for two attributes
  const both = s.words[a] === "both";
  if (both) a++;
  // "at 1 for both the badge log and the email records" (fresh137): an article after "both", and after "and"
  if (both && a < end && cue.articles.has(s.words[a] as string)) a++;
  // "Monday evening is a zero for Omar and a zero for Lena" (fresh65): the person alone, closing the item
  const owner = both ? undefined : attributeOwners(state.task.domain).get(s.words[a] as string);
  if (owner !== undefined && s.words[a + 1] !== "'s" && (a + 1 >= end || s.separated(a) || s.words[a + 1] === "and"))
    return { attribute: owner, level: level.value, end: a + 1 };
  // "2 for Omar's calendar, 0 for Lena's." (fresh165): the person and "'s" closing the item, the noun left out
  if (owner !== undefined && s.words[a + 1] === "'s" && (a + 2 >= end || s.separated(a + 1)))
    return { attribute: owner, level: level.value, end: a + 2 };
  const attr = state.attributes.match(s.words, a);
  if (attr === null || attr.end > end) return null;
  // "scores 1 on ambience, value for money, cleanliness and location" (fresh158): a list of three or more names closing
  // the clause shares the level
  const listed = both ? null : commaList(s, attr.end, end, state);
  if (listed !== null)
    return {
      attribute: attr.index,
      level: level.value,
      end: listed.end,
      shared: listed.attributes.map((index) => ({ attribute: index, level: level.value, end: listed.end })),
    };
  let second = attr.end + 1;
  // "full marks for location and for menu variety" (fresh143): the preposition said again before the second name
  if (s.words[second] === s.words[level.end]) second++;
  if (cue.articles.has(s.words[second] as string)) second++;
  const other = s.words[attr.end] === "and" ? state.attributes.match(s.words, second) : null;
  // "rated 5 for cleanliness and location alike" (fresh61): "alike" after the pair as "both" before it
  const alike = other !== null && other.end < end && s.words[other.end] === "alike";
  if (both && (other === null || other.end > end)) return null;
  // "Restaurant B scores 5 on ambience and value for money;" (fresh108): the pair closing the clause shares the level
  const closed = other !== null && other.end <= end && (other.end >= end || s.separated(other.end - 1));
  if (other !== null && (both || alike || closed))
    return {
      attribute: attr.index,
      level: level.value,
      end: alike ? other.end + 1 : other.end,
      shared: [{ attribute: other.index, level: level.value, end: alike ? other.end + 1 : other.end }],
    };
  return { attribute: attr.index, level: level.value, end: attr.end };
}

/**
 * "sit at minus one, the very bottom of the range" on a scale from -2: a scale's end named after a pause right after
 * the level at k that is not that level (the sentence contradicts itself: no item).
 */
function otherScaleEnd(s: Sentence, k: number, end: number, value: number, state: ParseState): boolean {
  if (k >= end || !s.separated(k - 1)) return false;
  const named = scaleEndAt(s.words, s.words[k] === "the" ? k + 1 : k, state);
  return named !== null && named.value !== value;
}

/** "top of the scale" (its highest level), "bottom of the scale" (its lowest) at k: the level and its end, or null. */
export function scaleEndAt(
  words: readonly string[],
  k: number,
  state: ParseState,
): { value: number; end: number } | null {
  // "the very bottom of the range" (fresh165)
  const at = words[k] === "very" ? k + 1 : k;
  const w = words[at];
  if (!(w === "top" || w === "bottom") || words[at + 1] !== "of" || words[at + 2] !== "the") return null;
  if (!(words[at + 3] === "scale" || words[at + 3] === "range")) return null;
  const [lo, hi] = state.task.levels;
  return { value: w === "top" ? hi : lo, end: at + 4 };
}

/** Nouns of the scale's top after "full" / "top" / "perfect": "full marks", "a perfect score" (fresh108). */
const FULL_NOUNS = new Set(["marks", "score", "rating"]);

/** Do the words at k say the scale's top: "full marks", "top marks", "perfect score"? */
function fullMarksWords(words: readonly string[], k: number): boolean {
  return cue.fullMarks.has(words[k] as string) && FULL_NOUNS.has(words[k + 1] as string);
}

/** Did the lead words k..j-1 skipped before a level hold "perfect score" / "top marks" (the scale's top)? */
function topSkipped(words: readonly string[], k: number, j: number): boolean {
  for (let t = k; t + 1 < j; t++) if (fullMarksWords(words, t)) return t + 2 === j;
  return false;
}

/** "full marks", "top marks", "a perfect score" at k, closing its clause: the scale's top, or null. */
export function fullMarksAt(s: Sentence, at: number, state: ParseState): { value: number; end: number } | null {
  let k = at;
  // "is a perfect score": an article before it; or the words already passed as lead words (the end of the clause)
  if ((s.words[k] === "a" || s.words[k] === "the") && cue.fullMarks.has(s.words[k + 1] as string)) k++;
  else if (k - 2 >= s.from && topSkipped(s.words, k - 2, k) && (k >= s.to || s.separated(k - 1)))
    return { value: state.task.levels[1], end: k };
  if (!fullMarksWords(s.words, k)) return null;
  // "Miss Hartley's torn glove gets full marks in my notes" (fresh66): the speaker's source may close it
  // "Miss Hartley's torn glove gets full marks from me." (fresh146): the speaker as the giver closing it
  const closes = k + 2 >= s.to || s.separated(k + 1) || fromMe(s, k + 2, s.to) || ownSource(s.words, k + 2, s.to, s);
  return closes ? { value: state.task.levels[1], end: k + 2 } : null;
}

/** Words after a count that make it a bound: "at least", "at most", "or more", "or fewer", "or less", "or so". */
const BOUNDS: readonly (readonly string[])[] = [
  ["at", "least"],
  ["at", "most"],
  ["or", "more"],
  ["or", "fewer"],
  ["or", "less"],
  ["or", "so"],
];

/** Does a bound follow the count's noun at k ("5 onions at least")? */
function boundAfter(words: readonly string[], k: number): boolean {
  return BOUNDS.some((b) => b.every((w, n) => words[k + n] === w));
}

/**
 * ", value for money, cleanliness and location" after an attribute ending at k: two or more names, commas between them
 * and "and" before the last, closing the clause; their indexes and the word after the list, or null.
 */
function commaList(
  s: Sentence,
  k: number,
  end: number,
  state: ParseState,
): { attributes: number[]; end: number } | null {
  const attributes: number[] = [];
  let at = k;
  let closed = false;
  while (at < end && attributes.length < 8) {
    const token = s.tokens[at - 1] as NaturalToken;
    const comma = token.pause && token.colon !== true && token.semicolon !== true && token.dash !== true;
    if (!comma && s.words[at] !== "and") break;
    let j = at;
    if (s.words[j] === "and") j++;
    if (cue.articles.has(s.words[j] as string)) j++;
    const named = state.attributes.match(s.words, j);
    if (named === null || named.end > end) return null;
    attributes.push(named.index);
    closed = s.words[at] === "and";
    at = named.end;
    if (closed) break;
  }
  if (attributes.length < 2 || !closed) return null;
  return at >= end || s.separated(at - 1) ? { attributes, end: at } : null;
}

/** Verbs that may open an item again after a joining word: "..., but scores 1 on ambience". */
const SCORING: ReadonlySet<string> = new Set(["scores", "gets", "earns", "rates", "has"]);

/** Containers a count may name before "of" and the counted noun: "five bags of onions". */
const CONTAINERS: ReadonlySet<string> = new Set(["bags", "bag", "crates", "crate", "boxes", "box", "sacks", "sack"]);

/** The word after "<container> of" at k ("bags of onions"), or k. */
function pastContainer(words: readonly string[], k: number): number {
  return CONTAINERS.has(words[k] as string) && words[k + 1] === "of" ? k + 2 : k;
}

/** Does "from me" at k close the clause before `end` (the speaker as the giver: "full marks from me")? */
export function fromMe(s: Sentence, k: number, end: number): boolean {
  return s.words[k] === "from" && s.words[k + 1] === "me" && (k + 2 >= end || s.separated(k + 1));
}

/** Nouns a count may take after an attribute's name: "two broken watch clues". */
const CLUE_NOUNS: ReadonlySet<string> = new Set(["clue", "clues"]);

/** Nouns of a group of known size: "a pair of rice bags", "a trio of onions". */
const GROUPS = new Map([
  ["pair", 2],
  ["duo", 2],
  ["trio", 3],
  ["quartet", 4],
]);

/** A spelled number before an attribute ("four apples"): a level only there. */
function countAt(s: Sentence, k: number, end: number, state: ParseState): Level {
  const w = s.words[k] as string;
  // "a single onion", "a pair of rice bags": counts in words only before the counted attribute
  const counted = s.words[k - 1] === "a" && w === "single" ? { value: 1, at: k + 1 } : null;
  // "a trio of onions" (fresh30): a group noun of a known size
  const group = GROUPS.get(w);
  const pair =
    s.words[k - 1] === "a" && group !== undefined && s.words[k + 1] === "of" ? { value: group, at: k + 2 } : null;
  // "Shelf B has no apples at all", "Shelf A: no onions left" (fresh29, fresh37): none, on a scale that holds 0
  const none = w === "no" && noneCount(s, k, state) ? { value: 0, at: k + 1 } : null;
  const value = cue.numberWords.get(w);
  const at = counted ?? pair ?? none ?? (value === undefined ? null : { value, at: k + 1 });
  if (at === null || at.at >= end) return null;
  if (state.attributes.match(s.words, pastContainer(s.words, at.at)) === null) return null;
  return { value: at.value, end: at.at };
}

/** Words before "no" that make it a count of none: "has no", "there are no", "Shelf A: no", "has 3 onions and no". */
const NONE_LEADS = new Set(["has", "have", "holds", "hold", "carries", "stocks", "are", "is", "'s", "and"]);

/**
 * Is the "no" at k a count of none: on a scale from 0, after a verb of holding or a label's colon, with the counted
 * attribute closing the clause right after it or after "at all" / "left" ("has no apples at all")?
 */
function noneCount(s: Sentence, k: number, state: ParseState): boolean {
  if (state.task.levels[0] !== 0) return false;
  // "There are definitely no onions on Shelf B" (fresh159): a word of certainty between the verb and "no"
  const sure = s.words[k - 1] === "definitely" || s.words[k - 1] === "certainly";
  const lead = s.words[sure ? k - 2 : k - 1] as string;
  const label = (s.tokens[k - 1] as NaturalToken | undefined)?.colon === true;
  // "- no onions at all" under "Here's my count for Shelf B:" (fresh56): none opening a list line
  // "Shelf B — 3 apples, no onions at all, 1 bag of rice" (fresh57): none as an item after a pause
  if (!(NONE_LEADS.has(lead) || label || k === s.from || s.separated(k - 1))) return false;
  const counted = state.attributes.match(s.words, k + 1);
  if (counted === null) return false;
  let j = counted.end;
  if (s.words[j] === "at" && s.words[j + 1] === "all") j += 2;
  else if (s.words[j] === "left" || s.words[j] === "whatsoever") j++;
  // "3 apples, no onions and 1 rice bag" (fresh131): the next item after "and"
  return j >= s.to || s.separated(j - 1) || s.words[j] === "on" || s.words[j] === "in" || s.words[j] === "and";
}

/** Words of doubt in a parenthesis after an item: "(not sure)", "(unconfirmed)", "(maybe)". */
const DOUBTS = new Set([
  ...["not", "unsure", "unconfirmed", "unverified", "unclear", "guess", "guessing", "estimate", "maybe", "might"],
  ...["perhaps", "possibly", "approx", "approximately", "roughly", "around", "about", "ish", "?"],
]);

/**
 * Does the parenthesis opening at k hold a word of doubt ("(maybe)", "(not sure)")? With `strictNot`, "not" doubts
 * only as "not sure / certain / confirmed" ("(not 2 as I wrote)" rejects another value).
 */
export function doubtingAside(s: Sentence, k: number, strictNot = false): boolean {
  for (let m = k; m < s.to && m < k + 8 && (s.tokens[m] as NaturalToken).aside; m++) {
    const w = s.words[m] as string;
    const doubt = strictNot && w === "not" ? NOT_DOUBTS.has(s.words[m + 1] as string) : DOUBTS.has(w);
    if (doubt || (s.tokens[m] as NaturalToken).question) return true;
  }
  return false;
}

/** After "not" in a parenthesis, words that make it a doubt: "(not sure)", "(not certain)", "(not confirmed)". */
const NOT_DOUBTS = new Set(["sure", "certain", "confirmed", "verified", "100%", "positive"]);

/** Does a counted noun end its item at k (a clause end, "and", "on Shelf A")? "2 service issues" does not. */
function countEnds(s: Sentence, k: number, end: number): boolean {
  // "1 apple (rice bags I cannot see)" (fresh66): a parenthesis after the noun ends it too
  return (
    k >= end ||
    s.separated(k - 1) ||
    (s.tokens[k - 1] as NaturalToken).stop ||
    cue.afterCount.has(s.words[k] as string) ||
    ((s.tokens[k] as NaturalToken).aside === true && !doubtingAside(s, k))
  );
}

/** More items after one ends at k: ", service 2", "and its service is 2", "and 4 on service". */
/**
 * Is j right after "no <attribute> and" ("has no onions and 1 rice bag", fresh131), so that the gate the "no" set
 * there is only a count of none's, not a denial of what follows?
 */
function afterNoneCount(s: Sentence, j: number, state: ParseState): boolean {
  if (s.words[j - 1] !== "and") return false;
  for (let k = j - 2; k >= Math.max(s.from, j - 5); k--) {
    if (s.words[k] !== "no") continue;
    // the count of none the item before was read from (`noneCount`), its attribute closing right before "and"
    return noneCount(s, k, state) && state.attributes.match(s.words, k + 1)?.end === j - 1;
  }
  return false;
}

export function continuation(s: Sentence, k: number, end: number, state: ParseState, before?: Item): Item[] {
  const items: Item[] = [];
  let at = k;
  while (items.length < MAX_LIST && at < end) {
    at = skipAside(s, at, end);
    // "its food quality is a 5 in my view, and value for money a 3" (fresh64): the speaker's source closing an item
    if (ownSource(s.words, at, end, s)) {
      at++;
      while (at < end && !s.separated(at - 1)) at++;
    } else {
      // "is at the top of the scale — a 5 — and teamwork is a five as well" (fresh64): the level said again
      at = restatedLevel(s, at, end, state, items[items.length - 1] ?? before) ?? at;
      // "Quietness is a 5 there and natural light a 4", "shows 2 for it, and so does Omar's" (fresh64)
      const pointer = OPTION_POINTERS.find((p) => at + p.length < end && p.every((w, n) => s.words[at + n] === w));
      if (pointer !== undefined) at += pointer.length;
      // "full marks for food quality from me, though ..." (fresh153): the speaker as the giver closing an item
      if (at + 2 < end && fromMe(s, at, end)) at += 2;
    }
    let j = at;
    const paused = s.separated(at - 1);
    if (s.words[j] === "and" || s.words[j] === "plus" || s.words[j] === "&" || s.words[j] === "with") j++;
    // "has a 4 in teamwork but only a 1 for communication" (fresh56): a contrast of the same option's items
    else if (s.words[j] === "but" || s.words[j] === "whereas" || s.words[j] === "while") j++;
    // "cakes sold at +2 and books sold at +2, against a -1 on plants" (fresh131): a contrast after a pause
    else if (s.words[j] === "against" && paused) j++;
    // "full marks for food quality from me, though service only scores a 4/5" (fresh153): a concession after a pause
    else if ((s.words[j] === "though" || s.words[j] === "although") && paused) j++;
    else if (s.words[j] === "as" && s.words[j + 1] === "well" && s.words[j + 2] === "as") j += 3;
    else if (!paused) break;
    j = skipAside(s, j, end);
    if (s.words[j] === "also") j++;
    if (s.words[j] === "it" && cue.haveVerbs.has(s.words[j + 1] as string)) j += 2;
    // "full marks for food quality and service, but scores 1 on ambience, ..." (fresh158): the option's verb again
    else if (SCORING.has(s.words[j] as string) && j > at) j++;
    // "X's service is 4; its ambience is 2, don't quote me": an item under a retraction or someone's word ends the list
    // ("and no onions" is a count of none, not a denial)
    if (s.gate[j] === true && s.words[j] !== "no" && !afterNoneCount(s, j, state)) break;
    // "Lena's calendar shows 2 for it, and so does Omar's" (fresh64): the last item's level for another attribute
    const same = sameAgain(s, j, end, state, items[items.length - 1] ?? before);
    if (same !== null) {
      items.push(same);
      at = same.end;
      continue;
    }
    const item = itemAt(s, j, end, state, true);
    // "Bob's availability for Tuesday 11am is 1, and Erin's is 0 for Monday 4pm" (a held-out defect, session 59): an
    // item placed on an option of its own after its level is not the list's option's: the list ends before it
    if (item !== null && placedOnOption(s, item.end, state)) break;
    if (item === null) {
      // "cleanliness probably 4, wait time about 2, location 5" (fresh183): an estimate between pauses states
      // nothing, the items after it still do
      const hedged = items.length > 0 || before !== undefined ? hedgedItemEnd(s, j, end, state) : null;
      if (hedged === null) break;
      at = hedged;
      continue;
    }
    items.push(...spread(item));
    at = item.end;
  }
  return items;
}

/** Does an option named after "for" / "on" / "at" follow at k ("... is 0 for Monday 4pm")? */
function placedOnOption(s: Sentence, k: number, state: ParseState): boolean {
  const w = s.words[k];
  return (w === "for" || w === "on" || w === "at") && state.options.match(s.words, k + 1) !== null;
}

/** Words of a description before a level in parentheses: "is its weak spot (1)", "is the standout (5)". */
const DESCRIBED_VERBS = new Set(["is", "'s", "are", "was"]);

/**
 * "Wait time is its weak spot (1)" (fresh65): after the attribute, "is", up to four plain words and the level alone
 * in a parenthesis; the level and the word after the parenthesis, or null.
 */
function describedLevel(s: Sentence, k: number, end: number, state: ParseState): { value: number; end: number } | null {
  if (!DESCRIBED_VERBS.has(s.words[k] as string)) return null;
  for (let m = k + 1; m < Math.min(end, k + 6); m++) {
    const token = s.tokens[m] as NaturalToken;
    if (token.aside) {
      const alone = m + 1 >= end || !(s.tokens[m + 1] as NaturalToken).aside;
      const level = m > k + 1 && alone ? levelAt(s, m, m + 1, state) : null;
      return level === null ? null : { value: level.value, end: m + 1 };
    }
    const w = s.words[m] as string;
    if (!/^[a-z']+$/.test(w) || s.separated(m) || cue.negations.has(w) || cue.modals.has(w) || cue.hedges.has(w))
      return null;
    if (state.options.match(s.words, m) !== null || state.attributes.match(s.words, m) !== null) return null;
  }
  return null;
}

/** Prepositions between a description and the attribute it is of: "rock-bottom on ambience", "strong in service". */
const DESCRIBED_ON = new Set(["on", "for", "in", "at"]);

/**
 * "A is rock-bottom on ambience (a 1)" (fresh181): after an option's "is", one to three plain words, "on" / "for" /
 * "in" / "at", the attribute and its level alone in a parenthesis (maybe after "a"); the item, or null. No name,
 * number, negation, modal or hedge among the words.
 */
export function describedOnItem(s: Sentence, k: number, end: number, state: ParseState): Item | null {
  for (let m = k; m < Math.min(end, k + 4); m++) {
    const w = s.words[m] as string;
    if (DESCRIBED_ON.has(w) && m > k) {
      const attribute = state.attributes.match(s.words, m + 1);
      if (attribute === null || attribute.end >= end || s.separated(attribute.end - 1)) return null;
      let j = attribute.end;
      if (!(s.tokens[j] as NaturalToken).aside) return null;
      if (s.words[j] === "a" || s.words[j] === "an") j++;
      const alone = j + 1 >= end || !(s.tokens[j + 1] as NaturalToken).aside;
      const level = (s.tokens[j] as NaturalToken).aside && alone ? levelAt(s, j, j + 1, state) : null;
      return level === null ? null : { attribute: attribute.index, level: level.value, end: j + 1 };
    }
    if (!/^[a-z][a-z'-]*$/.test(w) || s.separated(m) || (s.tokens[m] as NaturalToken).aside) return null;
    if (cue.negations.has(w) || cue.modals.has(w) || cue.hedges.has(w) || s.gate[m] === true) return null;
    if (state.options.match(s.words, m) !== null || state.attributes.match(s.words, m) !== null) return null;
  }
  return null;
}

/** Verbs of a person giving the option a level: "Tomas gives it a 2", "Priya puts it at 1". */
const GIVES = new Set(["gives", "puts", "rates", "marks", "scores"]);

/**
 * Words after an item that point at the option it is about: skipped before the next item ("Quietness is a 5 there and
 * natural light a 4"), a closing tail of a carried share, and the pointer after "both 1" (`paired-shares.ts`).
 */
export const OPTION_POINTERS: readonly (readonly string[])[] = [
  ["there"],
  ["here"],
  ["for", "it"],
  ["for", "that", "slot"],
  ["for", "this", "slot"],
  ["for", "that", "one"],
  ["for", "that", "option"],
  // "Shelf A has 5 onions on it, and zero rice bags" (fresh67)
  ["on", "it"],
  // "I accuse Doctor Finch. The poison bottle is a 3 for him" (fresh83): a person the talk is about
  ["for", "him"],
  ["for", "her"],
  ["against", "him"],
  ["against", "her"],
];

/** After the last item's level said again between pauses at `at` ("— a 5 —"), the word after it; else null. */
function restatedLevel(s: Sentence, at: number, end: number, state: ParseState, last: Item | undefined): number | null {
  if (last === undefined || at <= s.from || !s.separated(at - 1)) return null;
  const j = s.words[at] === "a" || s.words[at] === "an" || s.words[at] === "the" ? at + 1 : at;
  // "Books sold is +2 — top of the scale — and cakes sold is 2 as well" (fresh68): the scale's end said as words
  const level = levelAt(s, j, end, state) ?? scaleEndAt(s.words, j, state);
  if (level === null || level.value !== last.level || level.end >= end || !s.separated(level.end - 1)) return null;
  return level.end;
}

/** Verbs of "so does X's", "so is X's": the item before holds for X too. */
const SO_VERBS = new Set(["does", "do", "is", "are", "has", "have"]);

/** "so does Omar's [calendar]" at j after an item: that item's level for the attribute named, closing the clause. */
function sameAgain(s: Sentence, j: number, end: number, state: ParseState, last: Item | undefined): Item | null {
  const { words } = s;
  if (last === undefined || words[j] !== "so" || !SO_VERBS.has(words[j + 1] as string)) return null;
  const named = state.attributes.match(words, j + 2) ?? ownerAttributeAt(state.task.domain, words, j + 2);
  if (named === null || named.index === last.attribute) return null;
  const { index: attribute, end: close } = named;
  return close >= end || s.separated(close - 1) ? { attribute, level: last.level, end: close } : null;
}

/** Past a parenthesis ("(confirmed)") or a hedge between commas (", I believe,") at k, if there is one. */
function skipAside(s: Sentence, k: number, end: number): number {
  const first = s.tokens[k] as NaturalToken | undefined;
  if (first === undefined) return k;
  if (first.aside) {
    let j = k;
    while (j < end && j < k + 6 && (s.tokens[j] as NaturalToken).aside) j++;
    return j;
  }
  if (k > s.from && s.separated(k - 1)) {
    for (let j = k; j < end && j < k + 3; j++) {
      if (!cue.hedges.has(s.words[j] as string)) break;
      if (s.separated(j)) return j + 1;
    }
  }
  return k;
}

/** Items starting at k (the first one required). */
export function itemList(s: Sentence, k: number, end: number, state: ParseState, reverse: boolean): Item[] {
  const first = itemAt(s, k, end, state, reverse);
  if (first === null) {
    // "X's cleanliness is around 4 I think, and service is 5 for sure" (fresh91): the hedged item states nothing, the
    // items after it still do
    const hedged = hedgedItemEnd(s, k, end, state);
    return hedged === null ? [] : continuation(s, hedged, end, state);
  }
  return [...spread(first), ...continuation(s, first.end, end, state, first)];
}

/** Words that make a level an estimate: "around 4", "about 4", "roughly 4". */
const ESTIMATES = new Set(["around", "about", "roughly", "approximately", "approx", "maybe", "perhaps", "possibly"]);
/** The speaker's doubt closing an estimate before the pause: "around 4 I think", "about 4 or so". */
const ESTIMATE_TAILS = new Set(["i", "think", "guess", "believe", "reckon", "or", "so", "ish"]);

/**
 * An item whose level is an estimate ("cleanliness is around 4 I think,"): an attribute, its fillers, an estimate
 * word, a level and up to three words of doubt, closed by a pause; the word after the pause, or null.
 */
function hedgedItemEnd(s: Sentence, k: number, end: number, state: ParseState): number | null {
  let j = k;
  if (j < end && cue.articles.has(s.words[j] as string)) j++;
  const attribute = state.attributes.match(s.words, j);
  if (attribute === null || attribute.end >= end) return null;
  let m = attribute.end;
  for (let f = 0; f < 3 && m < end && cue.levelFillers.has(s.words[m] as string); f++) m++;
  if (!ESTIMATES.has(s.words[m] as string)) return null;
  const level = levelAt(s, m + 1, end, state);
  if (level === null) return null;
  let e = level.end;
  for (let t = 0; t < 3 && e < end && !s.separated(e - 1) && ESTIMATE_TAILS.has(s.words[e] as string); t++) e++;
  return e < end && s.separated(e - 1) ? e : null;
}

/** An item and the items of its level said with it, as separate items. */
function spread(item: Item): Item[] {
  if (item.shared === undefined) return [item];
  const { shared, ...own } = item;
  return [own, ...shared];
}
