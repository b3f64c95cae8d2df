import type { Act } from "../act";
import { attributeOwners } from "../natural-matchers";
import type { NaturalToken } from "../natural-tokens";
import { availabilityState } from "./availability-share";
import { levelWords } from "./clause-split";
import { onlyLevel } from "./lone-share";
import { ownTailStart } from "./own-clause";
import { type ParseState, peopleOptions, type Sentence } from "./sentence";

/** Words that point back to the option just proposed: "there", "here". */
const POINTERS = new Set(["there", "here"]);

/**
 * A share in a proposal's reason that names the attribute and points back to the proposed option instead of
 * naming it: "Let's settle on Restaurant C — cleanliness there is a 5" (fresh31). The attribute (after "the",
 * "its" or "their"), a pointer, then the clause up to its end must state one level and nothing else
 * (`onlyLevel`). The attribute and level, or null.
 */
export function pointedShare(
  s: Sentence,
  k: number,
  end: number,
  state: ParseState,
): { attribute: number; level: number; end: number } | null {
  const { words } = s;
  const j = words[k] === "the" || words[k] === "its" || words[k] === "their" ? k + 1 : k;
  const attribute = state.attributes.match(words, j);
  if (attribute === null || attribute.end >= end || !POINTERS.has(words[attribute.end] as string)) return null;
  const from = attribute.end + 1;
  let to = from;
  while (to < end && !(to > from && s.separated(to - 1))) to++;
  const level = onlyLevel(s, from, to, state);
  return level === null ? null : { attribute: attribute.index, level: level.value, end: level.end };
}

/** The sentence's text from first to `to` with the word at `at` replaced by `by`, to be read again. */
function withWordReplaced(s: Sentence, text: string, first: number, to: number, at: number, by: string): string {
  const word = s.tokens[at] as NaturalToken;
  const start = (s.tokens[first] as NaturalToken).start;
  return `${text.slice(start, word.start)}${by}${text.slice(word.end, (s.tokens[to - 1] as NaturalToken).end)}`;
}

/**
 * "Leadership carries the heaviest weight, and B sits at 4 there" (fresh62, fresh133 and a dozen more): "there"
 * pointing back to the one attribute the sentence named before it, in a clause after it that names one option and a
 * level. The sentence is read again with "there" as "for <attribute>"; the shares of that option and attribute it
 * gives that `found` lacks, or none. Where the sentence names two attributes, or the option with the attribute
 * before "there", or two options after it, nothing.
 */
export function attributeThere(
  s: Sentence,
  text: string,
  first: number,
  to: number,
  found: readonly Act[],
  state: ParseState,
): Act[] {
  if (state.clauseActs === undefined || (s.tokens[to - 1] as NaturalToken).question) return [];
  const { words } = s;
  // the sentence's one "there" (searched within it only: the parse stays linear in the text)
  let there = -1;
  for (let k = first; k < to; k++) {
    if (words[k] !== "there") continue;
    if (there >= 0) return [];
    there = k;
  }
  if (there < 0) return [];
  let attribute: { index: number; end: number } | null = null;
  for (let k = first; k < there; k++) {
    const a = state.attributes.match(words, k);
    if (a === null) continue;
    if (attribute !== null && attribute.index !== a.index) return [];
    attribute = { index: a.index, end: a.end };
    k = a.end - 1;
  }
  if (attribute === null) return [];
  // one option between the attribute and "there", none before the attribute
  let option: number | null = null;
  for (let k = first; k < there; k++) {
    const o = state.options.match(words, k);
    if (o === null) continue;
    if (k < attribute.end || (option !== null && option !== o.index)) return [];
    option = o.index;
    k = o.end - 1;
  }
  if (option === null) return [];
  // read again only where a level stands after the attribute and the cell is not read yet (the reading's cost)
  const cell = { option, attribute: attribute.index };
  if (found.some((f) => f.kind === "share" && f.option === cell.option && f.attribute === cell.attribute)) return [];
  if (levelWords(s, attribute.end, to, state) === 0) return [];
  const name = state.task.domain.attributes[attribute.index] as string;
  const rewritten = withWordReplaced(s, text, first, to, there, `for ${name}`);
  const shares = (state.clauseActs(rewritten, state) ?? []).filter(
    (a): a is Extract<Act, { kind: "share" }> =>
      a.kind === "share" && a.option === option && a.attribute === attribute?.index,
  );
  return shares.filter(
    (a) => !found.some((f) => f.kind === "share" && f.option === a.option && f.attribute === a.attribute),
  );
}

/**
 * "Monday 2pm looks promising: Alice, Bob and Carol all have a 1 there in my view." (fresh131): a lead that names one
 * option and ends on a colon or a dash, then a clause of levels that names none, "there" (if any) pointing back to
 * it. The clause is read again with the option in place of "there" (else after it); its shares of that option, when
 * the sentence gave none. The lead may name nothing else (no attribute, number or agent) and nothing in the sentence
 * may be negated, doubted or another's.
 */
