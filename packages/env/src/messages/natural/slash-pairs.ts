import type { Act } from "../act";
import { attributeOwners } from "../natural-matchers";
import { naturalInteger } from "./natural-integer";
import { optionLetters } from "./option-letters";
import type { ParseState, Sentence } from "./sentence";

/** Most parts of a slashed list ("A/B/C/D"). */
const MAX_PARTS = 8;
/** Words a slashed list of names may stand from its slashed levels: "=", "for Monday 9am:", "are". */
const BETWEEN = 4;

/**
 * "Value for money A/B/C/D = 4/5/1/1", "Alice/Bob for Monday 9am: 1/0" (fresh113, fresh116): names joined by
 * slashes in one word, then as many levels joined by slashes in one word, in order. The names are options (the
 * attribute named once elsewhere in the sentence) or attributes (the option named once elsewhere); every part must
 * name one, every level lie in the task's range, and the two counts agree; never under a negation or a hedge. Null
 * otherwise.
 */
export function slashPairs(s: Sentence, first: number, to: number, state: ParseState, text = ""): Act[] | null {
  // "A/B aren't 4/5", "A/B might be 4/5": a negation or a hedge anywhere leaves the list unstated
  for (let k = first; k < to; k++) if (s.gate[k] === true || s.modal[k] === true) return null;
  const spaced = spacedSlashPairs(s, first, to, state, text);
  if (spaced !== null) return spaced;
  for (let k = first; k < to; k++) {
    const names = slashed(s.words[k] as string);
    if (names === null) continue;
    for (let j = k + 1; j < to && j <= k + 1 + BETWEEN; j++) {
      const levels = slashed(s.words[j] as string);
      if (levels === null) continue;
      return names.length === levels.length ? pairsOf(s, first, to, k, j, names, levels, state) : null;
    }
  }
  return null;
}

function slashed(word: string): string[] | null {
  if (!word.includes("/")) return null;
  const parts = word.split("/");
  return parts.length >= 2 && parts.length <= MAX_PARTS && parts.every((p) => p !== "") ? parts : null;
}

function pairsOf(
  s: Sentence,
  first: number,
  to: number,
  k: number,
  j: number,
  names: readonly string[],
  levels: readonly string[],
  state: ParseState,
): Act[] | null {
  const [lo, hi] = state.task.levels;
  const values = levels.map((l) => naturalInteger(l));
  if (values.some((v) => v === null || v < lo || v > hi)) return null;
  const letters = optionLetters(state.task.domain.options);
  const asOption = names.map((n) => letters.get(n.toUpperCase()) ?? state.options.match([n], 0)?.index ?? null);
  // "Alice/Bob" for "Alice's availability" and "Bob's availability": a person alone names the attribute
  const owners = attributeOwners(state.task.domain);
  const asAttribute = names.map((n) => state.attributes.match([n], 0)?.index ?? owners.get(n) ?? null);
  // the one other name of the sentence, outside the two slashed words
  return namedPairs(s, first, to, (m) => m === k || m === j, asOption, asAttribute, values as number[], state);
}

/** Words between the items of a "vs" chain: "1 vs 3", "parking log versus email records". */
const VS: ReadonlySet<string> = new Set(["vs", "vs.", "versus", "v"]);

/**
 * "apples: 1 vs 3 (A vs B)", "For Employee C, parking log vs email records: 0 vs 1" (fresh113, fresh116): a chain of
 * levels joined by "vs" and a chain of as many names joined by "vs", in either order; the names are options (the one
 * attribute named elsewhere in the sentence) or attributes (the one option named elsewhere). Null otherwise; never
 * under a negation or a hedge.
 */
export function vsPairs(s: Sentence, first: number, to: number, state: ParseState): Act[] | null {
  let levels: { values: number[]; from: number; to: number } | null = null;
  let names: { options: (number | null)[]; attributes: (number | null)[]; from: number; to: number } | null = null;
  for (let k = first; k < to; k++) {
    if (s.gate[k] === true || s.modal[k] === true) return null;
    if (levels === null) {
      const chain = levelChain(s, k, to, state);
      if (chain !== null) {
        levels = chain;
        k = chain.to - 1;
        continue;
      }
    }
    if (names === null) {
      const chain = nameChain(s, k, to, state);
      if (chain !== null) {
        names = chain;
        k = chain.to - 1;
      }
    }
  }
  if (levels === null || names === null || levels.values.length !== names.options.length) return null;
  // (consts: the closure below keeps their narrowed types)
  const [named, levelled] = [names, levels];
  const inChains = (m: number) => (m >= named.from && m < named.to) || (m >= levelled.from && m < levelled.to);
  return namedPairs(s, first, to, inChains, named.options, named.attributes, levelled.values, state);
}

