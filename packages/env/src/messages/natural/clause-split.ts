import type { Act } from "../act";
import { naturalCues as cue } from "../natural-cues";
import type { NaturalToken } from "../natural-tokens";
import { naturalInteger } from "./natural-integer";
import { type ParseState, peopleOptions, type Sentence } from "./sentence";

/** Words that open a second clause of facts: "A scores 4 while B scores 5", "... but C is 1", "..., and D has 2". */
const ALWAYS_JOIN: ReadonlySet<string> = new Set(["while", "whereas", "but"]);
const JOIN_AFTER_PAUSE: ReadonlySet<string> = new Set(["and"]);

/**
 * Words of a doubt over the whole sentence that no clause holds alone: "1 for B and 5 for A, or the reverse", "in
 * some order", "vice versa", "give or take", "or thereabouts", "I may have swapped them".
 */
const UNSURE_ORDER: ReadonlySet<string> = new Set(["or", "order", "versa", "swapped", "reverse", "thereabouts"]);

/** Most clauses a sentence is split into. */
const MAX_CLAUSES = 6;

/**
 * "On value for money, A scores 4 while B scores 5, but C and D are both stuck at 1." (fresh113): a sentence of
 * several clauses of facts, each of which the reader takes alone, that it did not read whole. The sentence is cut
 * at "while" / "whereas" / "but", at "and" after a pause and at semicolons; each clause is read alone
 * (`ParseState.clauseActs`), and one that names no attribute is read again under the attribute the clauses before
 * it shared ("On value for money, C and D are both stuck at 1."), one that names no option under the option they
 * shared ("For Restaurant C, ambience and location all 1"). The clauses' reading is taken only where it holds
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
    if (s.gate[k] === true || s.modal[k] === true || UNSURE_ORDER.has(w)) return null;
    if (ALWAYS_JOIN.has(w) || (JOIN_AFTER_PAUSE.has(w) && s.separated(k - 1))) {
      bounds.push([start, k]);
      start = k + 1;
    } else if (w === "and" && placedLevel(s, k + 1, state)) {
      // "0 on Shelf A and 1 on Shelf B" (fresh116): "and" before a level placed on an option opens its clause
      bounds.push([start, k]);
      start = k + 1;
    } else if (
      (s.tokens[k - 1] as NaturalToken).semicolon === true ||
      (commaBefore(s, k) && placedLevel(s, k, state))
    ) {
      // a semicolon, or a comma before a level placed on an option ("Rice bags: zero on Shelf A, one on Shelf B")
      bounds.push([start, k]);
      start = k;
    }
  }
  bounds.push([start, to]);
  if (bounds.length < 2 || bounds.length > MAX_CLAUSES || bounds.some(([a, b]) => b <= a)) return null;
  // tried where the whole reading gave fewer shares than the sentence has levels, or where two clauses hold a level
  // ("A, D and E each get a 5; B is a 4": one level word for three shares, then one the whole reading missed)
  const shares = found.filter((a) => a.kind === "share").length;
  const withLevels = bounds.filter(([a, b]) => levelWords(s, a, b, state) > 0).length;
  if (shares >= levelWords(s, first, to, state) && withLevels < 2) return null;
  const out: Act[] = [];
  let attribute: number | null = null;
  let option: number | null = null;
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
    } else if (
      !acts?.some((x) => x.kind === "share") &&
      option !== null &&
      !namesOption(s, a, b, state) &&
      !plural(s, a, b, state) &&
      levelWords(s, a, b, state) > 0
    )
      // "Restaurant C is lopsided: food quality 5, but ambience and location all 1" (fresh116): the option the clauses
      // before shared is this clause's
      acts = state.clauseActs(`For ${state.task.domain.options[option]}, ${clause}`);
    for (const act of acts ?? []) if (!out.some((x) => sameAct(x, act))) out.push(act);
    const used = new Set((acts ?? []).flatMap((x) => (x.kind === "share" ? [x.attribute] : [])));
    if (used.size === 1) attribute = [...used][0] as number;
    const of = new Set((acts ?? []).flatMap((x) => (x.kind === "share" ? [x.option] : [])));
    if (of.size === 1) option = [...of][0] as number;
  }
  if (out.filter((a) => a.kind === "share").length <= shares) return null;
  if (!found.every((f) => out.some((x) => sameAct(x, f)))) return null;
  // what a clause adds is shares only: a proposal, an ask or a pass read in a clause alone, not in its sentence, is
  // a reading out of its context
  if (!out.every((x) => x.kind === "share" || found.some((f) => sameAct(x, f)))) return null;
  for (const x of out)
    for (const y of out)
      if (x.kind === "share" && y.kind === "share" && x.option === y.option && x.attribute === y.attribute)
        if (x.level !== y.level) return null;
  return out;
}

/** Words in [from, to) that read as a level of the task (an integer within its range). */
function levelWords(s: Sentence, from: number, to: number, state: ParseState): number {
  let n = 0;
  for (let k = from; k < to; k++) if (isLevel(s, k, state)) n++;
  return n;
}

/** Is the word at k a level of the task? */
function isLevel(s: Sentence, k: number, state: ParseState): boolean {
  const w = s.words[k];
  // "zero on Shelf A, one on Shelf B": a number word as well as digits
  const v = naturalInteger(w) ?? cue.numberWords.get(w as string) ?? null;
  return v !== null && v >= state.task.levels[0] && v <= state.task.levels[1];
}

/** A comma before k (a pause that is no label's colon or dash: "Rice bags: 0 ..." keeps its label). */
function commaBefore(s: Sentence, k: number): boolean {
  const t = s.tokens[k - 1] as NaturalToken;
  return t.pause && t.colon !== true && t.dash !== true && t.semicolon !== true;
}

/** A level, then "on" / "for" / "at" and an option: "one on Shelf B", "1 for Employee C". */
function placedLevel(s: Sentence, k: number, state: ParseState): boolean {
  return isLevel(s, k, state) && PLACING.has(s.words[k + 1] as string) && state.options.match(s.words, k + 2) !== null;
}

const PLACING: ReadonlySet<string> = new Set(["on", "for", "at", "in"]);

/** Words of several options at once ("both score 4 on ambience"): no one option is carried to their clause. */
const PLURALS: ReadonlySet<string> = new Set(["both", "each", "all", "those", "these"]);
/** "they", "them", "their": several options, but one where options are people ("a 3 for them", fresh54). */
const THEY: ReadonlySet<string> = new Set(["they", "them", "their"]);

function plural(s: Sentence, from: number, to: number, state: ParseState): boolean {
  for (let k = from; k < to; k++) {
    const w = s.words[k] as string;
    if (PLURALS.has(w) || (THEY.has(w) && !peopleOptions(state))) return true;
  }
  return false;
}

/** Does [from, to) name an option? */
function namesOption(s: Sentence, from: number, to: number, state: ParseState): boolean {
  for (let k = from; k < to; k++) if (state.options.match(s.words, k) !== null) return true;
  return false;
}

/** Does [from, to) name an attribute, whole or as part of a joined word ("ambience-wise")? */
function namesAttribute(s: Sentence, from: number, to: number, state: ParseState): boolean {
  for (let k = from; k < to; k++) {
    if (state.attributes.match(s.words, k) !== null) return true;
    const parts = (s.words[k] as string).split("-");
    if (parts.length > 1 && parts.some((_, n) => state.attributes.match(parts, n) !== null)) return true;
  }
  return false;
}

function sameAct(x: Act, y: Act): boolean {
  return JSON.stringify(x) === JSON.stringify(y);
}
