import type { Act } from "../act";
import { naturalCues as cue, negationWord } from "../natural-cues";
import { attributeOwners, ownerAttributeAt } from "../natural-matchers";
import type { NaturalToken } from "../natural-tokens";
import { naturalInteger } from "./natural-integer";
import { afterPluralNoun, optionList } from "./option-list";
import { ownTailStart } from "./own-clause";
import { doubtingAside } from "./share-items";
import { itsLevel } from "./share-cues";
import { ownSourceClose } from "./carried-share";
import { type ParseState, peopleOptions, type Sentence, sharesReadAgain } from "./sentence";

/** Words that open a second clause of facts: "A scores 4 while B scores 5", "... but C is 1", "..., and D has 2". */
const ALWAYS_JOIN: ReadonlySet<string> = new Set(["while", "whereas", "but"]);
// "I count 3 apples on Shelf B, plus a single bag of rice" (fresh127)
const JOIN_AFTER_PAUSE: ReadonlySet<string> = new Set(["and", "plus"]);

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
  const bounds = clauseBounds(s, first, to, state);
  if (bounds === null) return null;
  if (bounds.length < 2 || bounds.length > MAX_CLAUSES || bounds.some(([a, b]) => b <= a)) return null;
  if (!worthSplitting(s, first, to, bounds, found, state)) return null;
  // "I said plants sold was 2; it's -1 on my sheet." (fresh185): a later clause of "it's" and a level alone restates
  // the cell of the clause before (a correction); read apart, the first clause's level would stand
  if (bounds.slice(1).some(([a, b]) => itsLevel(s, a, ownSourceClose(s, a, b), state) !== null)) return null;
  const out: Act[] = [];
  let attribute: number | null = null;
  // "Restaurant C gets full marks on food quality. Service is a solid 4/5, but ambience is the weak spot at just 1
  // star." (fresh121): a sentence that names no option starts from the one the talk is about
  let option: number | null = namesOption(s, first, to, state) ? null : (state.carried ?? null);
  let several: readonly number[] = [];
  let pairNames: number[] = [];
  let pairOptions: number[] = [];
  let gathered = false;
  let gatheredAttributes = false;
  for (const [a, b] of bounds) {
    const clause = text
      .slice((s.tokens[a] as NaturalToken).start, (s.tokens[b - 1] as NaturalToken).end)
      .replace(/[\s,;:—–-]+$/, "");
    // a sentence that names no option reads its clauses under the talk's ("Alice, Bob and Dan all show 1 for that
    // slot, and nobody has reported a 0 for it yet" after "**Proposal: Monday 2pm**", fresh132)
    // "Omar's calendar is a 2 there and Lena's is a 1; Monday noon has Tomas at 0" (fresh189): a clause before any
    // option the sentence names still reads "there" / "it" as the talk's option
    let acts = state.clauseActs(clause, namesOption(s, first, b, state) ? undefined : state);
    if (
      !acts?.some((x) => x.kind === "share") &&
      attribute !== null &&
      !namesAttribute(s, a, b, state) &&
      levelWords(s, a, b, state) > 0
    ) {
      // "On camera footage, C and D are both 1" / "Camera footage is 0 for B, C, E and F" (fresh116)
      const name = state.task.domain.attributes[attribute] as string;
      acts = state.clauseActs(`On ${name}, ${article(clause)}`);
      if (!acts?.some((x) => x.kind === "share")) acts = state.clauseActs(`${name} is ${article(clause)}`);
    } else if (
      !acts?.some((x) => x.kind === "share") &&
      option !== null &&
      !namesOption(s, a, b, state) &&
      !plural(s, a, b, state) &&
      !weighs(s, a, b) &&
      levelWords(s, a, b, state) > 0
    ) {
      // "Restaurant C is lopsided: food quality 5, but ambience and location all 1" (fresh116): the option the clauses
      // before shared is this clause's; "Alice, Bob and Carol are all available (1)" (fresh120) takes it after
      const name = state.task.domain.options[option] as string;
      acts = state.clauseActs(`For ${name}, ${article(clause)}`);
      if (!acts?.some((x) => x.kind === "share"))
        acts = state.clauseActs(`${clause.replace(/[.!]+$/, "")} for ${name}`);
    } else if (
      !acts?.some((x) => x.kind === "share") &&
      several.length > 1 &&
      !namesOption(s, a, b, state) &&
      plural(s, a, b, state) &&
      levelWords(s, a, b, state) > 0
    ) {
      // "A and B have ambience 5 and 5, while value for money is a 1 for both of them" (fresh120): "both" / "them"
      // over the options the clause before shared, and only them
      const names = several.map((o) => state.task.domain.options[o] as string);
      acts = state.clauseActs(`For ${names.slice(0, -1).join(", ")} and ${names.at(-1)}, ${article(clause)}`);
      if (acts?.some((x) => x.kind === "share" && !several.includes(x.option))) acts = null;
    } else if (!acts?.some((x) => x.kind === "share") && pairNames.length > 1 && !namesAttribute(s, a, b, state))
      // "Location and menu variety for D are 4 and 5; for E they're 5 and 5" (fresh120): the attributes the clause
      // before listed, in its order, over this clause's option and as many levels
      acts = sameAttributes(s, a, b, pairNames, state);
    // "Food quality for A, C and D is 4, 5 and 2, whereas service is 1, 5 and 5 for the same three" (fresh126)
    if (!acts?.some((x) => x.kind === "share") && pairOptions.length > 1 && !namesOption(s, a, b, state))
      acts = sameOptions(s, a, b, pairOptions, state);
    // "Both B and C have leadership at 4, whereas A and D sit at 2" (fresh120): the clause before gave several options
    // one level with "both"; this one's options take theirs alike
    if (!acts?.some((x) => x.kind === "share") && gathered) acts = gatheredClause(s, text, a, b, attribute, state);
    // "C's desk search and parking log are both 0, while the badge log and email records come back 1" (fresh120): the
    // same for a list of attributes after one that gathered attributes
    if (!acts?.some((x) => x.kind === "share") && gatheredAttributes && option !== null)
      acts = gatheredAttributeClause(s, text, a, b, option, state);
    for (const act of acts ?? []) if (!out.some((x) => sameAct(x, act))) out.push(act);
    const used = new Set((acts ?? []).flatMap((x) => (x.kind === "share" ? [x.attribute] : [])));
    const of = new Set((acts ?? []).flatMap((x) => (x.kind === "share" ? [x.option] : [])));
    pairNames = of.size === 1 ? [...used] : [];
    pairOptions = used.size === 1 ? [...of] : [];
    if (used.size === 1) attribute = [...used][0] as number;
    if (of.size === 1) option = [...of][0] as number;
    // "Tuesday morning is the best slot so far; Priya's calendar shows a 2 there" (fresh119): a clause that proposed
    // the one option it names carries it as a clause of shares does
    // "Tuesday morning looks best — Priya 2, Omar 2 on my side" (fresh128): so does one that names it with no act
    else if (of.size === 0 && (acts?.every((x) => x.kind === "propose") ?? true)) {
      option = onlyOption(s, a, b, state) ?? option;
      // "I'm torn between Apartment A and Apartment C — both show size 5" (fresh144): the options a clause of no act
      // names (two of them) are what "both" in a later clause gathers, when no clause before shared any
      const pairOf = acts === null || acts.length === 0 ? twoOptions(s, a, b, state) : null;
      if (pairOf !== null && several.length === 0) several = pairOf;
    }
    // the options of every clause so far ("Monday 11am: ...; Tuesday 9am: ... — and Alice is 0 for both slots")
    several = [...new Set([...several, ...of])].sort((x, y) => x - y);
    const levels = new Set((acts ?? []).flatMap((x) => (x.kind === "share" ? [x.level] : [])));
    gathered = of.size > 1 && levels.size === 1 && gathers(s, a, b);
    gatheredAttributes = used.size > 1 && of.size === 1 && levels.size === 1 && gathers(s, a, b);
  }
  if (out.filter((a) => a.kind === "share").length <= found.filter((a) => a.kind === "share").length) return null;
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

