import { negationWord } from "../natural-cues";
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

/**
 * Words that make the sentence the speaker's own work on the attribute: the first person ("I have food quality",
 * "my column") or a verb of going through it ("Checked the email records!", "Just finished going through natural
 * light!", "Happy to help fill in communication!"), unless the sentence is a heading's line (closed by a colon or a
 * line break). "**Location** matters." is neither: it announces nothing.
 */
const OWN_WORK: ReadonlySet<string> = new Set([
  "i",
  "i've",
  "ive",
  "i'm",
  "im",
  "my",
  "me",
  "mine",
  "checked",
  "finished",
  "done",
  "went",
  "going",
  "looked",
  "counted",
  "pulled",
  "reviewed",
  "fill",
  "filling",
  "here",
  "here's",
]);

/**
 * The attribute a sentence that read no act announces as the speaker's own topic: it names exactly one attribute
 * (once or more), no option, no digit, is no question, holds none of `NOT_OWN`'s words and one of `OWN_WORK`'s
 * or closes its line; null otherwise.
 */
export function topicAttribute(s: Sentence, first: number, to: number, state: ParseState, text: string): number | null {
  if (first >= to || (s.tokens[to - 1] as NaturalToken).question) return null;
  let attribute: number | null = null;
  let own = false;
  for (let k = first; k < to; k++) {
    const named = state.attributes.match(s.words, k);
    if (named !== null) {
      if (attribute !== null && attribute !== named.index) return null;
      attribute = named.index;
      k = named.end - 1;
      continue;
    }
    const w = s.words[k] as string;
    if (NOT_OWN.has(w) || negationWord(w) || /\d/.test(w) || state.options.match(s.words, k) !== null) return null;
    if (OWN_WORK.has(w)) own = true;
  }
  // a heading's line ("poison bottle", "Priya's calendar, by slot:") announces its attribute as the speaker's list;
  // a line closed by a full stop or "!" is a sentence ("**Location** matters.")
  const closing = s.tokens[to - 1] as NaturalToken;
  const heading =
    closing.colon === true || (closing.lineBreak && !/[.!]\**$/.test(text.slice(closing.start, closing.end)));
  return own || heading ? attribute : null;
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
