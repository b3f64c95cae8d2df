import type { Act } from "../act";
import type { NaturalToken } from "../natural-tokens";
import { afterPluralNoun, optionList } from "./option-list";
import { afterOrder, levelList } from "./paired-shares";
import type { ParseState, Sentence } from "./sentence";

// Cells named in one sentence, their levels in the next (issue 26, session 53; fresh140): "I've got teamwork for
// Candidate A and Candidate C. They come out at 4 and 3 respectively", "I can see raffle tickets for Stall A and
// Stall C. Those are 2 and -1, respectively". Exact or nothing: as many levels as options, in order.

/** One attribute over two or more options, named with no level and no act: what "they" / "those" can point to. */
export interface ListedCells {
  attribute: number;
  options: number[];
}

/**
 * The cells a sentence of no act lists for one attribute ("I've got teamwork for Candidate A and Candidate C."): one
 * attribute, then "for" / "on" / "at" and a list of two or more options, no number and nothing gated; else null.
 */
export function listedCells(s: Sentence, first: number, to: number, state: ParseState): ListedCells | null {
  const { words } = s;
  if ((s.tokens[to - 1] as NaturalToken).question) return null;
  let attribute: { index: number; end: number } | null = null;
  for (let k = first; k < to; k++) {
    if (s.gate[k] === true || s.modal[k] === true || /[0-9]/.test(words[k] as string)) return null;
    const a = state.attributes.match(words, k);
    if (a === null) continue;
    if (attribute !== null) return null;
    attribute = { index: a.index, end: a.end };
    k = a.end - 1;
  }
  if (attribute === null || !(words[attribute.end] === "for" || words[attribute.end] === "on")) return null;
  const list = optionList(s, afterPluralNoun(s, attribute.end + 1, state), to, state);
  if (list === null || list.options.length < 2 || !(list.end >= to || s.separated(list.end - 1))) return null;
  return { attribute: attribute.index, options: list.options };
}

/** Subjects that point back to the cells listed: "They come out at ...", "Those are ...". */
const POINTERS: ReadonlySet<string> = new Set(["they", "those", "these", "they're"]);
/** Words between the pointer and the levels: "are", "come out at", "sit at", "read". */
const BRIDGE: ReadonlySet<string> = new Set(["are", "were", "come", "came", "out", "in", "at", "sit", "read", "show"]);

/**
 * The shares of a sentence that opens with "They" / "Those" and gives the levels of the cells the sentence before
 * listed ("They come out at 4 and 3 respectively"): a few bridge words, a list of as many levels as options, then
 * "respectively" (or "in that order") and the clause's end; null otherwise (nothing under a doubt).
 */
export function listedLevels(
  s: Sentence,
  first: number,
  to: number,
  listed: ListedCells,
  state: ParseState,
): Act[] | null {
  const { words } = s;
  if (!POINTERS.has(words[first] as string)) return null;
  let k = first + 1;
  for (let b = 0; b < 3 && BRIDGE.has(words[k] as string); b++) k++;
  const tail = orderedLevels(s, first, k, to, listed.options.length, state);
  if (tail === null || !(tail.end >= to || s.separated(tail.end - 1))) return null;
  return listed.options.map((option, n) => ({
    kind: "share",
    option,
    attribute: listed.attribute,
    level: tail.levels[n] as number,
  }));
}

/**
 * The tail both list readers share: exactly `count` levels listed from k, and where the sentence goes on after a
 * "respectively" / "in that order" behind them (`ordered` when one was there); null when a gate or modal word sits
 * anywhere in [first, to) or the count differs.
 */
function orderedLevels(
  s: Sentence,
  first: number,
  k: number,
  to: number,
  count: number,
  state: ParseState,
): { levels: number[]; end: number; ordered: boolean } | null {
  for (let g = first; g < to; g++) if (s.gate[g] === true || s.modal[g] === true) return null;
  const levels = levelList(s, k, to, state);
  if (levels === null || levels.levels.length !== count) return null;
  const end = afterOrder(s.words, levels.end);
  return { levels: levels.levels, end, ordered: end > levels.end };
}

/** The speaker's "I've got" / "I have" in its spellings, shared by the leads of answers to a question just asked. */
export const I_HAVE: readonly (readonly string[])[] = [
  ["i've", "got"],
  ["i", "'ve", "got"],
  ["ive", "got"],
  ["i", "have"],
  ["i", "got"],
];

/** Leads of the speaker's own levels answering the question before: "I've got", "I have", "mine are". */
const OWN_ANSWER_LEADS: readonly (readonly string[])[] = [...I_HAVE, ["i", "see"], ["mine", "are"], ["mine", "'re"]];

/**
 * "Camera footage for Employee A, Employee C and Employee F? I've got 0, 1, 1 respectively." (fresh506, session 73:
 * three wrong acts): the levels a sentence gives, in order, for the `count` cells the speaker's own question before it
 * asked — a lead of the speaker's own ("I've got", "I have", "mine are") or none, exactly `count` levels, then
 * "respectively" (or "in that order") closing the sentence; null otherwise (nothing under a doubt).
 */
export function answeredListLevels(
  s: Sentence,
  first: number,
  to: number,
  count: number,
  state: ParseState,
): number[] | null {
  const { words } = s;
  const lead = OWN_ANSWER_LEADS.find((p) => p.every((w, n) => words[first + n] === w));
  const k = first + (lead?.length ?? 0);
  const tail = orderedLevels(s, first, k, to, count, state);
  return tail?.ordered && tail.end >= to ? tail.levels : null;
}
