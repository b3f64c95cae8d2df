import { availabilityOf } from "../natural-matchers";
import type { NaturalToken } from "../natural-tokens";
import { afterView, closingTail } from "./carried-share";
import { optionList } from "./option-list";
import type { ParseState, Sentence } from "./sentence";

// A person's availability said in words (issue 26, fresh34, fresh37): "Dan is likely free on Tuesday 9am", "Bob is
// busy at Monday 2pm". Read only where the task has an attribute "<Name>'s availability" on a 0..1 scale, the sentence
// is exactly that statement, and nothing in it is negated, conditional, modal or someone else's (docs/design.md §2).

/** Words for available (1) and not (0). */
const STATES = new Map([
  ["free", 1],
  ["available", 1],
  ["open", 1],
  ["busy", 0],
  ["unavailable", 0],
  ["booked", 0],
]);

/** The availability a word states ("free" 1, "busy" 0), or undefined. */
export function availabilityState(w: string): number | undefined {
  return STATES.get(w);
}

/** Adverbs that leave the stated availability as it is: "probably" and "likely" state it (the corpus's hedge rule). */
const SURE = new Set(["probably", "likely", "definitely", "certainly", "also", "still", "totally", "fully"]);

/** Between the state and the option: "free on", "busy at", "available for". */
const SLOT_LEADS = new Set(["on", "at", "for", "during"]);

/** Words that gather a list of people before or after "are": "Alice and Bob are both free", "all are available". */
const GATHER = new Set(["all", "both"]);

/**
 * The people named as a list at k ("Alice", "Alice and Bob", "Alice, Bob, and Erin"), each by the attribute
 * "<Name>'s availability": their attributes and the word after the list, or null (a name twice, or not a person).
 */
function people(s: Sentence, k: number, to: number, state: ParseState): { attributes: number[]; end: number } | null {
  const { words, tokens } = s;
  const { domain } = state.task;
  const attributes: number[] = [];
  for (;;) {
    const attribute = availabilityOf(domain, words[k] as string);
    if (attribute < 0 || attributes.includes(attribute)) return null;
    attributes.push(attribute);
    const token = tokens[k] as NaturalToken;
    k++;
    if (words[k] === "and" && k + 1 < to) {
      // "Alice and Bob", "Alice, Bob, and Erin": the last name after "and"
      const last = availabilityOf(domain, words[k + 1] as string);
      if (last < 0 || attributes.includes(last)) return null;
      attributes.push(last);
      return { attributes, end: k + 2 };
    }
    // "Alice, Bob and Erin": a comma (not a colon or semicolon) between the names
    if (!(token.pause && token.colon !== true && token.semicolon !== true && token.dash !== true)) break;
    if (k >= to) return null;
  }
  return attributes.length === 1 ? { attributes, end: k } : null;
}

/** Is from..to a statement on a 0..1 scale, no question, nothing in it negated, doubted or someone else's? */
function plainStatement(s: Sentence, from: number, to: number, state: ParseState): boolean {
  const [lo, hi] = state.task.levels;
  if (lo !== 0 || hi !== 1 || (s.tokens[to - 1] as NaturalToken).question) return false;
  for (let k = from; k < to; k++) if (s.gate[k] === true || s.modal[k] === true) return false;
  return true;
}

/**
 * "<Name> is [probably] free|busy on <option>." as the whole of from..to, maybe after the speaker's view ("From my
 * side, ..."), or a list of people ("Alice, Bob and Erin are all available (1) at <option>", fresh74, fresh77): a
 * share of each person's "<Name>'s availability" at the option, 1 for free and 0 for busy, on a 0..1 scale only;
 * null otherwise.
 */
export function availabilityShare(
  s: Sentence,
  from: number,
  to: number,
  state: ParseState,
): { option: number; attribute: number; level: number }[] | null {
  const whole = oneAvailability(s, from, to, state);
  if (whole !== null || !plainStatement(s, from, to, state)) return whole;
  // "Bob is free Tuesday 9am and Erin is busy Monday 4pm." (fresh353, session 68): two statements joined by "and"
  // (or a semicolon), each read alone; the first few joins only, so a long sentence stays linear
  let joins = 0;
  for (let k = from + 3; k < to - 3 && joins < MAX_JOINS; k++) {
    const semicolon = (s.tokens[k - 1] as NaturalToken).semicolon === true;
    if (s.words[k] !== "and" && !semicolon) continue;
    joins++;
    const left = oneAvailability(s, from, k, state);
    const right = left === null ? null : oneAvailability(s, s.words[k] === "and" ? k + 1 : k, to, state);
    if (left !== null && right !== null) return [...left, ...right];
  }
  return null;
}

/** Most joins between two availability statements tried in one sentence. */
const MAX_JOINS = 4;

