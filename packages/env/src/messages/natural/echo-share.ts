import type { Act } from "../act";
import { naturalCues as cue } from "../natural-cues";
import type { NaturalToken } from "../natural-tokens";
import { ownerAttributeAt } from "../natural-matchers";
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
/** Verbs before "the same": "gets the same", "has the same". */
const GETS: ReadonlySet<string> = new Set(["gets", "get", "got", "has", "scores", "earns"]);
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
  if (attribute !== null) return { attribute: attribute.index, end: attribute.end };
  // "and so does Omar's" (fresh140): a person's attribute by the person's name
  const owned = ownerAttributeAt(state.task.domain, s.words, k);
  return owned === null ? null : { attribute: owned.index, end: owned.end };
}

/** Words that may close an echo after a pause: "— and for food quality too, actually". */
const CLOSERS: ReadonlySet<string> = new Set(["actually", "too", "also"]);

/** The echo's end: `to`, or the start of a closing "actually" after a pause. */
function echoEnd(s: Sentence, to: number): number {
  return to - 1 > s.from && CLOSERS.has(s.words[to - 1] as string) && s.separated(to - 2) ? to - 1 : to;
}

/** Nouns after "the same" in "it's the same deal for X", "the same story with X". */
const SAME_NOUNS: ReadonlySet<string> = new Set(["deal", "story", "thing", "here"]);

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
  end: number,
  state: ParseState,
): { option: number; end: number } | { attribute: number; end: number } | null {
  const { words } = s;
  const to = echoEnd(s, end);
  let j = words[k] === "and" ? k + 1 : k;
  // "and for food quality too" (fresh140): the preposition of the shares before, the name, "too"
  if (words[j] === "for" || words[j] === "on") {
    const name = nameAt(s, j + 1, state);
    return name !== null && pastAlso(words, name.end) === to ? name : null;
  }
  // "it's the same deal for quietness" (fresh140)
  if ((words[j] === "it" && (words[j + 1] === "'s" || words[j + 1] === "is")) || words[j] === "it's") {
    let m = words[j] === "it's" ? j + 1 : j + 2;
    if (words[m] !== "the" || words[m + 1] !== "same") return null;
    m += 2;
    if (SAME_NOUNS.has(words[m] as string)) m++;
    if (words[m] !== "for" && words[m] !== "with") return null;
    const name = nameAt(s, m + 1, state);
    return name !== null && name.end === to ? name : null;
  }
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
  // "and teamwork is the same" (fresh137); "and its menu variety gets the same from me" (fresh140)
  if (GETS.has(words[j] as string)) j++;
  if (words[j] === "the" && words[j + 1] === "same") {
    const close = words[j + 2] === "from" && words[j + 3] === "me" ? j + 4 : j + 2;
    return close === to ? name : null;
  }
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
  const end = beforeProposalTail(s, from, to, found);
  if (end !== to) return echoShare(s, from, end, found, state);
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

/**
 * "... and so does the poison bottle — that's my pick." (fresh143): where a closing clause after a dash starts that
 * holds no number and is the speaker's "that's my <pick>" or follows a proposal in the sentence; `to` when there is
 * none.
 */
function beforeProposalTail(s: Sentence, from: number, to: number, found: readonly Act[]): number {
  for (let k = to - 1; k > from + 1; k--) {
    if ((s.tokens[k - 1] as NaturalToken).dash !== true) continue;
    // the sentence proposed, or the tail is the speaker's "that's my pick" (the option proposed before it)
    const pointer = s.words[k] === "that" && s.words[k + 1] === "'s" && cue.proposalNouns.has(s.words[k + 3] as string);
    if (!(pointer || found.some((a) => a.kind === "propose"))) return to;
    for (let j = k; j < to; j++)
      if (/\d/.test(s.words[j] as string) || cue.numberWords.has(s.words[j] as string)) return to;
    return k;
  }
  return to;
}