/** Does [from, to) hold a word that gathers several names under one level ("both", "all", "each")? */
function gathers(s: Sentence, from: number, to: number): boolean {
  for (let k = from; k < to; k++) if (GATHER.has(s.words[k] as string)) return true;
  return false;
}

/**
 * A clause of several options and a level with no "both" of its own, after a clause that gathered its options
 * so: read again with "both" / "all" after its list of options (and under the attribute the clauses before shared,
 * where it names none); its shares.
 */
function gatheredClause(
  s: Sentence,
  text: string,
  from: number,
  to: number,
  attribute: number | null,
  state: ParseState,
): Act[] | null {
  if (gathers(s, from, to)) return null;
  let at = from;
  while (at < to && state.options.match(s.words, at) === null) at++;
  const listed = at < to ? optionList(s, afterPluralNoun(s, at, state), to, state) : null;
  if (listed === null || listed.options.length < 2) return null;
  const lead =
    !namesAttribute(s, from, to, state) && attribute !== null ? `On ${state.task.domain.attributes[attribute]}, ` : "";
  return readGathered(s, text, from, to, listed.end, listed.options.length, lead, state);
}

/**
 * A clause of several attributes (joined by commas and "and") and a level with no "both" of its own, after a clause
 * that gave one option's attributes one level with "both": read again with "both" / "all" after its list, under that
 * option where it names none; its shares.
 */
function gatheredAttributeClause(
  s: Sentence,
  text: string,
  from: number,
  to: number,
  option: number,
  state: ParseState,
): Act[] | null {
  if (gathers(s, from, to) || namesOption(s, from, to, state)) return null;
  let at = from;
  while (at < to && state.attributes.match(s.words, at) === null) at++;
  let count = 0;
  let end = at;
  for (let k = at; k < to; ) {
    const named = state.attributes.match(s.words, k);
    if (named === null) break;
    count++;
    end = named.end;
    k = s.words[named.end] === "and" ? named.end + 1 : s.separated(named.end - 1) ? named.end : to;
    if (s.words[k] === "and") k++;
  }
  if (count < 2) return null;
  return readGathered(s, text, from, to, end, count, `For ${state.task.domain.options[option]}, `, state);
}