/** One availability statement as the whole of from..to (see `availabilityShare`), or null. */
function oneAvailability(
  s: Sentence,
  from: number,
  to: number,
  state: ParseState,
): { option: number; attribute: number; level: number }[] | null {
  const { words } = s;
  if (!plainStatement(s, from, to, state)) return null;
  const listed = people(s, afterView(words, from), to, state);
  if (listed === null) return null;
  const plural = listed.attributes.length > 1;
  let k = sure(words, listed.end, to);
  if (plural ? words[k] !== "are" : words[k] !== "is" && words[k] !== "'s") return null;
  k++;
  while (k < to && (SURE.has(words[k] as string) || (plural && GATHER.has(words[k] as string))))
    k = sure(words, k + 1, to);
  k = sure(words, k, to);
  const level = STATES.get(words[k] as string);
  if (level === undefined) return null;
  k++;
  // "available (1) at ...": the level restated in parentheses
  if ((s.tokens[k] as NaturalToken).aside && words[k] === String(level)) k++;
  // "Question for Agent 3: is Erin available Monday 9am? On my side Dan is free then (1)." (fresh154): "then" for
  // the slot the sentence before spoke about
  if (words[k] === "then" && state.subject !== null && state.subject !== undefined) {
    const slot = state.subject;
    const more = closing(s, restatedAt(s, k + 1, level), to, level, state);
    return more === null
      ? null
      : [...listed.attributes, ...more].map((attribute) => ({ option: slot, attribute, level }));
  }
  // "Bob is available Tuesday 9am (1)" (fresh119): the slot right after the state, and the level restated after it
  if (SLOT_LEADS.has(words[k] as string)) k++;
  else if (state.options.match(words, k) === null) return null;
  if (words[k] === "the") k++;
  const slots = optionList(s, k, to, state);
  if (slots === null) return null;
  // "Carol is free at Monday 11am and Monday 4pm, busy Tuesday 9am." (fresh289, session 65): more slots, and a second
  // state over slots of its own, for the one person
  const other = listed.attributes.length === 1 ? otherState(s, slots.end, to, level, state) : null;
  const end = other === null ? restatedAt(s, slots.end, level) : other.end;
  const more = closing(s, end, to, level, state);
  if (more === null || (other !== null && more.length > 0)) return null;
  const shares = slots.options.flatMap((option) =>
    [...listed.attributes, ...more].map((attribute) => ({ option, attribute, level })),
  );
  const attribute = listed.attributes[0] as number;
  for (const option of other?.options ?? []) shares.push({ option, attribute, level: other?.level as number });
  return shares;
}

/** ", busy Tuesday 9am" after the slots of one state: the other state and its slots, or null. */
function otherState(
  s: Sentence,
  k: number,
  to: number,
  level: number,
  state: ParseState,
): { options: number[]; level: number; end: number } | null {
  if (k >= to || !(s.tokens[k - 1] as NaturalToken).pause) return null;
  let j = s.words[k] === "but" || s.words[k] === "and" ? k + 1 : k;
  const other = STATES.get(s.words[j] as string);
  if (other === undefined || other === level) return null;
  j++;
  if (SLOT_LEADS.has(s.words[j] as string)) j++;
  const slots = optionList(s, j, to, state);
  return slots === null ? null : { options: slots.options, level: other, end: slots.end };
}

/** The word after "probably", "most likely", ... at k (the hedges that state the level), or k. */
function sure(words: readonly string[], k: number, to: number): number {
  let j = k;
  // "Carol is most likely available (1)" (fresh183)
  while (j < to && (SURE.has(words[j] as string) || (words[j] === "most" && words[j + 1] === "likely"))) j++;
  return j;
}

/** The word after the level restated in parentheses at k ("free then (1)"), or k. */
function restatedAt(s: Sentence, k: number, level: number): number {
  return (s.tokens[k] as NaturalToken | undefined)?.aside === true && s.words[k] === String(level) ? k + 1 : k;
}

/**
 * What may close an availability from k to the sentence's end `to`: the speaker's own tail ("per my calendar", "on my
 * end") and "and so is <Name> [(<level>)]" (fresh181: "Erin is free then (1) and so is Carol (1)", another person of
 * the same state); the further people's attributes, or null where anything else follows.
 */
function closing(s: Sentence, k: number, to: number, level: number, state: ParseState): number[] | null {
  const { words } = s;
  let at = closingTail(s, k, to);
  const more: number[] = [];
  if (words[at] === "and" && words[at + 1] === "so" && words[at + 2] === "is") {
    const other = people(s, at + 3, to, state);
    if (other === null || other.attributes.length !== 1) return null;
    more.push(...other.attributes);
    at = closingTail(s, restatedAt(s, other.end, level), to);
  }
  return at === to ? more : null;
}

/**
 * "Monday 2pm is open for Alice, Bob and Carol on my calendar view (all 1s)." (fresh154): the slot first, then "is"
 * and a state and "for" the people, as the whole of from..to (a tail in the speaker's voice, then an aside, may close
 * it); a share of each person's availability at the slot, on a 0..1 scale only; null otherwise.
 */
export function slotFirstAvailability(
  s: Sentence,
  from: number,
  to: number,
  state: ParseState,
): { option: number; attribute: number; level: number }[] | null {
  const { words } = s;
  if (!plainStatement(s, from, to, state)) return null;
  // "Good news: Monday 2pm is ...": a short label before a colon (another's words are gated)
  let start = from;
  for (let j = from; j < Math.min(to, from + 3); j++)
    if ((s.tokens[j] as NaturalToken).colon === true) {
      start = j + 1;
      break;
    }
  const option = state.options.match(words, start);
  if (option === null || words[option.end] !== "is") return null;
  let k = option.end + 1;
  while (k < to && SURE.has(words[k] as string)) k++;
  const level = STATES.get(words[k] as string);
  if (level === undefined || words[k + 1] !== "for") return null;
  const listed = people(s, k + 2, to, state);
  if (listed === null) return null;
  let end = closingTail(s, listed.end, to);
  // "(all 1s)": an aside to the end, holding no other level
  if ((s.tokens[end] as NaturalToken | undefined)?.aside === true)
    for (let j = end; j < to; j++) {
      const w = words[j] as string;
      if ((s.tokens[j] as NaturalToken).aside !== true || (/[0-9]/.test(w) && !w.startsWith(String(level))))
        return null;
      end = j + 1;
    }
  if (end !== to) return null;
  return listed.attributes.map((attribute) => ({ option: option.index, attribute, level }));
}
