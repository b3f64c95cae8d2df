import type { Act } from "../act";
import { naturalCues as cue } from "../natural-cues";
import type { NaturalToken } from "../natural-tokens";
import { naturalInteger } from "./natural-integer";
import type { ParseState, Sentence } from "./sentence";
import { levelAt } from "./share-items";

// A cell named, then its level in a relative clause closing the sentence (issue 26, session 52; fresh120,
// fresh127): "I only have the apple count for Shelf A, which is 1.", "since then I've seen its neighbourhood score,
// which is 3."

/** Verbs of the relative clause: "which is 1", "which's 1", "which was 1" (the speaker's reading now). */
const COPULAS: ReadonlySet<string> = new Set(["is", "'s", "was", "are", "were"]);

/** The speaker's holding after "which": "which I've got at 2", "which I have at 2", "which I have as 2". */
const HOLDS: readonly (readonly string[])[] = [
  ["i've", "got", "at"],
  ["i've", "got", "as"],
  ["i", "have", "at"],
  ["i", "have", "as"],
  ["i've", "got"],
];

/**
 * The share of a sentence that names one cell and closes on ", which is <level>": one attribute and one option named
 * before the relative clause (a sentence that names no option is read under the talk's option by `carriedSentence`),
 * no other number and nothing that changes what the level means (negation, condition, modal, another agent, a
 * comparison) anywhere in it. Null otherwise.
 */
export function relativeShare(s: Sentence, first: number, to: number, state: ParseState): Act | null {
  const { words } = s;
  let which = -1;
  let verbEnd = -1;
  for (let k = first + 2; k < to - 2; k++) {
    if (words[k] !== "which" || !s.separated(k - 1)) continue;
    // "..., which I've got at 2" (fresh159): the speaker's own holding of it
    const held = HOLDS.find((h) => h.every((w, n) => words[k + 1 + n] === w));
    if (COPULAS.has(words[k + 1] as string) || held !== undefined) {
      which = k;
      verbEnd = k + 1 + (held?.length ?? 1);
    }
  }
  if (which < 0) return null;
  let at = verbEnd;
  if (words[at] === "a" || words[at] === "an") at++;
  const level = levelAt(s, at, to, state);
  if (level === null || level.end < to) return null;
  let option: number | null = null;
  let attribute: number | null = null;
  for (let k = first; k < which; k++) {
    const w = words[k] as string;
    if (s.gate[k] === true || s.modal[k] === true || w === "agent" || w === "you" || w === "your") return null;
    if (cue.comparatives.has(w) || /[0-9]/.test(w) || naturalInteger(w) !== null) return null;
    const o = state.options.match(words, k);
    if (o !== null) {
      if (option !== null && option !== o.index) return null;
      option = o.index;
      k = o.end - 1;
      continue;
    }
    const a = state.attributes.match(words, k);
    if (a !== null) {
      if (attribute !== null && attribute !== a.index) return null;
      attribute = a.index;
      k = a.end - 1;
    }
  }
  if (option === null || attribute === null) return null;
  if ((s.tokens[to - 1] as NaturalToken).question) return null;
  return { kind: "share", option, attribute, level: level.value };
}

/** Verbs after "what I": "Three is what I have for ...", "2 is what I see for ...". */
const HOLDING: ReadonlySet<string> = new Set([
  "have",
  "see",
  "got",
  "get",
  "count",
  "show",
  "saw",
  "counted",
  "read",
  "hold",
]);

/**
 * "Three is what I have for A's technical skill.", "2 is what I see for Apartment D's rent" (fresh127): a level put
 * first, then "is what I <verb>" and one cell (an option and an attribute, maybe after "for" / "on"), closing the
 * sentence; null otherwise (a doubt, another agent or a second number anywhere in it).
 */
export function levelFirstShare(s: Sentence, first: number, to: number, state: ParseState): Act | null {
  const { words } = s;
  // a number word opening the sentence is a level here ("Three is what I have"), where `levelAt` asks for its end;
  // "a 0 is what I hold" (fresh165) after an article, "minus two is what I see" (fresh166) on a scale below 0
  // "the 5 is C's service", "the 5 I'm holding is D's teamwork" (fresh175): the level named by "the", then its cell
  const named = words[first] === "the";
  const at = words[first] === "a" || words[first] === "an" || named ? first + 1 : first;
  const minus = (words[at] === "minus" || words[at] === "negative") && state.task.levels[0] < 0 ? 1 : 0;
  const w0 = words[at + minus] as string;
  const magnitude = naturalInteger(w0) ?? cue.numberWords.get(w0) ?? null;
  const value = magnitude === null || (minus > 0 && magnitude <= 0) ? null : magnitude * (minus > 0 ? -1 : 1);
  const [lo, hi] = state.task.levels;
  if (value === null || value < lo || value > hi) return null;
  const level = { value, end: at + minus + 1 };
  const k = named ? theLevelCell(words, level.end) : whatIHold(words, level.end);
  if (k === null) return null;
  const cell = onlyCell(s, k, to, state);
  if (cell === null || (s.tokens[to - 1] as NaturalToken).question) return null;
  return { kind: "share", ...cell, level: level.value };
}

