import { attributeOwners } from "../natural-matchers";
import { naturalCues as cue } from "../natural-cues";
import { closingTail } from "./carried-share";
import type { NaturalToken } from "../natural-tokens";
import { commaPairedList } from "./comma-paired-list";
import { wiseAttribute } from "./share-cues";
import { plainWord } from "./lone-share";
import { levelsForOptions, parallelShares } from "./parallel-shares";
import { continuation, type Item, levelAt, OPTION_POINTERS } from "./share-items";
import { naturalInteger } from "./natural-integer";
import { afterPluralNoun, optionList } from "./option-list";
import { MAX_LIST, type ParseState, type Sentence } from "./sentence";
import { soldNoun } from "./sold-count";

/** Shares a paired list gives, in order, and the word after it; `ambiguous` when the counts differ. */
export type Paired = { shares: [number, number, number][]; end: number } | { ambiguous: true; end: number };

/**
 * After a paired list's end at e, the word after "respectively", "in that order" or "in order" (fresh53's "land at 2
 * and 4, in that order"), else e.
 */
export function afterOrder(words: readonly string[], e: number): number {
  if (words[e] === "respectively") return e + 1;
  if (words[e] === "in" && words[e + 1] === "that" && words[e + 2] === "order") return e + 3;
  // "2 and 1 in the same order" (fresh94)
  if (words[e] === "in" && words[e + 1] === "the" && words[e + 2] === "same" && words[e + 3] === "order") return e + 4;
  return words[e] === "in" && words[e + 1] === "order" ? e + 2 : e;
}

/**
 * Does a paired list's clause close at k: the end, a pause before k, or an aside in parentheses opening at k
 * ("2, 4 and 4 respectively (C I haven't got — ...)", fresh140)?
 */
export function closes(s: Sentence, k: number, end: number): boolean {
  if (k >= end || s.separated(k - 1)) return true;
  return (s.tokens[k] as NaturalToken).aside && !(s.tokens[k - 1] as NaturalToken).aside;
}

/** Levels joined as a list at k: "4 and 1", "2, 3 and 4" (two at least). */
export function levelList(
  s: Sentence,
  k: number,
  end: number,
  state: ParseState,
): { levels: number[]; end: number } | null {
  const levels: number[] = [];
  let j = k;
  let last = k;
  while (levels.length < MAX_LIST) {
    // "a 3 and a 5" (fresh52): an article before a level
    const article = (s.words[j] === "a" || s.words[j] === "an") && levelAt(s, j + 1, end, state) !== null;
    const level = levelAt(s, article ? j + 1 : j, end, state);
    if (level === null) break;
    levels.push(level.value);
    last = level.end;
    if (s.words[last] === "and") j = last + 1;
    else if (s.separated(last - 1)) j = last;
    else break;
  }
  return levels.length >= 2 ? { levels, end: last } : null;
}

/** "A's and B's": options named with a possessive each, sharing what follows. */
function possessiveOptions(
  s: Sentence,
  k: number,
  end: number,
  state: ParseState,
): { options: number[]; end: number } | null {
  const first = state.options.match(s.words, k);
  if (first === null || s.words[first.end] !== "'s" || s.words[first.end + 1] !== "and") return null;
  const second = state.options.match(s.words, first.end + 2);
  if (second === null || second.end >= end || s.words[second.end] !== "'s") return null;
  return { options: [first.index, second.index], end: second.end + 1 };
}

/** The words with their first one made singular ("calendars" -> "calendar", "availabilities" -> "availability"). */
function singularHead(words: string[]): string[] {
  const w = words[0];
  if (w === undefined || w.length < 4 || !w.endsWith("s")) return words;
  return [w.endsWith("ies") ? `${w.slice(0, -3)}y` : w.slice(0, -1), ...words.slice(1)];
}

/**
 * Two names or more, each with "'s", joined by commas and a last "and" at k ("Carol's and Dan's", "Alice's, Bob's and
 * Carol's"): the names and the index after the last "'s", or null.
 */
function possessiveNames(s: Sentence, k: number, end: number): { names: string[]; end: number } | null {
  const { words } = s;
  const names: string[] = [];
  let j = k;
  while (names.length < MAX_LIST && j + 1 < end && words[j + 1] === "'s") {
    names.push(words[j] as string);
    j += 2;
    if (words[j] === "and" && words[j + 2] === "'s") j++;
    else if (!(s.separated(j - 1) && words[j + 1] === "'s")) break;
  }
  return names.length >= 2 && words[j - 1] === "'s" ? { names, end: j } : null;
}

/** Attributes joined as a list at k: "food quality and ambience", "Carol's and Dan's availability". */
function attributeList(
  s: Sentence,
  k: number,
  end: number,
  state: ParseState,
): { attributes: number[]; end: number } | null {
  const { words } = s;
  let j = k;
  // "has both food quality and ambience at 5" (fresh64)
  if (words[j] === "both") j++;
  if (words[j] === "the" || words[j] === "their" || words[j] === "its") j++;
  const owners = attributeOwners(state.task.domain);
  // "Carol's and Dan's availability", "Alice's, Bob's and Carol's availability" (fresh126): the names share the words
  // after the last "'s"
  const named = possessiveNames(s, j, end);
  if (named !== null) {
    // "Priya's and Lena's calendars", "Bob's and Erin's availabilities": the shared noun may be plural
    const after = words.slice(named.end, Math.min(end, named.end + 4));
    for (const tail of [after, singularHead(after)]) {
      const found = named.names.map((n) => state.attributes.match([n, "'s", ...tail], 0));
      const ends = new Set(found.map((f) => f?.end));
      if (found.every((f) => f !== null) && ends.size === 1)
        return {
          attributes: found.map((f) => (f as { index: number }).index),
          end: named.end + (found[0] as { end: number }).end - 2,
        };
    }
    // "For Monday 4pm, Carol's and Dan's are both 0" (fresh126): the people's own attributes, the noun left out
    const people = named.names.map((n) => owners.get(n));
    if (state.attributes.match(words, named.end) === null && people.every((p) => p !== undefined))
      return { attributes: people as number[], end: named.end };
  }
  const attributes: number[] = [];
  // the end is after the last attribute, not after a trailing "and" or comma
  let last = k;
  while (attributes.length < MAX_LIST) {
    // "Carol, Dan and Erin are all 1" (fresh113): a person alone names their attribute
    const owner = owners.get(words[j] as string);
    const a = state.attributes.match(words, j) ?? (owner === undefined ? null : { index: owner, end: j + 1 });
    if (a === null || a.end > end) break;
    attributes.push(a.index);
    last = a.end;
    j = a.end;
    if (words[j] === "and") j++;
    else if (!s.separated(j - 1)) break;
    if (words[j] === "and") j++;
    // "the library key and the poison bottle both come in at 3" (fresh152): the article again after "and"
    if (words[j] === "the" && state.attributes.match(words, j + 1) !== null) j++;
  }
  if (attributes.length < 2) return null;
  return { attributes, end: last };
}

