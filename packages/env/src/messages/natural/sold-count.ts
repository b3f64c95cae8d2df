import { naturalCues as cue } from "../natural-cues";
import type { NaturalToken } from "../natural-tokens";
import { naturalInteger } from "./natural-integer";
import type { ParseState, Sentence } from "./sentence";

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

/** The attribute named "<noun> sold" whose noun (plural or singular) stands at k: its index and the word after it. */
function soldNoun(s: Sentence, k: number, state: ParseState): { attribute: number; end: number } | null {
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
  const option = state.options.match(words, from);
  if (option === null) return null;
  let k = option.end;
  let negated = false;
  if (words[k] === "sold") k++;
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
  for (let j = noun.end; j < to; j++) if (!CLOSERS.has(words[j] as string)) return null;
  return { option: option.index, attribute: noun.attribute, level: negated ? 0 : count.value };
}
