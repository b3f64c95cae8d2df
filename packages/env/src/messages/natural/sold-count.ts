import { naturalCues as cue } from "../natural-cues";
import type { NaturalToken } from "../natural-tokens";
import { correctionWordLead } from "./lone-share";
import { naturalInteger } from "./natural-integer";
import type { ParseState, Sentence } from "./sentence";
import { trailingHedge } from "./trailing-hedge";

// A count said with the verb its attribute is named by (issue 26, session 42; fresh40's "Stall C sold a single book",
// fresh42's "Stall D sold a single plant", "Stall C didn't sell a single plant"): an attribute "<noun> sold" is read from
// "<option> sold <count> <noun>". The whole sentence must be that clause, so the count can be nothing but the level:
// "sold more books than X", "sold a book or two", "sold about 2 cakes" read nothing (docs/design.md §2, the share act).

/** Words that may stand before the count: "sold just one cake", "sold exactly 2 books", "sold only a single plant". */
const COUNT_LEADS: ReadonlySet<string> = new Set(["just", "only", "exactly", "precisely"]);
/** Adjectives of one after "a": "a single plant", "a lone book". */
const ONE_WORDS: ReadonlySet<string> = new Set(["single", "lone", "solitary"]);
/** Words after the noun that close the clause without changing the count: "at all", "today", "all day". */
const CLOSERS: ReadonlySet<string> = new Set([
  "at",
  "all",
  "today",
  "day",
  "this",
  "round",
  "in",
  "total",
  "whatsoever",
]);

/**
 * Words of fact that may stand between the option and a form of "sell" (helper h43q): "managed to sell", "ended up
 * selling", "has sold", "went on to sell", "finally sold". Only these: "hopes to sell", "could sell", "might have sold"
 * state no count.
 */
const SELL_HELPERS: ReadonlySet<string> = new Set([
  "managed",
  "to",
  // "Stall B got round to selling one book" (fresh47), "got around to selling two cakes" (fresh48)
  "got",
  "round",
  "around",
  "ended",
  "up",
  "has",
  "had",
  "went",
  "on",
  "finally",
  "eventually",
  "actually",
  "also",
]);
/** Forms of "sell" after a helper: "sell", "selling", "sold". */
const SELL_FORMS: ReadonlySet<string> = new Set(["sell", "selling", "sold"]);

/** After one to three helpers at k, a form of "sell": the word after it, else k. */
function sellingVerb(words: readonly string[], k: number, to: number): number {
  for (let j = k; j < Math.min(k + 4, to); j++) {
    const w = words[j] as string;
    if (SELL_FORMS.has(w)) return j > k ? j + 1 : k;
    if (!SELL_HELPERS.has(w)) return k;
  }
  return k;
}

/** The attribute named "<noun> sold" whose noun (plural or singular) stands at k: its index and the word after it. */
export function soldNoun(s: Sentence, k: number, state: ParseState): { attribute: number; end: number } | null {
  const w = s.words[k] as string;
  const attributes = state.task.domain.attributes;
  for (let a = 0; a < attributes.length; a++) {
    const words = (attributes[a] as string).toLowerCase().split(" ");
    if (words.length !== 2 || words[1] !== "sold") continue;
    const noun = words[0] as string;
    if (w === noun || (noun.endsWith("s") && w === noun.slice(0, -1))) return { attribute: a, end: k + 1 };
  }
  return null;
}

/** The count at k ("2", "two", "-1", "a single", "no", "zero"): its value and the word after it, or null. */
function countAt(words: readonly string[], k: number): { value: number; end: number } | null {
  const w = words[k] as string;
  if (w === "a" && ONE_WORDS.has(words[k + 1] as string)) return { value: 1, end: k + 2 };
  if (w === "no") return { value: 0, end: k + 1 };
  // "sold minus one cake" (the stalls' net count)
  if (w === "minus") {
    const after = countAt(words, k + 1);
    return after === null || words[k + 1] === "a" || words[k + 1] === "no"
      ? null
      : { value: -after.value, end: after.end };
  }
  const value = naturalInteger(w) ?? cue.numberWords.get(w) ?? null;
  return value === null ? null : { value, end: k + 1 };
}

/**
 * "<option> sold [just] <count> <noun>" or "<option> didn't sell a single <noun>" as the whole sentence from..to (a
 * closer like "at all" may follow): the option, the attribute "<noun> sold" and the count; else null.
 */
export function soldCount(
  s: Sentence,
  from: number,
  to: number,
  state: ParseState,
): { option: number; attribute: number; level: number } | null {
  const { words } = s;
  if (to <= from || (s.tokens[to - 1] as NaturalToken).question) return null;
  // "Correction: Stall D sold -1 cakes, not 1." (fresh51): the speaker's own value after a correction word's lead
  const start = correctionWordLead(s, from, to) ?? from;
  const option = state.options.match(words, start);
  if (option === null) return null;
  let k = option.end;
  let negated = false;
  // "Stall C managed to sell two plants", "Stall C ended up selling one plant" (helper h43q): helpers before the verb
  const sells = sellingVerb(words, k, to);
  if (sells > k) k = sells;
  else if (words[k] === "sold") k++;
  else if ((words[k] === "didn't" || words[k] === "did") && (words[k + 1] === "sell" || words[k + 2] === "sell")) {
    // "didn't sell a single plant", "did not sell a single plant"
    k += words[k] === "did" ? (words[k + 1] === "not" ? 3 : 0) : 2;
    if (k === option.end) return null;
    negated = true;
  } else return null;
  while (k < to && COUNT_LEADS.has(words[k] as string)) k++;
  const count = countAt(words, k);
  if (count === null || (negated && !(words[k] === "a" && count.value === 1))) return null;
  if (count.end > from && (s.tokens[count.end - 1] as NaturalToken).pause) return null;
  const noun = soldNoun(s, count.end, state);
  if (noun === null) return null;
  const end = rejectedCountAt(s, noun.end, to, noun.attribute, state) ?? to;
  for (let j = noun.end; j < end; j++) if (!CLOSERS.has(words[j] as string)) return null;
  return { option: option.index, attribute: noun.attribute, level: negated ? 0 : count.value };
}