/** Nouns of the levels after an attribute: "menu variety marks of 3 and 4", "service scores of 2 and 5". */
const LEVEL_NOUNS = new Set(["marks", "scores", "ratings", "levels", "values", "figures", "grades"]);

/** Adverbs before a paired list's levels that leave them stated: "are probably 2 and 1" (fresh102; "probably" states). */
const SURE = new Set(["probably", "likely", "definitely", "certainly", "actually", "still"]);

/**
 * "Restaurant D's value for money and Restaurant B's value for money are 2 and 5, respectively" (fresh481, session
 * 71): two or more cells, each an option (maybe "'s") and an attribute, joined by commas or "and", then their levels
 * after fillers or a few plain verbs, paired in order: exact or ambiguous, as every paired list.
 */
function cellListLevels(s: Sentence, k: number, end: number, state: ParseState): Paired | null {
  const { words } = s;
  const cells: [number, number][] = [];
  let j = k;
  while (cells.length < MAX_LIST) {
    const option = state.options.match(words, j);
    if (option === null) break;
    const at = words[option.end] === "'s" ? option.end + 1 : option.end;
    const attribute = state.attributes.match(words, at);
    if (attribute === null) break;
    cells.push([option.index, attribute.index]);
    j = attribute.end;
    if (words[j] === "and") j++;
    else if (!s.separated(j - 1)) break;
  }
  if (cells.length < 2) return null;
  const levels = levelsAfterVerbs(s, j, end, state);
  if (levels === null) return null;
  return pair(
    cells.map((_, n) => n),
    levels.levels,
    afterOrder(words, levels.end),
    (n, level) => [...(cells[n] as [number, number]), level],
  );
}

/** Words between names and their levels: "have", "are", "of", ":", "probably". */
function skipFillers(s: Sentence, k: number, end: number): number {
  let j = k;
  for (let f = 0; f < 3 && j < end; f++) {
    const w = s.words[j] as string;
    if (!(cue.haveVerbs.has(w) || cue.pairFillers.has(w) || (SURE.has(w) && f > 0))) break;
    j++;
  }
  return j;
}

function pair(
  names: number[],
  levels: number[],
  end: number,
  make: (name: number, level: number) => [number, number, number],
): Paired {
  if (names.length !== levels.length) return { ambiguous: true, end };
  return { shares: names.map((n, k) => make(n, levels[k] as number)), end };
}

/**
 * The levels after a list of options about one attribute (`... are 4 and 2[, respectively]`), paired in order:
 * exact (one level per option, the clause closed after them) or ambiguous, never a wrong level.
 */
function optionsLevels(
  s: Sentence,
  options: { options: number[]; end: number },
  attribute: number,
  end: number,
  state: ParseState,
): Paired | null {
  // "Restaurant A and Restaurant C land at 2 and 4" (fresh53): plain verb words before the levels
  const levels = levelsAfterVerbs(s, options.end, end, state);
  if (levels === null) {
    // "For ambience, A and B are both at 5" (fresh94): one level for each of them
    const shared =
      bothLevel(s, options.end, end, state) ??
      bothAt(s, options.end, end, state) ??
      levelForEach(s, options.end, end, state);
    return shared === null
      ? null
      : { shares: options.options.map((o) => [o, attribute, shared.value]), end: shared.end };
  }
  const last = afterOrder(s.words, levels.end);
  if (!closes(s, last, end)) return null;
  return pair(options.options, levels.levels, last, (o, l) => [o, attribute, l]);
}

/** "2 and 3 apples[, and 1 and 4 onions]" or "2 and 5 on teamwork" after paired options, from j. */
function countedPairs(s: Sentence, j: number, end: number, state: ParseState, options: number[]): Paired | null {
  const { words } = s;
  const shares: [number, number, number][] = [];
  let k = j;
  for (let round = 0; round < MAX_LIST; round++) {
    const levels = levelList(s, k, end, state);
    if (levels === null) break;
    // "Candidate A and Candidate C score 1 and 4 respectively on communication" (fresh67)
    let at = afterOrder(words, levels.end);
    // "... get 0 and 2 from Omar's calendar" (helper h43q): the source the levels come from names the attribute
    if (cue.levelPrepositions.has(words[at] as string) || words[at] === "from") at++;
    if (words[at] === "the") at++;
    // "Stall A and Stall D sold 2 and -1 cakes" (helper h43q): the noun of an attribute "<noun> sold"
    const named = state.attributes.match(words, at);
    const sold = named === null ? soldNoun(s, at, state) : null;
    const attribute = named ?? (sold === null ? null : { index: sold.attribute, end: sold.end });
    if (attribute === null || attribute.end > end) return round === 0 ? null : { ambiguous: true, end };
    if (levels.levels.length !== options.length) return { ambiguous: true, end };
    options.forEach((o, n) => shares.push([o, attribute.index, levels.levels[n] as number]));
    k = attribute.end;
    k = afterOrder(words, k);
    const next = words[k] === "and" ? k + 1 : s.separated(k - 1) && words[k] === "and" ? k + 1 : -1;
    if (next < 0) break;
    k = next;
  }
  return shares.length > 0 ? { shares, end: k } : null;
}

