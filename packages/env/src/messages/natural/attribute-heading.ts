import type { NaturalToken } from "../natural-tokens";
import type { ParseState, Sentence } from "./sentence";
import { LABEL_VIEWS } from "./paired-shares";
import { attributeOwners } from "../natural-matchers";
import { naturalInteger } from "./natural-integer";
import { levelAt } from "./share-items";

// A heading line that names one attribute, over list lines of an option and its level (issue 26, session 48;
// fresh82): "Library key, from my notes:" over "- Lord Ashby: 1", "- Lady Ashby: 1". The transpose of a heading that
// names an option over its attributes' levels ("For Restaurant A:" over "- food quality: 4").

/**
 * Words that may open the heading: "For library key:", "On service:", "Re: rent", and the speaker's own lead ("Here
 * is my slice of the camera footage:", "My camera footage:", "What I have for rent:", fresh108). No name, number or
 * other person is among them.
 */
const LEADS = new Set([
  // "Notes on value for money:", "Quick recap of rent:" (fresh277, session 65)
  "notes",
  "note",
  "recap",
  "quick",
  "summary",
  "for",
  "on",
  "re",
  "regarding",
  "about",
  "the",
  "here",
  "here's",
  "is",
  "'s",
  "my",
  "slice",
  "part",
  "column",
  "view",
  "of",
  "what",
  "i",
  "have",
  "see",
]);
/** Most lead words before the attribute. */
const MAX_LEAD = 7;
/** Words after the attribute that only announce the list under it: "Menu variety, listed:", "Rent, below:". */
const LISTED = new Set(["listed", "below", "follows", "here"]);
/** Nouns after the attribute that keep the heading about it: "Library key scores:", "Rent levels:". */
// "Badge log results:" (fresh342, session 68)
const NOUNS = new Set([
  "scores",
  "levels",
  "ratings",
  "numbers",
  "counts",
  "values",
  "figures",
  "readings",
  "results",
  "entries",
]);

/**
 * Is the sentence first..to a heading of one attribute closed by a colon ("Library key, from my notes:")? Its
 * attribute, else null. Nothing else may stand in it (no option, number, negation or condition).
 */
export function attributeHeading(
  s: Sentence,
  first: number,
  to: number,
  closing: string,
  state: ParseState,
): number | null {
  if (!closing.endsWith(":") || to <= first) return null;
  const { words } = s;
  let k = first;
  while (k < to && k - first < MAX_LEAD && LEADS.has(words[k] as string)) k++;
  // "my column (Bob):", "Omar column, partial:" (fresh317, session 67): a person whose attribute the task has
  const owned = attributeOwners(state.task.domain).get(words[k] as string);
  const attribute = state.attributes.match(words, k) ?? (owned === undefined ? null : { index: owned, end: k + 1 });
  if (attribute === null) return null;
  let e = attribute.end;
  if (NOUNS.has(words[e] as string)) e++;
  // "Service column, my half:", "food quality (mine):", "Omar column, partial:" (fresh317, fresh321, session 67): the
  // column and the speaker's share of it
  if (words[e] === "column" || words[e] === "col") e++;
  const own = OWN_TAILS.find((v) => v.every((w, n) => words[e + n] === w));
  if (own !== undefined && e + own.length === to) return attribute.index;
  // "Menu variety, listed:" (fresh229, session 63): a word announcing the list closing the heading
  if (LISTED.has(words[e] as string) && e + 1 === to) return attribute.index;
  const view = LABEL_VIEWS.find((v) => v.every((w, n) => words[e + n] === w));
  if (view !== undefined) e += view.length;
  else e = ownViewEnd(s, e, to, state);
  if (e !== to) return null;
  return attribute.index;
}

/** The speaker's own part of a column closing its heading: "(mine)", "my half", "partial". */
const OWN_TAILS: readonly (readonly string[])[] = [
  ["mine"],
  ["my", "half"],
  ["my", "part"],
  ["my", "slice"],
  ["my", "share"],
  ["my", "bit"],
  ["my", "side"],
  ["partial"],
  // "badge log from me:" (fresh357, session 68)
  ["from", "me"],
  ["on", "my", "end"],
  // "Plants sold, my column:", "Ambience, my column:" (fresh485, session 71)
  ["my", "column"],
  ["my", "col"],
  ["my", "numbers"],
  ["my", "values"],
];

