import { InvalidArgumentError } from "@cosir/bayes";
import type { PromptCompletion } from "./pack-sequences";

/**
 * Prompt + completion sequences packed as prefix trees: each row holds the union of several sequences, every
 * shared prefix stored once. Each column is one token at one position of its sequence; it attends to its
 * ancestors (the tokens before it in its own sequence) and itself, so every sequence's log-probs are exactly those
 * of running it alone. Plain arrays (no tensors), so packing never leaks memory.
 */
export interface PackedPrefixTree {
  batch: number;
  /** Columns per row (the longest row; shorter rows are padded with columns that see only themselves). */
  time: number;
  /** Token id of each column [batch * time] (padding: `padToken`). */
  ids: Int32Array;
  /** Position id of each column within its sequence [batch * time]. */
  positions: Int32Array;
  /** The tokens one and two before each column within its sequence, -1 where there is none [batch * time]. */
  previous: Int32Array;
  beforePrevious: Int32Array;
  /** Additive attention bias [batch, time, time]: 0 where column j is an ancestor of column i or i itself, else -1e9. */
  bias: Float32Array;
  /** For every completion token of every item, in item then token order: the flat column (row * time + column) whose logits predict it. */
  targetRows: Int32Array;
  /** The completion tokens themselves, aligned with `targetRows`. */
  targetTokens: Int32Array;
  /** Where each item's completion tokens start in `targetRows`, and how many there are. */
  itemStart: number[];
  itemLength: number[];
  /** The row each item was packed into. */
  itemRow: number[];
  /** Columns that hold a token in each row (padding excluded). */
  rowColumns: number[];
  /** Columns that hold a token (padding excluded), summed over rows. */
  usedColumns: number;
}

interface Row {
  tokens: number[];
  positions: number[];
  parents: number[];
  /** Child column of (parent column, token), keyed by childKey; the root's parent is -1. */
  children: Map<number, number>;
}

/** One number for (parent column, token): exact for columns and tokens below 2^26. */
function childKey(parent: number, token: number): number {
  return (parent + 1) * 67_108_864 + token;
}

/** How many leading tokens of `sequence` the row already holds as a path from its root. */
function matchedPath(row: Row, sequence: readonly number[]): number[] {
  const path: number[] = [];
  let at = -1;
  for (const token of sequence) {
    const next = row.children.get(childKey(at, token));
    if (next === undefined) break;
    path.push(next);
    at = next;
  }
  return path;
}

/**
 * Packs items into prefix-tree rows of at most `maxColumns` columns (docs/design.md §5): each item goes to the
 * row that already holds its longest prefix, if that prefix is at least half of the item and its remaining tokens
 * fit there, else to a new row. With an RL
 * batch in (episode, seat, turn) order, one seat's turns share the task header and the history up to the last
 * turn, and group episodes of one task share their first prompts, so each shared token is computed once.
 * A sequence longer than `maxColumns` is refused (so is an empty prompt).
 */
export function packPrefixTree(
  items: readonly PromptCompletion[],
  options: { maxColumns: number; padToken?: number },
): PackedPrefixTree {
  const { rows, paths, rowOf } = growRows(items, options.maxColumns);
  return layOut(rows, items, paths, rowOf, options.padToken ?? 0);
}

/** The rows of packPrefixTree, before their arrays are laid out. */
function growRows(
  items: readonly PromptCompletion[],
  maxColumns: number,
): { rows: Row[]; paths: number[][]; rowOf: number[] } {
  if (!Number.isInteger(maxColumns) || maxColumns < 1)
    throw new InvalidArgumentError("maxColumns", maxColumns, "expected a positive integer");
  const rows: Row[] = [];
  const paths: number[][] = [];
  const rowOf: number[] = [];
  items.forEach((item, k) => {
    if (item.prompt.length === 0)
      throw new InvalidArgumentError(`items[${k}].prompt`, item.prompt, "expected at least one token");
    const sequence = [...item.prompt, ...item.completion];
    if (sequence.length > maxColumns)
      throw new InvalidArgumentError(`items[${k}]`, `${sequence.length} tokens`, `expected at most ${maxColumns}`);
    let best = -1;
    let bestPath: number[] = [];
    rows.forEach((row, r) => {
      const path = matchedPath(row, sequence);
      const fits = row.tokens.length + sequence.length - path.length <= maxColumns;
      // A row's attention is quadratic in its columns: joining a row that shares little of the sequence would cost
      // more than the prefix saves, so an item joins only a row that holds at least half of it.
      if (fits && 2 * path.length >= sequence.length && path.length > bestPath.length) {
        best = r;
        bestPath = path;
      }
    });
    if (best < 0) {
      rows.push({ tokens: [], positions: [], parents: [], children: new Map() });
      best = rows.length - 1;
    }
    const row = rows[best] as Row;
    const path = bestPath;
    for (let i = path.length; i < sequence.length; i++) {
      const parent = i === 0 ? -1 : (path[i - 1] as number);
      const column = row.tokens.length;
      row.tokens.push(sequence[i] as number);
      row.positions.push(i);
      row.parents.push(parent);
      row.children.set(childKey(parent, sequence[i] as number), column);
      path.push(column);
    }
    paths.push(path);
    rowOf.push(best);
  });
  return { rows, paths, rowOf };
}

