import type { Act } from "../act";
import { attributeOwners } from "../natural-matchers";
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

/**
 * The task's names in `text`, each index once: the options and attributes it names, as the matchers read them, and a
 * person for the attribute that is theirs ("Erin" of "Erin's availability", `attributeOwners`).
 */
export function namesIn(text: string, state: ParseState): { options: number[]; attributes: number[] } {
  const words = letterTokens(naturalTokens(text), text, state.task.domain.options).map((t) => t.word);
  const owners = attributeOwners(state.task.domain);
  const options = new Set<number>();
  const attributes = new Set<number>();
  for (let k = 0; k < words.length; k++) {
    const option = state.options.match(words, k);
    if (option !== null) options.add(option.index);
    const attribute = state.attributes.match(words, k);
    if (attribute !== null) attributes.add(attribute.index);
    else if (option === null) {
      const person = owners.get(words[k] as string);
      if (person !== undefined) attributes.add(person);
    }
  }
  return { options: [...options], attributes: [...attributes] };
}

/** Another agent's claim "X's Y as 4" (closing the text) as the plain statement "X's Y is 4". */
export function asStatement(claim: string): string {
  return claim.replace(/\s+as\s+([+\-−]?\d+)\s*([.!]*)\s*$/i, " is $1$2");
}
