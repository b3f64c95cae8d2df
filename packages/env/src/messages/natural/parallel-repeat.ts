import type { Act } from "../act";
import type { NaturalToken } from "../natural-tokens";
import { squeezed, squeezedSpan, wholeName, within } from "./reread";
import type { ParseState, Sentence } from "./sentence";

// The parallel repeat (issue 26, session 60): after a run of shares of one option over several attributes ("Onions,
// then rice bags, on Shelf A: 4 and 1.") or of one attribute over several options ("Apples: 3 on Shelf A, 1 on
// Shelf B."), a clause that names one other option (or attribute) and exactly as many levels, in the same order,
// and nothing else: "Shelf B, same order: 0 and 3.", "Rice bags follow the same shelf order — 0 and 4.",
// "...; Restaurant D's are 2 and 5.", "Employee B: 0 / 1.". Each level is read again by the grammar as the plain
// statement "<option>: <attribute> <level>." and must give that one share; any level the grammar refuses, a count
// of levels that differs, or a name that is neither gives nothing.

type Share = Extract<Act, { kind: "share" }>;

/** The run the clause repeats: one option over attributes, or one attribute over options, in order. */
type Run = { option: number; attributes: number[] } | { attribute: number; options: number[] };

/** The longest clause read as a repeat: a name, a few words and a few levels. */
const MAX_CLAUSE = 160;
/** Fewest and most levels a repeat may carry. */
const MIN_RUN = 2;
const MAX_RUN = 6;

