import { naturalCues as cue } from "../natural-cues";
import { plainWord } from "./lone-share";
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

/**
 * The one attribute opening a clause, then parallel clauses that each give one option one level, joined by "and"
 * or a pause: "On experience, Candidate B gets 3 and Candidate C gets 1" (fresh31). Each clause is an option,
 * up to three plain words (any verb: "gets", "lands at", "is a") and a level closing it; two clauses at least, each
 * option once, nothing else to the clause's end. Exact or nothing: anything that breaks the shape gives null.
 */
export function parallelShares(s: Sentence, k: number, end: number, state: ParseState): Paired | null {
  const { words } = s;
  if (!ATTRIBUTE_LEADS.has(words[k] as string) || !s.clauseStart(k)) return null;
  const attribute = state.attributes.match(words, k + 1);
  if (attribute === null || !s.separated(attribute.end - 1)) return null;
  const shares: [number, number, number][] = [];
  let j = attribute.end;
  while (shares.length < MAX_LIST && j < end) {
    if (shares.length > 0 && words[j] === "and") j++;
    const option = state.options.match(words, j);
    if (option === null || s.separated(option.end - 1)) return null;
    let v = option.end;
    while (v < end && v - option.end < MAX_VERB_WORDS && levelAt(s, v, end, state) === null && verbWord(s, v, state))
      v++;
    if (v === option.end) return null; // a verb of its own: "B 3 and C 1" is a list for the paired readings
    const level = levelAt(s, v, end, state);
    if (level === null) return null;
    shares.push([option.index, attribute.index, level.value]);
    j = level.end;
    if (j >= end) break;
    if (!(s.separated(j - 1) || words[j] === "and")) return null;
  }
  if (shares.length < 2 || !(j >= end || s.separated(j - 1))) return null;
  if (j < end) return null; // something follows the clauses: not only the parallel shares
  if (new Set(shares.map(([o]) => o)).size !== shares.length) return null;
  return { shares, end: j };
}
