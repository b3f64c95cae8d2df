import type { Act } from "../act";
import type { NaturalToken } from "../natural-tokens";
import { closingTail } from "./carried-share";
import { afterOrder, levelList } from "./paired-shares";
import type { ParseState, Sentence } from "./sentence";
import { itemList, levelAt } from "./share-items";

// A paired list carried to another attribute without naming the options again (issue 26, session 48; fresh74,
// fresh82): "Shelf A and Shelf B hold 1 and 3 apples respectively; for onions it's 5 and 0", "On service, A gets 3
// while C gets 4. For value for money it's 1 and 3." The options are those of the paired list just read, in its
// order; the levels must be exactly as many, and the clause must close after them (exact or nothing). Likewise
// "both" after two options ("I'm torn between A and C. Both have a size of 5.") gives each of them the same items.

/** Words that may open the carried clause: "and for onions ...", "while ambience is ...". */
const LEADS = new Set(["and", "while", "whereas", "but", "then", "also"]);
/** Prepositions before the attribute: "for onions", "on ambience", "in books sold". */
const PREPOSITIONS = new Set(["for", "on", "in"]);
/** Subjects and verbs between "for <attribute>" and the levels: "it's", "they're", "those are", "I have". */
const BRIDGES: readonly (readonly string[])[] = [
  ["it", "'s"],
  ["it", "is"],
  ["they're"],
  ["they", "are"],
  ["those", "are"],
  ["these", "are"],
  ["i", "have"],
  ["i've", "got"],
  ["i", "see"],
  ["we", "have"],
];
/** Verbs after "<attribute>" before the levels: "onions are 5 and 0", "their broken watch levels are 2 and 0". */
const VERBS = new Set(["are", "is", "were", "was", "read", "come", "sit", "stand", "land"]);
/** A noun of levels after the attribute: "their broken watch levels are ...". */
const LEVEL_NOUNS = new Set(["levels", "scores", "ratings", "numbers", "counts", "values", "figures"]);
/** Words that point back to the options: "wait time for those three", "for both of them". */
const BACK = new Set(["those", "these", "them", "both", "same"]);

/** After the words of `phrase` at k, or k when they are not there. */
function past(words: readonly string[], k: number, phrases: readonly (readonly string[])[]): number {
  const found = phrases.find((p) => p.every((w, n) => words[k + n] === w));
  return found === undefined ? k : k + found.length;
}

/** The level list at j paired with `options` in order, closing the clause, or null. */
function carried(
  s: Sentence,
  j: number,
  end: number,
  attribute: number,
  options: readonly number[],
  state: ParseState,
): { acts: Act[]; end: number } | null {
  const levels = levelList(s, j, end, state);
  if (levels === null || levels.levels.length !== options.length) return null;
  const last = afterOrder(s.words, levels.end);
  if (!(last >= end || s.separated(last - 1) || (s.tokens[last - 1] as NaturalToken).stop)) return null;
  const acts: Act[] = options.map((option, n) => ({
    kind: "share",
    option,
    attribute,
    level: levels.levels[n] as number,
  }));
  return { acts, end: last };
}

/** Verbs whose object is the paired options: "gives them 2 and 1", "puts them at 3 and 4". */
const OBJECT_VERBS = new Set(["gives", "puts", "has", "shows", "rates", "scores"]);
/** After "for": the options of the list, all of them. */
const ALL_OF = [
  ["both", "of", "them"],
  ["both"],
  ["all", "of", "them"],
  ["all", "three"],
  ["all"],
  ["each", "of", "them"],
];

/** One level at j for every one of `options`, "for both (of them)" closing the clause: their shares, or null. */
function forAllAt(
  s: Sentence,
  j: number,
  end: number,
  options: readonly number[],
  attribute: number,
  state: ParseState,
): { acts: Act[]; end: number } | null {
  const level = levelAt(s, j, end, state);
  if (level === null || s.words[level.end] !== "for") return null;
  const after = past(s.words, level.end + 1, ALL_OF);
  if (after === level.end + 1) return null;
  if (!(after >= end || s.separated(after - 1) || (s.tokens[after - 1] as NaturalToken).stop)) return null;
  return { acts: options.map((option) => ({ kind: "share", option, attribute, level: level.value })), end: after };
}

