import type { Act } from "../act";
import type { NaturalToken } from "../natural-tokens";
import type { ParseState, Sentence } from "./sentence";

// "... and so does A", "..., and A does too", "..., as is A's", "... and so is the library key" (issue 26, session 53;
// fresh133): a clause that repeats the level of the shares before it for one more option (their one attribute) or
// one more attribute (their one option). The shares before must give one level; the echo closes the sentence.

type Share = Extract<Act, { kind: "share" }>;

/** Verbs of an echo: "so does A", "A is too", "as has B". */
const ECHO_VERBS: ReadonlySet<string> = new Set([
  "does",
  "do",
  "did",
  "is",
  "are",
  "was",
  "were",
  "has",
  "have",
  "had",
]);
/** Words that close "A does too": "too", "as well", "also". */
const ALSO: readonly (readonly string[])[] = [["too"], ["as", "well"], ["also"]];
/** Possessives before an attribute in an echo: "so is the library key", "his library key is too". */
const OWNERS: ReadonlySet<string> = new Set(["the", "his", "her", "its", "their"]);

/** The option or attribute named at k (an attribute maybe after "the" / "his"), and where it ends. */
function nameAt(
  s: Sentence,
  k: number,
  state: ParseState,
): { option: number; end: number } | { attribute: number; end: number } | null {
  const option = state.options.match(s.words, k);
  if (option !== null) return { option: option.index, end: s.words[option.end] === "'s" ? option.end + 1 : option.end };
  const j = OWNERS.has(s.words[k] as string) ? k + 1 : k;
  const attribute = state.attributes.match(s.words, j);
  return attribute === null ? null : { attribute: attribute.index, end: attribute.end };
}

/** After "too" / "as well" / "also" at k, or -1. */
function pastAlso(words: readonly string[], k: number): number {
  const also = ALSO.find((a) => a.every((w, n) => words[k + n] === w));
  return also === undefined ? -1 : k + also.length;
}

/**
 * The echo clause opening at k and closing the sentence at `to`: "(and) so <verb> NAME", "as <verb> NAME", "(and)
 * NAME <verb> too|as well", "(and) NAME too", "and NAME is the same", "(and) the same (goes) for NAME"; the name, or
 * null.
 */
function echoAt(
  s: Sentence,
  k: number,
  to: number,
  state: ParseState,
): { option: number; end: number } | { attribute: number; end: number } | null {
  const { words } = s;
  let j = words[k] === "and" ? k + 1 : k;
  // "so does A", "as is A's"
  if ((words[j] === "so" && words[k] === "and") || (words[j] === "as" && j === k)) {
    if (!ECHO_VERBS.has(words[j + 1] as string)) return null;
    const name = nameAt(s, j + 2, state);
    return name !== null && name.end === to ? name : null;
  }
  // "(and) the same for A", "the same goes for the library key"
  if (words[j] === "the" && words[j + 1] === "same") {
    const at = words[j + 2] === "goes" ? j + 3 : j + 2;
    if (words[at] !== "for") return null;
    const name = nameAt(s, at + 1, state);
    return name !== null && name.end === to ? name : null;
  }
  if (words[k] !== "and") return null;
  const name = nameAt(s, j, state);
  if (name === null) return null;
  j = name.end;
  if (ECHO_VERBS.has(words[j] as string)) j++;
  // "and teamwork is the same" (fresh137)
  if (words[j] === "the" && words[j + 1] === "same" && j + 2 === to) return name;
  return pastAlso(words, j) === to ? name : null;
}

/**
 * The share an echo clause at the end of from..to adds to `found` (this sentence's acts): the echo starts after a
 * pause (or at "and" / "as"), nothing in it is gated (negated, doubted, reported) and the shares before it give one
 * level, with one attribute (an option echoed) or one option (an attribute echoed) that the echo does not repeat.
 */
export function echoShare(
  s: Sentence,
  from: number,
  to: number,
  found: readonly Act[],
  state: ParseState,
): Share | null {
  const shares = found.filter((a): a is Share => a.kind === "share");
  if (shares.length === 0 || (s.tokens[to - 1] as NaturalToken).question) return null;
  const level = (shares[0] as Share).level;
  if (shares.some((a) => a.level !== level)) return null;
  for (let k = to - 2; k > from; k--) {
    if (!(s.separated(k - 1) || (s.words[k] === "and" && s.separated(k - 2)))) continue;
    const name = echoAt(s, k, to, state);
    if (name === null) continue;
    for (let g = k; g < to; g++) if (s.gate[g] === true || s.modal[g] === true) return null;
    if ("option" in name) {
      const attribute = (shares[0] as Share).attribute;
      if (shares.some((a) => a.attribute !== attribute || a.option === name.option)) return null;
      return { kind: "share", option: name.option, attribute, level };
    }
    const option = (shares[0] as Share).option;
    if (shares.some((a) => a.option !== option || a.attribute === name.attribute)) return null;
    return { kind: "share", option, attribute: name.attribute, level };
  }
  return null;
}