/** The option after a preposition at k ("for Tuesday morning"), or null. */
function placedOption(s: Sentence, k: number, end: number, state: ParseState): { option: number; end: number } | null {
  if (!cue.levelPrepositions.has(s.words[k] as string)) return null;
  const o = state.options.match(s.words, k + 1);
  if (o === null || o.end > end || s.words[o.end] === "or" || s.words[o.end] === "and") return null;
  return { option: o.index, end: o.end };
}

/**
 * Attributes first, one option before or after the levels: "Alice's and Dan's availability for Monday 2pm are 1
 * and 0", "Omar's calendar and Priya's calendar are 1 and 2 for Tuesday morning"; null without exactly one option.
 */
function attributesFirst(s: Sentence, k: number, end: number, state: ParseState): Paired | null {
  const attributes = attributeList(s, k, end, state);
  if (attributes === null) return null;
  const before = placedOption(s, attributes.end, end, state);
  // "Communication and leadership for Candidate B come out at 3 and 4" (fresh188): plain verb words before the levels
  const levels = levelsAfterVerbs(s, before?.end ?? attributes.end, end, state);
  if (levels === null) {
    // "Carol's and Dan's availability for Monday 4pm are both 0" (fresh64): one level for each of them
    // "Alice's availability and Bob's availability are both 1 for that slot" (fresh68): the option talked about
    const shared =
      bothLevel(s, before?.end ?? attributes.end, end, state) ??
      levelThenPlace(s, attributes.end, end, state) ??
      allLevel(s, before?.end ?? attributes.end, end, state);
    if (shared === null) return null;
    const named = "option" in shared ? { option: shared.option as number, end: shared.end } : null;
    const place =
      before === null
        ? (named ?? pointedPlace(s, shared.end, end, state) ?? ledPlace(s, k, shared.end, state))
        : { option: before.option, end: shared.end };
    if (place === null) return null;
    // ", while Erin's is 1": the same option's items after them
    const shares: [number, number, number][] = attributes.attributes.map((a) => [place.option, a, shared.value]);
    return withMore(s, { shares, end: place.end }, place.option, end, state);
  }
  let stop = levels.end;
  stop = afterOrder(s.words, stop);
  const after = before === null ? placedOption(s, stop, end, state) : null;
  const place = before ?? after;
  if (place === null) return null;
  const last = after?.end ?? stop;
  if (!closes(s, last, end)) return null;
  // "Carol's and Dan's availability for Monday 4pm are 0 and 0, and Erin's is 1" (fresh67)
  return withMore(
    s,
    pair(attributes.attributes, levels.levels, last, (a, l) => [place.option, a, l]),
    place.option,
    end,
    state,
  );
}

/** A word that may stand as the verb of a counted pair: no name, number or word that changes what the levels mean. */
function plainVerb(w: string, state: ParseState, s: Sentence, j: number): boolean {
  if (!/^[a-z]+$/.test(w) || !plainWord(w)) return false;
  return state.options.match(s.words, j) === null && state.attributes.match(s.words, j) === null;
}

/** The levels at k, after up to three plain verb words and fillers ("check in at 4 and 2", "land at 3 and 1"). */
function levelsAfterVerbs(
  s: Sentence,
  k: number,
  end: number,
  state: ParseState,
): { levels: number[]; end: number } | null {
  let at = skipFillers(s, k, end);
  let levels = levelList(s, at, end, state);
  for (let v = 0; levels === null && v < 3 && at < end && plainVerb(s.words[at] as string, state, s, at); v++) {
    at = skipFillers(s, at + 1, end);
    levels = levelList(s, at, end, state);
  }
  return levels;
}

/**
 * "both came back 1", "are both a 4", "each score 3" after a list of names: "both" / "each" among up to four plain
 * verb words and fillers, then one level closing the clause. The level, or null.
 */
function bothLevel(s: Sentence, k: number, end: number, state: ParseState): { value: number; end: number } | null {
  const at = pastBoth(s, k, end, false, (w, t) => plainVerb(w, state, s, t));
  return at === null ? null : closedLevel(s, at, end, state);
}

/**
 * Past "both" / "each" (and "all" where `all`) among up to four words from k that are fillers ("are", "have", `more`
 * words: a plain verb, "at"): where the level should stand, or null when no "both" stood there.
 */
function pastBoth(
  s: Sentence,
  k: number,
  end: number,
  all: boolean,
  more: (w: string, at: number) => boolean = () => false,
): number | null {
  let at = k;
  let both = false;
  for (let v = 0; v < 5 && at < end; v++) {
    const w = s.words[at] as string;
    if (w === "both" || w === "each" || (all && w === "all")) both = true;
    else if (!(cue.haveVerbs.has(w) || cue.pairFillers.has(w) || more(w, at))) break;
    at++;
  }
  return both ? at : null;
}

/**
 * "Badge log, camera footage and desk search are all 1 for A" (fresh92): "both" / "all" / "each", the one level and
 * the option after it, closing the clause; the level, the option and the word after it, or null.
 */
function levelThenPlace(
  s: Sentence,
  k: number,
  end: number,
  state: ParseState,
): { value: number; option: number; end: number } | null {
  let at = pastBoth(s, k, end, true);
  if (at === null) return null;
  // "are both a 2 for Tuesday morning" (fresh103): an article before the level
  if ((s.words[at] === "a" || s.words[at] === "an") && levelAt(s, at + 1, end, state) !== null) at++;
  const level = levelAt(s, at, end, state);
  if (level === null) return null;
  const place = placedOption(s, level.end, end, state);
  if (place === null) return null;
  const close = closingTail(s, place.end, end);
  return close >= end || s.separated(close - 1) ? { value: level.value, option: place.option, end: close } : null;
}

