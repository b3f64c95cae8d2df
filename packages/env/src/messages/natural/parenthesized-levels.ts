import type { Act } from "../act";
import type { NaturalToken } from "../natural-tokens";
import { attributeOwners } from "../natural-matchers";
import type { ParseState, Sentence } from "./sentence";
import { levelAt } from "./share-items";

// Levels in parentheses right after an attribute's name (issue 26, session 50; fresh101, fresh103, fresh109): "The
// poison bottle (3) and library key (3) point to him strongly", "thanks mostly to food quality (5) and value for
// money (3)". Chat models write a cell's level this way inside a reason; the option is the sentence's one option or,
// where it names none, the one the talk is about.

/**
 * The shares of `<attribute> (<level>)` items in first..to: each parenthesis holding the level alone ("(3)",
 * "(4/5)"), right after the attribute's name. The option is the one option the sentence names (none named twice
 * differently, none as "than" / "vs" another), else the option the sentence before spoke about; with neither, or
 * with a negation, condition or someone else's word over an item, nothing. Exact or nothing.
 */
export function parenthesizedLevels(s: Sentence, text: string, first: number, to: number, state: ParseState): Act[] {
  const { words } = s;
  const items: { attribute: number; level: number }[] = [];
  let option: number | null = null;
  for (let k = first; k < to; k++) {
    const named = state.options.match(words, k);
    if (named !== null) {
      if (option !== null && option !== named.index) return [];
      option = named.index;
      k = named.end - 1;
      continue;
    }
    const attribute = state.attributes.match(words, k);
    if (attribute === null || attribute.end >= to) continue;
    // "no badge log entry (0)" (fresh132): a noun of the attribute's record between the name and the parenthesis
    const after = RECORD_NOUNS.has(words[attribute.end] as string) ? attribute.end + 1 : attribute.end;
    const level = parenthesized(s, text, after, to, state) ?? namedParenthesis(s, text, k, attribute.end, to, state);
    if (level === null) continue;
    // "has nothing on the poison bottle (0)", "no badge log entry (0)" (fresh132): a "no" that says the level given
    const none = noneBefore(words, k, s.from) && level === state.task.levels[0];
    if ((s.gate[k] === true && !none) || s.modal[k] === true) return [];
    items.push({ attribute: attribute.index, level });
    k = after;
  }
  // "Monday 2pm is clear on my side too (Dan 1, Erin 1)." (fresh158): people and their levels in one parenthesis
  if (items.length === 0) items.push(...peopleInParenthesis(s, first, to, state));
  const place = option ?? state.subject ?? null;
  if (items.length === 0 || place === null) return [];
  if (new Set(items.map((i) => i.attribute)).size !== items.length) return [];
  return items.map((i) => ({ kind: "share", option: place, attribute: i.attribute, level: i.level }));
}

/** Nouns of an attribute's record after its name: "badge log entry", "poison bottle evidence". */
const RECORD_NOUNS: ReadonlySet<string> = new Set(["entry", "entries", "evidence", "record", "records", "clue", "hit"]);

/** Does "no" / "nothing on (the)" stand right before the attribute at k (within the clause)? */
function noneBefore(words: readonly string[], k: number, from: number): boolean {
  if (k - 1 >= from && words[k - 1] === "no") return true;
  const j = words[k - 1] === "the" ? k - 2 : k - 1;
  return j - 1 >= from && (words[j] === "on" || words[j] === "for") && words[j - 1] === "nothing";
}

/**
 * The level of a parenthesis that opens at k with the attribute's name (ending at `end`) and closes on the level:
 * "(quietness 5)", "(size: 5)" (fresh119), or null.
 */
function namedParenthesis(
  s: Sentence,
  text: string,
  k: number,
  end: number,
  to: number,
  state: ParseState,
): number | null {
  const open = s.tokens[k] as NaturalToken;
  if (!open.aside || !text.slice(open.start, open.end).startsWith("(")) return null;
  const level = levelAt(s, end, to, state);
  if (level === null || level.end !== end + 1) return null;
  const close = s.tokens[end] as NaturalToken;
  return /^[+-]?\d{1,2}\)[.,;:!?]*$/.test(text.slice(close.start, close.end)) ? level.value : null;
}

/** The level a parenthesis at k holds alone ("(3)", "(4/5)"), or null. */
function parenthesized(s: Sentence, text: string, k: number, to: number, state: ParseState): number | null {
  const token = s.tokens[k] as NaturalToken | undefined;
  if (token === undefined || !token.aside) return null;
  const level = levelAt(s, k, to, state);
  if (level === null || level.end !== k + 1) return null;
  // the raw word is the whole parenthesis: "(3)", "(4/5),"
  const raw = text.slice(token.start, token.end);
  return /^\((?:[+-]?\d{1,2}(?:\/\d{1,2})?)\)[.,;:!?]*$/.test(raw) ? level.value : null;
}

/**
 * The items of a parenthesis closing the sentence that holds only "<person> <level>" pairs between commas ("(Dan 1,
 * Erin 1)"), each person owning an attribute; none when anything else stands in it, or anything in the sentence is
 * negated, doubted or another's.
 */
function peopleInParenthesis(
  s: Sentence,
  first: number,
  to: number,
  state: ParseState,
): { attribute: number; level: number }[] {
  const owners = attributeOwners(state.task.domain);
  if (owners.size === 0) return [];
  let open = to;
  while (open > first && (s.tokens[open - 1] as NaturalToken).aside === true) open--;
  if (open === to || open === first) return [];
  for (let k = first; k < to; k++) if (s.gate[k] === true || s.modal[k] === true) return [];
  const items: { attribute: number; level: number }[] = [];
  for (let k = open; k < to; k += 2) {
    const attribute = owners.get(s.words[k] as string);
    const level = attribute === undefined ? null : levelAt(s, k + 1, to, state);
    if (attribute === undefined || level === null || level.end !== k + 2) return [];
    items.push({ attribute, level: level.value });
  }
  return items;
}
