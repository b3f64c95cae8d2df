import type { Act } from "../act";
import { naturalCues as cue } from "../natural-cues";
import type { NaturalToken } from "../natural-tokens";
import { optionList } from "./option-list";
import type { ParseState, Sentence } from "./sentence";
import { levelAt } from "./share-items";

// One attribute's level said for every option at once (issue 26, session 53; fresh132): "Location is 2 across the
// board except for C, which has 1.", "Ambience is 3 for every restaurant.", "Rent is 2 for all four." Each option
// of the task gets the level, an exception its own level when the sentence gives one, else nothing.

type Share = Extract<Act, { kind: "share" }>;

/** Verbs of the exception's own level: "except for C, which has 1", "except C, which is at 1". */
const EXCEPTION_VERBS: ReadonlySet<string> = new Set(["has", "is", "'s", "gets", "sits", "scores", "shows", "at"]);

/** Where the quantifier over every option at k ends ("across the board", "for every <noun>", "for all four"), or -1. */
function everyOptionEnd(s: Sentence, k: number, state: ParseState): number {
  const { words } = s;
  if (words[k] === "across" && words[k + 1] === "the" && words[k + 2] === "board") return k + 3;
  if (words[k] === "everywhere") return k + 1;
  if (words[k] !== "for") return -1;
  const noun = state.task.domain.optionNoun.split(" ").pop() as string;
  const nounAt = (j: number) => words[j] === noun || words[j] === `${noun}s` || words[j] === `${noun}es`;
  // "for every restaurant", "for each slot"
  if ((words[k + 1] === "every" || words[k + 1] === "each") && nounAt(k + 2)) return k + 3;
  if (words[k + 1] !== "all") return -1;
  // "for all four (restaurants)": the count must be the task's
  const count = cue.numberWords.get(words[k + 2] as string);
  if (count !== undefined) {
    if (count !== state.task.domain.options.length) return -1;
    return nounAt(k + 3) ? k + 4 : k + 3;
  }
  // "for all the restaurants", "for all restaurants"
  if (words[k + 2] === "the" && nounAt(k + 3)) return k + 4;
  return nounAt(k + 2) ? k + 3 : -1;
}

/**
 * The shares of a sentence that gives one attribute a level for every option: the attribute opening it (maybe after
 * "the"), a verb of being, the level, a quantifier over every option, then the sentence's end or an exception
 * ("except (for) C[, which has 1]"). Null where anything else stands, where the clause is negated, doubted,
 * reported or asked, or where the exception names no option.
 */
export function boardShares(s: Sentence, first: number, to: number, state: ParseState): Share[] | null {
  const { words, tokens } = s;
  if ((tokens[to - 1] as NaturalToken).question) return null;
  for (let k = first; k < to; k++)
    if (s.gate[k] === true || s.modal[k] === true || words[k] === "agent" || words[k] === "you") return null;
  let j = words[first] === "the" ? first + 1 : first;
  const attribute = state.attributes.match(words, j);
  if (attribute === null) return null;
  j = attribute.end;
  for (let f = 0; f < 3 && j < to && (cue.levelFillers.has(words[j] as string) || words[j] === "sits"); f++) j++;
  if (j === attribute.end) return null;
  const level = levelAt(s, j, to, state);
  if (level === null) return null;
  let end = everyOptionEnd(s, level.end, state);
  if (end < 0) return null;
  const levels = new Map<number, number>();
  for (let o = 0; o < state.task.domain.options.length; o++) levels.set(o, level.value);
  if (end < to) {
    if (words[end] !== "except") return null;
    end++;
    if (words[end] === "for") end++;
    const except = optionList(s, end, to, state);
    if (except === null) return null;
    for (const o of except.options) levels.delete(o);
    end = except.end;
    if (end < to) {
      // ", which has 1", "(1)", "at 1"
      let m = end;
      if (words[m] === "which" || words[m] === "where") m++;
      if (words[m] === "it" || words[m] === "they") m++;
      if (EXCEPTION_VERBS.has(words[m] as string)) m++;
      if (words[m] === "at" || words[m] === "a" || words[m] === "an") m++;
      const own = levelAt(s, m, to, state);
      if (own === null || own.end < to) return null;
      for (const o of except.options) levels.set(o, own.value);
    }
  }
  return [...levels].map(
    ([option, value]): Share => ({ kind: "share", option, attribute: attribute.index, level: value }),
  );
}