/**
 * The one cell k..to names with only the words `between` accepts beside its names (FILLERS by default: "for A's
 * technical skill", "on the rent of D"), or null (a doubt, "and", a second number or name: any other word). A name
 * must end by `to`.
 */
export function onlyCell(
  s: Sentence,
  k0: number,
  to: number,
  state: ParseState,
  between: (w: string) => boolean = (w) => FILLERS.has(w),
): { option: number; attribute: number } | null {
  const { words } = s;
  let option: number | null = null;
  let attribute: number | null = null;
  for (let k = k0; k < to; k++) {
    const named = state.options.match(words, k);
    const o = named !== null && named.end <= to ? named : null;
    const matched = o === null ? state.attributes.match(words, k) : null;
    const a = matched !== null && matched.end <= to ? matched : null;
    if (o !== null) {
      if (option !== null) return null;
      option = o.index;
      k = o.end - 1;
    } else if (a !== null) {
      if (attribute !== null) return null;
      attribute = a.index;
      k = a.end - 1;
    } else if (!between(words[k] as string)) return null;
  }
  return option === null || attribute === null ? null : { option, attribute };
}

/**
 * "Miss Hartley's poison bottle is the 0.", "Monday evening for Omar is the 0." (fresh174): one cell, then "is the
 * <level>" closing the sentence (the level named as the one it is); null otherwise.
 */
export function cellIsTheLevel(s: Sentence, text: string, first: number, to: number, state: ParseState): Act | null {
  const { words } = s;
  if (to - first < 4 || words[to - 3] !== "is" || words[to - 2] !== "the") return null;
  const w = words[to - 1] as string;
  const value = naturalInteger(w) ?? cue.numberWords.get(w) ?? null;
  const [lo, hi] = state.task.levels;
  if (value === null || value < lo || value > hi || (s.tokens[to - 1] as NaturalToken).question) return null;
  const cell = onlyCell(s, first, to - 3, state);
  if (cell !== null) return { kind: "share", ...cell, level: value };
  // "Monday evening for Omar is the 0": a cell written in another form is read as "... is 0" would be, one share alone
  if (state.clauseActs === undefined) return null;
  const core = text.slice((s.tokens[first] as NaturalToken).start, (s.tokens[to - 3] as NaturalToken).end);
  const acts = state.clauseActs(`${core} ${w}.`) ?? [];
  return acts.length === 1 && acts[0]?.kind === "share" && acts[0].level === value ? acts[0] : null;
}

/** After a level put first, "is what I <verb>" ("Three is what I have"): where the cell starts, or null. */
function whatIHold(words: readonly string[], k: number): number | null {
  if (words[k] !== "is" || words[k + 1] !== "what" || (words[k + 2] !== "i" && words[k + 2] !== "we")) return null;
  const verb = words[k + 3] === "can" ? k + 4 : k + 3;
  return HOLDING.has(words[verb] as string) ? verb + 1 : null;
}

/** After "the <level>": "is", "belongs to", "I'm holding is" or "I have is"; where the cell starts, or null. */
function theLevelCell(words: readonly string[], k: number): number | null {
  if (words[k] === "is") return k + 1;
  // "the 2 belongs to B's location" (fresh175)
  if (words[k] === "belongs" && words[k + 1] === "to") return k + 2;
  if (words[k] === "i'm" && words[k + 1] === "holding" && words[k + 2] === "is") return k + 3;
  const own = words[k] === "i" || words[k] === "we";
  return own && HOLDING.has(words[k + 1] as string) && words[k + 2] === "is" ? k + 3 : null;
}

/** Words a cell may be written with after "what I have": "for A's technical skill", "on the rent of D". */
const FILLERS: ReadonlySet<string> = new Set([
  "for",
  "on",
  "of",
  "the",
  "'s",
  "at",
  "in",
  "here",
  "there",
  "side",
  "my",
]);
