import type { Act } from "../act";
import { type NaturalToken, naturalTokens } from "../natural-tokens";
import { letterTokens } from "./option-letters";
import type { ParseState, Sentence } from "./sentence";

// What the readers that read a sentence's text again (session 60: confirmations, comparison tails, parallel repeats,
// zero counts) share: the text squeezed before their patterns, a name checked whole, and the check that a reading
// again gives only acts the sentence gave.

/**
 * `text` with each run of white space made one character (a line break where it holds one): the readers' patterns
 * start with white space, and a long run would make them quadratic.
 */
export function squeezed(text: string): string {
  return text.replace(/\s+/g, (run) => (run.includes("\n") ? "\n" : " "));
}

/** The sentence's words first..to as written, squeezed (`squeezed`). */
export function squeezedSpan(s: Sentence, text: string, first: number, to: number): string {
  return squeezed(text.slice((s.tokens[first] as NaturalToken).start, (s.tokens[to - 1] as NaturalToken).end));
}

/** Is `name` all of one option's (or attribute's) name, as the matchers read it ("C", "Shelf B", "rice bags")? */
export function wholeName(name: string, kind: "option" | "attribute", state: ParseState): boolean {
  // after a word, so that a lone capital "A" is read as the letter it names, not as an article opening a sentence
  const text = `on ${name}`;
  const words = letterTokens(naturalTokens(text), text, state.task.domain.options).map((t) => t.word);
  const named = (kind === "option" ? state.options : state.attributes).match(words, 1);
  return named !== null && named.end === words.length;
}

/** Is every act of `a` one of `b`? */
export function within(a: readonly Act[], b: readonly Act[]): boolean {
  const keys = b.map((x) => JSON.stringify(x));
  return a.every((x) => keys.includes(JSON.stringify(x)));
}