/** The carried clause at k ("for onions it's 5 and 0", "onions are 5 and 0", "wait time for those three is 4, 2 and 1"). */
function carriedAt(
  s: Sentence,
  k: number,
  end: number,
  options: readonly number[],
  state: ParseState,
): { acts: Act[]; end: number } | null {
  const { words } = s;
  let j = LEADS.has(words[k] as string) ? k + 1 : k;
  const preposition = PREPOSITIONS.has(words[j] as string);
  if (preposition) j++;
  if (words[j] === "the" || (!preposition && words[j] === "their")) j++;
  const attribute = state.attributes.match(words, j);
  if (attribute === null) return null;
  j = attribute.end;
  if (preposition) return carried(s, past(words, j, BRIDGES), end, attribute.index, options, state);
  if (LEVEL_NOUNS.has(words[j] as string)) j++;
  // "wait time for those three is ...", "phone records for both are ...", "service for the same two is ..." (fresh85)
  const back = words[j + 1] === "the" && words[j + 2] === "same" ? j + 2 : j + 1;
  if (words[j] === "for" && BACK.has(words[back] as string)) {
    j = back + 1;
    if (words[j] === "two" || words[j] === "three" || words[j] === "four" || words[j] === "of") j++;
    if (words[j] === "them") j++;
  }
  // "The broken watch gives them 2 and 1 in the same order" (fresh94): a verb with the options as its object
  if (OBJECT_VERBS.has(words[j] as string) && words[j + 1] === "them") {
    j += 2;
    if (words[j] === "at") j++;
    return carried(s, j, end, attribute.index, options, state);
  }
  if (!VERBS.has(words[j] as string) && (s.tokens[j - 1] as NaturalToken).colon !== true) return null;
  if (VERBS.has(words[j] as string)) j++;
  // "and value for money is 1 for both of them" (fresh91): one level for every option of the list
  const shared = forAllAt(s, j, end, options, attribute.index, state);
  if (shared !== null) return shared;
  if (words[j] === "to" || words[j] === "at" || (words[j] === "in" && words[j + 1] === "at"))
    j += words[j] === "in" ? 2 : 1;
  return carried(s, j, end, attribute.index, options, state);
}

/**
 * Shares a sentence carries from a paired list: `options` are the paired options of this sentence's earlier clause
 * or of the sentence before. Each clause that opens the sentence or follows a semicolon (or a pause and a lead
 * word) is tried; none of a clause's pairs may already be among `acts`.
 */
export function ellipticalShares(
  s: Sentence,
  first: number,
  to: number,
  acts: readonly Act[],
  options: readonly number[] | null,
  state: ParseState,
): Act[] {
  if (options === null || options.length < 2) return [];
  if (s.gate[first] === true || s.modal[first] === true) return [];
  const out: Act[] = [];
  for (let k = first; k < to; k++) {
    const opens =
      k === first ||
      (s.tokens[k - 1] as NaturalToken).semicolon === true ||
      (s.separated(k - 1) && LEADS.has(s.words[k] as string));
    if (!opens) continue;
    const found = carriedAt(s, k, to, options, state);
    if (found === null) continue;
    const taken = [...acts, ...out].some((a) =>
      found.acts.some(
        (b) => a.kind === "share" && b.kind === "share" && a.option === b.option && a.attribute === b.attribute,
      ),
    );
    if (!taken) out.push(...found.acts);
    k = found.end - 1;
  }
  return out;
}

/** The options of the first attribute two or more shares give, in their order, or null. */
export function pairedOptions(acts: readonly Act[]): number[] | null {
  const shares = acts.filter((a) => a.kind === "share");
  for (const share of shares) {
    const options = shares.filter((a) => a.attribute === share.attribute).map((a) => a.option);
    if (options.length >= 2 && new Set(options).size === options.length) return options;
  }
  return null;
}

/** Openings that take two options named just before as the subject: "Both have ...", "They both score ...". */
const BOTH: readonly (readonly string[])[] = [["both", "of", "them"], ["they", "both"], ["both"]];
/** Words opening a clause of its own after the items: "..., so it'll come down to ...". */
const AFTER = new Set(["so", "but", "which", "though"]);
/** Verbs after that subject before the items: "Both have a size of 5", "They both score 4 on service". */
const BOTH_VERBS = new Set(["have", "has", "score", "get", "sit", "come", "are", "land"]);

