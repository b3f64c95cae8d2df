import { naturalCues as cue } from "../natural-cues";
import type { NaturalToken } from "../natural-tokens";
import { MAX_LIST, type ParseState, type Sentence } from "./sentence";

/** Options named at i: "Restaurant A", "Restaurant A and Restaurant B". */
export function optionList(
  s: Sentence,
  i: number,
  end: number,
  state: ParseState,
): { options: number[]; end: number } | null {
  const first = state.options.match(s.words, i);
  if (first === null || first.end > end) return null;
  const options = [first.index];
  let k = first.end;
  const range = optionRange(s, i, first, end, state);
  if (range !== null) return range;
  const bare = letterRun(s, i, first, end, state);
  if (bare !== null) return bare;
  // "A and B", "A, B and C"; a comma alone does not join ("Unlike A, B has ...")
  let closed = { count: 1, end: k };
  while (options.length < MAX_LIST && (s.words[k] === "and" || s.separated(k - 1))) {
    const and = s.words[k] === "and";
    // "... for A, and C has ..." (a new clause); an Oxford comma joins a third name, never a second
    if (and && s.separated(k - 1) && options.length < 2) break;
    const j = and ? k + 1 : k;
    const next = state.options.match(s.words, j);
    if (next === null || next.end > end) break;
    options.push(next.index);
    // "Monday evening / Tuesday morning → Omar's calendar 0 / 2" (fresh374, session 69: a wrong act, Tuesday morning's
    // 0): a slash joins names as "and" does
    const slashed = (s.tokens[k - 1] as NaturalToken).slash === true;
    k = next.end;
    if (and || slashed) closed = { count: options.length, end: k };
  }
  // "anyone got parking log for A, D, F?" (fresh405, session 69): three names or more joined by commas alone,
  // closing the sentence, are a list (two only where they close a question)
  const last = s.tokens[k - 1] as NaturalToken;
  const closes = k >= s.to || last.stop;
  if (closed.count < options.length && closes && (options.length >= 3 || last.question))
    closed = { count: options.length, end: k };
  return { options: options.slice(0, closed.count), end: closed.end };
}

/**
 * "Agent 1: location for A B C D pls." (fresh515, session 73; fresh511's "size for A C D??", fresh505's "A B E =
 * ..."): three or more option letters in a row with nothing between them, each a different option, are a list.
 */
function letterRun(
  s: Sentence,
  i: number,
  first: { index: number; end: number },
  end: number,
  state: ParseState,
): { options: number[]; end: number } | null {
  if (first.end !== i + 1 || !LETTER.test(s.words[i] as string) || s.separated(i)) return null;
  const options = [first.index];
  let k = first.end;
  while (k < end && options.length < MAX_LIST && LETTER.test(s.words[k] as string)) {
    const next = state.options.match(s.words, k);
    if (next === null || next.end !== k + 1 || options.includes(next.index)) break;
    options.push(next.index);
    k = next.end;
    if (s.separated(k - 1)) break;
  }
  return options.length >= 3 ? { options, end: k } : null;
}

/** A letter alone, as the tokenizer marks an option's letter ("⟨b⟩") or not. */
const LETTER = /^(?:[a-z]|⟨[a-z]⟩)$/;

/** Words that join the first and last option of a range: "A through C" (fresh94), "A to C" after a plural noun. */
const RANGE_WORDS = new Set(["through", "thru"]);

/**
 * "Employees A through C", "Shelves A to D" (fresh94): every option from the first to the last in the task's order,
 * the last after the first; "to" only after the options' noun in the plural ("switch from A to C" names no range).
 */
function optionRange(
  s: Sentence,
  i: number,
  first: { index: number; end: number },
  end: number,
  state: ParseState,
): { options: number[]; end: number } | null {
  const w = s.words[first.end] as string;
  const plural = i > s.from && afterPluralNoun(s, i - 1, state) === i;
  if (!RANGE_WORDS.has(w) && !(w === "to" && plural)) return null;
  const last = state.options.match(s.words, first.end + 1);
  if (last === null || last.end > end || last.index <= first.index || last.index - first.index >= MAX_LIST) return null;
  const options: number[] = [];
  for (let o = first.index; o <= last.index; o++) options.push(o);
  return { options, end: last.end };
}

/** Is the option at i one of several alternatives ("A or B", "either A", "than A")? */
export function alternative(s: Sentence, i: number, end: number): boolean {
  return (i > s.from && cue.alternatives.has(s.words[i - 1] as string)) || s.words[end] === "or";
}

/**
 * Past the options' noun in the plural before a list of their letters ("Restaurants B, C and D", fresh68): the index
 * of the first option; k itself when no such noun stands there.
 */
export function afterPluralNoun(s: Sentence, k: number, state: ParseState): number {
  const head = state.task.domain.optionNoun.split(" ").pop() as string;
  const w = s.words[k] as string;
  const plural = w === `${head}s` || w === `${head}es` || (head.endsWith("f") && w === `${head.slice(0, -1)}ves`);
  return plural && state.options.match(s.words, k + 1) !== null ? k + 1 : k;
}
