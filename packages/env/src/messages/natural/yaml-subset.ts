import { INTEGER } from "../read-tool-call";
/** Most lines of a YAML block read, and its deepest nesting: keeps a hostile message cheap. */
const MAX_LINES = 200;
const MAX_DEPTH = 6;

interface Line {
  indent: number;
  text: string;
  /** The agent a full-line comment above names as the source of what follows ("# from Agent 2"), if any. */
  source?: string;
}

/**
 * A full-line comment naming another agent as the source of the lines under it: "# from Agent 2", "# per agent_3",
 * "# Agent 1's numbers", "# Agent 4 reported". Any other full-line comment ("# mine") ends such a span.
 */
const SOURCE_COMMENT =
  /^\s*#\s*(?:(?:from|per|via|source:?|reported by|according to|relayed from|heard from)\s+agent\s*_?(\d{1,2})\b|agent\s*_?(\d{1,2})(?:'s\b|\s+(?:says|said|reports|reported|claims|claimed|gave)\b))/i;

const KEY_VALUE = /^([A-Za-z_][\w .'-]{0,40}?)\s*:(?:\s+(.*))?$/;

/** A YAML scalar: quotes stripped, an integer as a number, anything else as its text. */
function scalar(raw: string): string | number | boolean {
  const text = raw.replace(/\s+#.*$/, "").trim();
  const quoted = /^"(.*)"$|^'(.*)'$/.exec(text);
  if (quoted !== null) return (quoted[1] ?? quoted[2]) as string;
  if (INTEGER.test(text)) return Number(text);
  if (text === "true") return true;
  if (text === "false") return false;
  return text;
}

/** An inline list "[a, b]" of scalars, or null. */
function inlineList(text: string): (string | number | boolean)[] | null {
  const m = /^\[(.*)\]$/.exec(text.trim());
  if (m === null) return null;
  return (m[1] as string).trim() === "" ? [] : (m[1] as string).split(",").map(scalar);
}

/** An inline map "{a: 1, b: x}" of scalars (fresh113: `Doctor Finch: {poison bottle: 3}`), or null. */
function inlineMap(text: string): Record<string, string | number | boolean> | null {
  const m = /^\{(.*)\}$/.exec(text.replace(/\s+#.*$/, "").trim());
  if (m === null) return null;
  const into: Record<string, string | number | boolean> = {};
  if ((m[1] as string).trim() === "") return into;
  for (const part of (m[1] as string).split(",")) {
    const kv = KEY_VALUE.exec(part.trim());
    if (kv === null || kv[2] === undefined) return null;
    into[(kv[1] as string).trim()] = scalar(kv[2]);
  }
  return into;
}

/**
 * The value of a YAML block in the subset chat models write for structured replies: maps of `key: value`, lists of
 * `- item` (an item may open a map: `- option: X` then `  level: 3`), nested by indentation, scalars, inline lists
 * of scalars, inline maps of scalars (`{a: 1, b: 2}`), `#` comments, block scalars (`key: >` or `key: |` over
 * indented lines, read as one string). Anything else (anchors, quoted multi-line strings, nested flow collections)
 * gives null for the block. Linear
 * in the lines; never throws.
 */
export function parseYamlSubset(text: string): unknown {
  const lines: Line[] = [];
  let source: string | undefined;
  for (const raw of text.split("\n")) {
    if (lines.length >= MAX_LINES) return null;
    if (/^\s*#/.test(raw)) {
      const named = SOURCE_COMMENT.exec(raw);
      source = named === null ? undefined : `Agent ${named[1] ?? named[2]}`;
      continue;
    }
    if (/^\s*$/.test(raw) || /^\s*(---|\.\.\.)\s*$/.test(raw)) continue;
    if (/\t/.test(raw.slice(0, raw.length - raw.trimStart().length))) return null;
    const line: Line = { indent: raw.length - raw.trimStart().length, text: raw.trim() };
    if (source !== undefined) line.source = source;
    lines.push(line);
  }
  if (lines.length === 0) return null;
  const at = { k: 0 };
  const value = block(lines, at, (lines[0] as Line).indent, 0);
  return at.k === lines.length ? value : null;
}

/** The block of lines from at.k at `indent`: a list or a map. */
function block(lines: readonly Line[], at: { k: number }, indent: number, depth: number): unknown {
  if (depth > MAX_DEPTH) return null;
  const first = lines[at.k];
  if (first === undefined || first.indent !== indent) return null;
  return first.text === "-" || first.text.startsWith("- ")
    ? list(lines, at, indent, depth)
    : map(lines, at, indent, depth, {});
}

function list(lines: readonly Line[], at: { k: number }, indent: number, depth: number): unknown[] | null {
  const items: unknown[] = [];
  while (at.k < lines.length) {
    const line = lines[at.k] as Line;
    if (line.indent !== indent || !(line.text === "-" || line.text.startsWith("- "))) break;
    const content = line.text.slice(1).trim();
    at.k++;
    if (content === "") {
      const next = lines[at.k];
      items.push(next !== undefined && next.indent > indent ? block(lines, at, next.indent, depth + 1) : null);
      continue;
    }
    const kv = KEY_VALUE.exec(content);
    if (kv !== null && !content.startsWith('"')) {
      // "- option: X" opens a map whose other keys sit under it, indented past the dash
      const item: Record<string, unknown> = {};
      const inner = indent + (line.text.length - content.length);
      entry(lines, at, kv, inner, depth, item);
      const next = lines[at.k];
      if (next !== undefined && next.indent === inner) map(lines, at, inner, depth + 1, item);
      items.push(item);
    } else items.push(inlineList(content) ?? inlineMap(content) ?? scalar(content));
  }
  return items;
}

function map(
  lines: readonly Line[],
  at: { k: number },
  indent: number,
  depth: number,
  into: Record<string, unknown>,
): Record<string, unknown> | null {
  while (at.k < lines.length) {
    const line = lines[at.k] as Line;
    if (line.indent !== indent) break;
    const kv = KEY_VALUE.exec(line.text);
    if (kv === null) return into;
    at.k++;
    const key = entry(lines, at, kv, indent, depth, into);
    // "# from Agent 2" over "Candidate A:" (fresh297, session 65: a wrong act): the entry is that agent's, marked as
    // the JSON readers mark a source ({"level": 5, "source": "Agent 2"})
    if (line.source !== undefined) into[key] = sourced(into[key], line.source);
  }
  return into;
}

/** A value with its source agent: a map gains `source`, a scalar becomes `{level, source}`; a list is left as is. */
function sourced(value: unknown, source: string): unknown {
  if (Array.isArray(value)) return value;
  if (value !== null && typeof value === "object") return { ...(value as Record<string, unknown>), source };
  return { level: value, source };
}

/** One `key: value` (or `key:` over a nested block, or over a list at the same indent) into `into`; its key. */
function entry(
  lines: readonly Line[],
  at: { k: number },
  kv: RegExpExecArray,
  indent: number,
  depth: number,
  into: Record<string, unknown>,
): string {
  const key = (kv[1] as string).trim();
  const raw = kv[2];
  // "notes: >" / "notes: |" over indented lines (fresh213, session 62): a block scalar, its lines joined as text
  const blockScalar = raw === undefined ? null : /^([>|])[+-]?\s*(?:#.*)?$/.exec(raw.trim());
  if (blockScalar !== null) {
    const parts: string[] = [];
    while (at.k < lines.length && (lines[at.k] as Line).indent > indent) parts.push((lines[at.k++] as Line).text);
    into[key] = parts.join(blockScalar[1] === ">" ? " " : "\n");
    return key;
  }
  if (raw !== undefined && raw.trim() !== "") {
    into[key] = inlineList(raw) ?? inlineMap(raw) ?? scalar(raw);
    return key;
  }
  const next = lines[at.k];
  const nested =
    next !== undefined &&
    (next.indent > indent || (next.indent === indent && (next.text === "-" || next.text.startsWith("- "))));
  into[key] = nested ? block(lines, at, (next as Line).indent, depth + 1) : null;
  return key;
}