/** "both at 5" after a list of names: "both" or "each", "at", the one level closing the clause; or null. */
function bothAt(s: Sentence, k: number, end: number, state: ParseState): { value: number; end: number } | null {
  const at = s.words[k] === "both" || s.words[k] === "each" ? k + 1 : -1;
  return at > 0 && s.words[at] === "at" ? closedLevel(s, at + 1, end, state) : null;
}

/** Tails after one level that give it to each of the names before: "in both cases", "apiece". */
const EACH_TAILS: readonly (readonly string[])[] = [
  ["in", "both", "cases"],
  ["in", "each", "case"],
  ["for", "both"],
  ["for", "each"],
  ["apiece"],
];

/**
 * "Camera footage for Employee C and Employee E is 0 in both cases" (fresh143): plain verb words, one level and a
 * tail that gives it to each name, closing the clause; the level and the word after it, or null.
 */
function levelForEach(s: Sentence, k: number, end: number, state: ParseState): { value: number; end: number } | null {
  let at = k;
  for (let v = 0; v < 3 && at < end && plainVerb(s.words[at] as string, state, s, at); v++)
    at = skipFillers(s, at + 1, end);
  const level = levelAt(s, at, end, state);
  if (level === null) return null;
  const tail = EACH_TAILS.find((t) => t.every((w, n) => s.words[level.end + n] === w));
  if (tail === undefined) return null;
  const close = level.end + tail.length;
  return close >= end || s.separated(close - 1) ? { value: level.value, end: close } : null;
}

/** "at 5" after a list of names, the one level closing the clause: the level, or null. */
function sharedAt(s: Sentence, k: number, end: number, state: ParseState): { value: number; end: number } | null {
  return s.words[k] === "at" ? closedLevel(s, k + 1, end, state) : null;
}

/**
 * One level at k closing the clause, maybe after a tail of the speaker's view ("... are both 1 on my side", fresh59):
 * the level and the word after it, or null.
 */
function closedLevel(s: Sentence, k: number, end: number, state: ParseState): { value: number; end: number } | null {
  const level = levelAt(s, k, end, state);
  if (level === null) return null;
  const close = closingTail(s, level.end, end);
  return close >= end || s.separated(close - 1) ? { value: level.value, end: close } : null;
}

/**
 * Levels first, then the names they belong to: "Candidate A scores 5 and 2 on experience and teamwork" (one option,
 * its attributes), "Omar's calendar reads 0 and 2 for Monday morning and Monday noon" (one attribute, its options).
 * Exact or nothing: counts that differ are ambiguous; the names must close the clause.
 */
function levelsThenNames(
  s: Sentence,
  k: number,
  end: number,
  state: ParseState,
  owner: { option: number } | { attribute: number },
): Paired | null {
  const levels = levelsAfterVerbs(s, k, end, state);
  if (levels === null) return null;
  let at = levels.end;
  if (!cue.levelPrepositions.has(s.words[at] as string)) return null;
  at++;
  if ("option" in owner) {
    const attributes = attributeList(s, at, end, state);
    if (attributes === null) return null;
    const last = afterOrder(s.words, attributes.end);
    if (!closes(s, last, end)) return null;
    return pair(attributes.attributes, levels.levels, last, (a, l) => [owner.option, a, l]);
  }
  const options = optionList(s, at, end, state);
  if (options === null || options.options.length < 2) return null;
  const last = afterOrder(s.words, options.end);
  if (!closes(s, last, end)) return null;
  return pair(options.options, levels.levels, last, (o, l) => [o, owner.attribute, l]);
}

/**
 * One attribute over several options: "Rent for Apartment A, Apartment B and Apartment C is 1, 3 and 5
 * respectively", "Cakes sold for Stall B and Stall D: 2 and -1"; the list must close its clause.
 */
function attributeOverOptions(s: Sentence, k: number, end: number, state: ParseState): Paired | null {
  const { words } = s;
  const j = words[k] === "the" ? k + 1 : k;
  const attribute = state.attributes.match(words, j);
  if (attribute === null) return null;
  // "Rent scores for Apartments A, C and D are 2, 2 and 2" (fresh82): a noun of levels, the options' plural noun
  const at = LEVEL_NOUNS.has(words[attribute.end] as string) ? attribute.end + 1 : attribute.end;
  // "Food quality, A through D: 4, 1, 5, 2." (fresh131): the options after a comma or a dash, labelling the levels
  // with a colon of their own
  const set =
    (s.tokens[attribute.end - 1] as NaturalToken).pause && (s.tokens[attribute.end - 1] as NaturalToken).colon !== true;
  if (!cue.attributePrepositions.has(words[at] as string) && !set) return null;
  const options = optionList(s, afterPluralNoun(s, set ? attribute.end : at + 1, state), end, state);
  if (options === null || options.options.length < 2) return null;
  if (set && (s.tokens[options.end - 1] as NaturalToken).colon !== true) return null;
  return optionsLevels(s, options, attribute.index, end, state);
}

/**
 * The attribute leading a clause at k: "For <attribute>", "On the <attribute>" (fresh53's "On the broken watch"),
 * "<attribute>-wise" (fresh53's "Service-wise"); its index and the word after it, or null.
 */
function attributeLead(s: Sentence, k: number, end: number, state: ParseState): { index: number; end: number } | null {
  const { words } = s;
  if (!s.clauseStart(k)) return null;
  if (words[k] === "for" || words[k] === "on")
    return state.attributes.match(words, words[k + 1] === "the" ? k + 2 : k + 1);
  return wiseAttribute(s, k, end, state) ?? labelAttribute(s, k, end, state);
}

/** Most words of an intro before its colon ("Here's what I can see for Omar's calendar:"). */
const MAX_INTRO = 10;

/**
 * An intro of the speaker's own that names one attribute and ends on a colon ("Here's what I can see for Omar's
 * calendar: Monday morning=2, ...", fresh61): no option, number or agent in it, nothing negated, reported or under
 * a condition. The attribute and the word after the colon, else null.
 */
