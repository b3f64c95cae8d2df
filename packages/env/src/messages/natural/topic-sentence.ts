import type { Act } from "../act";
import type { NaturalToken } from "../natural-tokens";
import type { ParseState, Sentence } from "./sentence";

// An attribute announced in a sentence of its own, then its levels in the next one, which names no attribute
// (issue 26, session 71; fresh478, fresh483): "Ooh, I have food quality for the first four! Restaurants A, B, C and
// D got 2, 5, 3 and 4 respectively.", "Checked the email records! Employees A, B and D come out 0, 1 and 1
// respectively.", "Just finished going through natural light! Apartment A is a bright 5/5, while Apartment D only
// gets a 1."

/**
 * Words that keep a sentence from announcing the speaker's own column: negations and needs ("I don't have food
 * quality", "still missing service"), questions and requests ("who has ...", "anyone"), other speakers' words ("Agent
 * 2 has ...", "according to", "she said") and waiting ("I'll wait for service").
 */
const NOT_OWN: ReadonlySet<string> = new Set([
  "not",
  "n't",
  "no",
  "nothing",
  "none",
  "never",
  "without",
  "missing",
  "lack",
  "lacking",
  "need",
  "needs",
  "want",
  "wait",
  "waiting",
  "anyone",
  "anybody",
  "someone",
  "somebody",
  "who",
  "what",
  "which",
  "whose",
  "does",
  "could",
  "can",
  "please",
  "if",
  "agent",
  "agents",
  "he",
  "she",
  "they",
  "their",
  "his",
  "her",
  "said",
  "says",
  "say",
  "told",
  "reported",
  "reports",
  "claims",
  "claimed",
  "thinks",
  "according",
  "per",
  "maybe",
  "probably",
  "think",
]);

/** A negated verb in one word: "don't", "haven't", and the same without the apostrophe ("dont", "cant"). */
const NEGATED = /^(?:.+n't|dont|cant|wont|didnt|doesnt|havent|hasnt|isnt|arent|wasnt|werent)$/;

/**
 * The attribute a sentence that read no act announces as the speaker's own topic: it names exactly one attribute
 * (once or more), no option, no digit, is no question and holds none of `NOT_OWN`'s words; null otherwise.
 */
export function topicAttribute(s: Sentence, first: number, to: number, state: ParseState): number | null {
  if (first >= to || (s.tokens[to - 1] as NaturalToken).question) return null;
  let attribute: number | null = null;
  for (let k = first; k < to; k++) {
    const named = state.attributes.match(s.words, k);
    if (named !== null) {
      if (attribute !== null && attribute !== named.index) return null;
      attribute = named.index;
      k = named.end - 1;
      continue;
    }
    const w = s.words[k] as string;
    if (NOT_OWN.has(w) || NEGATED.test(w) || /\d/.test(w) || state.options.match(s.words, k) !== null) return null;
  }
  return attribute;
}

/**
 * The shares of a sentence that names no attribute, read again as "For <topic>, <sentence>" after a sentence that
 * announced the topic (`topicAttribute`): every act a share of that attribute, or nothing.
 */
export function topicShares(
  s: Sentence,
  first: number,
  to: number,
  raw: string,
  topic: number | null,
  state: ParseState,
): Act[] | null {
  if (topic === null) return null;
  for (let k = first; k < to; k++) if (state.attributes.match(s.words, k) !== null) return null;
  const acts = state.clauseActs?.(`For ${state.task.domain.attributes[topic]}, ${raw.trim()}`) ?? null;
  if (acts === null || acts.length === 0) return null;
  return acts.every((a) => a.kind === "share" && a.attribute === topic) ? acts : null;
}