/**
 * The clause from..to read alone after `lead`, with "both" (two names) or "all" put after its list of `count` names
 * that ends at word `end`; its shares.
 */
function readGathered(
  s: Sentence,
  text: string,
  from: number,
  to: number,
  end: number,
  count: number,
  lead: string,
  state: ParseState,
): Act[] {
  const cut = (s.tokens[end - 1] as NaturalToken).end;
  const start = (s.tokens[from] as NaturalToken).start;
  const stop = (s.tokens[to - 1] as NaturalToken).end;
  const clause = `${lead}${text.slice(start, cut)} ${count === 2 ? "both" : "all"}${text.slice(cut, stop)}`;
  return (state.clauseActs?.(clause.replace(/[\s,;:—–-]+$/, "")) ?? []).filter((x) => x.kind === "share");
}

/** Words a clause points back to the attributes before with: "they're 5 and 5", "those are 2 and 0". */
const POINTERS: ReadonlySet<string> = new Set(["they", "they're", "theyre", "those", "these", "them"]);

/**
 * A clause of one option and as many levels as `attributes` (the clause before's, in its order) that points back
 * with "they" / "those": each attribute gets the level in its place. Null where the clause is not that shape.
 */
function sameAttributes(
  s: Sentence,
  from: number,
  to: number,
  attributes: readonly number[],
  state: ParseState,
): Act[] | null {
  const found = pointedLevels(s, from, to, state.options, POINTERS, attributes.length, state);
  if (found === null) return null;
  const { named, levels } = found;
  return attributes.map((attribute, n) => ({ kind: "share", option: named, attribute, level: levels[n] as number }));
}

/** Words a clause points back to the options before with: "for the same three", "their ... values", "for them". */
const OPTION_POINTERS: ReadonlySet<string> = new Set(["same", "their", "them", "they", "those", "these"]);

/**
 * A clause of one attribute and as many levels as `options` (the clause before's, in its order) that points back
 * ("for the same three", "their broken watch values are the reverse, 2 and 1"): each option gets the level in its
 * place. Null where the clause is not that shape.
 */
function sameOptions(
  s: Sentence,
  from: number,
  to: number,
  options: readonly number[],
  state: ParseState,
): Act[] | null {
  const found = pointedLevels(s, from, to, state.attributes, OPTION_POINTERS, options.length, state);
  if (found === null) return null;
  const { named, levels } = found;
  return options.map((option, n) => ({ kind: "share", option, attribute: named, level: levels[n] as number }));
}

/**
 * The one name of `names` a clause holds, its levels (exactly `count`) and a pointer word back to the clause before;
 * null otherwise (no pointer, two names, another number, another count of levels).
 */
function pointedLevels(
  s: Sentence,
  from: number,
  to: number,
  names: ParseState["options"],
  pointers: ReadonlySet<string>,
  count: number,
  state: ParseState,
): { named: number; levels: number[] } | null {
  let named: number | null = null;
  let pointer = false;
  const levels: number[] = [];
  for (let k = from; k < to; k++) {
    const w = s.words[k] as string;
    const match = names.match(s.words, k);
    const level = levelOf(s, k, state);
    if (match !== null) {
      if (named !== null && named !== match.index) return null;
      named = match.index;
      k = match.end - 1;
    } else if (pointers.has(w)) {
      pointer = true;
      // "the same three": the count of the options pointed to, not a level
      if (w === "same" && cue.numberWords.has(s.words[k + 1] as string)) k++;
    } else if (level !== null) levels.push(level);
    else if (/[0-9]/.test(w)) return null;
  }
  return named === null || !pointer || levels.length !== count ? null : { named, levels };
}

/**
 * Where the sentence's clauses start and end: cut at "while" / "whereas" / "but", at "and" after a pause (not a
 * list's last link) or before a level placed on an option, at semicolons and at a comma before such a level. Null
 * where a hedge or negation reaches over the clauses.
 */