/** Levels joined by "vs" from k: two or more, each in the task's range. */
function levelChain(
  s: Sentence,
  k: number,
  to: number,
  state: ParseState,
): { values: number[]; from: number; to: number } | null {
  const [lo, hi] = state.task.levels;
  const values: number[] = [];
  let j = k;
  while (j < to && values.length < MAX_PARTS) {
    const v = naturalInteger((s.words[j] as string).replace(/^\+/, ""));
    if (v === null || v < lo || v > hi) return null;
    values.push(v);
    j++;
    if (!VS.has(s.words[j] as string)) break;
    j++;
  }
  return values.length >= 2 ? { values, from: k, to: j } : null;
}

/** Names joined by "vs" from k: two or more options, or two or more attributes (a person naming theirs). */
function nameChain(
  s: Sentence,
  k: number,
  to: number,
  state: ParseState,
): { options: (number | null)[]; attributes: (number | null)[]; from: number; to: number } | null {
  const owners = attributeOwners(state.task.domain);
  const options: (number | null)[] = [];
  const attributes: (number | null)[] = [];
  let j = k;
  while (j < to && options.length < MAX_PARTS) {
    const o = state.options.match(s.words, j);
    const a = state.attributes.match(s.words, j);
    const owner = owners.get(s.words[j] as string);
    if (o === null && a === null && owner === undefined) break;
    options.push(o?.index ?? null);
    attributes.push(a?.index ?? owner ?? null);
    j = Math.max(o?.end ?? j + 1, a?.end ?? j + 1);
    if (!VS.has(s.words[j] as string)) break;
    j++;
  }
  return options.length >= 2 ? { options, attributes, from: k, to: j } : null;
}

/**
 * The shares of paired names and levels, in order: the names read as options (every one, each once) take the one
 * attribute the sentence names outside `skip`, or read as attributes the one option; null otherwise. "A/A = 4/5": a
 * name twice would give its cell two levels, so the list states neither.
 */
function namedPairs(
  s: Sentence,
  first: number,
  to: number,
  skip: (m: number) => boolean,
  options: readonly (number | null)[],
  attributes: readonly (number | null)[],
  values: readonly number[],
  state: ParseState,
): Act[] | null {
  const other = (matcher: ParseState["options"]): number | null => {
    const found = new Set<number>();
    for (let m = first; m < to; m++) {
      if (skip(m)) continue;
      const hit = matcher.match(s.words, m);
      if (hit !== null) found.add(hit.index);
    }
    return found.size === 1 ? ([...found][0] as number) : null;
  };
  const distinct = (xs: readonly (number | null)[]) => xs.every((x) => x !== null) && new Set(xs).size === xs.length;
  if (distinct(options)) {
    const attribute = other(state.attributes);
    if (attribute === null) return null;
    return options.map((o, n) => ({ kind: "share", option: o as number, attribute, level: values[n] as number }));
  }
  if (distinct(attributes)) {
    const option = other(state.options);
    if (option === null) return null;
    return attributes.map((a, n) => ({ kind: "share", option, attribute: a as number, level: values[n] as number }));
  }
  return null;
}

/** Is the text between token k and the next a slash alone (" / ")? */
function slashAfter(s: Sentence, k: number, text: string): boolean {
  const next = s.tokens[k + 1];
  return next !== undefined && text.slice((s.tokens[k] as { end: number }).end, next.start).trim() === "/";
}

/**
 * "Candidate B / C / D — teamwork: 3/5/2" (fresh177): names set apart by spaced slashes (an option's letter
 * standing for it after the first), then as many levels, joined by slashes in one word or spaced; paired in order
 * as `slashPairs` pairs them. Null otherwise.
 */
