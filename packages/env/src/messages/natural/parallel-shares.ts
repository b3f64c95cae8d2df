import type { NaturalToken } from "../natural-tokens";
import { naturalCues as cue } from "../natural-cues";
import { plainWord } from "./lone-share";
import { afterPluralNoun, optionList } from "./option-list";
import type { Paired } from "./paired-shares";
import { MAX_LIST, type ParseState, type Sentence } from "./sentence";
import { levelAt } from "./share-items";

/** Most plain words between an option and its level in one parallel clause ("Candidate B gets 3"). */
const MAX_VERB_WORDS = 3;

/** Words that lead the one attribute the parallel clauses share: "On experience, ...", "For rent, ...". */
const ATTRIBUTE_LEADS = new Set(["on", "for", "in", "regarding", "re"]);

/** Is word k a plain word between an option and its level: no number, name, negation, modal or blocker? */
function verbWord(s: Sentence, k: number, state: ParseState): boolean {
  const w = s.words[k] as string;
  if (/[0-9]/.test(w) || cue.numberWords.has(w) || w === "and" || w === "or" || w.startsWith("@")) return false;
  if (state.options.match(s.words, k) !== null || state.attributes.match(s.words, k) !== null) return false;
  return plainWord(w) && !s.separated(k);
}

/** One option, up to three plain words and a level: one parallel clause at j ("Candidate B gets 3"); null if not. */
function parallelClause(
  s: Sentence,
  j: number,
  end: number,
  state: ParseState,
): { option: number; level: number; end: number } | null {
  const option = state.options.match(s.words, j);
  if (option === null || s.separated(option.end - 1)) return null;
  let v = option.end;
  while (v < end && v - option.end < MAX_VERB_WORDS && levelAt(s, v, end, state) === null && verbWord(s, v, state)) v++;
  if (v === option.end) return null; // a verb of its own: "B 3 and C 1" is a list for the paired readings
  const level = levelAt(s, v, end, state);
  return level === null ? null : { option: option.index, level: level.value, end: level.end };
}

/** The one attribute closing the sentence at j after the parallel clauses: "... in books sold"; null if not. */
function closingAttribute(s: Sentence, j: number, end: number, state: ParseState): number | null {
  if (!ATTRIBUTE_LEADS.has(s.words[j] as string)) return null;
  const attribute = state.attributes.match(s.words, j + 1);
  return attribute !== null && attribute.end === end ? attribute.index : null;
}

/** Words joining parallel clauses: "A gets 3 and C gets 4", "A gets 3 while C gets 4" (fresh82). */
const JOINERS = new Set(["and", "while", "whereas"]);

/**
 * Parallel clauses that each give one option one level, joined by "and" or a pause, and the one attribute they
 * share, either opening the sentence ("On experience, Candidate B gets 3 and Candidate C gets 1", fresh31) or
 * closing it ("Stall A sold -1 and Stall B sold 2 in books sold", fresh32). Each clause is an option, up to three
 * plain words (any verb: "gets", "lands at", "is a") and a level closing it; two clauses at least, each option
 * once, nothing else to the sentence's end. Exact or nothing: anything that breaks the shape gives null.
 */
export function parallelShares(s: Sentence, k: number, end: number, state: ParseState): Paired | null {
  const { words } = s;
  if (!s.clauseStart(k)) return null;
  const leading = ATTRIBUTE_LEADS.has(words[k] as string) ? state.attributes.match(words, k + 1) : null;
  if (leading !== null && !s.separated(leading.end - 1)) return null;
  let attribute = leading?.index ?? null;
  const pairs: [number, number][] = [];
  let j = leading?.end ?? k;
  while (pairs.length < MAX_LIST && j < end) {
    if (pairs.length > 0 && JOINERS.has(words[j] as string)) j++;
    const clause = parallelClause(s, j, end, state);
    if (clause === null) return null;
    pairs.push([clause.option, clause.level]);
    j = clause.end;
    // "A gets 4 while B gets 5; for ambience it's 2 and 5" (fresh82): a semicolon closes the clauses too
    if (j >= end || (leading !== null && (s.tokens[j - 1] as NaturalToken).semicolon === true)) break;
    if (leading === null && pairs.length >= 2) {
      attribute = closingAttribute(s, j, end, state);
      if (attribute !== null) {
        j = end;
        break;
      }
    }
    if (!(s.separated(j - 1) || JOINERS.has(words[j] as string))) return null;
  }
  const closed = j >= end || (s.tokens[j - 1] as NaturalToken).semicolon === true;
  if (attribute === null || pairs.length < 2 || !closed) return null; // something follows: not only the clauses
  if (new Set(pairs.map(([o]) => o)).size !== pairs.length) return null;
  const shared = attribute;
  return { shares: pairs.map(([o, level]) => [o, shared, level]), end: j };
}

/**
 * One attribute, a verb, then levels each paired with an option by "for": "Omar's calendar reads 1 for Monday
 * morning and 2 for Tuesday morning" (fresh32), or for a list of options ("0 for C, E and F, and 1 for A and B",
 * fresh102). Up to three plain words of verb; two shares at least, the pairs joined by "and" or a pause, each option
 * once, nothing else to the sentence's end. Exact or nothing.
 */
export function levelsForOptions(s: Sentence, k: number, end: number, state: ParseState): Paired | null {
  const { words } = s;
  if (!s.clauseStart(k)) return null;
  const attribute = state.attributes.match(words, k);
  if (attribute === null || s.separated(attribute.end - 1)) return null;
  let j = attribute.end;
  while (j < end && j - attribute.end < MAX_VERB_WORDS && levelAt(s, j, end, state) === null && verbWord(s, j, state))
    j++;
  if (j === attribute.end) return null;
  const shares: [number, number, number][] = [];
  while (shares.length < MAX_LIST && j < end) {
    if (shares.length > 0 && words[j] === "and") j++;
    const level = levelAt(s, j, end, state);
    if (level === null || words[level.end] !== "for") return null;
    // "Phone records come back 0 for Employees C, E and F, and 1 for A and B" (fresh102): one level for a list
    const options = optionList(s, afterPluralNoun(s, level.end + 1, state), end, state);
    if (options === null) return null;
    for (const option of options.options) shares.push([option, attribute.index, level.value]);
    j = options.end;
    if (j >= end) break;
    if (!(s.separated(j - 1) || words[j] === "and")) return null;
  }
  if (shares.length < 2 || j < end) return null;
  if (new Set(shares.map(([o]) => o)).size !== shares.length) return null;
  return { shares, end: j };
}
