import type { Act } from "../act";
import type { NaturalTask } from "./sentence";
import type { StructuredActs } from "./structured-acts";
import { cellLevel, creditedToOthers, foldCell, gridCells, type Names, type TableContext } from "./table-acts";

// Rows of labelled cells (issue 26, session 49; fresh93): a name, then cells that each pair a name of the other kind
// with its level, columns set apart by two spaces or more, often in a code fence:
//   Apartment A   light 3/5   nbhd —
//   Apartment B   light 5/5   nbhd 3/5
// No header: each cell says what it is. Exact or nothing: a line is read only when every cell after the first is a
// name of the other kind and a level or a blank; anything else and the line is left to the sentence reader.

/** A labelled cell: a name (one or more words) and, after its last space, the level or a blank. */
const LABELLED = /^(.*\S) (\S+)$/;

/** The shares one line of labelled cells states (blanks give none), or null when the line is no such row. */
function labelledRow(line: string, names: Names, task: NaturalTask, legend: ReadonlyMap<string, number>): Act[] | null {
  const cells = gridCells(line);
  if (cells.length < 2) return null;
  const head = foldCell((cells[0] as { text: string }).text);
  const option = names.option(head);
  const attribute = option === undefined ? names.attribute(head) : undefined;
  if (option === undefined && attribute === undefined) return null;
  const acts: Act[] = [];
  for (const cell of cells.slice(1)) {
    const m = LABELLED.exec(cell.text);
    if (m === null) return null;
    const label = foldCell(m[1] as string);
    const other = option !== undefined ? names.attribute(label) : names.option(label);
    if (other === undefined) return null;
    const level = cellLevel(m[2] as string, task, legend);
    if (level === undefined) return null;
    if (level === null) continue;
    const pair =
      option !== undefined ? { option, attribute: other } : { option: other, attribute: attribute as number };
    acts.push({ kind: "share", ...pair, level });
  }
  return acts;
}

/**
 * Lines of labelled cells ("Apartment A   light 3/5   nbhd —"): each such line's shares, its line masked from the
 * sentence reader. Lines with "|" are markdown's; a line that is no such row reads nothing here.
 */
export function labelledRowActs(
  lines: readonly { text: string; start: number }[],
  task: NaturalTask,
  out: StructuredActs,
  { names, legend }: TableContext,
) {
  const rows = lines.map((line, k) =>
    line.text.includes("|") || !/\S {2}|\t/.test(line.text.trim()) || out.masked.includes(k)
      ? null
      : labelledRow(line.text, names, task, legend),
  );
  for (let i = 0; i < rows.length; i++) {
    if (rows[i] === null) continue;
    let end = i;
    while (end < rows.length && rows[end] !== null) end++;
    // rows credited to other agents by the line before or after them are none of the speaker's (as a table's)
    const others = creditedToOthers(lines, i, end);
    for (let k = i; k < end; k++) {
      const line = lines[k] as { text: string; start: number };
      if (others) out.unparsed.push({ at: line.start, text: line.text.trim() });
      else for (const act of rows[k] as Act[]) out.acts.push({ at: line.start, act });
      out.masked.push(k);
    }
    i = end - 1;
  }
}
