import type { NaturalToken } from "../natural-tokens";

// A proviso opening a clause (issue 26, session 43; fresh44's "Our team should accuse Lord Ashby, provided the torn
// glove is his"): "provided (that)", "providing (that)", "as long as", "so long as", "on condition that" hold back what
// the sentence proposes as "if" does (Sentence.conditionalAt). "Provided" only where a clause opens, so "the numbers Agent
// 2 provided" (a verb) holds nothing back; the team's consent alone ("provided nobody objects") is left to the caller,
// as for "if".

/** Does a proviso open at i ("provided", "providing", "as long as", "so long as", "on condition that")? */
export function provisoAt(tokens: readonly NaturalToken[], words: readonly string[], i: number, from: number): boolean {
  const w = words[i];
  // "as long as", "so long as", "on condition that" say nothing else; "provided" only where a clause opens
  if ((w === "as" || w === "so") && words[i + 1] === "long" && words[i + 2] === "as") return true;
  if (w === "on" && words[i + 1] === "condition" && words[i + 2] === "that") return true;
  if (i > from && !(tokens[i - 1] as NaturalToken).pause) return false;
  return (w === "provided" || w === "providing") && words[i + 1] !== undefined && words[i + 1] !== "by";
}

/** Does a proviso open anywhere in from..to of the sentence's words? For proposals read by shape. */
export function provisoIn(
  tokens: readonly NaturalToken[],
  words: readonly string[],
  from: number,
  to: number,
): boolean {
  for (let k = from; k < to; k++) if (provisoAt(tokens, words, k, from)) return true;
  return false;
}