function clauseBounds(s: Sentence, first: number, end: number, state: ParseState): [number, number][] | null {
  const bounds: [number, number][] = [];
  let start = first;
  let hedged: number | null = null;
  // "... — technical skill of 5 and teamwork of 5 — and if their leadership turns out to be 4 or better, I'd back
  // them" (fresh132): a condition opening the last clause holds back that clause only, which is left unread
  const to = trailingCondition(s, first, end) ?? end;
  for (let k = first + 1; k < to - 1; k++) {
    const w = s.words[k] as string;
    // a hedge or negation that reaches over the clauses ("..., but don't quote me"; "I wrote C's service as 4
    // earlier, but that was actually its food quality"): the sentence is read whole
    if ((s.gate[k] === true && !gateEndsAtSemicolon(s, k, to)) || UNSURE_ORDER.has(w)) return null;
    if (s.modal[k] === true) hedged ??= k;
    if (ALWAYS_JOIN.has(w) || (JOIN_AFTER_PAUSE.has(w) && s.separated(k - 1) && !listGoesOn(s, k, state))) {
      bounds.push([start, k]);
      start = k + 1;
    } else if (w === "and" && placedLevel(s, k + 1, state)) {
      // "0 on Shelf A and 1 on Shelf B" (fresh116): "and" before a level placed on an option opens its clause
      bounds.push([start, k]);
      start = k + 1;
    } else if (
      (s.tokens[k - 1] as NaturalToken).semicolon === true ||
      ((s.tokens[k - 1] as NaturalToken).dash === true &&
        (state.attributes.match(s.words, k) !== null || person(s, k, state) || isLevel(s, k + 1, state))) ||
      (commaBefore(s, k) && placedLevel(s, k, state))
    ) {
      // a semicolon, or a comma before a level placed on an option ("Rice bags: zero on Shelf A, one on Shelf B")
      bounds.push([start, k]);
      start = k;
    }
  }
  bounds.push([start, to]);
  // "...; her broken watch is 0, and Lord Ashby's broken watch might be 2" (fresh120): a hedge in the last clause,
  // over a cell that clause names itself, takes back that clause alone (read alone, it states nothing)
  if (hedged !== null) {
    const [a, b] = bounds[bounds.length - 1] as [number, number];
    // "Email records are most likely 0, and the badge log could be 0 as well" (fresh140): in a sentence that names no
    // option (the talk's), the last clause's own attribute is enough
    const option = namesOption(s, a, b, state) || !namesOption(s, first, end, state);
    if (hedged < a || !option || !namesAttribute(s, a, b, state)) return null;
  }
  return bounds;
}

/**
 * "You put D's leadership at 5; the 5 I'm holding is D's teamwork." (fresh175): does a semicolon after the gated
 * word at k close its clause, with nothing gated after it (the clauses after it are the speaker's own)?
 */
function gateEndsAtSemicolon(s: Sentence, k: number, to: number): boolean {
  let m = k;
  while (m < to - 1 && (s.tokens[m] as NaturalToken).semicolon !== true) m++;
  if (m >= to - 1) return false;
  for (let j = m + 1; j < to; j++) if (s.gate[j] === true) return false;
  return true;
}

/**
 * Where a condition that opens the sentence's last clause starts ("..., and if X's Y is 4, I'd back them"): the
 * first gated word is "if" / "unless" after a pause (maybe after "and" / "but"), nothing before it is gated or
 * doubted; the clause's start (its "and" included), or null.
 */
function trailingCondition(s: Sentence, first: number, to: number): number | null {
  for (let k = first + 1; k < to; k++) {
    if (s.modal[k] === true) return null;
    if (s.gate[k] !== true) continue;
    const w = s.words[k];
    if (w !== "if" && w !== "unless") return null;
    if (s.separated(k - 1)) return k;
    const join = s.words[k - 1];
    return (join === "and" || join === "but") && k - 2 > first && s.separated(k - 2) ? k - 1 : null;
  }
  return null;
}

/** Words in [from, to) that read as a level of the task (an integer within its range). */
export function levelWords(s: Sentence, from: number, to: number, state: ParseState): number {
  let n = 0;
  // "a single bag of rice" (fresh127) is a level in words
  for (let k = from; k < to; k++) if (isLevel(s, k, state) || (s.words[k] === "single" && s.words[k - 1] === "a")) n++;
  return n;
}

/** Is the word at k a level of the task? */
function isLevel(s: Sentence, k: number, state: ParseState): boolean {
  return levelOf(s, k, state) !== null;
}

/**
 * The level of the task the word at k states, or null: digits or a number word ("zero on Shelf A, one on Shelf B"),
 * a signed level ("+2", fresh120), a level over the task's scale ("4/5", fresh121; "3/10" is none).
 */
function levelOf(s: Sentence, k: number, state: ParseState): number | null {
  const w = s.words[k];
  if (w === undefined) return null;
  const [lo, hi] = state.task.levels;
  const scaled = /^([0-9]{1,2})\/([0-9]{1,2})$/.exec(w);
  if (scaled !== null && Number(scaled[2]) !== hi) return null;
  const plain = scaled !== null ? (scaled[1] as string) : /^\+[0-9]{1,2}$/.test(w) ? w.slice(1) : w;
  const magnitude = naturalInteger(plain) ?? cue.numberWords.get(w) ?? null;
  // "minus two" (fresh165): a sign in words before it, on a scale below 0
  const minus = (s.words[k - 1] === "minus" || s.words[k - 1] === "negative") && lo < 0;
  const v = magnitude !== null && minus ? -magnitude : magnitude;
  return v !== null && v >= lo && v <= hi ? v : null;
}

/** A comma before k (a pause that is no label's colon or dash: "Rice bags: 0 ..." keeps its label). */
function commaBefore(s: Sentence, k: number): boolean {
  const t = s.tokens[k - 1] as NaturalToken;
  return t.pause && t.colon !== true && t.dash !== true && t.semicolon !== true;
}