function introAttribute(s: Sentence, k: number, end: number, state: ParseState): { index: number; end: number } | null {
  const { words } = s;
  let attribute: { index: number; end: number } | null = null;
  for (let j = k; j < end && j < k + MAX_INTRO; j++) {
    const w = words[j] as string;
    if (w === "agent" || s.gate[j] === true || s.conditionalAt(j) || naturalInteger(w) !== null) return null;
    if (state.options.match(words, j) !== null) return null;
    const named = state.attributes.match(words, j);
    if (named !== null) {
      if (attribute !== null) return null;
      attribute = named;
      j = named.end - 1;
    }
    if (s.tokens[j]?.colon === true) return attribute === null ? null : { index: attribute.index, end: j + 1 };
  }
  return null;
}

/** The options' noun, singular and plural ("stall", "stalls"), lower-cased. */
function nounWords(state: ParseState): ReadonlySet<string> {
  const noun = state.task.domain.optionNoun.toLowerCase();
  return new Set([noun, `${noun}s`, "option", "options"]);
}

/** Words of the speaker's view between an attribute label and its colon: "Torn glove on my end:", "Service from my side:". */
export const LABEL_VIEWS: readonly (readonly string[])[] = [
  ["on", "my", "end"],
  ["on", "my", "side"],
  ["from", "my", "side"],
  ["from", "my", "end"],
  ["in", "my", "notes"],
  ["per", "my", "notes"],
  // "Library key, from my notes:" over "- Lord Ashby: 1" (fresh82, attribute-heading.ts)
  ["from", "my", "notes"],
  ["from", "what", "i", "see"],
  ["from", "what", "i", "can", "see"],
  // "Leadership scores I have: A=2, B=4" (fresh94)
  ["i", "have"],
  ["i", "see"],
  ["i", "can", "see"],
  // "Food quality across the board — A=4, B=1" (fresh84)
  ["across", "the", "board"],
  // "Parking log, the rest of it: C=0, D=0, E=1, F=1." (fresh160): the options not given before
  ["the", "rest", "of", "it"],
  ["for", "the", "rest"],
  ["for", "the", "others"],
];

/** Nouns after an attribute label that say it is news about it: "Cleanliness update:", "Service scores:". */
const LABEL_NOUNS = new Set(["update", "updates", "check", "scores", "ratings", "levels", "numbers", "figures"]);

/**
 * An attribute as a label closed by a colon, maybe after the speaker's view ("Service:", "**Torn glove** on my end:";
 * fresh56, fresh57): its index and the word after the colon, else null.
 */
function labelAttribute(s: Sentence, k: number, end: number, state: ParseState): { index: number; end: number } | null {
  const { words } = s;
  const attribute = state.attributes.match(words, words[k] === "the" ? k + 1 : k);
  if (attribute === null) return introAttribute(s, k, end, state);
  if (attribute.end >= end) return null;
  let e = attribute.end;
  const view = LABEL_VIEWS.find((v) => v.every((w, n) => words[e + n] === w));
  if (view !== undefined) e += view.length;
  // "**Raffle tickets by stall:**" (fresh59): the table's other axis named by the options' noun
  else if ((words[e] === "by" || words[e] === "per") && nounWords(state).has(words[e + 1] as string)) e += 2;
  // "Cleanliness update 🧼:" (fresh75): a noun of news about the attribute
  else if (LABEL_NOUNS.has(words[e] as string)) {
    e++;
    // "Leadership scores I have:" (fresh94): the noun, then the speaker's view
    const after = LABEL_VIEWS.find((v) => v.every((w, n) => words[e + n] === w));
    if (after !== undefined) e += after.length;
  }
  // a dash ends the label after the view or noun as a colon does ("... across the board — A=4")
  const closed = s.tokens[e - 1]?.colon === true || (e > attribute.end && s.tokens[e - 1]?.dash === true);
  return closed ? { index: attribute.index, end: e } : null;
}

/** The speaker's rating before a list of options: "I'd rate", "I would give" (fresh52). */
const RATING_LEADS: readonly (readonly string[])[] = [
  ["i'd", "rate"],
  ["i", "would", "rate"],
  ["i", "rate"],
  ["i'd", "give"],
  ["i", "would", "give"],
  ["i'd", "score"],
];

/** After a rating lead at k ("I'd rate"), the word after it; else k. */
function afterRatingLead(words: readonly string[], k: number): number {
  for (const lead of RATING_LEADS) if (lead.every((w, n) => words[k + n] === w)) return k + lead.length;
  return k;
}

/**
 * "For <attribute>, <options> are <levels>": one attribute leading a list of options and their levels ("On
 * teamwork, I'd rate Candidate A and Candidate D a 3 and a 5 respectively": the speaker's rating before the list).
 */
function attributeLedOptions(s: Sentence, k: number, end: number, state: ParseState): Paired | null {
  const { words } = s;
  const attribute = attributeLead(s, k, end, state);
  if (attribute === null || !s.separated(attribute.end - 1)) return null;
  const at = afterRatingLead(words, attribute.end);
  const options = optionList(s, afterPluralNoun(s, at, state), end, state);
  if (options === null || options.options.length < 2) return null;
  return optionsLevels(s, options, attribute.index, end, state);
}

/** At k, an option and a level and another option right after, with no pause between: "A 4 B 5 ...". */
function unseparatedItems(s: Sentence, k: number, end: number, state: ParseState): boolean {
  const o = state.options.match(s.words, k);
  if (o === null || s.separated(o.end - 1)) return false;
  const level = levelAt(s, o.end, end, state);
  return level !== null && !s.separated(level.end - 1) && state.options.match(s.words, level.end) !== null;
}

/**
 * "Food quality: Restaurant A 4, Restaurant C 2" (fresh30): an attribute with a colon or a dash, then at least two items of an
 * option and its level only, joined by commas or "and", closing the clause. Null otherwise (exact or nothing).
 */
