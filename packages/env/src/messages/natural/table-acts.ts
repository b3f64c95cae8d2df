import type { Act } from "../act";
import { naturalCues as cue } from "../natural-cues";
import { attributeOwners, singular } from "../natural-matchers";
import { FRACTION, naturalInteger } from "./natural-integer";
import { LevelRangeError } from "./level-range-error";
import { optionLetters } from "./option-letters";
import type { NaturalTask } from "./sentence";
import type { StructuredActs } from "./structured-acts";

/** A markdown separator row: "|---|:---:|", "| --- | --- |" (checked cell by cell: no backtracking regex). */
function isSeparator(line: string): boolean {
  if (!line.includes("-")) return false;
  // "-------------+------------+---------" (fresh213, session 62): a plain-text table's rule, its columns joined by "+"
  if (!line.includes("|") && /^\s*-{3,}(?:\+-{3,})+\s*$/.test(line)) return true;
  const parts = cells(line);
  return parts.length > 0 && parts.every((c) => /^:?-+:?$/.test(c));
}
/** Cells that say "not known": no act, and nothing to report. */
const BLANKS = new Set(["", "?", "-", "—", "–", "n/a", "na", "unknown", "none", "x", "tbd", "??", "…", "..."]);

/** A name as a table cell writes it: markdown emphasis, code marks and a trailing colon dropped, case folded. */
export function foldCell(cell: string): string {
  return cell.replace(/[*_`]/g, "").replace(/[’‘]/g, "'").replace(/:$/, "").trim().replace(/\s+/g, " ").toLowerCase();
}

function cells(line: string): string[] {
  let body = line.trim();
  if (body.startsWith("|")) body = body.slice(1);
  if (body.endsWith("|")) body = body.slice(0, -1);
  return body.split("|").map((c) => c.trim());
}

/** Blanks in parentheses or words: "(not seen)", "not known" (fresh80). */
const BLANK_WORDS = new Set(["not seen", "unseen", "not known", "no data", "missing"]);

/**
 * Check marks on a 0..1 scale: "✅" for 1, "❌" for 0 (fresh80's availability and evidence tables; in prose too,
 * `glossedLevels`).
 */
export const CHECK_MARKS: ReadonlyMap<string, number> = new Map([
  ["✅", 1],
  ["✔", 1],
  ["✔️", 1],
  ["✓", 1],
  ["❌", 0],
  ["✗", 0],
  ["✘", 0],
]);

/** Words for the two levels of a 0..1 scale in an availability or evidence table: "yes" / "no" (fresh93). */
const YES_NO = new Map([
  ["yes", 1],
  ["y", 1],
  ["free", 1],
  ["available", 1],
  ["no", 0],
  ["busy", 0],
  ["unavailable", 0],
]);

/** A level with a decoration after it: "4 ★", "5 ⭐", "3 🔑" (fresh80). */
const DECORATED = /^([+\-\u2212]?[0-9]{1,9})\s*(?:★|\p{Extended_Pictographic}|\u{FE0F})+$/u;
/** A row of stars: "★★★★☆" is 4 on a scale whose top is the number of stars. */
const STARS = /^([★⭐]+)(☆*)$/u;

/** A cell's level from its marks (check marks, stars, a decorated or signed number), else null. */
function markedLevel(c: string, [lo, hi]: readonly [number, number]): number | null {
  const check = lo === 0 && hi === 1 ? (CHECK_MARKS.get(c) ?? YES_NO.get(c)) : undefined;
  if (check !== undefined) return check;
  const stars = STARS.exec(c);
  if (stars !== null) {
    const filled = [...(stars[1] as string)].length;
    const all = filled + (stars[2] as string).length;
    return filled >= lo && filled <= hi && (all === filled || all === hi) ? filled : null;
  }
  const number = DECORATED.exec(c)?.[1] ?? (/^\+[0-9]/.test(c) ? c.slice(1) : c);
  // "one", "three" in a count grid (fresh80)
  return naturalInteger(number) ?? cue.numberWords.get(c) ?? null;
}

/** A cell's closing mark naming another agent as its source: "4 (Agent 2)", "3 (from Agent 1)", "5 (per A3)". */
const OTHERS_CELL = /\((?:from |per |via |by )?(?:agent ?\d{1,2}|a\d{1,2}|others?|theirs)(?:['’]s)?\)$/;
/** A cell's closing mark naming the speaker: "2 (mine)", "0 (me)", "5 (my notes)". */
const OWN_CELL_MARK = /\s*\((?:mine|me|my notes|my view|own|self)\)$/;

/** Cells of a count that is zero: "none", "zero", "nil". */
const NONE_CELLS = new Set(["none", "zero", "nil"]);

/** Struck-through text in a cell: "~~2~~". */
const STRUCK = /~~[^~]{0,40}~~/g;

/** The level a cell states, null for a blank ("?", "-", empty), or undefined when it is not read (reported). */
export function cellLevel(cell: string, task: NaturalTask, legend: Legend): number | null | undefined {
  // "~~2~~ 1" (fresh213, session 62): a struck-through figure is withdrawn; what stands beside it is the level
  const unstruck = foldCell(cell.replace(STRUCK, " "));
  // "2 (mine)" beside "4 (Agent 2)" (fresh216, session 62): a cell marked as the speaker's is read without its mark,
  // one marked as another agent's is not read (reported)
  if (OTHERS_CELL.test(unstruck)) return undefined;
  const c = unstruck.replace(OWN_CELL_MARK, "");
  const told = legend.get(c);
  if (told !== undefined) return told;
  // "| Shelf A | 3 | none | 2 |" (fresh249, fresh253; session 64): none of a count, on a scale from 0
  if (task.levels[0] === 0 && NONE_CELLS.has(c)) return 0;
  if (BLANKS.has(c) || BLANK_WORDS.has(c.replace(/^\((.*)\)$/, "$1"))) return null;
  const [lo, hi] = task.levels;
  // "0 bags", "1 apple", "3 apples" (fresh93): a count with its attribute's noun
  const counted = /^([+\-\u2212]?[0-9]{1,9}) ([a-z]+)$/.exec(c);
  const unit = counted !== null && unitNouns(task).has(counted[2] as string);
  let value = markedLevel(unit ? (counted?.[1] as string) : c, task.levels);
  if (value === null) {
    const fraction = c.length <= 21 ? FRACTION.exec(c) : null;
    if (fraction === null || Number(fraction[2]) !== hi) return undefined;
    value = Number(fraction[1]);
  }
  if (value < lo || value > hi) throw new LevelRangeError(`level ${value} out of range (levels ${lo}..${hi})`);
  return value;
}

const units = new WeakMap<NaturalTask, ReadonlySet<string>>();
/** The nouns a count cell may carry: each attribute's last word and its singular ("bags", "bag", "apple"). */
function unitNouns(task: NaturalTask): ReadonlySet<string> {
  let found = units.get(task);
  if (found === undefined) {
    const nouns = new Set<string>();
    for (const name of task.domain.attributes) {
      const last = foldCell(name).split(" ").pop() as string;
      for (const [noun] of [[last], ...singular([last])]) nouns.add(noun as string);
    }
    found = nouns;
    units.set(task, found);
  }
  return found;
}

const foldNames = (names: readonly string[]) => new Map(names.map((n, k) => [foldCell(n), k]));

/** A cell's words as a shortened name writes them: "Rest." as "rest", "Mon" as "mon". */
// a one-letter word keeps its period: an initial ("lord a."); letters glued to an hour are two words ("mon9")
const shortWords = (cell: string) =>
  cell
    .split(" ")
    .flatMap((w) => (/^[a-z]{2,}[0-9]{1,2}$/.exec(w) ? [w.replace(/[0-9]+$/, ""), w.replace(/^[a-z]+/, "")] : [w]))
    .map((w) => (w.length === 2 ? w : w.replace(/\.$/, "")));

/** Parts of the day a table header writes short: "AM" for "morning", "PM" for "afternoon". */
const DAY_PARTS = new Map([
  ["am", "morning"],
  ["pm", "afternoon"],
]);

/**
 * Does a cell shorten a name: each of its words begins a word of the name, in order, with at least three letters or
 * the whole word ("food" for "food quality", "tech skill" for "technical skill", "rest. a" for "restaurant a",
 * "boots" for "muddy boots", "mon 2pm" for "monday 2pm")?
 */
function shortens(cell: readonly string[], name: readonly string[]): boolean {
  let n = 0;
  for (const w of cell) {
    while (n < name.length && !(name[n] === w || begins(w, name[n] as string))) n++;
    if (n === name.length) return false;
    n++;
  }
  return cell.length > 0;
}

/**
 * Does a cell's word stand for a name's word: its start (three letters at least: "tech" for "technical"), an initial
 * written with its period ("a." in "Lord A.", fresh93), or its consonants in order ("svc" for "service", "nbhd" for
 * "neighbourhood", fresh93: a word of three letters at least whose letters after the first are all consonants)?
 */
function begins(w: string, word: string): boolean {
  if (w.length >= 3 && word.startsWith(w)) return true;
  // "mon9" for "monday 9am", "Mon AM" for "Monday morning" (fresh93): an hour's digits, a part of the day
  if (/^[0-9]{1,2}$/.test(w)) return word.startsWith(w) && !/^[0-9]$/.test(word[w.length] ?? "");
  if (DAY_PARTS.get(w) === word) return true;
  if (/^[a-z]\.$/.test(w)) return word.startsWith(w[0] as string);
  if (w.length < 3 || w[0] !== word[0] || !/^[a-z][b-df-hj-np-tv-z]+$/.test(w)) return false;
  let k = 1;
  for (const ch of word.slice(1)) if (ch === w[k]) k++;
  return k === w.length;
}

/** A table's names of one kind: the whole name, a letter or a person, else the one name a shortened cell stands for. */
export class TableNames {
  private readonly words: string[][];
  constructor(
    private readonly exact: ReadonlyMap<string, number>,
    names: readonly string[],
  ) {
    this.words = names.map((n) => foldCell(n).split(" "));
  }

  /** The one name the cell shortens, or undefined (none, or several). */
  short(cell: string): number | undefined {
    const words = shortWords(cell);
    let found: number | undefined;
    for (const [k, name] of this.words.entries()) {
      if (!shortens(words, name)) continue;
      if (found !== undefined) return undefined;
      found = k;
    }
    return found;
  }

  /** The name a folded cell states, whole or shortened where the other kind has no name the cell could be. */
  get(cell: string, other: TableNames): number | undefined {
    const whole = this.exact.get(cell);
    if (whole !== undefined) return whole;
    if (other.exact.has(cell) || other.short(cell) !== undefined) return undefined;
    return this.short(cell);
  }
}

/** The options by their folded names and, where they are one noun and a letter, by the letter ("| A | 1 |", fresh59). */
function optionNames(task: NaturalTask): TableNames {
  const names = foldNames(task.domain.options);
  for (const [letter, index] of optionLetters(task.domain.options)) names.set(letter.toLowerCase(), index);
  return new TableNames(names, task.domain.options);
}

/** The attributes by their folded names and, where one person owns one ("Priya's calendar"), by the person alone. */
function attributeNames(task: NaturalTask): TableNames {
  const names = foldNames(task.domain.attributes);
  for (const [owner, index] of attributeOwners(task.domain)) if (!names.has(owner)) names.set(owner, index);
  return new TableNames(names, task.domain.attributes);
}

/** Words a message's legend gives a level: "Legend: none = 0, weak = 1, moderate = 2, strong = 3" (fresh80). */
export type Legend = ReadonlyMap<string, number>;

/** "word = N" (or "N = word") in a line, the word of letters (one or two words) or a mark. */
const LEGEND_PAIR =
  /(?:^|[\s(,;:])([\p{L}][\p{L}'-]*(?: [\p{L}][\p{L}'-]*)?)\s*=\s*([+\-\u2212]?[0-9]{1,2})(?=$|[\s,;.)])/gu;
const LEGEND_PAIR_REVERSED =
  /(?:^|[\s(,;:])([+\-\u2212]?[0-9]{1,2})\s*=\s*([\p{L}][\p{L}'-]*(?: [\p{L}][\p{L}'-]*)?)(?=$|[\s,;.)])/gu;

/**
 * The legend of a message: a line outside any table with two or more "word = N" pairs (or "N = word"), none of
 * whose words names an option or attribute ("A=2, B=4" is a line of shares), each N a level of the task. A word
 * given two levels is left out.
 */
function legendOf(lines: readonly { text: string }[], names: Names, task: NaturalTask): Legend {
  const legend = new Map<string, number>();
  const doubled = new Set<string>();
  const [lo, hi] = task.levels;
  for (const { text } of lines) {
    if (text.includes("|")) continue;
    const pairs = [
      ...[...text.matchAll(LEGEND_PAIR)].map((m) => [m[1] as string, m[2] as string]),
      ...[...text.matchAll(LEGEND_PAIR_REVERSED)].map((m) => [m[2] as string, m[1] as string]),
    ].map(([word, value]) => [foldCell(word as string), naturalInteger(value)] as const);
    if (pairs.length < 2) continue;
    if (
      pairs.some(
        ([w, v]) => v === null || v < lo || v > hi || names.option(w) !== undefined || names.attribute(w) !== undefined,
      )
    )
      continue;
    for (const [word, value] of pairs) {
      if (legend.has(word) && legend.get(word) !== value) doubled.add(word);
      legend.set(word, value as number);
    }
  }
  for (const word of doubled) legend.delete(word);
  return legend;
}

/** A table's two kinds of names, each read where the other has no name the cell could be. */
export interface Names {
  option(cell: string): number | undefined;
  attribute(cell: string): number | undefined;
}

/** What every reader of a message's tables shares: the task's names and the message's legend, found once. */
export interface TableContext {
  names: Names;
  legend: Legend;
}

/** The names of `task` and the legend of `lines`, for the table readers of one message. */
export function tableContext(lines: readonly { text: string }[], task: NaturalTask): TableContext {
  const names = tableNames(task);
  return { names, legend: legendOf(lines, names, task) };
}

function tableNames(task: NaturalTask): Names {
  const options = optionNames(task);
  const attributes = attributeNames(task);
  return { option: (cell) => options.get(cell, attributes), attribute: (cell) => attributes.get(cell, options) };
}

/**
 * The share a table cell states for its (option, attribute) pair, or null: a blank gives nothing, anything else that
 * is no level ("3-4", "high") is reported under its row and column `label`, and also as missed when it holds a number.
 */
function cellShare(
  cell: string,
  label: string,
  at: number,
  [option, attribute]: [number, number],
  task: NaturalTask,
  legend: Legend,
  out: StructuredActs,
): Act | null {
  const level = cellLevel(cell, task, legend);
  if (level === undefined) {
    const report = { at, text: `${label}: ${cell}` };
    out.unparsed.push(report);
    if (/\d/.test(cell)) out.missed.push(report);
    return null;
  }
  return level === null ? null : { kind: "share", option, attribute, level };
}

/**
 * A long-format row: one option cell, one attribute cell and one level cell, else nothing (reported). With `levels`
 * (the columns a level may come from), only those columns are read: "| option | attribute | my value | Agent 1's
 * value |" reads the speaker's column alone (fresh213, session 62).
 */
function longRow(
  line: { text: string; start: number },
  names: Names,
  task: NaturalTask,
  legend: Legend,
  source: number,
  out: StructuredActs,
  levels: ReadonlySet<number> | null = null,
  heading?: number,
): void {
  const row = cells(line.text);
  // "| Restaurant C | food quality | 5 | Agent 2 |" (fresh81): a row another agent is the source of
  const theirs = source >= 0 && !OWN_SOURCE.test(foldCell(row[source] ?? ""));
  const { share } = theirs ? { share: null } : longShare(row, source, names, task, legend, levels, heading);
  if (share !== null) out.acts.push({ at: line.start, act: share });
  else out.unparsed.push({ at: line.start, text: line.text.trim() });
}

/**
 * The share of a long-format row's cells (a markdown table's or a plain-text grid's; `skip`: a column not read): one
 * option cell, one attribute cell and, among the `levels` columns (all, when null), one level; else null. A number
 * is a level, never a shortened name ("9" is no "Monday 9am"). `found`: how many levels the row holds.
 */
function longShare(
  row: readonly string[],
  skip: number,
  names: Names,
  task: NaturalTask,
  legend: Legend,
  levels: ReadonlySet<number> | null,
  heading?: number,
): { share: Act | null; found: number } {
  let option: number | undefined;
  let attribute: number | undefined;
  const found: number[] = [];
  const foundCells: string[] = [];
  for (const [c, cell] of row.entries()) {
    if (c === skip) continue;
    const name = foldCell(cell);
    const asOption = nameable(name) ? names.option(name) : undefined;
    const asAttribute = nameable(name) ? names.attribute(name) : undefined;
    // "| B wait time | 3 | me |" (fresh227, session 63): one cell naming the option and the attribute together
    const pair =
      asOption === undefined && asAttribute === undefined && nameable(name) ? pairKey(name, names) : undefined;
    if (pair !== undefined) {
      option = option === undefined ? pair.option : -1;
      attribute = attribute === undefined ? pair.attribute : -1;
    } else if (asOption !== undefined) option = option === undefined ? asOption : -1;
    else if (asAttribute !== undefined) attribute = attribute === undefined ? asAttribute : -1;
    else if (levels === null || levels.has(c)) {
      // "| A | five | 16 |" under "| Restaurant | Cells known | Partial sum |" (fresh481, session 71): a number out
      // of the levels' range in a row with no attribute is no level of anything, and no error
      const level = levelOrOutOfRange(cell, task, legend);
      if (typeof level === "number") {
        found.push(level);
        foundCells.push(cell);
      }
    }
  }
  option ??= heading;
  if (option === undefined || option < 0 || attribute === undefined || attribute < 0 || found.length !== 1)
    return { share: null, found: found.length };
  // a share's level out of range is the message's error, as everywhere
  const level = Number.isNaN(found[0]) ? (cellLevel(foundCells[0] as string, task, legend) as number) : found[0];
  return { share: { kind: "share", option, attribute, level: level as number }, found: 1 };
}

/** `cellLevel`, with NaN for a number out of the levels' range in place of its error. */
function levelOrOutOfRange(cell: string, task: NaturalTask, legend: Legend): number | null | undefined {
  try {
    return cellLevel(cell, task, legend);
  } catch (error) {
    if (error instanceof LevelRangeError) return Number.NaN;
    throw error;
  }
}

/** Most words of a line over a table that names its option ("What we know about Lady Ashby:"). */
const MAX_HEADING_WORDS = 8;

/**
 * The option that the line over the table on line i names, alone: a short line with no bar, one option named in it
 * (one to three words) and no attribute ("Employee E", "**Lady Ashby**:", "What we know about Lady Ashby:"); else
 * undefined.
 */
function headingOption(lines: readonly { text: string }[], i: number, names: Names): number | undefined {
  const line = nearLine(lines, i - 1, -1);
  if (line === undefined || line.includes("|")) return undefined;
  const words = foldCell(line)
    .replace(/[.:!?,;()]/g, " ")
    .trim()
    .split(/\s+/);
  if (words.length > MAX_HEADING_WORDS) return undefined;
  const found = new Set<number>();
  for (let k = 0; k < words.length; k++)
    for (let n = 3; n >= 1; n--) {
      const name = words.slice(k, k + n).join(" ");
      if (k + n > words.length || !nameable(name)) continue;
      if (names.attribute(name) !== undefined) return undefined;
      const option = names.option(name);
      if (option === undefined) continue;
      found.add(option);
      k += n - 1;
      break;
    }
  return found.size === 1 ? [...found][0] : undefined;
}

/** Most words a key naming an option and an attribute together may have. */
const MAX_PAIR_WORDS = 8;

/**
 * The option and attribute one key names together, the option first ("employee c camera footage", "restaurant a's
 * wait time") or the attribute first ("camera footage employee c"); undefined unless exactly one split names both.
 */
export function pairKey(key: string, names: Names): { option: number; attribute: number } | undefined {
  const words = key.split(" ");
  if (words.length < 2 || words.length > MAX_PAIR_WORDS) return undefined;
  const found: { option: number; attribute: number }[] = [];
  for (let k = 1; k < words.length; k++) {
    const head = words.slice(0, k).join(" ");
    const tail = words.slice(k).join(" ");
    const owner = head.endsWith("'s") ? head.slice(0, -2) : head;
    const option = names.option(owner);
    const attribute = option === undefined ? undefined : names.attribute(tail);
    if (option !== undefined && attribute !== undefined) found.push({ option, attribute });
    const first = names.attribute(head);
    const last = first === undefined ? undefined : names.option(tail);
    if (first !== undefined && last !== undefined) found.push({ option: last, attribute: first });
  }
  return found.length === 1 ? found[0] : undefined;
}

/** Can a folded cell be a name? A number is a level, never a shortened name ("9" is no "Monday 9am"). */
const nameable = (cell: string): boolean => !/^[+\-−]?\d+$/.test(cell);

/** Headers of a column that numbers a table's rows. */
const INDEX_HEADERS: ReadonlySet<string> = new Set(["#", "no", "no.", "n", "nr", "id", "row", "item", "idx", "index"]);

/** A column header naming another agent's figures: "Agent 1's value", "Agent 2", "theirs", "reported". */
const OTHERS_COLUMN = /(?:^|[\s(])(?:agents?\s*\d+|theirs|their|others?|reported|claimed|heard)(?:$|[\s)'’])/;

/**
 * The columns of a long-format table ("| option | attribute | value |", one fact a row) whose levels are read, or null
 * where the body is not one: every body row with a name holds one option cell and one attribute cell in the same two
 * columns, and at least one row does. A header marked as the speaker's ("my value", "mine") keeps only such columns;
 * else every other column but those naming another agent ("Agent 1's value") and the source column.
 */
function longColumns(head: string, rows: readonly Line[], names: Names, source: number): ReadonlySet<number> | null {
  return longColumnsOf(
    cells(head).map(foldCell),
    rows.map((line) => cells(line.text).map(foldCell)),
    names,
    source,
  );
}

/** `longColumns` on a header's and rows' folded cells (a markdown table's or a plain-text grid's). */
function longColumnsOf(
  header: readonly string[],
  rows: readonly (readonly string[])[],
  names: Names,
  source: number,
): ReadonlySet<number> | null {
  let optionAt = -1;
  let attributeAt = -1;
  for (const row of rows) {
    let o = row.findIndex((c) => nameable(c) && names.option(c) !== undefined);
    let a = row.findIndex((c) => nameable(c) && names.attribute(c) !== undefined && names.option(c) === undefined);
    // "| Restaurant A wait time | 2 |" (fresh221, fresh227; session 63): one column naming both
    const paired = o < 0 && a < 0 ? row.findIndex((c) => nameable(c) && pairKey(c, names) !== undefined) : -1;
    if (paired >= 0) [o, a] = [paired, paired];
    else if (o < 0 && a < 0) continue;
    else if (o < 0 || a < 0 || o === a) return null;
    if (optionAt >= 0 && (o !== optionAt || a !== attributeAt)) return null;
    optionAt = o;
    attributeAt = a;
  }
  if (optionAt < 0) return null;
  // "| # | Suspect | Clue | Strength (0-3) |" (fresh213, session 62): a column that numbers the rows holds no level
  const rest = header
    .map((_, c) => c)
    .filter((c) => c !== optionAt && c !== attributeAt && c !== source && !INDEX_HEADERS.has(header[c] as string));
  const own = rest.filter((c) => OWN_SOURCE.test(header[c] as string));
  if (own.length > 0) return new Set(own);
  const levels = rest.filter((c) => !OTHERS_COLUMN.test(header[c] as string));
  return levels.length === 0 ? null : new Set(levels);
}

/** A line of the message. */
type Line = { text: string; start: number };

/** An intro crediting the table to other agents: "Compiled from Agent 1's ...", "per Agent 2", "nothing of mine". */
/**
 * A line that reacts to another agent before the speaker's own block: "Building on Agent 2's apple count:"
 * (fresh137's YAML, session 61), "Adding to Agent 1's list:", "Good catch, Agent 3 —".
 */
const REACTION_INTRO =
  /^\s*(?:\*\*)?(?:building on|adding to|following up on|in response to|responding to|replying to|good (?:catch|point|call)|great (?:catch|point|call))\b/i;

/**
 * An intro that sets the speaker's own value against another agent's: "Agent 1 reported Shelf A at 3 apples; my count
 * differs." (fresh225, session 63), "..., here's mine:", "my own numbers:". The value after it is the speaker's.
 */
const OWN_REPLY =
  /\b(?:my (?:count|copy|numbers?|figures?|data|notes|sheet|reading|values?|cells?)|mine)\s+(?:differs?|disagrees?|is different|are different)\b|\bhere(?:'s| is| are) mine\b|\bmy own (?:numbers?|figures?|count|values?|cells?|data)\b/i;

const OTHERS_INTRO = new RegExp(
  [
    "\\bagents?\\s*\\d+(?:'s|’s)",
    "\\b(?:from|per|by|according to|via)\\s+agents?\\s*\\d+",
    // "Recap of what Agents 1 and 2 have posted so far:" (fresh90)
    "\\bagents?\\s*\\d+(?:\\s*(?:,|and|&)\\s*\\d+)*\\s+(?:have\\s+|has\\s+)?(?:posted|shared|said|reported|gave|sent)\\b",
    "\\bcompiled\\b",
    "\\bnothing of mine\\b",
    "\\b(?:others|teammates)['’]",
  ].join("|"),
  "i",
);

/**
 * A note after a table that credits some of it to others (fresh90): "the rest is what you two posted", "apples and
 * onions are Agent 1's numbers", "None of these cells are from my own view", "after everyone's reports". Which cells
 * are the speaker's is then in doubt, so none is read.
 */
const OTHERS_OUTRO = new RegExp(
  [
    "\\bagents?\\s*\\d+(?:'s|’s)\\s+(?:numbers|figures|values|data|cells|column|columns|rows?|reports?)",
    "\\b(?:what|whatever)\\s+(?:you|you two|you both|others|the others|everyone)\\s+(?:posted|shared|said|reported|gave)",
    "\\bnone of (?:these|this|it|them|the)\\b",
    "\\bnot (?:from )?(?:mine|my own)\\b",
    "\\beveryone(?:'s|’s) (?:reports|numbers|data|posts)",
    "\\bthe rest (?:is|are|came|comes) (?:from|what)\\b",
  ].join("|"),
  "i",
);

/** The first line with text within three lines from k going by `step`, fences and blanks skipped; else undefined. */
function nearLine(lines: readonly { text: string }[], k: number, step: 1 | -1): string | undefined {
  for (let n = 0; n < 3 && k >= 0 && k < lines.length; n++, k += step) {
    const text = (lines[k] as { text: string }).text.trim();
    if (text !== "" && !text.startsWith("```")) return text;
  }
  return undefined;
}

/**
 * Is the table on lines i..end-1 credited to other agents: by the line before it ("Compiled from Agent 1's
 * messages:", fresh81) or, in part, by the line after it ("the rest is what you two posted", fresh90)?
 */
export function creditedToOthers(lines: readonly { text: string }[], i: number, end: number): boolean {
  const before = nearLine(lines, i - 1, -1);
  if (
    before !== undefined &&
    !before.includes("|") &&
    OTHERS_INTRO.test(before) &&
    !REACTION_INTRO.test(before) &&
    !OWN_REPLY.test(before)
  )
    return true;
  const after = nearLine(lines, end, 1);
  return after !== undefined && !after.includes("|") && OTHERS_OUTRO.test(after);
}

/** A name cell marked as the speaker's: "Bob (me)", "Shelf A (mine)" (fresh93). */
const OWN_MARK = /^(.*\S)\s*\((?:me|mine|my view|my notes|my column|own|self)\)$/;

/**
 * A folded name cell with the speaker's own mark dropped ("bob (me)" -> "bob"); a cell marked as another's ("carol
 * (agent 3)", "b (per agent 1)") is left whole, so it names nothing and its column or row is not read.
 */
function ownCell(cell: string): string {
  return OWN_MARK.exec(cell)?.[1] ?? cell;
}

/**
 * Is `head` a table's header without a separator row under it: two or more cells after the first, each naming an
 * option, or each naming an attribute, and the row under it as many cells, its first naming the other kind?
 */
function plainHeader(head: string, next: string, names: Names): boolean {
  if (!next.includes("|")) return false;
  const header = cells(head).slice(1).map(foldCell);
  const row = cells(next);
  if (header.length < 2 || row.length !== header.length + 1) return false;
  const first = ownCell(foldCell(row[0] ?? ""));
  if (header.every((h) => names.option(h) !== undefined)) return names.attribute(first) !== undefined;
  if (header.every((h) => names.attribute(h) !== undefined)) return names.option(first) !== undefined;
  return false;
}

/** A cell naming another agent alone: "(Agent 3)", "per Agent 1", "Agent 2's". */
const AGENT_CELL = /^\(?(?:per |from |via |by )?agents? ?\d{1,2}(?:'s)?\)?$/;

/** Headers of a column that says whose each row is: "Source", "From", "Reported by". */
// "| Agent | Restaurant | Attribute | Level |" over "| Agent 2 | Restaurant A | ambience | 4 |" (fresh315, session 66:
// three wrong acts): the agent each row came from
const SOURCE_HEADERS = new Set(["source", "from", "who", "by", "reported by", "said by", "seen by", "origin", "agent"]);
/** A source cell that is the speaker: "me", "mine", "my notes", "Agent 1 (me)", "own". */
const OWN_SOURCE = /(?:^|[\s(])(?:me|mine|my|own|self)(?:$|[\s)])/;

/**
 * Markdown tables (a header row, a separator row, body rows) in either orientation: options as rows and
 * attributes as columns, or the other way round, in any order; the header's first cell is a label and not read.
 * A header or first-column cell that names neither kind leaves its column or row unread (a row is reported); a
 * cell stating a level gives a share, a blank, "?", "-" or "n/a" gives nothing, anything else ("3-4", "high")
 * gives nothing and is reported. A header or row may shorten a name ("Food", "Rest. A": `TableNames`); a cell may
 * mark its level ("4 ★", "★★★★☆", "+2", "✅" on a 0..1 scale). A source column ("Source", "From") keeps only the
 * rows that are the speaker's ("me"). The table's lines are masked so the sentence reader skips them.
 */
export function tableActs(
  lines: readonly { text: string; start: number }[],
  task: NaturalTask,
  out: StructuredActs,
  { names, legend }: TableContext,
) {
  for (let i = 0; i + 1 < lines.length; i++) {
    const head = lines[i] as { text: string; start: number };
    if (!head.text.includes("|")) continue;
    // "attribute | A | B | C | D" over "food quality | 4 | 1 | ? | 2" (fresh139): a header with no separator row
    // when every cell after its first names an option, or every one an attribute, and the row under it has as many
    const separated = isSeparator((lines[i + 1] as { text: string }).text);
    if (!separated && !plainHeader(head.text, (lines[i + 1] as { text: string }).text, names)) continue;
    const body = separated ? i + 2 : i + 1;
    let end = body;
    while (end < lines.length && (lines[end] as { text: string }).text.includes("|")) end++;
    const folded = cells(head.text).slice(1).map(foldCell);
    // "| Slot | Bob (me) | Carol (Agent 3) |" (fresh93): where a column is marked as the speaker's, only such columns are
    const marked = folded.map((h) => OWN_MARK.test(h));
    const header = folded.map(ownCell);
    const asOptions = header.map(names.option);
    const asAttributes = header.map(names.attribute);
    const optionCount = asOptions.filter((n) => n !== undefined).length;
    const attributeCount = asAttributes.filter((n) => n !== undefined).length;
    // "Compiled from Agent 1's and Agent 3's messages:" over the table, or "the rest is what you two posted" under
    // it: none of it is read as the speaker's
    if (!marked.includes(true) && creditedToOthers(lines, i, end)) {
      for (let r = body; r < end; r++)
        out.unparsed.push({ at: (lines[r] as Line).start, text: (lines[r] as Line).text.trim() });
      for (let k = i; k < end; k++) out.masked.push(k);
      i = end - 1;
      continue;
    }
    const longSource = cells(head.text)
      .map(foldCell)
      .findIndex((h) => SOURCE_HEADERS.has(h));
    // "| option | attribute | value |" (fresh213, session 62): a header whose "value" shortens an attribute's name
    // ("value for money") is still long format when every row names an option and an attribute in two columns
    const long =
      optionCount + attributeCount <= 1 ? longColumns(head.text, lines.slice(body, end), names, longSource) : null;
    if (optionCount + attributeCount === 0 || long !== null) {
      // long format: "| Option | Attribute | Rating |", one fact a row; "Employee E" over "| evidence | value |"
      // (fresh238, session 64): rows naming no option are the option the line over the table names alone
      const heading = headingOption(lines, i, names);
      for (let r = body; r < end; r++) longRow(lines[r] as Line, names, task, legend, longSource, out, long, heading);
      for (let k = i; k < end; k++) out.masked.push(k);
      i = end - 1;
      continue;
    }
    // options as columns when the header names more options than attributes
    const optionColumns = optionCount > attributeCount;
    const columns = optionColumns ? asOptions : asAttributes;
    const rowsKind = optionColumns ? names.attribute : names.option;
    // "| Restaurant | Food | Source |" (fresh80): a row another agent is the source of is theirs, not a share
    const source = header.findIndex((h) => SOURCE_HEADERS.has(h));
    for (let r = body; r < end; r++) {
      const line = lines[r] as { text: string; start: number };
      const row = cells(line.text);
      const name = rowsKind(ownCell(foldCell(row[0] ?? "")));
      if (name === undefined || (source >= 0 && !OWN_SOURCE.test(foldCell(row[source + 1] ?? "")))) {
        out.unparsed.push({ at: line.start, text: line.text.trim() });
        continue;
      }
      for (let c = 1; c < row.length && c - 1 < header.length; c++) {
        const column = columns[c - 1];
        if (column === undefined || (marked.includes(true) && !marked[c - 1])) continue;
        const pair: [number, number] = optionColumns ? [column, name] : [name, column];
        const label = `${row[0]}, ${header[c - 1]}`;
        const act = cellShare(row[c] as string, label, line.start, pair, task, legend, out);
        if (act !== null) out.acts.push({ at: line.start, act });
      }
    }
    for (let k = i; k < end; k++) out.masked.push(k);
    i = end - 1;
  }
}

/**
 * A plain-text grid in long format under the header on line i ("Employee  Evidence  Me  Agent 2 says" over "C  camera
 * footage  1  1", fresh217, session 62): rows of as many cells as the header, each naming an option and an attribute
 * in the same two columns, read as a markdown table's long format is (the speaker's column only, where one is
 * marked). The line after the grid, or i where there is none.
 */
function longGrid(
  lines: readonly { text: string; start: number }[],
  i: number,
  task: NaturalTask,
  out: StructuredActs,
  { names, legend }: TableContext,
): number {
  const header = gridCells((lines[i] as Line).text).map((c) => foldCell(c.text));
  if (header.length < 3) return i;
  const rows: string[][] = [];
  let end = i + 1;
  for (; end < lines.length && end <= i + MAX_GRID_ROWS; end++) {
    const text = (lines[end] as Line).text;
    const row = gridCells(text).map((c) => c.text);
    if (text.includes("|") || row.length !== header.length) break;
    rows.push(row);
  }
  // "Option  Attr  Level  From" over "Restaurant A  service  4  Agent 3" (fresh247, session 64: wrong acts): a source
  // column keeps only the speaker's rows, as a markdown table's does
  const source = header.findIndex((h) => SOURCE_HEADERS.has(h));
  const levels = longColumnsOf(
    header,
    rows.map((r) => r.map(foldCell)),
    names,
    source,
  );
  if (levels === null) return i;
  const credited = creditedToOthers(lines, i, end);
  for (const [r, row] of rows.entries()) {
    const line = lines[i + 1 + r] as Line;
    // "Restaurant A  location  4  (Agent 3)" (fresh267, session 64: a wrong act): a cell that names another agent
    // alone marks the row as theirs, with or without a source header
    const theirs =
      (source >= 0 && !OWN_SOURCE.test(foldCell(row[source] ?? ""))) || row.some((c) => AGENT_CELL.test(foldCell(c)));
    const { share, found } = longShare(row, source, names, task, legend, levels);
    if (!credited && !theirs && share !== null) out.acts.push({ at: line.start, act: share });
    else if (found > 0 || credited) out.unparsed.push({ at: line.start, text: line.text.trim() });
  }
  for (let k = i; k < end; k++) out.masked.push(k);
  return end;
}

/** The cells of a plain-text grid line: runs of words with single spaces, split by two or more spaces or a tab. */
export function gridCells(line: string): { text: string; from: number; to: number }[] {
  const expanded = line.replace(/\t/g, "    ");
  const out: { text: string; from: number; to: number }[] = [];
  for (const m of expanded.matchAll(/\S+(?: \S+)*/g))
    out.push({ text: m[0], from: m.index, to: m.index + m[0].length });
  return out;
}

/**
 * A row whose name and first value sit one space apart ("camera footage 1   0   0", fresh87): the name and the value
 * as two cells, where the first cell is a name and a value and no name as a whole; the row as it is otherwise.
 */
function splitName(
  row: { text: string; from: number; to: number }[],
  name: (cell: string) => number | undefined,
): { text: string; from: number; to: number }[] {
  const first = row[0];
  if (first === undefined || name(foldCell(first.text)) !== undefined) return row;
  const m = /^(.*\S) (\S+)$/.exec(first.text);
  if (
    m === null ||
    name(foldCell(m[1] as string)) === undefined ||
    !/^[+\-\u2212]?[0-9]{1,2}$|^[?\u2013\u2014-]$/.test(m[2] as string)
  )
    return row;
  const cut = first.from + (m[1] as string).length + 1;
  return [
    { text: m[1] as string, from: first.from, to: cut - 1 },
    { text: m[2] as string, from: cut, to: first.to },
    ...row.slice(1),
  ];
}

/** The header column a cell overlaps most (or starts within two characters of), or -1. */
function columnOf(header: readonly { from: number; to: number }[], cell: { from: number; to: number }): number {
  let best = -1;
  let overlap = 0;
  header.forEach((h, c) => {
    const o = Math.min(h.to, cell.to) - Math.max(h.from, cell.from);
    const near = o > 0 ? o : Math.max(0, 2 - Math.abs(h.from - cell.from));
    if (near > overlap) {
      overlap = near;
      best = c;
    }
  });
  return best;
}

/**
 * A grid header of one shortened noun and the options' letters ("Apt A   Apt B   Apt C", fresh61), as the letters;
 * null when the cells are not all one word and a distinct option letter.
 */
function abbreviatedLetters(cells: readonly string[], letters: ReadonlyMap<string, number>): string[] | null {
  if (letters.size === 0) return null;
  const split = cells.map((c) => /^([a-z.]+) ([a-z])$/.exec(c));
  const noun = split[0]?.[1];
  if (split.some((m) => m === null || m[1] !== noun || !letters.has((m[2] as string).toUpperCase()))) return null;
  const out = split.map((m) => (m as RegExpExecArray)[2] as string);
  return new Set(out).size === out.length ? out : null;
}

/** A grid column that is not a name and not read: a total or notes ("total(mine)", "subtotal", "Notes"). */
const TALLY_HEADERS = /^(?:sub)?total\b|^sum\b|^notes?$|^comments?$/;

/** The first label of a grid of one column, naming the rows' kind: "Candidate   Leadership". */
const ROW_LABELS: ReadonlySet<string> = new Set([
  "candidate",
  "restaurant",
  "option",
  "slot",
  "time",
  "stall",
  "suspect",
  "employee",
  "shelf",
  "apartment",
  "person",
  "name",
]);
/** Most lines of one plain-text grid read. */
const MAX_GRID_ROWS = 32;

/**
 * Plain-text grids (a header line of names, then rows of a name and levels, columns aligned by spaces, often in a
 * code fence): "               Lord Ashby   Doctor Finch" over "muddy boots    1            0", in either
 * orientation. The header names only options or only attributes (two or more; a first label such as "Stall" or
 * "Slot" that names neither is skipped); each row's first cell names the other kind and its levels are read by the
 * header column they sit under, so a blank cell shifts nothing. A total or notes column ("subtotal", "Notes") is
 * not read. Names, levels, blanks and reports as in a markdown table. Lines with "|" are markdown's. The grid's lines are masked, so the sentence reader never runs a header's
 * last name into the next line's first level.
 */
export function gridActs(
  lines: readonly { text: string; start: number }[],
  task: NaturalTask,
  out: StructuredActs,
  { names, legend }: TableContext,
) {
  const letters = optionLetters(task.domain.options);
  // the header's names, whole or after a first label cell that names neither kind ("Stall", "Slot")
  const read = (cells: { text: string; from: number; to: number }[]) => {
    const folded = cells.map((h) => foldCell(h.text));
    return abbreviatedLetters(folded, letters) ?? folded;
  };
  // every header cell a name of one kind, or (two names at least) a total or notes column, which is not read
  const kindOf = (header: string[], name: (cell: string) => number | undefined, least: number) => {
    const found = header.map((h) => (TALLY_HEADERS.test(h) ? null : name(h)));
    const named = found.filter((n) => typeof n === "number").length;
    return found.every((n) => n !== undefined) && named >= least ? found : null;
  };
  const columnsOf = (header: string[], least = 2) => {
    const asOptions = kindOf(header, names.option, least);
    return asOptions !== null
      ? { optionColumns: true, columns: asOptions }
      : { optionColumns: false, columns: kindOf(header, names.attribute, least) };
  };
  for (let i = 0; i + 1 < lines.length; i++) {
    const head = lines[i] as { text: string; start: number };
    if (head.text.includes("|")) continue;
    const long = longGrid(lines, i, task, out, { names, legend });
    if (long > i) {
      i = long - 1;
      continue;
    }
    let header = gridCells(head.text);
    let layout = columnsOf(read(header));
    let single = false;
    if (layout.columns === null && header.length >= 3) {
      header = header.slice(1);
      layout = columnsOf(read(header));
    } else if (layout.columns === null && header.length === 2 && ROW_LABELS.has(foldCell(header[0]?.text ?? ""))) {
      // "Candidate   Leadership" over "A   2", "B   5" (fresh277, session 65): one column under a row label
      header = header.slice(1);
      layout = columnsOf(read(header), 1);
      single = true;
    }
    const { optionColumns, columns } = layout;
    if (header.length < 2 - (single ? 1 : 0) || columns === null) continue;
    const rowsKind = optionColumns ? names.attribute : names.option;
    const found: { at: number; act: Act }[] = [];
    let end = i + 1;
    for (; end < lines.length && end <= i + MAX_GRID_ROWS; end++) {
      const line = lines[end] as { text: string; start: number };
      if (line.text.includes("|")) break;
      const row = splitName(gridCells(line.text), rowsKind);
      const name = rowsKind(foldCell(row[0]?.text ?? ""));
      if (name === undefined || row.length < 2) break;
      const values = row.slice(1);
      // by order when the row has a cell per column; else by position, only under a header indented past the row's
      // name (otherwise which column a cell sits under is in doubt: the row is reported, nothing read)
      const byOrder = values.length === header.length;
      const indented = (header[0] as { from: number }).from >= (row[0] as { to: number }).to;
      const at: number[] = values.map((cell, v) => (byOrder ? v : indented ? columnOf(header, cell) : -1));
      if (at.some((c) => c < 0)) {
        out.unparsed.push({ at: line.start, text: line.text.trim() });
        continue;
      }
      values.forEach((cell, v) => {
        const best = at[v] as number;
        const column = columns[best];
        if (column === null || column === undefined) return;
        const pair: [number, number] = optionColumns ? [column, name] : [name, column];
        const label = `${row[0]?.text}, ${header[best]?.text}`;
        const act = cellShare(cell.text, label, line.start, pair, task, legend, out);
        if (act !== null) found.push({ at: line.start, act });
      });
    }
    if (end === i + 1 || (single && end < i + 3)) continue;
    // a grid credited to other agents by the line before or after it is none of the speaker's (as a markdown table)
    if (creditedToOthers(lines, i, end))
      for (let r = i + 1; r < end; r++)
        out.unparsed.push({ at: (lines[r] as Line).start, text: (lines[r] as Line).text.trim() });
    else out.acts.push(...found);
    for (let k = i; k < end; k++) out.masked.push(k);
    i = end - 1;
  }
}