/** A level, then "on" / "for" / "at" and an option: "one on Shelf B", "1 for Employee C". */
function placedLevel(s: Sentence, k: number, state: ParseState): boolean {
  // "... are 4 and 5; for Restaurant E they're 5 and 5" (fresh120): a pause after the level ends its clause there
  if (!isLevel(s, k, state) || s.separated(k)) return false;
  // "zero rice bags on Shelf A and three apples on Shelf B" (fresh157): a count, its noun, then the option (not "1
  // and 3 apples on Shelf A", two counts for one noun)
  const counted = s.words[k - 1] === "and" && isLevel(s, k - 2, state) ? null : state.attributes.match(s.words, k + 1);
  const at = counted !== null && !s.separated(counted.end - 1) ? counted.end : k + 1;
  return PLACING.has(s.words[at] as string) && state.options.match(s.words, at + 1) !== null;
}

const PLACING: ReadonlySet<string> = new Set(["on", "for", "at", "in"]);

/** Words of several options at once ("both score 4 on ambience"): no one option is carried to their clause. */
const PLURALS: ReadonlySet<string> = new Set(["both", "each", "all", "those", "these"]);
/** "they", "them", "their": several options, but one where options are people ("a 3 for them", fresh54). */
const THEY: ReadonlySet<string> = new Set(["they", "them", "their"]);

function plural(s: Sentence, from: number, to: number, state: ParseState): boolean {
  // "while its ambience, value for money and location are all 1" (fresh120): "all" / "both" over the clause's own
  // attributes, not over options
  let attributes = attributesNamed(s, from, to, state);
  // "Alice, Bob and Carol are all 1" (fresh126): people named for their attributes gather as attributes do
  for (let k = from; k < to; k++) if (person(s, k, state)) attributes++;
  for (let k = from; k < to; k++) {
    if (attributes > 1 && GATHER.has(s.words[k] as string)) continue;
    const w = s.words[k] as string;
    if (PLURALS.has(w) || (THEY.has(w) && !peopleOptions(state))) return true;
  }
  return false;
}

/**
 * Is the ", and" at k the last link of a list of names ("its ambience, value for money, cleanliness, and location
 * are all 1", fresh120): an attribute (or option) name before the comma and another right after "and".
 */
function listGoesOn(s: Sentence, k: number, state: ParseState): boolean {
  for (const names of [state.attributes, state.options]) {
    if (names.match(s.words, k + 1) === null) continue;
    for (let j = Math.max(0, k - 4); j < k; j++) {
      const named = names.match(s.words, j);
      // a list of two names at least before it ("X, Y, and Z"): "... for A, and C has 0" (one name) and "... for A,
      // B and D, and C has 2 there" (fresh118: a list "and" closed already) end at the comma
      if (named !== null && named.end === k) return s.separated(j - 1) && nameEndsAt(s, j, names);
    }
  }
  return false;
}

/** Does a name of `names` end at k (within four words before it)? */
function nameEndsAt(s: Sentence, k: number, names: ParseState["options"]): boolean {
  for (let j = Math.max(0, k - 4); j < k; j++) if (names.match(s.words, j)?.end === k) return true;
  return false;
}

/** Words that gather a clause's own list ("are all 1", "both 0"). */
const GATHER: ReadonlySet<string> = new Set(["both", "each", "all"]);

/** How many attributes [from, to) names. */
function attributesNamed(s: Sentence, from: number, to: number, state: ParseState): number {
  let n = 0;
  for (let k = from; k < to; k++) {
    const named = state.attributes.match(s.words, k);
    if (named === null) continue;
    n++;
    k = named.end - 1;
  }
  return n;
}

/**
 * Is the sentence worth reading clause by clause: the whole reading gave fewer shares than it has levels, two clauses
 * hold a level ("A, D and E each get a 5; B is a 4": one level word for three shares, then one the whole reading
 * missed), or "both" gathers a pair a clause named ("I'm torn between A and C — both show size 5", fresh144)?
 */
function worthSplitting(
  s: Sentence,
  first: number,
  to: number,
  bounds: readonly (readonly [number, number])[],
  found: readonly Act[],
  state: ParseState,
): boolean {
  const shares = found.filter((a) => a.kind === "share").length;
  const withLevels = bounds.filter(([a, b]) => levelWords(s, a, b, state) > 0).length;
  if (shares < levelWords(s, first, to, state) || withLevels >= 2) return true;
  return gathers(s, first, to) && bounds.some(([a, b]) => twoOptions(s, a, b, state) !== null);
}

/** Exactly two options named in from..to ("torn between X and Y"): their indexes in order, or null. */
function twoOptions(s: Sentence, from: number, to: number, state: ParseState): number[] | null {
  const named: { index: number }[] = [];
  for (let k = from; k < to; k++) {
    const o = state.options.match(s.words, k);
    if (o === null) continue;
    named.push(o);
    k = o.end - 1;
  }
  if (named.length !== 2) return null;
  const [x, y] = named as [{ index: number }, { index: number }];
  return x.index === y.index ? null : [x.index, y.index].sort((p, q) => p - q);
}

