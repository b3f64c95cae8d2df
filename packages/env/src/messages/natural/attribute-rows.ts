import type { Act } from "../act";
import type { NaturalToken } from "../natural-tokens";
import type { ParseState, Sentence } from "./sentence";
import { levelAt } from "./share-items";

/** Most attributes such a heading lists. */
const MAX_COLUMNS = 4;

/**
 * The attributes listed from `first` ("ambience and value for money", "food, service and ambience"), and where they
 * end.
 */
function attributeList(
  s: Sentence,
  first: number,
  to: number,
  state: ParseState,
): { columns: number[]; end: number } | null {
  const columns: number[] = [];
  let j = first;
  while (j < to && columns.length < MAX_COLUMNS) {
    const a = state.attributes.match(s.words, j);
    if (a === null || columns.includes(a.index)) return null;
    columns.push(a.index);
    j = a.end;
    if (s.words[j] === "and") j++;
    else if (!(s.separated(j - 1) && state.attributes.match(s.words, j) !== null)) break;
  }
  if (columns.length < 2 || !s.separated(j - 1)) return null;
  return { columns, end: j };
}

/**
 * "Ambience and value for money — A: 3 and 5, B: 1 and 4." (fresh177): two or more attributes opening the sentence,
 * then after a pause one option per item with as many levels (joined by "and" or commas) in the attributes'
 * order, the items filling the sentence. The shares, or null (a negation, hedge, condition or other agent anywhere, a
 * count that differs, or any other word reads nothing).
 */
export function attributeRows(s: Sentence, first: number, to: number, state: ParseState): Act[] | null {
  if ((s.tokens[to - 1] as NaturalToken).question) return null;
  for (let k = first; k < to; k++) {
    if (s.gate[k] === true || s.modal[k] === true || s.conditionalAt(k) || s.words[k] === "agent") return null;
  }
  const heading = attributeList(s, first, to, state);
  if (heading === null) return null;
  const { columns } = heading;
  const shares: Act[] = [];
  let j = heading.end;
  while (j < to) {
    const option = state.options.match(s.words, j);
    if (option === null || !s.separated(option.end - 1)) return null;
    j = option.end;
    for (let n = 0; n < columns.length; n++) {
      if (n > 0 && s.words[j] === "and") j++;
      const level = levelAt(s, j, to, state);
      if (level === null) return null;
      shares.push({ kind: "share", option: option.index, attribute: columns[n] as number, level: level.value });
      j = level.end;
      if (n < columns.length - 1 && !(s.words[j] === "and" || s.separated(j - 1))) return null;
    }
    if (j < to && !s.separated(j - 1)) return null;
  }
  return shares.length > 0 ? shares : null;
}