/** A level in digits, maybe signed. */
const LEVEL = String.raw`[+\-−]?\d+`;
/** What joins the levels of a list: ", ", " and ", " / ", " then ". */
const SEPARATOR = String.raw`\s*(?:,\s*and|,|\/|and|then|&)\s*`;
/** Levels joined as a list: "0 and 3", "1 / 1", "2, 5 and 1", "5 then 2". */
const LEVELS = new RegExp(`^(${LEVEL}(?:${SEPARATOR}${LEVEL}){1,5})$`, "i");
/** Where a list of levels closing a clause starts, and the separators between its levels. */
const LEVELS_AT_END = new RegExp(`${LEVEL}(?:${SEPARATOR}${LEVEL}){1,5}$`);
const BETWEEN_LEVELS = new RegExp(SEPARATOR);
/** The words between the name and its levels: "'s are", ", same order:", " follow the same shelf order —". */
const BRIDGE =
  /^(.{1,40}?)(?:['’]s)?\s*(?:\b(?:are|is|has|have|get|gets|goes|go|sit at|sits at|come in at|comes in at)\b)?\s*,?\s*(?:(?:\b(?:follows?|goes|go|in|with)\s+)?(?:\bthe\s+)?\bsame(?:\s+[a-z]+)?\s+order\b|\blikewise\b)?\s*[:—–-]?\s*$/i;

/** The run of shares ending `acts` that one option or one attribute holds (the longest such, at least two). */
export function trailingRun(acts: readonly Act[]): Run | null {
  const shares: Share[] = [];
  for (let k = acts.length - 1; k >= 0 && acts[k]?.kind === "share"; k--) shares.unshift(acts[k] as Share);
  for (let n = Math.min(shares.length, MAX_RUN); n >= MIN_RUN; n--) {
    const run = shares.slice(shares.length - n);
    const first = run[0] as Share;
    const attributes = run.map((s) => s.attribute);
    const options = run.map((s) => s.option);
    if (run.every((s) => s.option === first.option) && new Set(attributes).size === n)
      return { option: first.option, attributes };
    if (run.every((s) => s.attribute === first.attribute) && new Set(options).size === n)
      return { attribute: first.attribute, options };
  }
  return null;
}

/** "Shelf B, same order: 0 and 3": the name and the levels listed after it, or null. */
function listed(text: string): { name: string; levels: string[] } | null {
  const cut = text.search(LEVELS_AT_END);
  if (cut <= 0) return null;
  const list = text.slice(cut).match(LEVELS);
  const bridge = text.slice(0, cut).match(BRIDGE);
  if (list === null || bridge === null) return null;
  return { name: (bridge[1] as string).trim(), levels: (list[1] as string).split(BETWEEN_LEVELS) };
}

/** A level in digits or words, for "both at 2", "zero for both". */
const ONE_LEVEL = String.raw`((?:a |an )?(?:[+\-−]?\d+|(?:minus |plus )?(?:zero|one|two|three|four|five)))`;
/** "Apples both at 2", "Books sold is level for the pair, both sitting at zero", "Phone records: zero for both of them". */
const SAME_LEVEL: readonly RegExp[] = [
  new RegExp(
    String.raw`^(.{1,40}?)\s*[:,—–-]?\s*(?:are\s+|is\s+|were\s+)?(both|each|all)\s+(?:at|on|with|sit at|sitting at|sits at|come in at|score|scoring)\s+${ONE_LEVEL}$`,
    "i",
  ),
  new RegExp(String.raw`^(.{1,40}?)\s*[:,—–-]?\s*${ONE_LEVEL}\s+(?:for|on)\s+(both|each|all)(?:\s+of\s+them)?$`, "i"),
];

/**
 * "Apples both at 2" after a run over two options, "... all at 1" after more: the name and its one level for each
 * of the run's `count` names ("both" only for two), or null.
 */
function sameLevel(text: string, count: number): { name: string; levels: string[] } | null {
  for (const re of SAME_LEVEL) {
    const m = text.match(re);
    if (m === null) continue;
    const [name, word, level] = re === SAME_LEVEL[0] ? [m[1], m[2], m[3]] : [m[1], m[3], m[2]];
    if ((word as string).toLowerCase() === "both" && count !== 2) return null;
    return { name: (name as string).trim(), levels: new Array<string>(count).fill(level as string) };
  }
  return null;
}

/** The shares a clause repeating `run` states, or null (see the file's comment). */
export function repeatShares(clause: string, run: Run, state: ParseState): Share[] | null {
  if (state.clauseActs === undefined) return null;
  const text = squeezed(clause)
    .trim()
    .replace(/^(?:and|but|while|whereas|then)\s+/i, "")
    .replace(/^for\s+/i, "")
    .replace(/[.!]+$/, "")
    .trim();
  if (text.length > MAX_CLAUSE) return null;
  const count = "option" in run ? run.attributes.length : run.options.length;
  const said = listed(text) ?? sameLevel(text, count);
  if (said === null) return null;
  const { name, levels } = said;
  if (levels.length !== count || name === "" || /\d/.test(name)) return null;
  // the name alone, all of it: "Apartment B goes size then neighbourhood" is no option's name
  if (!wholeName(name, "option" in run ? "option" : "attribute", state)) return null;
  const { options, attributes } = state.task.domain;
  const shares: Share[] = [];
  for (let i = 0; i < count; i++) {
    const statement =
      "option" in run
        ? `${name}: ${attributes[run.attributes[i] as number]} ${levels[i]}.`
        : `${options[run.options[i] as number]}: ${name} ${levels[i]}.`;
    const acts = state.clauseActs(statement);
    if (acts === null || acts.length !== 1 || acts[0]?.kind !== "share") return null;
    shares.push(acts[0]);
  }
  const [first] = shares as [Share];
  if ("option" in run) {
    const same = shares.every((s, i) => s.option === first.option && s.attribute === run.attributes[i]);
    return same && first.option !== run.option ? shares : null;
  }
  const same = shares.every((s, i) => s.attribute === first.attribute && s.option === run.options[i]);
  return same && first.attribute !== run.attribute ? shares : null;
}

/** Where a clause may start: after a semicolon, a dash set off by spaces, or a comma before "and" / "while". */
const CLAUSE_BREAK = /;\s*|,\s*(?=(?:and|while|whereas|but)\s)|\s[—–]\s/gi;

/**
 * The acts of a sentence whose last clause repeats the run of shares before it ("Restaurant C's food quality and
 * ambience are 4 and 3; Restaurant D's are 2 and 5."): `found` and the repeat's shares, or null where the words
 * before that clause read alone give an act the sentence did not, or the clause is no repeat.
 */
export function repeatedClauseActs(
  s: Sentence,
  text: string,
  first: number,
  to: number,
  found: readonly Act[],
  context: Pick<ParseState, "subject" | "carried">,
  state: ParseState,
): Act[] | null {
  if (state.clauseActs === undefined || first >= to || (s.tokens[to - 1] as NaturalToken).question) return null;
  const run = trailingRun(found);
  if (run === null) return null;
  const raw = squeezedSpan(s, text, first, to);
  const cut = [...raw.matchAll(CLAUSE_BREAK)].at(-1)?.index ?? -1;
  if (cut <= 0 || raw.length - cut > MAX_CLAUSE) return null;
  const head = raw.slice(0, cut);
  const again = state.clauseActs(head, context);
  if (again === null || again.length === 0 || !within(again, found)) return null;
  const tail = raw.slice(cut).replace(/^[;,\s—–]+/, "");
  const shares = repeatShares(tail, run, state);
  return shares === null ? null : [...found, ...shares];
}