/** The one option [from, to) names (once or more), or null. */
function onlyOption(s: Sentence, from: number, to: number, state: ParseState): number | null {
  let option: number | null = null;
  for (let k = from; k < to; k++) {
    const named = state.options.match(s.words, k);
    if (named === null) continue;
    if (option !== null && option !== named.index) return null;
    option = named.index;
    k = named.end - 1;
  }
  return option;
}

/** Is the word at k a person whose attribute the task has ("Alice" for "Alice's availability")? */
function person(s: Sentence, k: number, state: ParseState): boolean {
  return attributeOwners(state.task.domain).has(s.words[k] as string);
}

/** Does [from, to) name an option? */
export function namesOption(s: Sentence, from: number, to: number, state: ParseState): boolean {
  for (let k = from; k < to; k++) if (state.options.match(s.words, k) !== null) return true;
  return false;
}

/** Does [from, to) name an attribute, whole or as part of a joined word ("ambience-wise")? */
function namesAttribute(s: Sentence, from: number, to: number, state: ParseState): boolean {
  for (let k = from; k < to; k++) {
    if (state.attributes.match(s.words, k) !== null) return true;
    // "..., and Priya's for Monday noon is a big fat zero" (fresh189): the person's "'s" names their attribute
    if (ownerAttributeAt(state.task.domain, s.words, k) !== null) return true;
    // "I have Dan at 1 for Monday 11am, and Alice at 0 for Monday 9am." (fresh279, session 65: a wrong act): a person
    // named bare names their attribute, so the clause is not read under the one the clause before shared
    if (attributeOwners(state.task.domain).has(s.words[k] as string)) return true;
    const parts = (s.words[k] as string).split("-");
    if (parts.length > 1 && parts.some((_, n) => state.attributes.match(parts, n) !== null)) return true;
  }
  return false;
}

function sameAct(x: Act, y: Act): boolean {
  return JSON.stringify(x) === JSON.stringify(y);
}

/** Words of an attribute's weight in the decision: its number is no level. */
const WEIGHTS: ReadonlySet<string> = new Set(["weight", "weights", "weighted", "weighs", "weighting", "multiplier"]);

/** Does [from, to) speak of a weight ("technical skill carries weight 3", fresh69)? */
function weighs(s: Sentence, from: number, to: number): boolean {
  for (let k = from; k < to; k++) if (WEIGHTS.has(s.words[k] as string)) return true;
  return false;
}

/** Words that point past the carried option to others: "the others", "the rest", "everyone else". */
const OTHERS: ReadonlySet<string> = new Set(["other", "others", "rest", "else", "every", "everyone", "none"]);

/**
 * "Candidate C scores a 4/5 on communication. Experience is the weak spot: only one out of five." (fresh119): a
 * sentence of an attribute and a level that names no option, after one whose option the talk is about
 * (`ParseState.carried`), read as that option's ("For Candidate C, experience is ..."), shares of that option only.
 * Not where the sentence shared already, asks, points to several options or past the carried one ("the others").
 * Returns the acts to keep, or null.
 */
export function carriedSentence(
  s: Sentence,
  text: string,
  first: number,
  to: number,
  found: readonly Act[],
  state: ParseState,
): Act[] | null {
  const option = state.carried;
  if (state.clauseActs === undefined || option === null || option === undefined) return null;
  if (found.some((a) => a.kind === "share") || (s.tokens[to - 1] as NaturalToken).question) return null;
  // "The torn glove is at 3 in my notes and nothing else comes close." (fresh181): a closing comparison of the
  // carried option with the others is no talk of them
  const whole = to;
  to = comparisonTail(s, first, to);
  if (namesOption(s, first, to, state) || !namesAttribute(s, first, to, state) || plural(s, first, to, state))
    return null;
  if (levelWords(s, first, to, state) === 0) return null;
  // "technical skill carries weight 3" (fresh69): the task's weight, not a level
  if (weighs(s, first, to)) return null;
  for (let k = first; k < to; k++) {
    const w = s.words[k] as string;
    if (OTHERS.has(w) || w === "agent") return null;
    // "Plants sold is 1 (maybe)": a doubt anywhere in the sentence leaves it as read
    if (s.gate[k] === true || s.modal[k] === true || cue.modals.has(w) || doubtingAside(s, k)) return null;
  }
  const sentence = text.slice((s.tokens[first] as NaturalToken).start, (s.tokens[to - 1] as NaturalToken).end);
  const core = to < whole ? `${sentence.replace(/[\s,;:—–-]+$/, "")}.` : sentence;
  const acts = state.clauseActs(`For ${state.task.domain.options[option]}, ${article(core)}`);
  const shares = (acts ?? []).filter((a) => a.kind === "share");
  if (shares.length === 0) return null;
  return [...found, ...shares];
}

/** Subjects of a closing comparison: "nothing else", "nobody else", "no one else". */
const NONE_ELSE: ReadonlySet<string> = new Set(["nothing", "nobody", "noone"]);
/** Verbs of such a comparison: "comes close", "compares", "matches". */
const COMPARES: ReadonlySet<string> = new Set(["comes", "compares", "matches", "beats", "rivals"]);

/**
 * Where "[and] nothing else comes close" closing the sentence at `to` starts (no number or name after it), or `to`.
 */