/** The packed arrays of filled rows. */
function layOut(
  rows: readonly Row[],
  items: readonly PromptCompletion[],
  paths: readonly number[][],
  rowOf: readonly number[],
  padToken: number,
): PackedPrefixTree {
  const batch = rows.length;
  const time = Math.max(1, ...rows.map((r) => r.tokens.length));
  const ids = new Int32Array(batch * time).fill(padToken);
  const positions = new Int32Array(batch * time);
  const previous = new Int32Array(batch * time).fill(-1);
  const beforePrevious = new Int32Array(batch * time).fill(-1);
  const bias = new Float32Array(batch * time * time).fill(-1e9);
  let usedColumns = 0;
  rows.forEach((row, r) => {
    usedColumns += row.tokens.length;
    for (let c = 0; c < time; c++) {
      const at = r * time + c;
      bias[at * time + c] = 0;
      if (c >= row.tokens.length) continue;
      ids[at] = row.tokens[c] as number;
      positions[at] = row.positions[c] as number;
      const parent = row.parents[c] as number;
      if (parent >= 0) {
        previous[at] = row.tokens[parent] as number;
        const grand = row.parents[parent] as number;
        if (grand >= 0) beforePrevious[at] = row.tokens[grand] as number;
      }
      // a column sees what its parent sees, and itself (parents come first in a row)
      if (parent >= 0)
        bias.set(bias.subarray((r * time + parent) * time, (r * time + parent) * time + parent + 1), at * time);
    }
  });
  const targetRows: number[] = [];
  const targetTokens: number[] = [];
  const itemStart: number[] = [];
  const itemLength: number[] = [];
  items.forEach((item, k) => {
    const path = paths[k] as number[];
    const base = (rowOf[k] as number) * time;
    itemStart.push(targetRows.length);
    itemLength.push(item.completion.length);
    item.completion.forEach((token, j) => {
      targetRows.push(base + (path[item.prompt.length + j - 1] as number));
      targetTokens.push(token);
    });
  });
  return {
    batch,
    time,
    ids,
    positions,
    previous,
    beforePrevious,
    bias,
    targetRows: Int32Array.from(targetRows),
    targetTokens: Int32Array.from(targetTokens),
    itemStart,
    itemLength,
    itemRow: [...rowOf],
    rowColumns: rows.map((r) => r.tokens.length),
    usedColumns,
  };
}

/** Per-item completion values from per-target values (aligned with `targetRows`). */
export function unpackPrefixTree(
  packed: Pick<PackedPrefixTree, "itemStart" | "itemLength">,
  values: ArrayLike<number>,
): number[][] {
  return packed.itemStart.map((start, k) => {
    const out: number[] = [];
    for (let j = 0; j < (packed.itemLength[k] as number); j++) out.push(values[start + j] as number);
    return out;
  });
}

/**
 * Items packed as prefix trees (packPrefixTree over all of them, so each finds its shared prefixes), then cut into
 * parts of whole rows, shortest rows first, each closed once it holds `itemsPerPart` items, and each part packed
 * again on its own: a part pads only to its own longest row. `items` of a part are indices into the input, in input
 * order; the tree's targets follow them.
 */
export function packPrefixTreeParts(
  items: readonly PromptCompletion[],
  options: { maxColumns: number; padToken?: number; itemsPerPart: number },
): { items: number[]; tree: PackedPrefixTree }[] {
  if (!Number.isInteger(options.itemsPerPart) || options.itemsPerPart < 1)
    throw new InvalidArgumentError("itemsPerPart", options.itemsPerPart, "expected a positive integer");
  if (items.length === 0) return [];
  const whole = growRows(items, options.maxColumns);
  const members: number[][] = whole.rows.map(() => []);
  whole.rowOf.forEach((row, k) => members[row]?.push(k));
  const columns = whole.rows.map((r) => r.tokens.length);
  const rows = [...members.keys()].sort((a, b) => (columns[a] as number) - (columns[b] as number) || a - b);
  const parts: { items: number[]; tree: PackedPrefixTree }[] = [];
  let current: number[] = [];
  const close = () => {
    if (current.length === 0) return;
    const at = current.sort((a, b) => a - b);
    parts.push({
      items: at,
      tree: packPrefixTree(
        at.map((k) => items[k] as PromptCompletion),
        options,
      ),
    });
    current = [];
  };
  for (const r of rows) {
    current.push(...(members[r] as number[]));
    if (current.length >= options.itemsPerPart) close();
  }
  close();
  return parts;
}

/**
 * The longest prompt + completion of `items` (at least 1): the row width that packs them tightest. A row's attention
 * costs its width squared for every column, so rows much wider than one sequence lose to the prefixes they save
 * (measured on the demo's RL batches: rows as wide as the longest item do 15-27% less attention work than
 * padded rows and half the columns; rows up to the 192-token context do more attention work than padding).
 */
export function longestItem(items: readonly PromptCompletion[]): number {
  return Math.max(1, ...items.map((s) => s.prompt.length + s.completion.length));
}
