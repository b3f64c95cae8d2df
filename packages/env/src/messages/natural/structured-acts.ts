import type { Act } from "../act";
import { attributeOwners } from "../natural-matchers";
import { foldName as fold, readToolCall } from "../read-tool-call";
import type { NaturalTask } from "./sentence";
import { labelledRowActs } from "./labelled-rows";
import { rankingActs } from "./ranking-acts";
import { gridActs, tableActs, tableContext } from "./table-acts";
import { parseYamlSubset } from "./yaml-subset";

/** Acts found outside sentences (tables, JSON, YAML), each at its offset in the text, and what was not read. */
export interface StructuredActs {
  acts: { at: number; act: Act }[];
  unparsed: { at: number; text: string }[];
  /** Reports that put a number by a name (an unread table cell "3-4"): facts the reward may have missed. */
  missed: { at: number; text: string }[];
  /** Line numbers whose text the sentence reader skips (masked to spaces). */
  masked: number[];
}

/** Keys that name an act's kind in JSON or YAML: {"act": "share", ...}, "type: pass". */
const KIND_KEYS = ["act", "type", "kind", "action", "name", "tool"] as const;
const ACT_NAMES = new Set(["share", "ask", "propose", "pass"]);
const YAML_LINE = /^[ \t]*(-[ \t]+)?(act|type|kind|action|option|attribute|level|to)[ \t]*:(.*)$/i;
const FENCE = /^\s*```[a-z]*\s*$/i;
/** Most JSON values or YAML items read in one message: keeps a hostile message cheap. */
const MAX_STRUCTURED = 64;

/** Keys that hold a list of acts of any kind. */
const LIST_KEYS = new Set(["acts", "actions", "messages", "moves", "turn", "response", "reply"]);
/** Keys that hold acts of one kind: {"share": [...], "propose": "X"}, {"questions": [{...}]}. */
const GROUP_KEYS = new Map<string, string>([
  ["share", "share"],
  ["shares", "share"],
  ["facts", "share"],
  ["shared", "share"],
  ["fact", "share"],
  ["ask", "ask"],
  ["asks", "ask"],
  ["question", "ask"],
  ["questions", "ask"],
  ["request", "ask"],
  ["requests", "ask"],
  ["propose", "propose"],
  ["proposal", "propose"],
  ["proposals", "propose"],
  ["vote", "propose"],
  ["recommendation", "propose"],
  ["recommend", "propose"],
  ["pick", "propose"],
  ["choice", "propose"],
  ["decision", "propose"],
  ["pass", "pass"],
  ["evidence", "share"],
  ["findings", "share"],
  ["observations", "share"],
]);
/** Values of a proposal key that propose nothing: "proposal: none", "pick: undecided". */
const NO_CHOICE = new Set(["none", "null", "n/a", "na", "tbd", "undecided", "pending", "not yet", "-", "", "nothing"]);
/** Keys a model may give a level under ({"count": 1}, {"rating": 4}), and an addressee under. */
const LEVEL_KEYS = ["level", "count", "value", "rating", "score", "amount", "quantity", "number", "available"];
const TO_KEYS = ["to", "agent", "recipient", "addressee", "ask_to", "asked"];

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
 * ({"act": "share", ...}), lists under "acts" / "actions", and objects or lists under a key of one kind
 * ({"share": [{...}], "propose": "X", "question": {...}}; `kind` carries that kind down).
 */
function actObjects(value: unknown, out: Record<string, unknown>[], depth = 0, kind?: string): void {
  if (depth > 3 || out.length >= MAX_STRUCTURED) return;
  if (Array.isArray(value)) {
    for (const v of value.slice(0, MAX_STRUCTURED)) actObjects(v, out, depth + 1, kind);
    return;
  }
  if (kind === "propose" && typeof value === "string") {
    // "proposal: none" (fresh84): no proposal yet, not a name to refuse
    if (!NO_CHOICE.has(fold(value))) out.push({ act: "propose", option: value });
    return;
  }
  if (kind === "pass" && (value === true || value === null || value === "")) {
    out.push({ act: "pass" });
    return;
  }
  if (value === null || typeof value !== "object") return;
  const o = value as Record<string, unknown>;
  const named = namedKind(o);
  // {"action": "share", "facts": [{...}, ...]} (fresh66's YAML): the kind named once over a list of its acts
  const held = named === undefined ? [] : Object.entries(o).filter(([key, v]) => heldActs(key, v));
  if (named !== undefined && held.length > 0 && !("option" in o) && !("attribute" in o)) {
    for (const [key, v] of held) actObjects(v, out, depth + 1, GROUP_KEYS.get(key.trim().toLowerCase()) ?? named);
    return;
  }
  if (named !== undefined) {
    out.push({ ...o, act: named });
    return;
  }
  let grouped = false;
  for (const [key, v] of Object.entries(o)) {
    const lower = key.trim().toLowerCase();
    if (LIST_KEYS.has(lower) && typeof v === "object" && v !== null) {
      grouped = true;
      actObjects(v, out, depth + 1);
    }
    const group = GROUP_KEYS.get(lower);
    // "evidence: camera footage" inside a share (fresh84): a group key over a plain string is a field, not a group
    const field = group === "share" || group === "ask" ? typeof v !== "object" || v === null : false;
    if (group !== undefined && !field) {
      grouped = true;
      actObjects(v, out, depth + 1, group);
    }
  }
  if (!grouped && kind === "share" && nestedShares(o, out)) return;
  if (!grouped && kind === "share" && attributeKeyed(o, out)) return;
  if (!grouped && kind !== undefined) out.push({ ...o, act: kind });
}

/** Does the key hold acts (a list or map under a list or group key: "facts", "acts", "shares")? */
function heldActs(key: string, v: unknown): boolean {
  const lower = key.trim().toLowerCase();
  return (LIST_KEYS.has(lower) || GROUP_KEYS.has(lower)) && typeof v === "object" && v !== null;
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

/** The one key whose string value names one of `names` (the option or attribute under any key), or undefined. */
function nameByValue(o: Record<string, unknown>, names: readonly string[]): string | undefined {
  const folded = new Set(names.map(fold));
  const found = Object.values(o).filter((v): v is string => typeof v === "string" && folded.has(fold(v)));
  return new Set(found.map(fold)).size === 1 ? found[0] : undefined;
}

/** A person's attribute named by the person alone as the one such value ({"person": "Bob"}, fresh59), else undefined. */
function ownerByValue(o: Record<string, unknown>, task: NaturalTask): string | undefined {
  const owners = attributeOwners(task.domain);
  const found = Object.values(o).filter((v): v is string => typeof v === "string" && owners.has(fold(v)));
  if (new Set(found.map(fold)).size !== 1) return undefined;
  return task.domain.attributes[owners.get(fold(found[0] as string)) as number];
}

/**
 * An act object's fields under the names `readToolCall` reads: the option and attribute under their own keys or
 * as the one value naming an option / attribute ({"shelf": "Shelf A", "item": "apples"}), the level under
 * LEVEL_KEYS, the addressee under TO_KEYS.
 */
function normalised(o: Record<string, unknown>, task: NaturalTask): Record<string, unknown> {
  const out: Record<string, unknown> = { ...o };
  // a nested map's two keys: which is the option and which the attribute is told by the names
  if (Array.isArray(o.names)) {
    const [a, b] = o.names as string[];
    const named = { first: a, second: b };
    out.option = nameByValue(named, task.domain.options);
    out.attribute = nameByValue(named, task.domain.attributes);
    delete out.names;
  }
  if (out.option === undefined) {
    const option = nameByValue(o, task.domain.options);
    if (option !== undefined) out.option = option;
  }
  if (out.attribute === undefined) {
    const attribute = nameByValue(o, task.domain.attributes) ?? ownerByValue(o, task);
    if (attribute !== undefined) out.attribute = attribute;
  } else if (typeof out.attribute === "string") {
    // {"person": "Dan", "availability": 0} (fresh64's YAML): the key that held the level is the noun the person's
    // attribute ends with ("Dan's availability"), and the person names the attribute
    const owner = ownerByValue(o, task);
    if (owner !== undefined && fold(owner).endsWith(` ${fold(out.attribute)}`)) out.attribute = owner;
  }
  const levelKey = LEVEL_KEYS.find((k) => o[k] !== undefined);
  if (levelKey !== undefined) out.level = o[levelKey];
  const toKey = TO_KEYS.find((k) => o[k] !== undefined);
  if (toKey !== undefined) out.to = o[toKey];
  return out;
}

/** One act-shaped object ({"act": "share", "option": ..., ...} or {"name": ..., "arguments": {...}}) read as a tool call. */
function readObject(o: Record<string, unknown>, at: number, task: NaturalTask, out: StructuredActs): void {
  const key = KIND_KEYS.find((k) => typeof o[k] === "string" && ACT_NAMES.has((o[k] as string).trim().toLowerCase()));
  const args = typeof o.arguments === "object" && o.arguments !== null ? (o.arguments as Record<string, unknown>) : o;
  const reading = readToolCall(key === undefined ? undefined : o[key], normalised(args, task), task);
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

/** JSON values holding act-shaped objects; their characters are returned as ranges to mask. */
function jsonActs(text: string, task: NaturalTask, out: StructuredActs): [number, number][] {
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
    actObjects(value, objects);
    if (objects.length > 0) {
      for (const o of objects) readObject(o, start, task, out);
      ranges.push([start, end]);
    }
    i = end;
  }
  return ranges;
}

/** YAML items ("act: share" / "option: ..." lines, "- " starting an item) that name an act kind. */
function yamlActs(
  lines: readonly { text: string; start: number }[],
  task: NaturalTask,
  out: StructuredActs,
  read: ReadonlySet<number>,
): void {
  let item: { fields: Record<string, string>; lines: number[]; at: number } | null = null;
  const flush = (): void => {
    if (item === null) return;
    const kind = item.fields.act ?? item.fields.type ?? item.fields.kind ?? item.fields.action;
    if (kind !== undefined && ACT_NAMES.has(kind.toLowerCase())) {
      readObject({ ...item.fields, act: kind }, item.at, task, out);
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
function yamlBlockActs(
  lines: readonly { text: string; start: number }[],
  task: NaturalTask,
  out: StructuredActs,
): Set<number> {
  const read = new Set<number>();
  for (let k = 0; k < lines.length; k++) {
    if (!YAML_FENCE.test((lines[k] as { text: string }).text)) continue;
    let end = k + 1;
    while (end < lines.length && !FENCE.test((lines[end] as { text: string }).text)) end++;
    if (end >= lines.length) break;
    const body = lines.slice(k + 1, end).map((l) => l.text);
    const objects: Record<string, unknown>[] = [];
    actObjects(parseYamlSubset(body.join("\n")), objects);
    if (objects.length > 0) {
      for (const o of objects) readObject(o, (lines[k + 1] as { start: number }).start, task, out);
      for (let j = k; j <= end; j++) {
        read.add(j);
        out.masked.push(j);
      }
    }
    k = end;
  }
  return read;
}

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
  const ranges = jsonActs(text, task, out);
  const lines: { text: string; start: number }[] = [];
  let at = 0;
  for (const line of text.split("\n")) {
    lines.push({ text: line, start: at });
    at += line.length + 1;
  }
  const tables = tableContext(lines, task);
  tableActs(lines, task, out, tables);
  gridActs(lines, task, out, tables);
  labelledRowActs(lines, task, out, tables);
  rankingActs(lines, out, tables.names);
  const yamlBlocks = yamlBlockActs(lines, task, out);
  yamlActs(lines, task, out, yamlBlocks);
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
  return { ...out, text: parts.join("") };
}