function spacedSlashPairs(s: Sentence, first: number, to: number, state: ParseState, text: string): Act[] | null {
  if (text === "") return null;
  const letters = optionLetters(state.task.domain.options);
  const owners = attributeOwners(state.task.domain);
  for (let k = first; k < to; k++) {
    const options: (number | null)[] = [];
    const attributes: (number | null)[] = [];
    let j = k;
    while (j < to && options.length < MAX_PARTS) {
      const w = s.words[j] as string;
      const o = state.options.match(s.words, j);
      const a = state.attributes.match(s.words, j);
      const letter = o === null && options.length > 0 ? letters.get(w.toUpperCase()) : undefined;
      const owner = owners.get(w);
      if (o === null && a === null && letter === undefined && owner === undefined) break;
      options.push(o?.index ?? letter ?? null);
      attributes.push(a?.index ?? owner ?? null);
      j = Math.max(o?.end ?? j + 1, a?.end ?? j + 1);
      if (!slashAfter(s, j - 1, text)) break;
    }
    if (options.length < 2) continue;
    const names = { from: k, to: j };
    for (let m = j; m < to && m <= j + BETWEEN; m++) {
      const levels = levelRun(s, m, to, text);
      if (levels === null) continue;
      const [lo, hi] = state.task.levels;
      if (levels.values.length !== options.length || levels.values.some((v) => v < lo || v > hi)) return null;
      const skip = (n: number) => (n >= names.from && n < names.to) || (n >= m && n < levels.to);
      return namedPairs(s, first, to, skip, options, attributes, levels.values, state);
    }
    return null;
  }
  return null;
}

/** Levels at m joined by slashes, in one word ("3/5/2") or spaced ("1 / 3 / 0"); null where fewer than two. */
function levelRun(s: Sentence, m: number, to: number, text: string): { values: number[]; to: number } | null {
  const word = slashed(s.words[m] as string);
  if (word !== null) {
    const values = word.map((l) => naturalInteger(l));
    return values.every((v) => v !== null) ? { values: values as number[], to: m + 1 } : null;
  }
  const values: number[] = [];
  let j = m;
  while (j < to) {
    const v = naturalInteger(s.words[j] as string);
    if (v === null) break;
    values.push(v);
    j++;
    if (!slashAfter(s, j - 1, text)) break;
  }
  return values.length >= 2 ? { values, to: j } : null;
}

/**
 * "Library key / poison bottle / muddy boots →" on its own line (fresh177): two or more attributes set apart by
 * spaced slashes and nothing else; their indices, in order, as the columns of the rows under it, or null.
 */
export function slashedAttributeHeading(
  s: Sentence,
  first: number,
  to: number,
  text: string,
  state: ParseState,
): number[] | null {
  if (!(s.tokens[to - 1] as { lineBreak: boolean }).lineBreak) return null;
  const columns: number[] = [];
  let j = first;
  while (j < to && columns.length < MAX_PARTS) {
    const a = state.attributes.match(s.words, j);
    if (a === null || a.end > to) return null;
    columns.push(a.index);
    j = a.end;
    if (j < to && !slashAfter(s, j - 1, text)) return null;
  }
  return columns.length >= 2 && new Set(columns).size === columns.length ? columns : null;
}

/**
 * "Doctor Finch: 1 / 3 / 0" under such a heading: one option, then as many slashed levels as the heading has
 * columns, closing the line; the shares in the columns' order, or null (a negation or hedge reads nothing).
 */
export function slashedRow(
  s: Sentence,
  first: number,
  to: number,
  columns: readonly number[],
  text: string,
  state: ParseState,
): Act[] | null {
  for (let k = first; k < to; k++) if (s.gate[k] === true || s.modal[k] === true) return null;
  const option = state.options.match(s.words, first);
  if (option === null) return null;
  const levels = levelRun(s, option.end, to, text);
  if (levels === null || levels.to !== to || levels.values.length !== columns.length) return null;
  const [lo, hi] = state.task.levels;
  if (levels.values.some((v) => v < lo || v > hi)) return null;
  return columns.map((attribute, n) => ({
    kind: "share",
    option: option.index,
    attribute,
    level: levels.values[n] as number,
  }));
}