function attributeHeadedItems(s: Sentence, k: number, end: number, state: ParseState): Paired | null {
  const { words } = s;
  if (!s.clauseStart(k) && k !== s.from) return null;
  const named = state.attributes.match(words, k);
  // "Cakes sold — Stall B: 2, Stall C: -1" (fresh34, fresh37): a dash ends the label as a colon does
  const label = named === null ? undefined : (s.tokens[named.end - 1] as NaturalToken);
  // "**Raffle tickets by stall:** A=2, B=0" (fresh59): the label's colon after the speaker's view or the noun
  // "value for money A 4 B 5 C 2 D 3." (fresh405, session 69): no label mark where the items run on unseparated
  const bare = named !== null && !s.separated(named.end - 1) && unseparatedItems(s, named.end, end, state);
  const attribute =
    named !== null && (label?.colon === true || label?.dash === true || bare)
      ? named
      : labelAttribute(s, k, end, state);
  if (attribute === null) return null;
  const shares: [number, number, number][] = [];
  let j = attribute.end;
  while (shares.length < MAX_LIST && j < end) {
    // "..., while C sits at 2" (fresh108): a contrast joins the items as "and" does
    if (shares.length > 0 && (words[j] === "and" || OTHER_JOINS.has(words[j] as string))) j++;
    // "Rent levels: A, C and D are all 2, B is 3." (fresh102): several options given one level
    const o = optionList(s, afterPluralNoun(s, j, state), end, state);
    if (o === null) return null;
    // "Rice bags: Shelf A has 2 and Shelf B has 5" (fresh52): a verb of having or a filler before the level
    let at = skipFillers(s, o.end, end);
    // several options take one level only with "all" / "both" / "each" ("Service: A and C have 3." stays unread)
    if (o.options.length > 1) {
      if (!(words[at] === "all" || words[at] === "both" || words[at] === "each")) return null;
      at = skipFillers(s, at + 1, end);
    }
    // "are all at -1", "C sits at 2" (fresh108): one plain verb before the level ("at" is the level's own)
    if (levelAt(s, at, end, state) === null && plainVerb(words[at] as string, state, s, at)) at++;
    const level = levelAt(s, at, end, state);
    if (level === null) return null;
    for (const option of o.options) shares.push([option, attribute.index, level.value]);
    j = level.end;
    // "Apples: Shelf A has 1, Shelf B has 3; onions are 5 and zero" (fresh82): a semicolon closes the items
    // ("Size: Apartment B 2; Apartment D 4": another item after it goes on)
    if (j >= end || ((s.tokens[j - 1] as NaturalToken).semicolon === true && state.options.match(words, j) === null))
      break;
    // ("A 4 B 5 C 2": the next option right after the level, with no separator)
    if (!(s.separated(j - 1) || words[j] === "and" || state.options.match(words, j) !== null)) return null;
  }
  if (shares.length < 2 || !(j >= end || s.separated(j - 1))) return null;
  if (new Set(shares.map(([o]) => o)).size !== shares.length) return null;
  return { shares, end: j };
}

/**
 * "Shelf A has 2 apples to Shelf B's 5" (fresh30): a count and its attribute, then "to" another option's level,
 * closing the clause: both options at that attribute. Null otherwise.
 */
function countedToOther(s: Sentence, k: number, end: number, state: ParseState): Paired | null {
  const { words } = s;
  const first = state.options.match(words, k);
  if (first === null || !cue.haveVerbs.has(words[first.end] as string)) return null;
  const level = levelAt(s, first.end + 1, end, state);
  if (level === null) return null;
  const attribute = state.attributes.match(words, level.end);
  if (attribute === null || words[attribute.end] !== "to") return null;
  const second = state.options.match(words, attribute.end + 1);
  if (second === null || second.index === first.index || words[second.end] !== "'s") return null;
  const other = levelAt(s, second.end + 1, end, state);
  if (other === null || !(other.end >= end || s.separated(other.end - 1))) return null;
  return {
    shares: [
      [first.index, attribute.index, level.value],
      [second.index, attribute.index, other.value],
    ],
    end: other.end,
  };
}

/** The speaker's verb of seeing before a list of counts: "I count", "I see", "there are". */
const COUNT_LEADS: readonly (readonly string[])[] = [
  ["i", "count"],
  ["i", "counted"],
  ["i", "see"],
  ["i", "have"],
  ["i've", "got"],
  ["we", "have"],
  ["there", "are"],
];

/**
 * Levels, one counted attribute, then the options they belong to in order: "I count 1 and 3 apples on Shelf A and
 * Shelf B respectively" (fresh133), "There are 2 and 0 onions on Shelf A and Shelf B". The clause opens with the list
 * or the speaker's verb of seeing, and closes after the options (and "respectively"); as many levels as options or
 * nothing.
 */
function countsOverOptions(s: Sentence, k: number, end: number, state: ParseState): Paired | null {
  const { words } = s;
  if (!s.clauseStart(k)) return null;
  const lead = COUNT_LEADS.find((l) => l.every((w, n) => words[k + n] === w));
  const levels = levelList(s, k + (lead?.length ?? 0), end, state);
  if (levels === null) return null;
  const attribute = state.attributes.match(words, levels.end);
  if (attribute === null || !cue.levelPrepositions.has(words[attribute.end] as string)) return null;
  const options = optionList(s, afterPluralNoun(s, attribute.end + 1, state), end, state);
  if (options === null || options.options.length < 2) return null;
  const last = afterOrder(words, options.end);
  if (!closes(s, last, end)) return null;
  return pair(options.options, levels.levels, last, (o, l) => [o, attribute.index, l]);
}

/**
 * Paired lists at i, exact or nothing: "A and B have X 4 and 1 (respectively)", "A and B hold 2 and 3 apples",
 * "C has X and Y of 2 and 5", "For C, Carol's and Dan's availability are 1 and 0". Names and levels pair in
 * order; a list whose counts differ is `ambiguous` (no act: never a wrong level). Null when no paired list is here.
 */