/**
 * Where a closing ", not <count> [<noun>]" starts after the clause's noun (from k on), the count the speaker rejects
 * ("sold -1 cakes, not 1"): the count alone or with the same noun must close the sentence at to. Else null.
 */
function rejectedCountAt(s: Sentence, k: number, to: number, attribute: number, state: ParseState): number | null {
  for (let j = k; j < to; j++) {
    if (s.words[j] !== "not" || j === 0 || !s.separated(j - 1)) continue;
    const count = countAt(s.words, j + 1);
    if (count === null || s.words[j + 1] === "a") return null;
    if (count.end === to) return j;
    const noun = soldNoun(s, count.end, state);
    return noun !== null && noun.attribute === attribute && noun.end === to ? j : null;
  }
  return null;
}

/**
 * "<count> <noun>[ and <count> <noun> ...]" from k, after "sold" (fresh52's "it sold 2 cakes and 2 plants", "Stall C
 * sold two books, and its raffle tickets came out at -1"): one item per count, of the attribute "<noun> sold", the
 * list closing its clause. All or nothing: a count without its noun, a level out of range or more words after the
 * list give none.
 */
export function soldItems(
  s: Sentence,
  k: number,
  end: number,
  state: ParseState,
): { attribute: number; level: number; end: number }[] {
  const { words } = s;
  const [lo, hi] = state.task.levels;
  const items: { attribute: number; level: number; end: number }[] = [];
  let j = k;
  while (j < end) {
    const count = countAt(words, j);
    if (count === null || count.value < lo || count.value > hi) return [];
    const noun = soldNoun(s, count.end, state);
    // "Stall A sold 1 cake, maybe 2": another count offered after the noun leaves it open
    if (noun === null || trailingHedge(s, noun.end, s.to)) return [];
    items.push({ attribute: noun.attribute, level: count.value, end: noun.end });
    j = noun.end;
    if (words[j] !== "and" || s.separated(j - 1)) break;
    j++;
  }
  // "sold 2 cakes, not 1" is soldCount's: only a rejected count that closes the sentence leaves the count read
  return j >= end || (s.separated(j - 1) && words[j] !== "not") ? items : [];
}

/** Verbs that give the total of sales: "were -2", "came to -1", "totalled 2", "stood at 0". */
const TOTALS: readonly (readonly string[])[] = [
  ["were"],
  ["was"],
  ["are"],
  ["is"],
  ["came", "to"],
  ["come", "to"],
  ["totalled"],
  ["totaled"],
  ["total"],
  ["stood", "at"],
  ["ended", "at"],
  ["finished", "at"],
  ["amounted", "to"],
];
/** Prepositions between "<noun> sales" and the option: "book sales at Stall A", "cake sales for Stall B". */
const SALES_AT: ReadonlySet<string> = new Set(["at", "for", "of", "from"]);

/** The total verb at k: the word after it, or null. */
function totalAt(words: readonly string[], k: number): number | null {
  for (const verb of TOTALS) if (verb.every((w, n) => words[k + n] === w)) return k + verb.length;
  return null;
}

/**
 * "<option>'s <noun> sales were <count>" or "<noun> sales at <option> came to <count>" as the whole sentence from..to
 * (helper h43q; fresh45's "Stall A's cake sales were -2", fresh46's "Book sales at Stall A came to -1"): the sales of
 * the attribute "<noun> sold". The option, the attribute and the count; else null.
 */
export function salesCount(
  s: Sentence,
  from: number,
  to: number,
  state: ParseState,
): { option: number; attribute: number; level: number } | null {
  const { words } = s;
  if (to <= from || (s.tokens[to - 1] as NaturalToken).question) return null;
  let option: number;
  let k: number;
  const first = state.options.match(words, from);
  if (first !== null) {
    // "Stall A's cake sales were -2"
    if (words[first.end] !== "'s") return null;
    const noun = soldNoun(s, first.end + 1, state);
    if (noun === null || words[noun.end] !== "sales") return null;
    option = first.index;
    k = noun.end + 1;
    return totalCount(s, k, to, option, noun.attribute);
  }
  // "Book sales at Stall A came to -1"
  const noun = soldNoun(s, from, state);
  if (noun === null || words[noun.end] !== "sales" || !SALES_AT.has(words[noun.end + 1] as string)) return null;
  const named = state.options.match(words, noun.end + 2);
  if (named === null) return null;
  option = named.index;
  k = named.end;
  return totalCount(s, k, to, option, noun.attribute);
}

/** "were -2" / "came to -1" at k, closing the sentence at to: the share, else null. */
function totalCount(
  s: Sentence,
  k: number,
  to: number,
  option: number,
  attribute: number,
): { option: number; attribute: number; level: number } | null {
  const after = totalAt(s.words, k);
  if (after === null) return null;
  const count = countAt(s.words, after);
  if (count === null || s.words[after] === "a" || count.end !== to) return null;
  return { option, attribute, level: count.value };
}
