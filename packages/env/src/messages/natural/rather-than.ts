import type { Act } from "../act";
import type { NaturalToken } from "../natural-tokens";
import { naturalInteger } from "./natural-integer";
import type { ParseState, Sentence } from "./sentence";

/** Is words[k] a level (digits, maybe after "a")? Where it ends, or -1. */
function levelWord(s: Sentence, k: number): number {
  const at = s.words[k] === "a" || s.words[k] === "an" ? k + 1 : k;
  return naturalInteger(s.words[at]) !== null ? at + 1 : -1;
}

/**
 * "Priya on Tuesday morning is a 2 rather than 0, and Lena on Monday evening is 0." (fresh179): "<level> rather than
 * <level>" is the level the speaker holds and the one it rejects, as "<level>, not <level>" is; the sentence is read
 * again without "rather than <level>" (the sentence reader alone, which may read only the first clause). The
 * shares it adds, before the acts found; null where it adds none or reads a cell found at another level.
 */
export function ratherThanShares(
  s: Sentence,
  text: string,
  first: number,
  to: number,
  found: readonly Act[],
  state: ParseState,
): Act[] | null {
  if (state.clauseActs === undefined || (s.tokens[to - 1] as NaturalToken).question) return null;
  const cuts: { from: number; to: number }[] = [];
  for (let k = first + 1; k < to - 2; k++) {
    if (s.words[k] !== "rather" || s.words[k + 1] !== "than") continue;
    if (naturalInteger(s.words[k - 1]) === null || levelWord(s, k + 2) < 0) continue;
    const level = s.tokens[levelWord(s, k + 2) - 1] as NaturalToken;
    // the rejected level's punctuation stays: "0," closes its clause as "2," would
    const stops = text.slice(level.start, level.end).match(/[,;:.!]+$/)?.[0].length ?? 0;
    const held = s.tokens[k - 1] as NaturalToken;
    const kept = text.slice(held.start, held.end).match(/[,;:.!]+$/) === null;
    if (!kept) continue;
    cuts.push({ from: held.end, to: level.end - stops });
  }
  if (cuts.length === 0) return null;
  const start = (s.tokens[first] as NaturalToken).start;
  let out = "";
  let at = start;
  for (const cut of cuts) {
    out += text.slice(at, cut.from);
    at = cut.to;
  }
  out += text.slice(at, (s.tokens[to - 1] as NaturalToken).end);
  const again = state.clauseActs(out);
  if (again === null) return null;
  const cell = (a: Act) => (a.kind === "share" ? `${a.option}:${a.attribute}` : "");
  const had = new Map(found.filter((a) => a.kind === "share").map((a) => [cell(a), a]));
  const added: Act[] = [];
  for (const a of again) {
    if (a.kind !== "share") continue;
    const before = had.get(cell(a));
    // another level of a cell already read: the readings disagree, keep the first
    if (before !== undefined && JSON.stringify(before) !== JSON.stringify(a)) return null;
    if (before === undefined) added.push(a);
  }
  // the new shares come first: "rather than" stands in the sentence's first clause
  return added.length > 0 ? [...added, ...found] : null;
}