/**
 * "I'm torn between Apartment A and Apartment C. Both have a size of 5 in my data." (fresh75): a sentence opening
 * with "both" (or "they both") after a sentence that named exactly two options gives each of them the items that
 * follow, which must close the sentence (a view such as "in my data" may close it). `before` are the options of the
 * sentence before, when it named exactly two.
 */
export function bothShares(
  s: Sentence,
  first: number,
  to: number,
  before: readonly number[] | null,
  state: ParseState,
): Act[] {
  const { words } = s;
  if ((s.tokens[to - 1] as NaturalToken).question) return [];
  // at the sentence's start the two options of the sentence before; after a pause ("I'm torn between X and Y —
  // both sit at 3 on ...", fresh85) the two this sentence named before it
  for (let at = first; at < to; at++) {
    if (at > first && !(s.separated(at - 1) && words[at] === "both")) continue;
    const two = at === first ? before : namedBefore(s, at, state);
    if (two === null) continue;
    const shares = bothAt(s, at, to, two, state);
    if (shares.length > 0) return shares;
  }
  // "Natural light for A and D: 2 and 5 respectively; neighbourhood for both is 3" (fresh177): an attribute "for
  // both", after a pause, of the two options named before it in the sentence
  // "Neighbourhood for both is 3." opening the sentence after one that named two
  for (let at = first; at < to; at++) {
    if (at > first && !s.separated(at - 1)) continue;
    const two = at === first ? before : namedBefore(s, at, state);
    const shares = two === null ? [] : attributeForBoth(s, at, to, two, state);
    if (shares.length > 0) return shares;
  }
  return [];
}

/** "<attribute> for both is <level>" at `at`, closing the sentence, given to each of `two`; none otherwise. */
function attributeForBoth(s: Sentence, at: number, to: number, two: readonly number[], state: ParseState): Act[] {
  const { words } = s;
  const attribute = state.attributes.match(words, at);
  if (attribute === null || words[attribute.end] !== "for" || words[attribute.end + 1] !== "both") return [];
  let j = attribute.end + 2;
  if (words[j] === "of" && words[j + 1] === "them") j += 2;
  if (words[j] === "is" || words[j] === "are") j++;
  else if ((s.tokens[j - 1] as NaturalToken).colon !== true) return [];
  if (words[j] === "a" || words[j] === "an") j++;
  for (let m = at; m < to; m++) if (s.gate[m] === true || s.modal[m] === true || s.conditionalAt(m)) return [];
  const level = levelAt(s, j, to, state);
  if (level === null || level.end !== to) return [];
  return two.map((option): Act => ({ kind: "share", option, attribute: attribute.index, level: level.value }));
}

/** The items after "both <verb>" at first, given to each of `two`; none when the shape breaks. */
function bothAt(s: Sentence, first: number, to: number, two: readonly number[], state: ParseState): Act[] {
  const { words } = s;
  const k = past(words, first, BOTH);
  if (k === first || !BOTH_VERBS.has(words[k] as string)) return [];
  let j = k + 1;
  if (words[j] === "at" || words[j] === "in") j++;
  for (let m = first; m < to; m++) if (s.gate[m] === true || s.modal[m] === true || s.conditionalAt(m)) return [];
  const items = itemList(s, j, to, state, true);
  if (items.length === 0) return [];
  const end = closingTail(s, (items[items.length - 1] as { end: number }).end, to);
  // "..., so it'll come down to the other attributes", "...; C leads on ...": a clause of its own may follow
  const semicolon = (s.tokens[end - 1] as NaturalToken).semicolon === true;
  if (end < to && !semicolon && !(s.separated(end - 1) && AFTER.has(words[end] as string))) return [];
  return two.flatMap((option) =>
    items.map((item): Act => ({ kind: "share", option, attribute: item.attribute, level: item.level })),
  );
}

/** The options a sentence names, when they are exactly two, in order; else null. */
export function twoNamed(s: Sentence, state: ParseState): number[] | null {
  return namedBefore(s, s.to, state);
}

/** The options the sentence names before `to`, when they are exactly two, in order; else null. */
function namedBefore(s: Sentence, to: number, state: ParseState): number[] | null {
  const named: number[] = [];
  for (let k = s.from; k < to; k++) {
    const option = state.options.match(s.words, k);
    if (option === null) continue;
    if (!named.includes(option.index)) named.push(option.index);
    k = option.end - 1;
  }
  return named.length === 2 ? named : null;
}