export function pairedShares(s: Sentence, i: number, end: number, state: ParseState): Paired | null {
  const { words } = s;
  const after = (e: number): number => afterOrder(words, e);
  // "For <option>, <attributes> are <levels>"
  let option: number | null = null;
  let k = i;
  if ((words[k] === "for" || words[k] === "at" || words[k] === "on") && s.clauseStart(k)) {
    const o = state.options.match(words, k + 1);
    if (o !== null && s.separated(o.end - 1)) {
      option = o.index;
      k = o.end;
    }
  }
  // "For leadership, Candidate C and Candidate D are 4 and 2, respectively"
  // "On experience, Candidate B gets 3 and Candidate C gets 1"; "Rent for Apartment A, Apartment C: 2, 4";
  // "Omar's calendar reads 1 for Monday morning and 2 for Tuesday morning"
  const led =
    option === null
      ? (attributeLedOptions(s, k, end, state) ??
        parallelShares(s, k, end, state) ??
        levelsForOptions(s, k, end, state) ??
        countsOverOptions(s, k, end, state) ??
        commaPairedList(s, k, end, state))
      : null;
  if (led !== null) return led;
  const cells = option === null ? cellListLevels(s, k, end, state) : null;
  if (cells !== null) return cells;
  const headed = option === null ? (attributeHeadedItems(s, k, end, state) ?? countedToOther(s, k, end, state)) : null;
  if (headed !== null) return headed;
  const options = option === null ? (possessiveOptions(s, k, end, state) ?? optionList(s, k, end, state)) : null;
  if (options !== null && options.options.length >= 2) {
    let j = skipFillers(s, options.end, end);
    for (let f = 0; f < 2 && cue.adverbs.has(words[j] as string); f++) j = skipFillers(s, j + 1, end);
    // "A and B have service 4 and 1"; "A and B carry menu variety marks of 3 and 4" (fresh30): one plain verb first
    let attribute = state.attributes.match(words, words[j] === "the" ? j + 1 : j);
    if (attribute === null && j < end && plainVerb(words[j] as string, state, s, j)) {
      const v = skipFillers(s, j + 1, end);
      const after = state.attributes.match(words, words[v] === "the" ? v + 1 : v);
      if (after !== null && LEVEL_NOUNS.has(words[after.end] as string)) attribute = after;
    }
    if (attribute !== null) {
      let at = skipFillers(s, LEVEL_NOUNS.has(words[attribute.end] as string) ? attribute.end + 1 : attribute.end, end);
      let levels = levelList(s, at, end, state);
      // "A's and B's desk search came back 1 and 0": a few plain verb words before the levels
      for (let v = 0; levels === null && v < 3 && at < end && plainVerb(words[at] as string, state, s, at); v++) {
        at = skipFillers(s, at + 1, end);
        levels = levelList(s, at, end, state);
      }
      // "..., while A's is 1" (fresh67): another option's level of the same attribute after the list
      if (levels !== null) {
        const paired = pair(options.options, levels.levels, after(levels.end), (o, l) => [o, attribute.index, l]);
        return morePairs(s, withOther(s, paired, attribute.index, end, state), options.options, end, state);
      }
      // several options over one attribute and a list of levels later in the clause that no rule pairs: exact or
      // nothing ("A and B have X 5" shares one level with both and stays read)
      for (let k2 = at; k2 < end; k2++) if (levelList(s, k2, end, state) !== null) return { ambiguous: true, end };
      return null;
    }
    // "A and B hold 2 and 3 apples[, and 1 and 4 onions]", "A and B score 2 and 5 on teamwork"
    const counted = countedPairs(s, j, end, state, options.options);
    // "A, B and C sold 1, -1 and 2 on cakes sold": one plain verb the lists do not know
    // "A and B land at 3 and 1 for ambience": the verb's fillers skipped too
    const verbed =
      counted === null && j < end && plainVerb(words[j] as string, state, s, j)
        ? countedPairs(s, skipFillers(s, j + 1, end), end, state, options.options)
        : null;
    return counted ?? verbed ?? sharedForAttribute(s, options.end, end, state, options.options);
  }
  // "Let's go with Restaurant B. Its food quality and ambience are both 5." (fresh67): "its" is the option talked about
  if (option === null && words[k] === "its" && state.subject !== null && attributeList(s, k + 1, end, state) !== null) {
    option = state.subject;
    k++;
  }
  if (option === null) {
    const o = state.options.match(words, k);
    if (o === null) {
      // "Omar's calendar reads 0 and 2 for Monday morning and Monday noon"
      const attribute = state.attributes.match(words, words[k] === "the" ? k + 1 : k);
      const levelled =
        attribute === null ? null : levelsThenNames(s, attribute.end, end, state, { attribute: attribute.index });
      return levelled ?? attributeOverOptions(s, k, end, state) ?? attributesFirst(s, k, end, state);
    }
    option = o.index;
    k = o.end;
    if (words[k] === "'s") k++;
  }
  const attributes = attributeList(s, skipFillers(s, k, end), end, state);
  // "Candidate A scores 5 and 2 on experience and teamwork"
  if (attributes === null) return levelsThenNames(s, k, end, state, { option });
  // "Candidate B's communication and leadership check in at 4 and 2"
  const levels = levelsAfterVerbs(s, attributes.end, end, state);
  const o = option;
  if (levels === null) {
    // "Employee D's badge log and desk search both came back 1" (fresh52): one level for each of the attributes
    // "Restaurant B has both food quality and ambience at 5" (fresh64): one level after "at" for all of them
    const shared = bothLevel(s, attributes.end, end, state) ?? sharedAt(s, attributes.end, end, state);
    if (shared === null) return null;
    // "..., technical skill and teamwork are both 5, and communication is a 3" (fresh102): its items after them
    return withMore(
      s,
      { shares: attributes.attributes.map((a) => [o, a, shared.value]), end: shared.end },
      o,
      end,
      state,
    );
  }
  return withMore(
    s,
    pair(attributes.attributes, levels.levels, after(levels.end), (a, l) => [o, a, l]),
    o,
    end,
    state,
  );
}

/**
 * "... are both 1 for that slot" at k (fresh68): the option the talk is about (the sentence before's) and the word
 * after the pointer, or null when no pointer closes the clause there or no option is talked about.
 */