export function labelledLeadShares(
  s: Sentence,
  text: string,
  first: number,
  to: number,
  found: readonly Act[],
  state: ParseState,
): Act[] {
  if (state.clauseActs === undefined || found.some((a) => a.kind === "share")) return [];
  if ((s.tokens[to - 1] as NaturalToken).question) return [];
  const { words } = s;
  let c = -1;
  for (let k = first + 1; k < to && c < 0; k++) {
    const t = s.tokens[k - 1] as NaturalToken;
    if (t.colon === true || t.dash === true) c = k;
  }
  if (c < 0 || c >= to) return [];
  let option: number | null = null;
  for (let k = first; k < c; k++) {
    if (s.gate[k] === true || s.modal[k] === true || words[k] === "agent" || /[0-9]/.test(words[k] as string))
      return [];
    const o = state.options.match(words, k);
    if (o !== null) {
      if (option !== null) return [];
      option = o.index;
      k = o.end - 1;
    } else if (state.attributes.match(words, k) !== null) return [];
  }
  if (option === null) return [];
  let there = -1;
  for (let k = c; k < to; k++) {
    if (s.gate[k] === true || s.modal[k] === true || words[k] === "agent") return [];
    if (state.options.match(words, k) !== null) return [];
    // "... : Alice, Bob and Carol are all available then." (fresh144): "then" for a time slot, as "there"
    if (words[k] === "there" || words[k] === "then") there = there < 0 ? k : Number.POSITIVE_INFINITY;
  }
  if (there === Number.POSITIVE_INFINITY) return [];
  // a level in words: digits, or a person's availability said as a state ("available")
  if (levelWords(s, c, to, state) === 0 && !words.slice(c, to).some((w) => availabilityState(w) !== undefined))
    return [];
  const name = state.task.domain.options[option] as string;
  const from = (s.tokens[c] as NaturalToken).start;
  // "... all have a 1 there in my view": the speaker's own source closing the clause is left out
  const tail = ownTailStart(s, c, to, state);
  const last = tail !== null && tail > c + 1 && there < tail ? tail : to;
  if (there >= last) return [];
  const end = (s.tokens[last - 1] as NaturalToken).end;
  let clause: string;
  if (there >= 0) {
    const at = s.tokens[there] as NaturalToken;
    clause = `${text.slice(from, at.start)}for ${name}${text.slice(at.end, end)}`;
  } else clause = `${text.slice(from, end).replace(/[.!\s]+$/, "")} for ${name}.`;
  const chosen = option;
  return (state.clauseActs(clause, state) ?? []).filter((a) => a.kind === "share" && a.option === chosen);
}

/** Possessives of a person named before: "his calendar", "her availability". */
const PERSON_POSSESSIVES: ReadonlySet<string> = new Set(["his", "her", "their"]);

/**
 * "Monday 4pm won't work for Carol — her availability there is zero." (fresh131, fresh132, fresh140): "his / her /
 * their <noun>" where the task's people-owned attributes end in that noun, and exactly one such person is named
 * before it in the sentence; the sentence is read again with the person's name ("Carol's availability"). Its shares
 * when the sentence gave none, else none.
 */
export function personPossessiveShares(
  s: Sentence,
  text: string,
  first: number,
  to: number,
  found: readonly Act[],
  state: ParseState,
): Act[] {
  if (state.clauseActs === undefined || found.some((a) => a.kind === "share")) return [];
  const { words } = s;
  const owners = attributeOwners(state.task.domain);
  if (owners.size === 0) return [];
  let edit: { at: number; name: string } | null = null;
  let person: string | null = null;
  for (let k = first; k < to; k++) {
    const w = words[k] as string;
    if (owners.has(w) && words[k + 1] !== "'s") {
      if (person !== null && person !== w) return [];
      person = w;
    }
    if (!PERSON_POSSESSIVES.has(w)) continue;
    if (person === null || edit !== null) return [];
    const attribute = state.task.domain.attributes[owners.get(person) as number] as string;
    const noun = attribute.slice(attribute.indexOf(" ") + 1).toLowerCase();
    if (words[k + 1] !== noun) return [];
    edit = { at: k, name: attribute.slice(0, attribute.indexOf(" ")) };
  }
  if (edit === null) return [];
  const rewritten = withWordReplaced(s, text, first, to, edit.at, edit.name);
  return (state.clauseActs(rewritten, state) ?? []).filter((a) => a.kind === "share");
}

/** Object pronouns that point back to one person where the options are people: "My notes give him a 3". */
const PERSON_OBJECTS: ReadonlySet<string> = new Set(["him", "her"]);

/**
 * "I'm naming Doctor Finch. My notes give him a 3 for the library key and a 3 for the poison bottle." (fresh144): a
 * sentence that names no option and shares nothing, with one "him" / "her" where the options are people, read again
 * with the talk's option (the one the sentence before spoke about) in the pronoun's place. Its shares of that option,
 * or none ("Her service is a 3" after a restaurant is no one's).
 */
export function pronounObjectShares(
  s: Sentence,
  text: string,
  first: number,
  to: number,
  found: readonly Act[],
  state: ParseState,
): Act[] {
  if (state.clauseActs === undefined || found.some((a) => a.kind === "share")) return [];
  if (state.subject === null || state.subject === undefined || !peopleOptions(state)) return [];
  if ((s.tokens[to - 1] as NaturalToken).question) return [];
  let at = -1;
  for (let k = first; k < to; k++) {
    if (state.options.match(s.words, k) !== null) return [];
    if (!PERSON_OBJECTS.has(s.words[k] as string)) continue;
    if (at >= 0) return [];
    at = k;
  }
  if (at < 0) return [];
  const name = state.task.domain.options[state.subject] as string;
  const rewritten = withWordReplaced(s, text, first, to, at, name);
  return (state.clauseActs(rewritten, state) ?? []).filter((a) => a.kind === "share" && a.option === state.subject);
}