/** "from my slice of the table", "in my columns", "per my sheet": the speaker's own source closing the heading. */
const OWN_VIEW_LEADS = new Set(["from", "on", "in", "per"]);
const MAX_OWN_VIEW = 6;

/** The end of the speaker's own view at e closing the heading at to ("from my slice of the table"), else e. */
function ownViewEnd(s: Sentence, e: number, to: number, state: ParseState): number {
  const { words } = s;
  // "Plants sold, straight from my records:" (fresh405, session 69)
  const f = words[e] === "straight" || words[e] === "directly" ? e + 1 : e;
  if (!OWN_VIEW_LEADS.has(words[f] as string) || words[f + 1] !== "my" || to - f > MAX_OWN_VIEW) return e;
  for (let k = f + 2; k < to; k++)
    if (
      state.options.match(words, k) !== null ||
      state.attributes.match(words, k) !== null ||
      /\d/.test(words[k] as string)
    )
      return e;
  return to;
}

/**
 * A list line under an attribute heading: one or more "<option>[:|—|is|at] <level>" items joined by commas or
 * "and", closing the line ("- Lord Ashby: 1", "Lady Ashby — 2, Doctor Finch — 3"). Shares of the heading's
 * attribute; null when the line is anything else.
 */
export function attributeContextItems(
  s: Sentence,
  first: number,
  to: number,
  attribute: number,
  state: ParseState,
): { option: number; attribute: number; level: number }[] | null {
  const { words } = s;
  // "Value for money:" over "- B: somewhere around 4", "- D: 3?" (fresh277, session 65): an item
  // of its option and a level the speaker is unsure of gives nothing, and the heading holds for the lines after it
  if (unsureItem(s, first, to, state)) return [];
  if (s.modal[first] === true || (s.tokens[to - 1] as NaturalToken).question) return null;
  // "- Stall A: -1 (Agent 1)": an item the mark after it credits to another agent (which gates the line) gives
  // nothing, and the heading holds
  if (s.gate[first] === true) return othersItem(s, first, to, state) ? [] : null;
  const shares: { option: number; attribute: number; level: number }[] = [];
  // items marked as another agent's, read and left out
  let items = 0;
  let k = first;
  while (k < to) {
    if (shares.length + items > 0 && words[k] === "and") k++;
    const option = state.options.match(words, k);
    if (option === null) return null;
    let j = option.end;
    for (let f = 0; f < 2 && (words[j] === "is" || words[j] === "at" || words[j] === "="); f++) j++;
    const level = levelAt(s, j, to, state) ?? stateLevel(words[j] as string, j, attribute, state);
    if (level === null) return null;
    k = level.end;
    // "- Stall D: 1 (mine)", "- Stall A: -1 (Agent 1)" (fresh241, session 64): a mark in parentheses after the level
    // says whose it is; another agent's item gives nothing, and the heading holds for the lines after it
    const mark = markAt(s, k, to);
    if (mark === null) return null;
    if (mark.own) shares.push({ option: option.index, attribute, level: level.value });
    else items++;
    k = mark.end;
    // "- F: 4, I think": a closing "I think" / "probably" states the level (the corpus's hedge rule)
    if (k < to && s.separated(k - 1) && statingTail(words.slice(k, to))) break;
    if (k < to && !(s.separated(k - 1) || words[k] === "and")) return null;
  }
  return shares.length > 0 || items > 0 ? shares : null;
}

/** Availability said as a state: "free" 1, "busy" 0 (only on a 0..1 scale of a person's availability). */
const STATE_LEVELS: ReadonlyMap<string, number> = new Map([
  ["free", 1],
  ["available", 1],
  ["busy", 0],
  ["unavailable", 0],
]);

/**
 * "Carol:" over "- Monday 4pm: free", "- Tuesday 9am: busy" (fresh353, session 68): a state word as the item's level,
 * where the heading's attribute is a person's availability on a 0..1 scale; else null.
 */
