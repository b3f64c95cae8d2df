import type { NaturalToken } from "../natural-tokens";
import type { ParseState, Sentence } from "./sentence";

/** Nouns of the task's answer after "the": "The thief has to be X", "The culprit must be X". */
const ANSWER_NOUNS = new Set(["thief", "culprit", "answer", "winner", "suspect", "one", "pick", "choice"]);
/** "has to be", "must be", "'s got to be", "has got to be": the speaker's conclusion. */
const MUST: readonly (readonly string[])[] = [
  ["has", "to", "be"],
  ["must", "be"],
  ["'s", "got", "to", "be"],
  ["has", "got", "to", "be"],
];
/** "did it", "took it", "stole it", "took the money": what the one the speaker names did. */
const DEEDS = new Set(["did", "took", "stole", "done"]);

/** Answer nouns a plain "is" concludes on: "The thief is Employee A" (fresh83). */
const IS_NOUNS = new Set(["thief", "culprit", "killer", "answer"]);

/** Tails that only underline the conclusion: "The thief is X, final answer." (fresh83). */
const SURE_TAILS: readonly (readonly string[])[] = [
  ["final", "answer"],
  ["no", "doubt"],
  ["hands", "down"],
];

/** The sentence's end after an option ending at k: k itself, or after a pause and a tail of certainty; else -1. */
function closesAt(s: Sentence, k: number, end: number): number {
  if (k === end) return k;
  if (!s.separated(k - 1)) return -1;
  const tail = SURE_TAILS.find((t) => t.every((w, n) => s.words[k + n] === w));
  return tail !== undefined && k + tail.length === end ? end : -1;
}

/** The length of a "must" phrase at k, or 0. */
function mustAt(words: readonly string[], k: number): number {
  for (const phrase of MUST) if (phrase.every((w, n) => words[k + n] === w)) return phrase.length;
  return 0;
}

/**
 * A conclusion that names the option as the answer, in one of two closed shapes and nothing else (fresh35, fresh36):
 * "It has to be X.", "The thief must be X." (the option closing the sentence), and "X is / must be the one who did it"
 * (took it, stole it). No room is left for a negation, a condition, another agent or another option; the option, or
 * null.
 */
export function mustBeProposal(s: Sentence, first: number, to: number, state: ParseState): number | null {
  const { words } = s;
  const end = (s.tokens[to - 1] as NaturalToken).question ? -1 : to;
  if (end < 0) return null;
  // "It has to be X.", "The thief must be X."
  let k = first;
  if (words[k] === "it") k++;
  else if (words[k] === "the" && ANSWER_NOUNS.has(words[k + 1] as string)) k += 2;
  if (k > first) {
    const must =
      mustAt(words, k) || (k === first + 2 && IS_NOUNS.has(words[k - 1] as string) && words[k] === "is" ? 1 : 0);
    const option = must > 0 ? state.options.match(words, k + must) : null;
    return option !== null && closesAt(s, option.end, end) === end ? option.index : null;
  }
  // "X is the one who did it", "X must be the one who took it"
  const option = state.options.match(words, first);
  if (option === null) return null;
  let j = option.end;
  // "Doctor Finch did it." (fresh83): the deed alone, closing the sentence
  if (DEEDS.has(words[j] as string) && words[j] !== "done" && words[j + 1] === "it" && j + 2 === end)
    return option.index;
  const must = words[j] === "is" ? 1 : mustAt(words, j);
  if (must === 0) return null;
  j += must;
  if (!(words[j] === "the" && words[j + 1] === "one" && words[j + 2] === "who" && DEEDS.has(words[j + 3] as string)))
    return null;
  j += 4;
  if (words[j] === "it") j++;
  else if (words[j] === "the" && j + 2 === end) j += 2;
  return j === end ? option.index : null;
}
