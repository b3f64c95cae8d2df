import type { Act } from "../act";
import { foldName as fold, readToolCall } from "../read-tool-call";
import type { NaturalTask } from "./sentence";
import { labelledRowActs } from "./labelled-rows";
import { rankingActs } from "./ranking-acts";
import {
  AGENT_VALUE,
  cellName,
  groupOf,
  foldKey,
  KIND_KEYS,
  LEVEL_KEYS,
  LIST_KEYS,
  nameByValue,
  namePathShares,
  type PathNames,
  sourcedByAgent,
  TO_KEYS,
} from "./name-path-acts";
import { creditedToOthers, gridActs, type Names, tableActs, tableContext } from "./table-acts";
import { parseYamlSubset } from "./yaml-subset";

/** Acts found outside sentences (tables, JSON, YAML), each at its offset in the text, and what was not read. */
export interface StructuredActs {
  acts: { at: number; act: Act }[];
  unparsed: { at: number; text: string }[];
  /** Reports that put a number by a name (an unread table cell "3-4"): facts the reward may have missed. */
  missed: { at: number; text: string }[];
  /** Line numbers whose text the sentence reader skips (masked to spaces). */
  masked: number[];
  /**
   * Spans of a key left to the sentence reader whose "_" are read as spaces ("question_for_agent_2: what is ...?",
   * fresh209, session 61: the key names the addressee).
   */
  spaced?: [number, number][];
  /** Key spans written over (same length), the agent a YAML block's questions go to: [start, text]. */
  overwritten?: [number, string][];
}