function stateLevel(w: string, j: number, attribute: number, state: ParseState): { value: number; end: number } | null {
  const value = STATE_LEVELS.get(w);
  const [lo, hi] = state.task.levels;
  if (value === undefined || lo !== 0 || hi !== 1) return null;
  return /'s availability$/i.test(state.task.domain.attributes[attribute] ?? "") ? { value, end: j + 1 } : null;
}

/** Closing words that still state the level: "I think", "I believe", "probably", "likely". */
const STATING_TAILS = new Set(["i think", "i believe", "probably", "likely", "i'm fairly sure", "fairly sure"]);

function statingTail(words: readonly string[]): boolean {
  return STATING_TAILS.has(words.join(" "));
}

/** Words by which an item's level is unsure: "somewhere around 4", "maybe 2", "3 (not sure)" ("I think" states it). */
const UNSURE = new Set([
  "maybe",
  "perhaps",
  "possibly",
  "around",
  "about",
  "roughly",
  "approximately",
  "somewhere",
  "guess",
  "unsure",
  "sure",
  "unclear",
  "~",
]);

/** Is first..to one item of an option, a level, and a word of doubt or a question mark (see the caller)? */
function unsureItem(s: Sentence, first: number, to: number, state: ParseState): boolean {
  const option = state.options.match(s.words, first);
  if (option === null || to - first > 12) return false;
  let level = false;
  let unsure = (s.tokens[to - 1] as NaturalToken).question === true;
  for (let k = option.end; k < to; k++) {
    const w = s.words[k] as string;
    if (state.options.match(s.words, k) !== null || state.attributes.match(s.words, k) !== null) return false;
    if (naturalInteger(w) !== null) level = true;
    if (UNSURE.has(w)) unsure = true;
    // "- Restaurant E: 3 or 4" (fresh537, session 74: the line after it missed): two levels offered is unsure too
    if (w === "or" && naturalInteger(s.words[k - 1]) !== null && naturalInteger(s.words[k + 1]) !== null) unsure = true;
  }
  return level && unsure;
}

/** Is first..to one item "<option>[:] <level> (Agent N)": its level credited to another agent by the mark after it? */
function othersItem(s: Sentence, first: number, to: number, state: ParseState): boolean {
  const option = state.options.match(s.words, first);
  if (option === null) return false;
  let j = option.end;
  if (s.words[j] === "is" || s.words[j] === "at" || s.words[j] === "=") j++;
  const level = levelAt(s, j, to, state);
  if (level === null) return false;
  const mark = markAt(s, level.end, to);
  return mark !== null && !mark.own && mark.end === to;
}

/** Words of a mark in parentheses that makes an item the speaker's own: "(mine)", "(my notes)", "(me)". */
const OWN_MARK_WORDS = new Set(["mine", "me", "my", "own", "notes", "sheet", "view", "column", "copy", "data"]);
/** Most words of such a mark. */
const MAX_MARK = 4;

/**
 * The mark in parentheses at k after an item's level, if any: the speaker's own (no mark, or "(mine)") or another
 * agent's ("(Agent 1)", "(per Agent 3)"), and the word after it; null where the parentheses hold anything else.
 */
function markAt(s: Sentence, k: number, to: number): { own: boolean; end: number } | null {
  if (k >= to || !(s.tokens[k] as NaturalToken).aside) return { own: true, end: k };
  let e = k;
  while (e < to && (s.tokens[e] as NaturalToken).aside) e++;
  const words = s.words.slice(k, e);
  if (words.length <= MAX_MARK && words.every((w) => OWN_MARK_WORDS.has(w))) return { own: true, end: e };
  // "(Agent 1)", "(per Agent 3)", "(Agent 3's figure, I don't have it)" (fresh253, session 64): another agent named,
  // and no number but its own
  const agent = words.indexOf("agent");
  const numbers = words.filter((w) => naturalInteger(w) !== null).length;
  if (agent >= 0 && naturalInteger(words[agent + 1]) !== null && numbers === 1 && words.length <= MAX_AGENT_MARK)
    return { own: false, end: e };
  return null;
}

/** Most words of a mark naming another agent as an item's source. */
const MAX_AGENT_MARK = 10;
