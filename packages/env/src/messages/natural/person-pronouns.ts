import { attributeOwners } from "../natural-matchers";
import type { NaturalTask } from "./sentence";

// A pronoun for the person whose attribute the talk is about (issue 26, session 67; fresh323, fresh326, fresh327,
// fresh329): "I only have Tomas: he's 0 at Monday noon.", "I have Erin at 0 for Monday 9am, so that slot is out. She's a
// 1 for Tuesday 11am.", "Monday evening only gets a zero from him." In a task whose attributes are people's ("Erin's
// availability", "Tomas's calendar") and whose options are not people, "she's" / "he is" / "from him" is replaced by
// the one person named in the sentence before it or earlier in its own; with no person, two, or an agent named there
// (the pronoun may be the agent's), or no level in the pronoun's sentence, the text stays as it is.
//
// One pass (session 68): the sentence stops, the sentences that state a level, and each name's mentions are found
// once, and the pronouns are walked in order with pointers into them, so the pass is linear in the text however many
// pronouns it holds (the first version scanned the whole text before each pronoun: 65k characters of "he is 1 " took
// four times the rest of the parse).

/** "she's", "he is", "she was", and "from / for him / her" (not a possessive "her"). */
const PRONOUN = /\b(?:(she|he)(?:'s|’s|\s+is|\s+was)|(from|for)\s+(him|her))\b/gi;
/** A level in digits or words, found anywhere in the text (its sentence is the one it starts in). */
const LEVEL = /(?<!\w)(?:-?\d|zero|one|two|three|four|five)\b/gi;
/** The characters that end a sentence for this pass. */
const STOP = /[.!?\n]/g;
/** Option nouns of tasks whose options are people, whom the pronouns would rather point to. */
const PEOPLE = /^(?:candidate|suspect|employee|lord|lady|doctor|miss|mr|mrs)\b/i;

/** `text` with each such pronoun replaced by the one person it can stand for. */
export function personPronouns(text: string, task: NaturalTask): string {
  const owners = attributeOwners(task.domain);
  if (owners.size === 0 || task.domain.options.some((o) => PEOPLE.test(o)) || !/\b(?:she|he|him|her)\b/i.test(text))
    return text;
  const stops = [...text.matchAll(STOP)].map((m) => m.index);
  // levelled[k]: the sentence between stops[k - 1] and stops[k] states a level (k = stops.length: the last one)
  const levelled = new Array<boolean>(stops.length + 1).fill(false);
  let k = 0;
  for (const m of text.matchAll(LEVEL)) {
    while (k < stops.length && (stops[k] as number) < m.index) k++;
    levelled[k] = true;
  }
  const people = mentions(text, [...owners.keys()]);
  k = 0;
  return text.replace(PRONOUN, (match, subject: string | undefined, lead: string | undefined, ...rest: unknown[]) => {
    const at = rest.find((r) => typeof r === "number") as number;
    while (k < stops.length && (stops[k] as number) < at) k++;
    // only where the pronoun's sentence states a level ("He's unavailable then." restates the cell before it)
    if (!levelled[k]) return match;
    // the sentence before the pronoun's and its own up to the pronoun
    const name = people.one(k >= 2 ? (stops[k - 2] as number) + 1 : 0, at);
    if (name === null) return match;
    const shown = name.charAt(0).toUpperCase() + name.slice(1);
    if (subject !== undefined) return `${shown} ${/was$/i.test(match) ? "was" : "is"}`;
    return `${lead} ${shown}`;
  });
}

/** Where each name and "agent(s)" is written, for windows asked in increasing order. */
interface Mentions {
  /** The one name written wholly inside [from, to) of the text; null for none, two, or an agent named there. */
  one(from: number, to: number): string | null;
}

/** Mentions of `names` (lower-case ASCII words) and of "agent(s)", matched in the text's lower case. */
function mentions(text: string, names: readonly string[]): Mentions {
  // the text lowered code point by code point, with where each original offset lands ("İ" lowers to two units)
  let lower = "";
  const offset = new Array<number>(text.length + 1);
  for (let i = 0; i < text.length; ) {
    const cp = text.codePointAt(i) as number;
    const width = cp > 0xffff ? 2 : 1;
    for (let j = 0; j < width; j++) offset[i + j] = lower.length;
    lower += String.fromCodePoint(cp).toLowerCase();
    i += width;
  }
  offset[text.length] = lower.length;
  const words = [["agent", "agents"], ...names.map((n) => [n])];
  const spans = words.map((forms) =>
    [...lower.matchAll(new RegExp(`\\b(?:${forms.join("|")})\\b`, "g"))].map(
      (m) => [m.index, m.index + m[0].length] as const,
    ),
  );
  // a word that ends right at the window's end, where the text's next letter (the pronoun) hides the boundary: only a
  // character that lowers to a letter (the Kelvin sign "K") can stand there, but the window would still read the word
  const endsAt = (word: string, start: number, end: number) => {
    const at = end - word.length;
    return at >= start && lower.startsWith(word, at) && (at === start || !/\w/.test(lower.charAt(at - 1)));
  };
  const next = spans.map(() => 0);
  return {
    one(from, to) {
      const start = offset[from] as number;
      const end = offset[to] as number;
      // per word, the last mention ending by `end` (windows only move right, so each pointer only moves forward)
      const inside = spans.map((list, i) => {
        let p = next[i] as number;
        while (p < list.length && (list[p] as readonly [number, number])[1] <= end) p++;
        next[i] = p;
        if (p > 0 && (list[p - 1] as readonly [number, number])[0] >= start) return true;
        return (words[i] as string[]).some((w) => endsAt(w, start, end));
      });
      if (inside[0]) return null;
      const named = names.filter((_, i) => inside[i + 1]);
      return named.length === 1 ? (named[0] as string) : null;
    },
  };
}