const ACT_NAMES = new Set(["share", "ask", "propose", "pass"]);
const YAML_LINE = /^[ \t]*(-[ \t]+)?(act|type|kind|action|option|attribute|level|to)[ \t]*:(.*)$/i;
const FENCE = /^\s*```[a-z]*\s*$/i;
/** Most JSON values or YAML items read in one message: keeps a hostile message cheap. */
const MAX_STRUCTURED = 64;
/** Values of a proposal key that propose nothing: "proposal: none", "pick: undecided". */
const NO_CHOICE = new Set(["none", "null", "n/a", "na", "tbd", "undecided", "pending", "not yet", "-", "", "nothing"]);
/** A question key addressed to one agent: "question_for_agent_5", "ask_agent_2" (fresh102). */
const ADDRESSED_KEY = /^(?:question|ask|request)s?(?: (?:for|to))? agent ?([1-9][0-9]?)$/;

/** The kind an object names under one of KIND_KEYS, or undefined. */
function namedKind(o: Record<string, unknown>): string | undefined {
  for (const k of KIND_KEYS) {
    const v = o[k];
    if (typeof v === "string" && ACT_NAMES.has(v.trim().toLowerCase())) return v.trim().toLowerCase();
  }
  return undefined;
}

/**
 * Act-shaped objects in a JSON or YAML value, each as {act, ...fields}: objects that name their kind
 * ({"act": "share", ...}), lists under "acts" / "actions", objects or lists under a key of one kind
 * ({"share": [{...}], "propose": "X", "question": {...}}; `kind` carries that kind down), and, in an object of no
 * kind, levels at the leaves of keys that name their cell (`namePathShares`: {"Restaurant A": {"ambience": 5}}).
 */
function actObjects(value: unknown, out: Record<string, unknown>[], names: PathNames, depth = 0, kind?: string): void {
  if (depth > 3 || out.length >= MAX_STRUCTURED) return;
  if (Array.isArray(value)) {
    for (const v of value.slice(0, MAX_STRUCTURED)) actObjects(v, out, names, depth + 1, kind);
    return;
  }
  if (kind === "propose" && typeof value === "string") {
    // "proposal: none" (fresh84): no proposal yet, not a name to refuse
    // "vote: tuesday_morning" (fresh301, session 66): an option written as a key is, with "_" for spaces
    const keyed = names.names.option(foldKey(value));
    if (!NO_CHOICE.has(fold(value)))
      out.push({ act: "propose", option: keyed === undefined ? value : names.options[keyed] });
    return;
  }
  // "questions: [candidate_d.leadership]" (fresh113's YAML): a cell written as a dotted path
  const path = kind === "ask" && typeof value === "string" ? DOTTED_CELL.exec(value.trim()) : null;
  if (path !== null) {
    const option = names.names.option(foldKey(path[1] as string));
    const attribute = names.names.attribute(foldKey(path[2] as string));
    if (option !== undefined && attribute !== undefined) out.push(askObject({ option, attribute }, names));
    return;
  }
  // "- Shelf A onions", "- Employee C's phone records" (fresh121's YAML): an option, then an attribute, in words
  const spaced = kind === "ask" && typeof value === "string" ? spacedCell(value, names) : null;
  if (spaced !== null) {
    out.push(askObject(spaced, names));
    return;
  }
  const listed = kind === "ask" ? listedAsks(value, names) : null;
  if (listed !== null) {
    out.push(...listed);
    return;
  }
  const voted = kind === "propose" ? votedOption(value, names) : undefined;
  if (voted !== undefined) {
    out.push({ act: "propose", option: voted });
    return;
  }
  if (kind === "pass" && (value === true || value === null || value === "")) {
    out.push({ act: "pass" });
    return;
  }
  if (value === null || typeof value !== "object") return;
  const o = value as Record<string, unknown>;
  // {"source": "Agent 3", "option": ..., "level": 3} (fresh209, session 61): another agent's word, relayed
  if (sourcedByAgent(o, SOURCE_KEYS)) {
    names.others = true;
    return;
  }
  const named = namedKind(o);
  // {"action": "share", "facts": [{...}, ...]} (fresh66's YAML): the kind named once over a list of its acts
  const held = named === undefined ? [] : Object.entries(o).filter(([key, v]) => heldActs(key, v));
  if (named !== undefined && held.length > 0 && !("option" in o) && !("attribute" in o)) {
    // "action: propose" / "suspect: Employee A" over an evidence list (fresh101's YAML): the named act is the
    // object's own too, where its other values name an option
    const rest = Object.fromEntries(Object.entries(o).filter(([key, v]) => !heldActs(key, v)));
    const option = nameByValue(rest, names.names.option);
    if (named === "propose" && option !== undefined) out.push({ ...rest, act: named });
    const from = out.length;
    for (const [key, v] of held) actObjects(v, out, names, depth + 1, groupOf(foldKey(key)) ?? named);
    // {"act": "propose", "target": "Employee A", "evidence": {"badge log": 1}} (fresh121): the evidence's levels are
    // the proposed option's
    if (named === "propose" && option !== undefined)
      for (const act of out.slice(from))
        if (act.act === "share" && act.names === undefined && nameByValue(act, names.names.option) === undefined)
          act.option = names.options[option];
    return;
  }
  // "- act: share / apartment: Apartment C / quietness: 5" (fresh121's YAML): a share whose attribute is the key
  if (named === "share" && attributeKeyed(o, out)) return;
  if (named !== undefined) {
    out.push({ ...o, act: named });
    return;
  }
  let grouped = false;
  const first = out.length;
  for (const [key, v] of Object.entries(o)) {
    const lower = foldKey(key);
    if (LIST_KEYS.has(lower) && typeof v === "object" && v !== null) {
      grouped = true;
      actObjects(v, out, names, depth + 1);
    }
    const addressed = ADDRESSED_KEY.exec(lower);
    const group = addressed !== null ? "ask" : groupOf(lower);
    // "evidence: camera footage" inside a share (fresh84): a group key over a plain string is a field, not a group
    // ("need": "Restaurant C service", fresh225, session 63: a string naming a whole cell is the ask itself)
    const whole =
      group === "ask" && typeof v === "string" && (spacedCell(v, names) !== null || spacedCells(v, names) !== null);
    const field = (group === "share" || group === "ask") && !whole ? typeof v !== "object" || v === null : false;
    if (group !== undefined && !field) {
      grouped = true;
      const from = out.length;
      actObjects(v, out, names, depth + 1, group);
      // "question_for_agent_5: {option: ..., attribute: ...}" (fresh102): the key's agent is the addressee
      if (addressed !== null)
        for (const act of out.slice(from)) if (act.to === undefined) act.to = `Agent ${addressed[1] as string}`;
    }
  }
  // "request: [...]" beside "to: Agent 4" (fresh113's YAML): the object's addressee is its questions' ("agent:"
  // beside groups names the speaker, fresh57)
  const to = grouped
    ? ADDRESS_KEYS.map((k) => o[k]).find((v) => typeof v === "string" || typeof v === "number")
    : undefined;
  if (to !== undefined) for (const act of out.slice(first)) if (act.act === "ask" && act.to === undefined) act.to = to;
  // "suspect: Miss Hartley / evidence: {poison bottle: 2}" (fresh107's YAML, session 61): levels under a share group
  // that name no option are those of the option a plain field beside the group names
  if (grouped) ownedShares(o, out.slice(first), names);
  if (!grouped && kind === "ask" && keyedAsks(o, names, out)) return;
  const about = !grouped && kind === "ask" ? aboutCell(o, names) : null;
  if (about !== null) {
    out.push(about);
    return;
  }
  if (!grouped && kind === "share" && nestedShares(o, out)) return;
  if (!grouped && kind === "share" && attributeKeyed(o, out)) return;
  if (!grouped && kind !== undefined) out.push({ ...o, act: kind });
  if (kind === undefined) unkindedObject(o, out, names, depth);
}

/** An object under no kind: the pick a top-level "suspect" names (`suspectPick`), and its key paths' shares. */
function unkindedObject(
  o: Record<string, unknown>,
  out: Record<string, unknown>[],
  names: PathNames,
  depth: number,
): void {
  const pick = depth === 0 ? suspectPick(o, names) : undefined;
  if (pick !== undefined) out.push({ act: "propose", option: names.options[pick] });
  namePathShares(o, names, out);
}

/**
 * "suspect: Employee E" closing a block of attribute maps (fresh301, fresh305, fresh325, fresh329; session 67): a
 * top-level "suspect" naming one option is the speaker's pick where every other value of the object is a map or a
 * list. Beside a plain level ({"suspect": "Lady Ashby", "poison bottle": 0}) it only says whose cells those are.
 */
function suspectPick(o: Record<string, unknown>, names: PathNames): number | undefined {
  const entries = Object.entries(o);
  const at = entries.findIndex(([key]) => foldKey(key) === "suspect");
  const value = entries[at]?.[1];
  if (at < 0 || typeof value !== "string" || entries.length < 2) return undefined;
  if (!entries.every(([key, v], k) => k === at || (foldKey(key) !== "suspect" && typeof v === "object" && v !== null)))
    return undefined;
  return names.names.option(foldKey(value));
}

/**
 * The shares among `acts` that name no option (no option field, no value naming one, no key path) given the option
 * that the object's plain string fields (not a group, list, field or kind key) name, where exactly one is named.
 */
function ownedShares(o: Record<string, unknown>, acts: readonly Record<string, unknown>[], names: PathNames): void {
  const owners = new Set<number>();
  for (const [key, v] of Object.entries(o)) {
    const lower = foldKey(key);
    if (typeof v !== "string" || groupOf(lower) !== undefined || LIST_KEYS.has(lower)) continue;
    const option = names.names.option(foldKey(v));
    if (option !== undefined) owners.add(option);
  }
  const [owner] = owners;
  if (owners.size !== 1 || owner === undefined) return;
  for (const act of acts)
    if (
      act.act === "share" &&
      act.names === undefined &&
      act.option === undefined &&
      nameByValue(act, names.names.option) === undefined
    )
      act.option = names.options[owner];
}

/**
 * Keys that name where an object's word came from: {"source": "Agent 3"}, {"reported_by": "agent_2"} ("from:
 * agent_1" names the sender, fresh57).
 */
const SOURCE_KEYS: ReadonlySet<string> = new Set([
  "source",
  "via",
  "reported by",
  "according to",
  "per",
  "origin",
  "relayed from",
  "said by",
]);

/**
 * Asks keyed by option, the attribute (or a list of them) as the value: "open_question: {Monday 2pm: Erin's
 * availability}" (fresh113), "Lady Ashby: torn glove?" (a question mark after it, fresh213); or keyed by the agent
 * asked, the cell as the value ("asking: {Agent 1: Restaurant C food quality}", fresh213, session 62). Every key must
 * name an option (or an agent) and every value an attribute (or a whole cell); else nothing is taken.
 */
function keyedAsks(o: Record<string, unknown>, names: PathNames, out: Record<string, unknown>[]): boolean {
  const asks: Record<string, unknown>[] = [];
  for (const [key, v] of Object.entries(o)) {
    const agent = AGENT_KEY.exec(foldKey(key));
    if (agent !== null) {
      const cell = typeof v === "string" ? spacedCell(v, names) : null;
      if (cell === null) return false;
      asks.push({ ...askObject(cell, names), to: `Agent ${agent[1]}` });
      continue;
    }
    const option = names.names.option(foldKey(key));
    if (option === undefined) return false;
    for (const item of Array.isArray(v) ? v : [v]) {
      const attribute = cellName(typeof item === "string" ? item.replace(/\s*\?+$/, "") : item, names.names.attribute);
      if (attribute === undefined) return false;
      asks.push(askObject({ option, attribute }, names));
    }
  }
  if (asks.length === 0) return false;
  out.push(...asks);
  return true;
}

/** Votes written as yes or no. */
const YES = new Set(["yes", "y", "true", "for", "aye", "+1"]);
const NO = new Set(["no", "n", "false", "against", "nay", "-1"]);

/**
 * The option a map of votes keyed by option picks ("votes: {Restaurant D: yes, Restaurant B: no}", fresh213, session
 * 62): every key an option and every value yes or no, exactly one yes; else undefined.
 */
function votedOption(value: unknown, names: PathNames): string | undefined {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return undefined;
  let picked: string | undefined;
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    const option = names.names.option(foldKey(key));
    const vote = typeof v === "boolean" ? String(v) : typeof v === "string" ? v.trim().toLowerCase() : "";
    if (option === undefined || !(YES.has(vote) || NO.has(vote))) return undefined;
    if (!YES.has(vote)) continue;
    if (picked !== undefined) return undefined;
    picked = names.options[option];
  }
  return picked;
}

/** A key naming an agent: "Agent 1", "agent_3". */
const AGENT_KEY = /^agent ?(\d{1,2})$/;

/** Keys of an ask object whose value may be the whole cell in words: {"to": "Agent 3", "about": "Shelf A onions"}. */
const CELL_KEYS: ReadonlySet<string> = new Set([
  "about",
  "cell",
  "what",
  "re",
  "subject",
  "topic",
  "need",
  "missing",
  "item",
  // {"target": "Agent 1", "want": "Restaurant B food quality"} (fresh241, session 64)
  "want",
  "wanted",
]);

/**
 * An ask object with no option or attribute field whose one cell key holds a whole cell in words ({"to": "Agent 3",
 * "about": "Shelf A onions"}, fresh213, session 62): the ask, with the object's other fields; else null.
 */
function aboutCell(o: Record<string, unknown>, names: PathNames): Record<string, unknown> | null {
  if (o.option !== undefined || o.attribute !== undefined) return null;
  const keys = Object.keys(o).filter((k) => CELL_KEYS.has(foldKey(k)));
  if (keys.length !== 1) return null;
  const key = keys[0] as string;
  const value = o[key];
  const cell = typeof value === "string" ? spacedCell(value, names) : null;
  if (cell === null) return null;
  const rest = Object.fromEntries(Object.entries(o).filter(([k]) => k !== key));
  // "target: Agent 1" beside the cell names the agent asked (a target naming an option is no addressee)
  const target = Object.entries(rest).find(([k]) => foldKey(k) === "target")?.[1];
  if (rest.to === undefined && typeof target === "string" && AGENT_VALUE.test(target)) rest.to = target;
  return { ...rest, ...askObject(cell, names) };
}

/** The ask act object of a cell, its names written out whole. */
function askObject(cell: { option: number; attribute: number }, names: PathNames): Record<string, unknown> {
  return { act: "ask", option: names.options[cell.option], attribute: names.attributes[cell.attribute] };
}

/** The cell a string names as an option, then an attribute ("Shelf A onions", "Employee C's phone records"), or null. */
// "Omar's calendar for Monday evening" (fresh225, session 63): the attribute first, then a preposition and the option
function spacedCell(value: string, names: PathNames): { option: number; attribute: number } | null {
  const words = foldKey(value.replace(/\?+$/, "")).split(" ");
  if (words.length > 8) return null;
  for (let n = 1; n < words.length; n++) {
    const option = names.names.option(words.slice(0, n).join(" ").replace(/'s$/, ""));
    const attribute = names.names.attribute(words.slice(n).join(" "));
    if (option !== undefined && attribute !== undefined) return { option, attribute };
    const rest = CELL_PREPOSITIONS.has(words[n] as string) ? n + 1 : -1;
    const first = rest > 0 ? names.names.attribute(words.slice(0, n).join(" ")) : undefined;
    const last = first === undefined ? undefined : names.names.option(words.slice(rest).join(" "));
    if (first !== undefined && last !== undefined) return { option: last, attribute: first };
  }
  return null;
}

/**
 * The asks of one attribute over a list of options under an ask key: a string ("need": "Dan's availability for
 * Tuesday 9am and Monday 4pm", "request": "Agent 1, books sold for Stall B and Stall D please"; fresh285, session 65)
 * or an object ({"to": "everyone", "attribute": "value for money", "options": ["Restaurant B", "Restaurant C"]}); else
 * null.
 */
function listedAsks(value: unknown, names: PathNames): Record<string, unknown>[] | null {
  return typeof value === "string" ? spacedCells(value, names) : optionsAsk(value, names);
}

/** An ask string's address and closing words: "Agent 1, ... please", "... pls?". */
const ASK_ADDRESS = /^\s*agent\s*_?(\d{1,2})\s*[,:—–-]\s*/i;
const ASK_CLOSE = /[\s,]*(?:please|pls|plz|thanks)?[\s.!?]*$/i;

/**
 * The asks a string names as one attribute over a list of options ("Dan's availability for Tuesday 9am and Monday
 * 4pm", "Agent 1, books sold for Stall B and Stall D please"), each option named whole; null otherwise.
 */
function spacedCells(value: string, names: PathNames): Record<string, unknown>[] | null {
  if (value.length > 200) return null;
  const address = ASK_ADDRESS.exec(value);
  const text = value.slice(address?.[0].length ?? 0).replace(ASK_CLOSE, "");
  const m = /^(.{1,60}?)\s+(?:for|at|on|of)\s+(.{1,140})$/i.exec(text);
  if (m === null) return null;
  const attribute = names.names.attribute(foldKey(m[1] as string));
  if (attribute === undefined) return null;
  const items = (m[2] as string).split(/\s*,\s*(?:and\s+)?|\s+and\s+|\s*&\s*/);
  const options = items.map((item) => names.names.option(foldKey(item)));
  if (options.length < 2 || options.some((o) => o === undefined) || new Set(options).size !== options.length)
    return null;
  const to = address === null ? {} : { to: `Agent ${address[1] as string}` };
  return options.map((option) => ({ ...askObject({ option: option as number, attribute }, names), ...to }));
}

/** The asks of {"attribute": ..., "options": [...], "to": ...}: the attribute at each option named; else null. */
function optionsAsk(value: unknown, names: PathNames): Record<string, unknown>[] | null {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return null;
  const o = value as Record<string, unknown>;
  const list = o.options;
  if (typeof o.attribute !== "string" || !Array.isArray(list) || list.length === 0 || list.length > 8) return null;
  const attribute = names.names.attribute(foldKey(o.attribute));
  const options = list.map((item) => (typeof item === "string" ? names.names.option(foldKey(item)) : undefined));
  if (attribute === undefined || options.some((x) => x === undefined)) return null;
  // {"to": "everyone"} puts the ask to no one agent
  const to = typeof o.to === "string" && AGENT_VALUE.test(o.to) ? { to: o.to } : {};
  return options.map((option) => ({ ...askObject({ option: option as number, attribute }, names), ...to }));
}

/** Words between an attribute and its option in a cell written out: "Omar's calendar for Monday evening". */
const CELL_PREPOSITIONS = new Set(["for", "at", "of", "on", "in"]);

/** An option and an attribute joined by a dot or slash, as a key path: "candidate_d.leadership", "Shelf B.onions". */
// "Stall C / cakes sold", "Employee A / phone records?" (fresh121's YAML): a slash, a question mark after the path
const DOTTED_CELL = /^([A-Za-z][\w '-]{0,40}?) ?[./] ?([A-Za-z][\w '-]{0,40}?)\??$/;

/** Keys beside act groups that name the addressee of their questions (not "agent", the speaker there). */
// "question_for": "Agent 2" (fresh225, session 63)
const ADDRESS_KEYS = ["to", "recipient", "addressee", "ask_to", "question_for", "questions_for", "directed_to"];

/** Does the key hold acts (a list or map under a list or group key: "facts", "acts", "shares")? */
function heldActs(key: string, v: unknown): boolean {
  const lower = foldKey(key);
  return (LIST_KEYS.has(lower) || groupOf(lower) !== undefined) && typeof v === "object" && v !== null;
}

/**
 * One object of an option and its levels keyed by attribute ({"employee": "Employee B", "camera footage": 0,
 * "email records": 1}, fresh61's YAML): a share per key that is not a known field, as an act object with the key as
 * its attribute (read or refused by `normalised` and the tool-call reader). False when the object has a level field
 * or no such key.
 */
function attributeKeyed(o: Record<string, unknown>, out: Record<string, unknown>[]): boolean {
  if (LEVEL_KEYS.some((k) => o[k] !== undefined) || o.attribute !== undefined) return false;
  const found: Record<string, unknown>[] = [];
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(o)) {
    if (typeof value === "number") found.push({ act: "share", attribute: key, level: value });
    else rest[key] = value;
  }
  if (found.length === 0 || out.length + found.length > MAX_STRUCTURED) return false;
  for (const share of found) out.push({ ...rest, ...share });
  return true;
}

/**
 * Shares as a map keyed by names, two deep, with levels at the leaves ({"Employee D": {"badge log": 1}}, either
 * way round; fresh57's YAML): each leaf an act object with the two keys as option and attribute, told apart by
 * `normalised`. False when the map is not that shape (then nothing is pushed).
 */
function nestedShares(o: Record<string, unknown>, out: Record<string, unknown>[]): boolean {
  const found: Record<string, unknown>[] = [];
  for (const [outer, inner] of Object.entries(o)) {
    if (inner === null || typeof inner !== "object" || Array.isArray(inner)) return false;
    for (const [key, level] of Object.entries(inner as Record<string, unknown>)) {
      if (typeof level !== "number" && typeof level !== "string") return false;
      found.push({ act: "share", names: [outer, key], level });
    }
  }
  if (found.length === 0 || out.length + found.length > MAX_STRUCTURED) return false;
  out.push(...found);
  return true;
}

/**
 * An act object's fields under the names `readToolCall` reads: the option and attribute under their own keys or
 * as the one value naming an option / attribute ({"shelf": "Shelf A", "item": "apples"}), each read as a table
 * cell is (whole, a letter: {"restaurant": "B"}, a person: {"person": "Bob"}, a short form) and written out whole;
 * the level under LEVEL_KEYS, the addressee under TO_KEYS.
 */
function normalised(o: Record<string, unknown>, task: NaturalTask, names: Names): Record<string, unknown> {
  const out: Record<string, unknown> = { ...o };
  const { options, attributes } = task.domain;
  // a nested map's two keys: which is the option and which the attribute is told by the names
  const values = Array.isArray(o.names) ? { first: o.names[0], second: o.names[1] } : o;
  delete out.names;
  // an option under its own key that names none ("Restaurant Z") stays as written, to be refused, not replaced
  const option = o.option !== undefined ? cellName(o.option, names.option) : nameByValue(values, names.option);
  if (option !== undefined) out.option = options[option];
  const attribute = cellName(o.attribute, names.attribute);
  const byValue = nameByValue(values, names.attribute);
  if (attribute !== undefined) out.attribute = attributes[attribute];
  else if (o.attribute === undefined && byValue !== undefined) out.attribute = attributes[byValue];
  else if (typeof o.attribute === "string" && byValue !== undefined) {
    // {"person": "Dan", "availability": 0} (fresh64's YAML): the key that held the level is the noun the person's
    // attribute ends with ("Dan's availability"), and the person names the attribute
    const owner = attributes[byValue] as string;
    if (fold(owner).endsWith(` ${fold(o.attribute)}`)) out.attribute = owner;
  }
  const levelKey = LEVEL_KEYS.find((k) => o[k] !== undefined);
  if (levelKey !== undefined) out.level = o[levelKey];
  const toKey = TO_KEYS.find((k) => o[k] !== undefined);
  if (toKey !== undefined) out.to = o[toKey];
  // {"ask": {"who": "Agent 1", ...}} (fresh121): "who" names the addressee where its value is an agent
  else if (typeof o.who === "string" && /^agent[ _]?[0-9]{1,2}$/i.test(o.who.trim())) out.to = o.who;
  return out;
}

/** One act-shaped object ({"act": "share", "option": ..., ...} or {"name": ..., "arguments": {...}}) read as a tool call. */
function readObject(
  o: Record<string, unknown>,
  at: number,
  task: NaturalTask,
  names: Names,
  out: StructuredActs,
): void {
  const args = typeof o.arguments === "object" && o.arguments !== null ? (o.arguments as Record<string, unknown>) : o;
  const fields = normalised(args, task, names);
  let reading = readToolCall(namedKind(o), fields, task);
  // {"option": ..., "attribute": ..., "from": "Agent 3"} under "requests" (fresh325, session 67: a wrong act): a
  // request's "from" names the agent asked (a share's names its sender)
  const from = typeof args.from === "string" ? args.from.trim() : "";
  if (
    "act" in reading &&
    reading.act.kind === "ask" &&
    fields.to === undefined &&
    /^agent[ _]?[0-9]{1,2}$/i.test(from)
  ) {
    const addressed = readToolCall(namedKind(o), { ...fields, to: from }, task);
    if ("act" in addressed) reading = addressed;
  }
  // an ask to "Agent 5" where the team has three (fresh121): the question stands, put to no one
  if ("error" in reading && reading.error.startsWith("ask.to:")) {
    const { to: _, ...unaddressed } = fields;
    const again = readToolCall(namedKind(o), unaddressed, task);
    if ("act" in again) {
      out.unparsed.push({ at, text: reading.error });
      reading = again;
    }
  }
  if ("act" in reading) out.acts.push({ at, act: reading.act });
  else if ("error" in reading) out.unparsed.push({ at, text: reading.error });
}

/** The end (exclusive) of the balanced JSON value opening at `start`, or -1. Strings are skipped. */
function balancedEnd(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === "\\") i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === "{" || c === "[") depth++;
    else if (c === "}" || c === "]") {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return -1;
}

/** What the JSON and YAML readers of one message share: the task, its names, the message's lines. */
interface ValueReading {
  task: NaturalTask;
  path: PathNames;
  lines: readonly { text: string; start: number }[];
  out: StructuredActs;
}

/** The index of the line holding character `at`. */
function lineAt(lines: readonly { start: number }[], at: number): number {
  let k = 0;
  while (k + 1 < lines.length && (lines[k + 1] as { start: number }).start <= at) k++;
  return k;
}

/** An intro naming the speaker's own part of a value: "my own cells are under `mine`", "mine are ...". */
const OWN_INTRO = /\b(?:my own|mine)\b/i;
/** A key of the speaker's own part: `mine:`, `my_view:`, `"my cells":`, `own:`, `from_me:`. */
const OWN_KEY = /^\s*(?:-\s+)?["']?(?:mine|my[ _-][\w -]{1,20}|own|my own|from[ _-]me)["']?\s*:/i;

/**
 * The act objects of one JSON or YAML value on lines first..last, read: shares are dropped where the value is
 * credited to other agents ("Here is what Agent 2 sent:", `creditedToOthers`). Returns whether an ask was read.
 */
function readValue(objects: Record<string, unknown>[], at: number, first: number, last: number, r: ValueReading) {
  // "My own cells are under `mine`; the `agent3_claims` block is just Agent 3's numbers" (fresh213, session 62): an
  // intro that credits a part to others and names the speaker's own, over a value whose others' part its keys set
  // apart (`r.path.others`), leaves the rest the speaker's
  // "reported_by_agent_1:" beside "mine:" / "my_view:" (fresh221, session 63): a key of the value names the speaker's
  // own part as the intro would
  const ownNamed =
    r.path.others &&
    (r.lines.slice(Math.max(0, first - 3), first).some((l) => OWN_INTRO.test(l.text)) ||
      r.lines.slice(first, last + 1).some((l) => OWN_KEY.test(l.text)));
  const others = !ownNamed && creditedToOthers(r.lines, first, last + 1);
  let asked = false;
  for (const o of objects) {
    const kind = namedKind(o);
    if (others && kind === "share") continue;
    asked ||= kind === "ask";
    readObject(o, at, r.task, r.path.names, r.out);
  }
  return asked;
}

/**
 * The question strings of a JSON value ({"question": "How many rice bags are on Shelf B?"}, fresh102): each
 * `"key": "...?"` value's span, left for the sentence reader (an ask written in words inside the value).
 */
function questionSpans(text: string, start: number, end: number): [number, number][] {
  const spans: [number, number][] = [];
  const pair = /"(?:[^"\\\n]|\\.){1,40}"\s*:\s*"((?:[^"\\\n]|\\.){3,300}?\?)\s*"/g;
  const body = text.slice(start, end);
  for (let m = pair.exec(body); m !== null && spans.length < MAX_STRUCTURED; m = pair.exec(body)) {
    const from = start + m.index + m[0].lastIndexOf(m[1] as string);
    spans.push([from, from + (m[1] as string).length]);
  }
  return spans;
}

/**
 * {"question_for": "Agent 2", "question": "Tuesday morning, Lena's calendar?"} (fresh237, session 63): the questions
 * left for the sentence reader go to the agent the value names, written over the quote and key before each question
 * ("Agent 2," where they are long enough), as a YAML block's `question_for:` is.
 */
function addressQuestions(value: unknown, text: string, spans: readonly [number, number][], out: StructuredActs) {
  if (spans.length === 0 || value === null || typeof value !== "object" || Array.isArray(value)) return;
  const o = value as Record<string, unknown>;
  const to = ADDRESS_KEYS.map((k) => o[k]).find((v) => typeof v === "string" && /^@?agent\s*\d{1,2}$/i.test(v.trim()));
  const named =
    typeof to === "string"
      ? `${to
          .trim()
          .replace(/^@/, "")
          .replace(/^agent\s*/i, "Agent ")},`
      : null;
  for (const [from] of spans) {
    // the key and quotes before the question: `"question": "`
    const key = /"([^"\n]{1,40})"\s*:\s*"$/.exec(text.slice(Math.max(0, from - 48), from));
    if (key === null) continue;
    // {"question_for_agent_2": "exact ambience for C?"} (fresh337, session 68: a wrong act): the key names the agent
    const keyed = ADDRESSED_KEY.exec(foldKey(key[1] as string));
    const address = keyed !== null ? `Agent ${keyed[1] as string},` : named;
    if (address === null || key[0].length < address.length) continue;
    (out.overwritten ??= []).push([from - key[0].length, address.padEnd(key[0].length, " ")]);
  }
}

