import { naturalCues as cue } from "../natural-cues";
import type { NaturalToken } from "../natural-tokens";
import { afterOrder, type Paired } from "./paired-shares";
import { MAX_LIST, type ParseState, type Sentence } from "./sentence";
import { levelAt } from "./share-items";

/**
 * "<attribute> for <option>, <option>: <level>, <level>" (fresh31: "Rent for Apartment A, Apartment C: 2, 4"): an
 * attribute, a preposition, options joined by commas (and "and") up to a colon, then as many levels joined the
 * same way closing the clause, paired in order. Exact or nothing: a count mismatch or an option twice is
 * `ambiguous` (no act); anything else after the colon gives null.
 */
export function commaPairedList(s: Sentence, k: number, end: number, state: ParseState): Paired | null {
  const { words } = s;
  if (!s.clauseStart(k)) return null;
  const j0 = words[k] === "the" ? k + 1 : k;
  const attribute = state.attributes.match(words, j0);
  if (attribute === null || !cue.attributePrepositions.has(words[attribute.end] as string)) return null;
  const options: number[] = [];
  let j = attribute.end + 1;
  for (;;) {
    if (options.length > 0 && words[j] === "and") j++;
    const option = state.options.match(words, j);
    if (option === null || option.end > end || options.length >= MAX_LIST) return null;
    options.push(option.index);
    j = option.end;
    const token = s.tokens[j - 1] as NaturalToken;
    if (token.colon === true) break;
    if (!(token.pause || words[j] === "and")) return null;
    // "Cleanliness for C, D, E → 4, 2, 5 respectively" (fresh65): an arrow (a pause) before the levels
    if (
      token.pause &&
      options.length >= 2 &&
      state.options.match(words, j) === null &&
      levelAt(s, j, end, state) !== null
    )
      break;
  }
  if (options.length < 2) return null;
  const levels: number[] = [];
  while (j < end && levels.length < MAX_LIST) {
    if (levels.length > 0 && words[j] === "and") j++;
    const level = levelAt(s, j, end, state);
    if (level === null) return null;
    levels.push(level.value);
    j = afterOrder(words, level.end);
    if (j >= end || j > level.end) break;
    if (!(s.separated(j - 1) || words[j] === "and")) return null;
  }
  if (levels.length === 0 || !(j >= end || s.separated(j - 1))) return null;
  if (levels.length !== options.length || new Set(options).size !== options.length) return { ambiguous: true, end };
  return { shares: options.map((o, n) => [o, attribute.index, levels[n] as number]), end: j };
}