function pointedPlace(s: Sentence, k: number, end: number, state: ParseState): { option: number; end: number } | null {
  const option = state.subject ?? state.carried ?? null;
  if (option === null) return null;
  // the level's closing tail may already hold the pointer ("both 1 for that slot" ends after it), maybe before the
  // speaker's view ("both a 2 for it in what I can see", fresh103: two tails)
  for (let t = k; t >= Math.max(s.from, k - 6); t--)
    if (OPTION_POINTERS.some((p) => p.every((w, n) => s.words[t - p.length + n] === w))) return { option, end: k };
  const pointer = OPTION_POINTERS.find((p) => p.every((w, n) => s.words[k + n] === w));
  if (pointer === undefined) return null;
  const close = k + pointer.length;
  return close >= end || s.separated(close - 1) ? { option, end: close } : null;
}

/** "are all 1" after a list of names: "all" (or "both" / "each"), the one level closing the clause; or null. */
function allLevel(s: Sentence, k: number, end: number, state: ParseState): { value: number; end: number } | null {
  const at = pastBoth(s, k, end, true);
  return at === null ? null : closedLevel(s, at, end, state);
}

/**
 * The one option a lead before k places the clause at ("For Monday 2pm, Alice, Bob and Carol are all 1", "Good news
 * on Monday 2pm: Carol, Dan and Erin are all 1 there", fresh113): a preposition and the option, then a pause,
 * opening the sentence; the place ends at `at`, the end of the level's clause (whose closing tail, a pointer such as
 * "there" included, its reader has already passed).
 */
function ledPlace(s: Sentence, k: number, at: number, state: ParseState): { option: number; end: number } | null {
  for (let j = s.from; j < k; j++) {
    if (!cue.levelPrepositions.has(s.words[j] as string)) continue;
    const o = state.options.match(s.words, j + 1);
    if (o === null || o.end !== k || !s.separated(o.end - 1)) continue;
    return { option: o.index, end: at };
  }
  return null;
}

/** Joining words before another option's level after a paired list: ", while A's is 1". */
const OTHER_JOINS = new Set(["while", "whereas", "and", "but"]);

/** A paired list over one attribute and ", while <option>'s is <level>" after it: that option's share too. */
function withOther(
  s: Sentence,
  paired: Paired | null,
  attribute: number,
  end: number,
  state: ParseState,
): Paired | null {
  if (paired === null || "ambiguous" in paired || !s.separated(paired.end - 1)) return paired;
  const { words } = s;
  const k = OTHER_JOINS.has(words[paired.end] as string) ? paired.end + 1 : paired.end;
  const option = state.options.match(words, k);
  if (
    option === null ||
    words[option.end] !== "'s" ||
    !(words[option.end + 1] === "is" || words[option.end + 1] === "'s")
  )
    return paired;
  const level = levelAt(s, option.end + 2, end, state);
  if (level === null || !(level.end >= end || s.separated(level.end - 1))) return paired;
  if (paired.shares.some(([o]) => o === option.index)) return paired;
  return { shares: [...paired.shares, [option.index, attribute, level.value]], end: level.end };
}

/** A paired list of one option and the same option's items after it ("..., respectively; Erin's is 1", fresh65). */
function withMore(s: Sentence, paired: Paired | null, option: number, end: number, state: ParseState): Paired | null {
  if (paired === null || "ambiguous" in paired) return paired;
  const more = continuation(s, paired.end, end, state);
  if (more.length === 0) return paired;
  const shares: [number, number, number][] = [...paired.shares];
  for (const item of more) shares.push([option, item.attribute, item.level]);
  return { shares, end: (more[more.length - 1] as Item).end };
}

/**
 * More attributes paired with the same options after a paired list: "Restaurants D and E: location 4 and 5, menu
 * variety 5 and 5" (fresh102). Each an attribute then as many levels as options, after a pause or "and"; counts that
 * differ make the whole list ambiguous (exact or nothing).
 */
function morePairs(
  s: Sentence,
  paired: Paired | null,
  options: number[],
  end: number,
  state: ParseState,
): Paired | null {
  if (paired === null || "ambiguous" in paired) return paired;
  const { words } = s;
  const shares = [...paired.shares];
  let at = paired.end;
  // "ambience of 5 and 5 and value for money of 1 and 1, respectively" (fresh151): "and" with no pause before the
  // next attribute's levels
  while (shares.length < MAX_LIST * 2 && at < end && (s.separated(at - 1) || words[at] === "and")) {
    const j = words[at] === "and" ? at + 1 : at;
    const attribute = state.attributes.match(words, words[j] === "the" ? j + 1 : j);
    if (attribute === null) break;
    const levels = levelList(s, skipFillers(s, attribute.end, end), end, state);
    if (levels === null) break;
    if (levels.levels.length !== options.length) return { ambiguous: true, end };
    options.forEach((o, n) => shares.push([o, attribute.index, levels.levels[n] as number]));
    at = afterOrder(words, levels.end);
  }
  return { shares, end: at };
}

/**
 * "Restaurant B and Restaurant F both sit at 4 for service" (fresh108): after a list of options, "both" / "all" /
 * "each" among up to four plain verb words and fillers ("sit", "at"), one level, then "for" / "on" / "in" and the attribute
 * closing the clause: that level for every option. Null otherwise.
 */
function sharedForAttribute(s: Sentence, j: number, end: number, state: ParseState, options: number[]): Paired | null {
  const { words } = s;
  const at = pastBoth(s, j, end, true, (w, t) => plainVerb(w, state, s, t));
  const level = at === null ? null : levelAt(s, at, end, state);
  if (level === null || !cue.levelPrepositions.has(words[level.end] as string)) return null;
  const attribute = state.attributes.match(words, level.end + 1);
  if (attribute === null || !(attribute.end >= end || s.separated(attribute.end - 1))) return null;
  return { shares: options.map((o) => [o, attribute.index, level.value]), end: attribute.end };
}