function comparisonTail(s: Sentence, first: number, to: number): number {
  const { words } = s;
  for (let k = first + 3; k < to - 3; k++) {
    const and = words[k] === "and" ? 1 : 0;
    if (!(and === 1 || s.separated(k - 1))) continue;
    const at = k + and;
    const none = NONE_ELSE.has(words[at] as string) || (words[at] === "no" && words[at + 1] === "one");
    const e = at + (words[at] === "no" ? 2 : 1);
    if (!none || words[e] !== "else" || !COMPARES.has(words[e + 1] as string)) continue;
    const close = words[e + 1] === "comes" ? (words[e + 2] === "close" ? e + 3 : -1) : e + 2;
    return close === to ? k : to;
  }
  return to;
}

/**
 * "Zero rice bags on Shelf A, from what I can see." (fresh119): a sentence the readers left whole, closed by a tail in
 * the speaker's own voice (`ownTailStart`), read again without the tail; its shares only. Returns them, or null.
 */
export function withoutOwnTail(
  s: Sentence,
  text: string,
  first: number,
  to: number,
  found: readonly Act[],
  state: ParseState,
): Act[] | null {
  if (state.clauseActs === undefined || found.length > 0 || (s.tokens[to - 1] as NaturalToken).question) return null;
  const tail = ownTailStart(s, first, to, state);
  if (tail === null || tail - first < 3) return null;
  const core = text
    .slice((s.tokens[first] as NaturalToken).start, (s.tokens[tail - 1] as NaturalToken).end)
    .replace(/[\s,;:—–-]+$/, "");
  return sharesReadAgain(state, core);
}

/** Words that make a closing "which" clause a doubt of the level, or another's word, not a consequence of it. */
const WHICH_DOUBTS = new Set([
  ...["wrong", "incorrect", "mistake", "typo", "unsure", "sure", "certain", "doubt", "guess", "think", "memory"],
  ...["remember", "recall", "misremember", "misread", "estimate", "approximate", "rough", "said", "says", "told"],
  ...["claimed", "claims", "reported", "disagree", "disagrees", "contradicts", "conflicts", "differs", "verify"],
]);

/**
 * "Zero — that's the badge log entry I have for Employee F, which makes it hard to place F in the building that
 * night." (fresh165): a sentence the readers left whole, closed by ", which ..." that names no attribute, number,
 * agent or listener and holds no negation, condition, modal or word of doubt, read again without that clause; its
 * shares only, or null.
 */
export function withoutWhichTail(
  s: Sentence,
  text: string,
  first: number,
  to: number,
  found: readonly Act[],
  state: ParseState,
): Act[] | null {
  if (state.clauseActs === undefined || found.length > 0 || (s.tokens[to - 1] as NaturalToken).question) return null;
  let which = -1;
  for (let k = first + 3; k < to; k++)
    if (s.words[k] === "which" && s.separated(k - 1)) {
      which = k;
      break;
    }
  if (which < 0) return null;
  for (let k = which + 1; k < to; k++) {
    const w = s.words[k] as string;
    if (/[0-9]/.test(w) || cue.numberWords.has(w) || w === "agent" || w === "you" || w === "your") return null;
    if (state.attributes.match(s.words, k) !== null || WHICH_DOUBTS.has(w)) return null;
    if (s.gate[k] === true || s.modal[k] === true || cue.modals.has(w) || negationWord(w)) return null;
    if (cue.conditionals.has(w)) return null;
  }
  const core = text
    .slice((s.tokens[first] as NaturalToken).start, (s.tokens[which - 1] as NaturalToken).end)
    .replace(/[\s,;:—–-]+$/, "");
  return sharesReadAgain(state, `${core}.`);
}

/**
 * A clause's text to follow a prefix ("For Candidate D, ..."): an article "A" opening it lower-cased (as the text's
 * first word it was read as one), so that it is not read as the option letter once the clause no longer opens the text ("A technical skill of 5 is hard to
 * ignore" under Candidate D read as Candidate A's, a wrong act on held-out fresh136).
 */
function article(clause: string): string {
  // as `letterTokens` reads an "A" opening a text: an article unless joined to another name ("A and B ...")
  return /^A (?!(?:and|or|&|vs|versus|nor)\b)[a-z]/.test(clause) ? `a${clause.slice(1)}` : clause;
}

/** Appositives that restate a level as the scale's end: ", the top of the scale", "— the maximum —". */
const SCALE_ASIDES: readonly { words: readonly string[]; top: boolean }[] = [
  { words: ["the", "top", "of", "the", "scale"], top: true },
  { words: ["the", "bottom", "of", "the", "scale"], top: false },
  // "Stall C's raffle tickets sit at minus two, the very bottom of the range." (fresh165)
  { words: ["the", "very", "top", "of", "the", "scale"], top: true },
  { words: ["the", "very", "bottom", "of", "the", "scale"], top: false },
  { words: ["the", "top", "of", "the", "range"], top: true },
  { words: ["the", "bottom", "of", "the", "range"], top: false },
  { words: ["the", "very", "top", "of", "the", "range"], top: true },
  { words: ["the", "very", "bottom", "of", "the", "range"], top: false },
  { words: ["top", "of", "the", "scale"], top: true },
  { words: ["the", "maximum"], top: true },
  { words: ["the", "max"], top: true },
  { words: ["the", "highest", "possible"], top: true },
  { words: ["the", "highest"], top: true },
  { words: ["the", "minimum"], top: false },
  { words: ["the", "lowest", "possible"], top: false },
  { words: ["the", "lowest"], top: false },
];

