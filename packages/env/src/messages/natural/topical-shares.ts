import type { Act } from "../act";
import type { NaturalToken } from "../natural-tokens";
import { afterPluralNoun, optionList } from "./option-list";
import { afterOrder, levelList } from "./paired-shares";
import type { ParseState, Sentence } from "./sentence";
import { levelAt } from "./share-items";

// An attribute put first, then what the speaker holds of it (issue 26, session 52; fresh118, fresh120): "Service I
// only have for B, which is 3.", "neighbourhood I only have for D, and it's a 5", "Raffle tickets I have for B and C
// only — 0 and -1.", "Location I only have A and C, which are 2 and 1 respectively."

/** Words between "I" and the verb of holding: "I only have", "I also see". */
const ADVERBS: ReadonlySet<string> = new Set(["only", "also", "just", "do", "can"]);
/** Verbs of holding a value. */
const HOLDING: ReadonlySet<string> = new Set(["have", "know", "see", "got", "hold", "'ve"]);
/** Between the verb and the options: "have it for", "have numbers on". */
const OBJECTS: ReadonlySet<string> = new Set(["it", "them", "data", "numbers", "values", "scores", "figures"]);
/** Words that lead the levels after the options' pause: "which is 3", "and it's a 5", "they're 0 and -1". */
const LEADS: readonly (readonly string[])[] = [
  ["which", "is"],
  ["which", "are"],
  ["which", "'s"],
  ["and", "it", "'s"],
  ["and", "it", "is"],
  ["and", "they", "'re"],
  ["and", "they", "are"],
  ["it", "'s"],
  ["they", "'re"],
  ["they", "are"],
];

/**
 * The shares of an attribute put first at `at` (the sentence's start or after a semicolon): the attribute, "I"
 * (an adverb) and a verb of holding, maybe "it" / "for" / "on", a list of options (maybe "only"), a pause, maybe a
 * lead ("which is", "and it's"), then as many levels as options closing the clause (maybe "respectively"), nothing
 * after them. Exact or nothing: a negation, a doubt or another speaker's word has no place in that shape.
 */
export function topicalShares(s: Sentence, at: number, to: number, state: ParseState): Act[] | null {
  const { words } = s;
  const attribute = state.attributes.match(words, at);
  if (attribute === null || words[attribute.end] !== "i") return null;
  let k = attribute.end + 1;
  while (ADVERBS.has(words[k] as string)) k++;
  if (!HOLDING.has(words[k] as string)) return null;
  k++;
  if (OBJECTS.has(words[k] as string)) k++;
  if (words[k] === "for" || words[k] === "on") k++;
  const listed = optionList(s, afterPluralNoun(s, k, state), to, state);
  if (listed === null) return null;
  k = listed.end;
  if (words[k] === "only") k++;
  const pause = s.tokens[k - 1] as NaturalToken;
  if (!pause.pause || pause.semicolon === true) return null;
  const lead = LEADS.find((l) => l.every((w, n) => words[k + n] === w));
  if (lead !== undefined) k += lead.length;
  if (words[k] === "a" || words[k] === "an") k++;
  const levels = listed.options.length === 1 ? single(s, k, to, state) : levelList(s, k, to, state);
  if (levels === null || levels.levels.length !== listed.options.length) return null;
  // the levels close the clause: nothing after them but the sentence's end, a semicolon or a line's end
  const end = afterOrder(words, levels.end);
  const close = s.tokens[end - 1] as NaturalToken;
  if (!(end >= to || close.semicolon === true || close.lineBreak === true)) return null;
  return listed.options.map((option, n) => ({
    kind: "share",
    option,
    attribute: attribute.index,
    level: levels.levels[n] as number,
  }));
}

/** One level at k, as `levelList`'s result. */
function single(s: Sentence, k: number, to: number, state: ParseState): { levels: number[]; end: number } | null {
  const level = levelAt(s, k, to, state);
  return level === null ? null : { levels: [level.value], end: level.end };
}

/** The shares of every topical clause in first..to: at its start, after each semicolon and at each line's start. */
export function topicalClauses(s: Sentence, first: number, to: number, state: ParseState): Act[] {
  const out: Act[] = [];
  for (let k = first; k < to; k++) {
    const before = s.tokens[k - 1] as NaturalToken | undefined;
    if (k > first && before?.semicolon !== true && before?.lineBreak !== true) continue;
    out.push(...(topicalShares(s, k, to, state) ?? []));
  }
  return out;
}
