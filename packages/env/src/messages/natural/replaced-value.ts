import { naturalInteger } from "./natural-integer";
import { onlyCell } from "./relative-share";
import type { ParseState, Sentence } from "./sentence";
import { levelAt } from "./share-items";

// "Update — please replace my earlier Restaurant B value for money (3) with 1." (fresh547, session 74: a wrong act,
// the old 3 read as the speaker's share): a request to replace the speaker's own entry of one pair, its old value
// named or not, with the level after "with" ("replace ... with 1") or "to" ("change ... from 3 to 1"). The new level
// is the speaker's share; the old one is nothing.

/** Verbs of such a request and the word before the new level. */
const REPLACING: ReadonlyMap<string, string> = new Map([
  ["replace", "with"],
  ["change", "to"],
  ["update", "to"],
  ["correct", "to"],
  ["revise", "to"],
  ["amend", "to"],
]);
/** Words of politeness before the verb. */
const PLEASE: ReadonlySet<string> = new Set(["please", "pls", "kindly", "just"]);
/** Most words between the verb and the new level's word. */
const MAX_SPAN = 14;

/**
 * The speaker's new value of the one pair a replacing request opening the clause at i names ("please replace my
 * earlier X's Y (3) with 1", "change my X's Y from 3 to 1"): at most one other number (the old value) before "with" /
 * "to", nobody else's word, and the new level closing the clause; null otherwise.
 */
export function replacedValue(
  s: Sentence,
  i: number,
  end: number,
  state: ParseState,
): { option: number; attribute: number; value: number; end: number } | null {
  const { words } = s;
  if (!(i === s.from || s.clauseStart(i))) return null;
  const j = PLEASE.has(words[i] as string) ? i + 1 : i;
  const target = REPLACING.get(words[j] as string);
  if (target === undefined) return null;
  let t = j + 1;
  let numbers = 0;
  for (; t < end && t - j <= MAX_SPAN && words[t] !== target; t++) {
    const w = words[t] as string;
    if (w === "agent" || w === "your" || w === "their") return null;
    if (naturalInteger(w) !== null) numbers++;
  }
  if (words[t] !== target || numbers > 1) return null;
  const pair = onlyCell(s, j + 1, t, state, (w) => ENTRY_WORDS.has(w) || naturalInteger(w) !== null);
  if (pair === null) return null;
  const level = levelAt(s, t + 1, end, state);
  if (level === null || !(level.end >= end || s.separated(level.end - 1))) return null;
  return { ...pair, value: level.value, end: level.end };
}

/** Words an entry may be named with besides its pair and old value: "my earlier ... value (3)", "from 3". */
const ENTRY_WORDS: ReadonlySet<string> = new Set([
  ...["my", "earlier", "previous", "old", "original", "first", "the", "'s", "entry", "value", "figure", "number"],
  ...["score", "rating", "level", "count", "from", "of", "for", "at", "on"],
]);
