import { attributeOwners } from "../natural-matchers";
import type { NaturalTask } from "./sentence";

// A pronoun for the person whose attribute the talk is about (issue 26, session 67; fresh323, fresh326, fresh327,
// fresh329): "I only have Tomas: he's 0 at Monday noon.", "I have Erin at 0 for Monday 9am, so that slot is out. She's a
// 1 for Tuesday 11am.", "Monday evening only gets a zero from him." In a task whose attributes are people's ("Erin's
// availability", "Tomas's calendar") and whose options are not people, "she's" / "he is" / "from him" is replaced by
// the one person named in the sentence before it or earlier in its own; with no person, two, or an agent named there
// (the pronoun may be the agent's), or no level in the pronoun's sentence, the text stays as it is.

/** "she's", "he is", "she was", and "from / for him / her" (not a possessive "her"). */
const PRONOUN = /\b(?:(she|he)(?:'s|’s|\s+is|\s+was)|(from|for)\s+(him|her))\b/gi;
/** A level in digits or words. */
const LEVEL = /(?:^|[^\w])(?:-?\d|zero|one|two|three|four|five)\b/i;
/** Option nouns of tasks whose options are people, whom the pronouns would rather point to. */
const PEOPLE = /^(?:candidate|suspect|employee|lord|lady|doctor|miss|mr|mrs)\b/i;

/** `text` with each such pronoun replaced by the one person it can stand for. */
export function personPronouns(text: string, task: NaturalTask): string {
  const owners = attributeOwners(task.domain);
  if (owners.size === 0 || task.domain.options.some((o) => PEOPLE.test(o)) || !/\b(?:she|he|him|her)\b/i.test(text))
    return text;
  const names = [...owners.keys()];
  return text.replace(PRONOUN, (match, subject: string | undefined, lead: string | undefined, ...rest: unknown[]) => {
    const at = rest.find((r) => typeof r === "number") as number;
    // only where the pronoun's sentence states a level ("He's unavailable then." restates the cell before it)
    const stop = text.slice(at).search(/[.!?\n]/);
    const start = Math.max(...[".", "!", "?", "\n"].map((c) => text.lastIndexOf(c, at))) + 1;
    if (!LEVEL.test(text.slice(start, stop < 0 ? text.length : at + stop))) return match;
    const name = onePerson(text, at, names);
    if (name === null) return match;
    const shown = name.charAt(0).toUpperCase() + name.slice(1);
    if (subject !== undefined) return `${shown} ${/was$/i.test(match) ? "was" : "is"}`;
    return `${lead} ${shown}`;
  });
}

/** The one person named in the sentence before `at` and in its own up to `at`; null for none, two or an agent. */
function onePerson(text: string, at: number, names: readonly string[]): string | null {
  const stops = [...text.slice(0, at).matchAll(/[.!?\n]/g)].map((m) => m.index ?? 0);
  const from = stops.length >= 2 ? (stops[stops.length - 2] as number) + 1 : 0;
  const window = text.slice(from, at).toLowerCase();
  if (/\bagents?\b/.test(window)) return null;
  const found = names.filter((n) => new RegExp(`\\b${n}\\b`).test(window));
  return found.length === 1 ? (found[0] as string) : null;
}
