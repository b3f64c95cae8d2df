import type { Act } from "../act";
import { readToolCall } from "../read-tool-call";
import type { NaturalTask } from "./sentence";
import { tableActs } from "./table-acts";

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

function actObjects(value: unknown, out: Record<string, unknown>[], depth = 0): void {
  if (depth > 3 || out.length >= MAX_STRUCTURED) return;
  if (Array.isArray(value)) {
    for (const v of value.slice(0, MAX_STRUCTURED)) actObjects(v, out, depth + 1);
    return;
  }
  if (value === null || typeof value !== "object") return;
  const o = value as Record<string, unknown>;
  for (const key of ["acts", "actions", "messages"]) if (Array.isArray(o[key])) actObjects(o[key], out, depth + 1);
  if (KIND_KEYS.some((k) => typeof o[k] === "string" && ACT_NAMES.has((o[k] as string).trim().toLowerCase())))
    out.push(o);
  else {
    // {"share": {"option": ..., ...}}: the act's kind as the one key
    const keys = Object.keys(o);
    const only = keys.length === 1 ? (keys[0] as string) : "";
    const body = o[only];
    if (ACT_NAMES.has(only.toLowerCase()) && (body === true || (typeof body === "object" && body !== null)))
      out.push({ ...(typeof body === "object" ? body : {}), act: only.toLowerCase() });
  }
}

/** One act-shaped object ({"act": "share", "option": ..., ...} or {"name": ..., "arguments": {...}}) read as a tool call. */
function readObject(o: Record<string, unknown>, at: number, task: NaturalTask, out: StructuredActs): void {
  const key = KIND_KEYS.find((k) => typeof o[k] === "string" && ACT_NAMES.has((o[k] as string).trim().toLowerCase()));
  const args = typeof o.arguments === "object" && o.arguments !== null ? o.arguments : o;
  const reading = readToolCall(key === undefined ? undefined : o[key], args, task);
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
function yamlActs(lines: readonly { text: string; start: number }[], task: NaturalTask, out: StructuredActs): void {
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
    const m = YAML_LINE.exec(line.text);
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

/**
 * The acts a message states outside sentences: markdown tables (`tableActs`), JSON values holding act objects
 * (`{"act": "share", "option": ..., "attribute": ..., "level": ...}`, a list of them, `{"acts": [...]}`, or
 * `{"name": ..., "arguments": {...}}`), and YAML items (`act: share` / `option: ...` lines, `- ` items). Objects
 * are read as tool calls (`readToolCall`): an invalid one gives no act and is reported. Returns the acts, the
 * reports, and the text with what was read (and code fences) masked to spaces, offsets kept. Linear.
 */
export function structuredActs(text: string, task: NaturalTask): StructuredActs & { text: string } {
  const out: StructuredActs = { acts: [], unparsed: [], missed: [], masked: [] };
  if (!/[|{[:]/.test(text)) return { ...out, text };
  const ranges = jsonActs(text, task, out);
  const lines: { text: string; start: number }[] = [];
  let at = 0;
  for (const line of text.split("\n")) {
    lines.push({ text: line, start: at });
    at += line.length + 1;
  }
  tableActs(lines, task, out);
  yamlActs(lines, task, out);
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
