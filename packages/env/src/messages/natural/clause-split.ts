import type { Act } from "../act";
import type { NaturalToken } from "../natural-tokens";
import { naturalInteger } from "./natural-integer";
import type { ParseState, Sentence } from "./sentence";

/** Words that open a second clause of facts: "A scores 4 while B scores 5", "... but C is 1", "..., and D has 2". */
const ALWAYS_JOIN: ReadonlySet<string> = new Set(["while", "whereas", "but"]);
const JOIN_AFTER_PAUSE: ReadonlySet<string> = new Set(["and"]);

/** Most clauses a sentence is split into. */
const MAX_CLAUSES = 5;

/**
 * "On value for money, A scores 4 while B scores 5, but C and D are both stuck at 1." (fresh113): a sentence of
 * several clauses of facts, each of which the reader takes alone, that it did not read whole. The sentence is cut
 * at "while" / "whereas" / "but", at "and" after a pause and at semicolons; each clause is read alone
 * (`ParseState.clauseActs`), and one that names no attribute is read again under the attribute the clauses before
 * it shared ("On value for money, C and D are both stuck at 1."). The clauses' reading is taken only where it holds
 * every act the whole reading found and more shares than it, with no cell given two levels. Never in a sentence the
 * reader marks hedged or negated anywhere (a correction's "but that was actually ..." among them). A clause keeps
 * its own report (it is read with it); one governed by another clause's ("Agent 2 says A scores 4 while B scores 5")
 * names no attribute of its own and takes one only from a clause that shared, which a reported clause never does.
 * Returns the acts, or null to keep the whole reading.
 */
export function clauseSplit(
  s: Sentence,
  text: string,
  first: number,
  to: number,
  found: readonly Act[],
  state: ParseState,
): Act[] | null {
  if (state.clauseActs === undefined || (s.tokens[to - 1] as NaturalToken).question) return null;
  const bounds: [number, number][] = [];
  let start = first;
  for (let k = first + 1; k < to - 1; k++) {
    const w = s.words[k] as string;
    // a hedge or negation that reaches over the clauses ("..., but don't quote me"; "I wrote C's service as 4
    // earlier, but that was actually its food quality"): the sentence is read whole
    if (s.gate[k] === true || s.modal[k] === true) return null;
    if (ALWAYS_JOIN.has(w) || (JOIN_AFTER_PAUSE.has(w) && s.separated(k - 1))) {
      bounds.push([start, k]);
      start = k + 1;
    } else if ((s.tokens[k - 1] as NaturalToken).semicolon === true) {
      bounds.push([start, k]);
      start = k;
    }
  }
  bounds.push([start, to]);
  if (bounds.length < 2 || bounds.length > MAX_CLAUSES || bounds.some(([a, b]) => b <= a)) return null;
  const shares = found.filter((a) => a.kind === "share").length;
  if (shares >= levelWords(s, first, to, state)) return null;
  const out: Act[] = [];
  let attribute: number | null = null;
  for (const [a, b] of bounds) {
    const clause = text
      .slice((s.tokens[a] as NaturalToken).start, (s.tokens[b - 1] as NaturalToken).end)
      .replace(/[\s,;:—–-]+$/, "");
    let acts = state.clauseActs(clause);
    if (
      !acts?.some((x) => x.kind === "share") &&
      attribute !== null &&
      !namesAttribute(s, a, b, state) &&
      levelWords(s, a, b, state) > 0
    ) {
      // "On camera footage, C and D are both 1" / "Camera footage is 0 for B, C, E and F" (fresh116)
      const name = state.task.domain.attributes[attribute] as string;
      acts = state.clauseActs(`On ${name}, ${clause}`);
      if (!acts?.some((x) => x.kind === "share")) acts = state.clauseActs(`${name} is ${clause}`);
    }
    for (const act of acts ?? []) if (!out.some((x) => sameAct(x, act))) out.push(act);
    const used = new Set((acts ?? []).flatMap((x) => (x.kind === "share" ? [x.attribute] : [])));
    if (used.size === 1) attribute = [...used][0] as number;
  }
  if (out.filter((a) => a.kind === "share").length <= shares) return null;
  if (!found.every((f) => out.some((x) => sameAct(x, f)))) return null;
  for (const x of out)
    for (const y of out)
      if (x.kind === "share" && y.kind === "share" && x.option === y.option && x.attribute === y.attribute)
        if (x.level !== y.level) return null;
  return out;
}

/** Words in [from, to) that read as a level of the task (an integer within its range). */
function levelWords(s: Sentence, from: number, to: number, state: ParseState): number {
  const [lo, hi] = state.task.levels;
  let n = 0;
  for (let k = from; k < to; k++) {
    const v = naturalInteger(s.words[k]);
    if (v !== null && v >= lo && v <= hi) n++;
  }
  return n;
}

/** Does [from, to) name an attribute? */
function namesAttribute(s: Sentence, from: number, to: number, state: ParseState): boolean {
  for (let k = from; k < to; k++) if (state.attributes.match(s.words, k) !== null) return true;
  return false;
}

function sameAct(x: Act, y: Act): boolean {
  return JSON.stringify(x) === JSON.stringify(y);
}