/** [start, end) with `holes` (sorted, inside it) left out. */
function without(start: number, end: number, holes: readonly [number, number][]): [number, number][] {
  const parts: [number, number][] = [];
  let at = start;
  for (const [from, to] of holes) {
    if (from > at) parts.push([at, from]);
    at = Math.max(at, to);
  }
  if (at < end) parts.push([at, end]);
  return parts;
}

/** JSON values holding act-shaped objects; their characters are returned as ranges to mask. */
function jsonActs(text: string, r: ValueReading): [number, number][] {
  const ranges: [number, number][] = [];
  const opener = /[{[]/g;
  let i = 0;
  while (i < text.length && ranges.length < MAX_STRUCTURED) {
    opener.lastIndex = i;
    const open = opener.exec(text);
    if (open === null) break;
    const start = open.index;
    const end = balancedEnd(text, start);
    if (end < 0) break; // never closed: nothing after it is a whole value either
    let value: unknown;
    try {
      value = JSON.parse(text.slice(start, end));
    } catch {
      i = end; // not JSON: skipped whole, so nested brackets are scanned once
      continue;
    }
    const objects: Record<string, unknown>[] = [];
    r.path.others = false;
    actObjects(value, objects, r.path);
    // {"from_agent_2": {...}}, {"totals": {...}}: a JSON object with no act of the speaker's is masked too, so no
    // sentence reads its keys and numbers as prose ("Restaurant A": 14}, "weights": {"service": 3)
    const object = value !== null && typeof value === "object" && !Array.isArray(value);
    if (objects.length === 0 && (r.path.others || object)) ranges.push([start, end]);
    if (objects.length > 0) {
      const asked = readValue(objects, start, lineAt(r.lines, start), lineAt(r.lines, end - 1), r);
      const spans = asked ? [] : questionSpans(text, start, end);
      ranges.push(...(asked ? [[start, end] as [number, number]] : without(start, end, spans)));
      addressQuestions(value, text, spans, r.out);
    }
    i = end;
  }
  return ranges;
}

/** YAML items ("act: share" / "option: ..." lines, "- " starting an item) that name an act kind. */
function yamlActs(r: ValueReading, read: ReadonlySet<number>): void {
  const { lines, out } = r;
  let item: { fields: Record<string, string>; lines: number[]; at: number } | null = null;
  const flush = (): void => {
    if (item === null) return;
    const kind = item.fields.act ?? item.fields.type ?? item.fields.kind ?? item.fields.action;
    if (kind !== undefined && ACT_NAMES.has(kind.toLowerCase())) {
      readObject({ ...item.fields, act: kind }, item.at, r.task, r.path.names, out);
      out.masked.push(...item.lines);
    }
    item = null;
  };
  for (let k = 0; k < lines.length; k++) {
    const line = lines[k] as { text: string; start: number };
    const m = read.has(k) ? null : YAML_LINE.exec(line.text);
    if (m === null) {
      flush();
      continue;
    }
    const key = (m[2] as string).toLowerCase();
    const value = (m[3] as string).trim().replace(/^["']|["']$/g, "");
    const kindKey = key === "act" || key === "type" || key === "kind" || key === "action";
    if (m[1] !== undefined || item === null || (kindKey && Object.keys(item.fields).some((f) => f === key))) {
      flush();
      item = { fields: {}, lines: [], at: line.start };
    }
    (item as { fields: Record<string, string> }).fields[key] = value;
    (item as { lines: number[] }).lines.push(k);
  }
  flush();
}

/** A fence that opens a YAML block (or a block of no language) and the fence that closes any block. */
const YAML_FENCE = /^\s*```(ya?ml)?\s*$/i;

/**
 * Fenced YAML blocks read whole (`parseYamlSubset`) when they hold act-shaped values: the nested forms line-by-line
 * reading cannot pair (`share:` over a list of `- option: ...` items, `propose: X` beside them). Each block's lines
 * are masked; returns their line numbers, which `yamlActs` then skips.
 */
function yamlBlockActs(r: ValueReading, fences: YamlFences): Set<number> {
  const read = new Set<number>();
  for (const [k, end] of fences.blocks) yamlBlock(r, k, end, read);
  // "candidate_b:\n  communication: 5\n..." with no fence (fresh113): a whole message of nested YAML is read as a
  // fenced block is, where every line is YAML and some line is nested under a key
  const { lines } = r;
  // "shelf_b:\n  apples: 5\n...\n\nnothing else from me" (fresh209, session 61): the YAML up to a blank line, prose
  // after it
  // "lord_ashby:\n  library_key: 1\n  ...\nThat's all I have." (fresh313, session 66): or up to a line of prose
  // opening at the margin
  const blank = lines.findIndex(
    (l) =>
      l.text.trim() === "" ||
      (indentOf(l.text) === 0 && !UNFENCED_LINE.test(l.text) && !/^(?:---|\.\.\.)\s*$/.test(l.text)),
  );
  const end = blank < 0 ? lines.length : blank;
  if (fences.opened) return read;
  if (end >= 3 && lines.slice(0, end).some((l) => /^\s+\S/.test(l.text))) yamlBlock(r, -1, end, read, true);
  // "Right, here's mine, tidied into YAML:\n\n    restaurant_b:\n      service: 3\n..." (fresh213, session 62): a
  // later run of lines between blank lines, every one a YAML key or item and some nested, is read the same way
  let from = end;
  while (from < lines.length) {
    while (from < lines.length && (lines[from] as { text: string }).text.trim() === "") from++;
    let to = from;
    while (to < lines.length && (lines[to] as { text: string }).text.trim() !== "") to++;
    const run = lines.slice(from, to);
    const base = run.length === 0 ? 0 : indentOf((run[0] as { text: string }).text);
    if (
      from > 0 &&
      run.length >= 3 &&
      run.every((l) => UNFENCED_LINE.test(l.text)) &&
      run.some((l) => indentOf(l.text) > base)
    )
      yamlBlock(r, from - 1, to, read, true);
    from = to;
  }
  return read;
}

/** A line of a YAML block written without fences: a `key:` (with or without a value) or a `- ` item. */
const UNFENCED_LINE = /^\s*(?:-\s+\S|(?:-\s+)?[A-Za-z_][\w .'-]{0,40}:(?:\s|$))/;
const indentOf = (text: string): number => text.length - text.trimStart().length;

/** A message's YAML fences: each closed block's opening and closing fence lines, and whether any YAML fence opened. */
interface YamlFences {
  blocks: [number, number][];
  opened: boolean;
}

function yamlFences(lines: readonly { text: string }[]): YamlFences {
  const fences: YamlFences = { blocks: [], opened: false };
  for (let k = 0; k < lines.length; k++) {
    if (!YAML_FENCE.test((lines[k] as { text: string }).text)) continue;
    fences.opened = true;
    let end = k + 1;
    while (end < lines.length && !FENCE.test((lines[end] as { text: string }).text)) end++;
    if (end >= lines.length) break;
    fences.blocks.push([k, end]);
    k = end;
  }
  return fences;
}

/** The YAML block between the fence lines k and end (-1 and lines.length for a message without fences). */
function yamlBlock(r: ValueReading, k: number, end: number, read: Set<number>, unfenced = false): void {
  const { lines, out } = r;
  // "experience: 2   # per Agent 3, not mine" (fresh237, session 63): a line its comment credits to another agent is
  // no value of the speaker's (a comment on a line of its own is kept: it marks the entries under it, yaml-subset.ts)
  const body = lines
    .slice(k + 1, end)
    .map((l) => (SET_APART_COMMENT.test(l.text) && !/^\s*#/.test(l.text) ? "" : l.text));
  const objects: Record<string, unknown>[] = [];
  r.path.others = false;
  actObjects(parseYamlSubset(body.join("\n")), objects, r.path);
  if (objects.length === 0 && !r.path.others) return;
  const [acts, unparsed, missed] = [out.acts.length, out.unparsed.length, out.missed.length];
  const asked = readValue(objects, (lines[k + 1] as { start: number }).start, k, end, r);
  // a message without fences is YAML only where that reading is clean: some act, nothing refused (else the
  // sentence and line readers take it, as "I'm missing a couple of cells:" over "asks:" items, fresh113)
  if (unfenced && (out.acts.length === acts || out.unparsed.length > unparsed || out.missed.length > missed)) {
    out.acts.length = acts;
    out.unparsed.length = unparsed;
    out.missed.length = missed;
    return;
  }
  // "question_for: Agent 2" beside "question: What's X?" (fresh217, session 62): the block's questions go to that agent
  const addressee = lines
    .slice(Math.max(k, 0), end)
    .map((l) => ADDRESSEE_LINE.exec(l.text)?.[1])
    .find((n) => n !== undefined);
  for (let j = Math.max(k, 0); j <= Math.min(end, lines.length - 1); j++) {
    read.add(j);
    // "question: How many rice bags are on Shelf B?": a question in words is left for the sentence reader
    const line = lines[j] as { text: string; start: number };
    if (asked || !QUESTION_LINE.test(line.text)) out.masked.push(j);
    else {
      const colon = line.text.indexOf(":");
      if (colon > 0) (out.spaced ??= []).push([line.start, line.start + colon]);
      // the key written over by the address, where it is long enough ("question" -> "Agent 2,")
      const key = line.text.slice(0, colon + 1);
      const address = `Agent ${addressee},`;
      if (addressee !== undefined && colon > 0 && key.trim().length >= address.length) {
        const lead = key.length - key.trimStart().length;
        (out.overwritten ??= []).push([line.start + lead, address.padEnd(key.length - lead, " ")]);
      }
    }
  }
}

/** A YAML line naming the agent a block's questions go to: "question_for: Agent 2", "to: agent 3", "ask: @Agent 1". */
const ADDRESSEE_LINE =
  /^\s*(?:to|question[_ ]for|questions[_ ]for|ask|ask[_ ]to|asking|for|recipient|addressee|directed[_ ]to)\s*:\s*["']?@?agent\s*(\d{1,2})["']?\s*$/i;

/**
 * A `# comment` that sets its line's value apart: crediting it to someone else ("# per Agent 3", "# from Agent 1", "#
 * not mine", "# theirs") or doubting it ("location: 4   # if memory serves", fresh317, session 66: a wrong act).
 */
// "communication: 4   # or 5, the notes disagree" (fresh469, session 70: a wrong act): another level offered, or
// sources that disagree
const SET_APART_COMMENT =
  /#[^\n]*(?:\bagents?\s*\d|\bnot mine\b|\btheirs\b|\breported\b|\brelayed\b|\bheard\b|\bif memory serves\b|\bif i remember\b|\bnot sure\b|\bunsure\b|\bunconfirmed\b|\bunverified\b|\bmaybe\b|\bmight\b|\bguess\b|\broughly\b|\bapprox|\bor\s+[+-]?\d\b|\bdisagrees?\b|\bconflict)/i;

/** A `key: value` line of a fenced block: the value, and a `# comment` after it. */
const FENCED_PAIR = /^\s*(?:-\s+)?[\w .'-]{1,40}:\s+([^#]*?)\s*(#.*)?$/;
/** Values a model writes for a level it lacks or doubts: "2?", "unknown", "n/a", "tbd", "-". */
const UNSURE_VALUE = /^(?:[+-]?\d+\s*\?+|unknown|n\/a|na|tbd|none|null|-+|\?+)$/i;

/**
 * In a fenced YAML block read line by line (not whole), a `key: value` line whose value is doubted or missing
 * ("location: 2?   # not sure, might be 3", fresh113) is masked (no act, and no end to the list the others make),
 * and a `# comment` after a value is masked, the value kept.
 */
function unsureYamlLines(
  lines: readonly { text: string; start: number }[],
  fences: YamlFences,
  read: ReadonlySet<number>,
  out: StructuredActs,
  ranges: [number, number][],
): void {
  for (const [k, end] of fences.blocks)
    for (let j = k + 1; j < end; j++) {
      if (read.has(j)) continue;
      const line = lines[j] as { text: string; start: number };
      const m = FENCED_PAIR.exec(line.text);
      if (m === null) continue;
      if (UNSURE_VALUE.test((m[1] as string).trim()) || SET_APART_COMMENT.test(line.text)) out.masked.push(j);
      else if (m[2] !== undefined) {
        const at = line.start + line.text.length - m[2].length;
        ranges.push([at, line.start + line.text.length]);
      }
    }
}

/**
 * A YAML line whose value is a question in words: "question: Who has B's rent?", "notes: can someone check C?", a
 * list item "- What does Agent 2 have for C?".
 */
// "questions:\n  - What do the phone records show for Employee A?" (fresh125's YAML, session 61): a list item too
const QUESTION_LINE = /^\s*(?:-\s+(?:["']\s*)?[A-Za-z]|(?:-\s+)?[\w .'-]{1,40}:\s+\S)[^\n]{2,300}\?["']?\s*$/;

/**
 * The acts a message states outside sentences: markdown tables (`tableActs`), JSON values holding act objects
 * (`{"act": "share", "option": ..., "attribute": ..., "level": ...}`, a list of them, `{"acts": [...]}`, or
 * `{"name": ..., "arguments": {...}}`), and YAML items (`act: share` / `option: ...` lines, `- ` items). Objects
 * are read as tool calls (`readToolCall`): an invalid one gives no act and is reported. Returns the acts, the
 * reports, and the text with what was read (and code fences) masked to spaces, offsets kept. Linear.
 */
export function structuredActs(text: string, task: NaturalTask): StructuredActs & { text: string } {
  const out: StructuredActs = { acts: [], unparsed: [], missed: [], masked: [] };
  if (!/[|{[:]|\S {2}|\t/.test(text)) return { ...out, text };
  const lines: { text: string; start: number }[] = [];
  let at = 0;
  for (const line of text.split("\n")) {
    lines.push({ text: line, start: at });
    at += line.length + 1;
  }
  const tables = tableContext(lines, task);
  const path = {
    names: tables.names,
    options: task.domain.options,
    attributes: task.domain.attributes,
    others: false,
    // "Monday 2pm: free" (fresh253, session 64): availability in words, where every attribute is one on a 0..1 scale
    availability:
      task.levels[0] === 0 && task.levels[1] === 1 && task.domain.attributes.every((a) => /'s availability$/i.test(a)),
  };
  const reading: ValueReading = { task, path, lines, out };
  const ranges = jsonActs(text, reading);
  tableActs(lines, task, out, tables);
  gridActs(lines, task, out, tables);
  labelledRowActs(lines, task, out, tables);
  rankingActs(lines, out, tables.names);
  const fences = yamlFences(lines);
  const yamlBlocks = yamlBlockActs(reading, fences);
  yamlActs(reading, yamlBlocks);
  unsureYamlLines(lines, fences, yamlBlocks, out, ranges);
  if (out.acts.length === 0 && out.masked.length === 0 && ranges.length === 0) return { ...out, text };
  lines.forEach((line, k) => {
    if (FENCE.test(line.text)) out.masked.push(k);
  });
  for (const k of out.masked) {
    const line = lines[k] as { text: string; start: number };
    ranges.push([line.start, line.start + line.text.length]);
  }
  // masked to spaces, line breaks kept, offsets unchanged
  ranges.sort((a, b) => a[0] - b[0]);
  const parts: string[] = [];
  let at2 = 0;
  for (const [from, to] of ranges) {
    if (to <= at2) continue;
    const start = Math.max(from, at2);
    parts.push(text.slice(at2, start), text.slice(start, to).replace(/[^\n]/g, " "));
    at2 = to;
  }
  parts.push(text.slice(at2));
  const masked = parts.join("");
  if (out.spaced === undefined && out.overwritten === undefined) return { ...out, text: masked };
  // one pass over the text, however many keys: a hostile message stays linear
  const units = masked.split("");
  for (const [from, to] of out.spaced ?? []) for (let k = from; k < to; k++) if (units[k] === "_") units[k] = " ";
  for (const [from, over] of out.overwritten ?? [])
    for (let k = 0; k < over.length; k++) units[from + k] = over[k] as string;
  return { ...out, text: units.join("") };
}
