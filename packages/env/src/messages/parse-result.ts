import type { Act } from "./act";

/** Result of parsing a message: the acts, or `[{kind: "pass"}]` with `error` when the text did not parse. */
export interface MessageParseResult {
  acts: Act[];
  error?: string;
  /**
   * Natural surface: the sentences the parser took no act from (chatter, and anything it did not understand),
   * so a user can see what the reward ignored. Absent when every sentence gave an act.
   */
  unparsed?: string[];
  /**
   * Natural surface: the unparsed sentences (and table cells) that put a number next to an option or attribute
   * name, the facts the reward most likely missed. Absent when there are none.
   */
  missed?: string[];
}

/** Result of parsing a choice: the answer index, or null (abstention) with `error`. */
export interface ChoiceParseResult {
  choice: number | null;
  error?: string;
}

/** Quotes a piece of untrusted text for an error message, shortened. */
export function quote(text: string): string {
  return JSON.stringify(text.length > 40 ? `${text.slice(0, 37)}...` : text);
}

export function failedParse(error: string): MessageParseResult {
  return { acts: [{ kind: "pass" }], error };
}