/**
 * A sentence whose level is followed by an appositive that only restates it as the scale's end ("The poison bottle
 * clue against him is at 3, the top of the scale, and ...", "... is at 3 — the maximum — and so is the library key",
 * fresh133, fresh131), read again without the appositive; its shares when nothing was read and the appositive's
 * end is the level said before it (a 2 "— the maximum —" on a scale to 3 is left unread), else null.
 */
export function withoutScaleAside(
  s: Sentence,
  text: string,
  first: number,
  to: number,
  found: readonly Act[],
  state: ParseState,
): Act[] | null {
  if (state.clauseActs === undefined || found.length > 0 || (s.tokens[to - 1] as NaturalToken).question) return null;
  const [lo, hi] = state.task.levels;
  for (let k = first + 2; k < to; k++) {
    if (!s.separated(k - 1)) continue;
    const aside = SCALE_ASIDES.find((a) => a.words.every((w, n) => s.words[k + n] === w));
    if (aside === undefined) continue;
    const end = k + aside.words.length;
    if (!(end >= to || s.separated(end - 1))) continue;
    const level = levelOf(s, k - 1, state);
    if (level === null || level !== (aside.top ? hi : lo)) return null;
    const before = text.slice((s.tokens[first] as NaturalToken).start, (s.tokens[k - 1] as NaturalToken).end);
    // the sentence without the appositive, else without it and what follows (a tail of no name and no number,
    // "..., and that's hard to explain away", or one an echo reads after: "— and so is the library key")
    const tail = text.slice((s.tokens[end - 1] as NaturalToken).end, (s.tokens[to - 1] as NaturalToken).end);
    // "The poison bottle clue against him is at 3": "him" is the option the talk is about, named before the clause
    const talk = state.subject ?? null;
    // the tail left out only where the claim before the appositive is not negated, doubted or another's (a tail
    // "according to Agent 2" or "I might be wrong" gates it) and the tail names no one else
    let plain = true;
    for (let g = first; g < k; g++) if (s.gate[g] === true || s.modal[g] === true) plain = false;
    for (let g = end; g < to; g++) if (s.words[g] === "agent" || s.words[g] === "you") plain = false;
    for (const core of plain ? [`${before}${tail}`, `${before}.`] : [`${before}${tail}`]) {
      let shares = (state.clauseActs(core, state) ?? []).filter((a) => a.kind === "share");
      if (shares.length === 0 && talk !== null)
        shares = (state.clauseActs(`For ${state.task.domain.options[talk]}, ${article(core)}`) ?? []).filter(
          (a) => a.kind === "share",
        );
      if (shares.length > 0) return shares;
    }
    return null;
  }
  return null;
}

/**
 * "Quietness for Apartment B is the maximum, 5, and its neighbourhood scores 3." (fresh181): the scale's end named
 * right after "is", then the level itself between pauses; the sentence read again without the appositive, its shares
 * when the level is that end (a 4 after "the maximum" on a scale to 5 is left unread) and they hold every share read
 * before and more, else null.
 */
export function scaleAsideFirst(
  s: Sentence,
  text: string,
  first: number,
  to: number,
  found: readonly Act[],
  state: ParseState,
): Act[] | null {
  if (state.clauseActs === undefined || found.some((a) => a.kind !== "share")) return null;
  if ((s.tokens[to - 1] as NaturalToken).question) return null;
  const [lo, hi] = state.task.levels;
  for (let k = first + 2; k < to; k++) {
    if (!(s.words[k - 1] === "is" || s.words[k - 1] === "'s") || s.separated(k - 1)) continue;
    const aside = SCALE_ASIDES.find((a) => a.words.every((w, n) => s.words[k + n] === w));
    if (aside === undefined) continue;
    const at = k + aside.words.length;
    if (at >= to || !s.separated(at - 1) || (s.tokens[at - 1] as NaturalToken).colon === true) return null;
    const level = levelOf(s, at, state);
    if (level === null || level !== (aside.top ? hi : lo) || !(at + 1 >= to || s.separated(at))) return null;
    for (let g = first; g <= at; g++) if (s.gate[g] === true || s.modal[g] === true) return null;
    const before = text.slice((s.tokens[first] as NaturalToken).start, (s.tokens[k - 1] as NaturalToken).end);
    const rest = text.slice((s.tokens[at] as NaturalToken).start, (s.tokens[to - 1] as NaturalToken).end);
    const shares = (state.clauseActs?.(`${before} ${rest}`, state) ?? []).filter((a) => a.kind === "share");
    const kept = found.every((a) => shares.some((b) => sameAct(a, b)));
    return kept && shares.length > found.length ? shares : null;
  }
  return null;
}
