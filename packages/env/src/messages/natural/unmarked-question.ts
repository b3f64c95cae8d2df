import { naturalCues as cue } from "../natural-cues";
import type { NaturalToken } from "../natural-tokens";
import { naturalInteger, signedNumber } from "./natural-integer";

/** Greetings before an addressed agent: "Hey Agent 1 whats ...". */
const GREETINGS = new Set(["hey", "hi", "hello"]);

/**
 * Where a sentence from i asks "what's" / "whats" / "what is" / "anyone have" with no question mark: the word after
 * the question's verb, or null. An address may lead it ("Hey Agent 1 whats ...", "@Agent 2 what is ...").
 */
function whatAt(words: readonly string[], i: number, to: number): number | null {
  let k = i;
  if (GREETINGS.has(words[k] as string)) k++;
  // ("@Agent 2 whats F's parking log", fresh302, session 66: "@agent" and its number are two words)
  if ((words[k] === "agent" || words[k] === "@agent") && naturalInteger(words[k + 1]) !== null) k += 2;
  else if (/^@(?:agent)?[1-9]?[0-9]*$/.test(words[k] as string) && (words[k] as string).length > 1) k++;
  // "also anyone have the rent of D" (fresh166): a request to the team with no question mark
  if (words[k] === "also" || words[k] === "and") k++;
  if (words[k] === "does") k++;
  if ((words[k] === "anyone" || words[k] === "anybody") && (words[k + 1] === "have" || words[k + 1] === "got"))
    return k + 2 < to ? k + 2 : null;
  // "who has desk search col" (fresh309, session 66)
  if (words[k] === "who" && (words[k + 1] === "has" || words[k + 1] === "holds")) return k + 2 < to ? k + 2 : null;
  if (words[k] === "whats") return k + 1 < to ? k + 1 : null;
  if (words[k] === "what" && (words[k + 1] === "'s" || words[k + 1] === "is")) return k + 2 < to ? k + 2 : null;
  return null;
}

/**
 * The tokens with each sentence that asks "what's <...>" but closes on a full stop marked a question ("Hey Agent 1
 * whats Tomas's calendar on monday morning.", fresh166): the question reader then reads it as it reads one closed
 * by "?". Only a sentence that opens on the question (an address may lead it) and holds no number ("What's more,
 * A's service is 4." states a level) and no pause after its first clause's verb ("What is clear: ..."); tokens are
 * copied where changed.
 */
export function unmarkedQuestions(tokens: readonly NaturalToken[]): NaturalToken[] {
  const out = [...tokens];
  const words = tokens.map((t) => t.word);
  let from = 0;
  while (from < tokens.length) {
    let to = from;
    while (to < tokens.length && !(tokens[to] as NaturalToken).stop) to++;
    to = Math.min(to + 1, tokens.length);
    const last = tokens[to - 1] as NaturalToken;
    // "@Agent 2 whats F's parking log" (fresh302, session 66): the message's end closes it as a full stop does
    const closed = last.stop || to === tokens.length;
    const at = last.question || !closed ? null : whatAt(words, from, to);
    if ((at !== null && plainQuestion(tokens, words, from, at, to)) || valueAsked(tokens, words, from, to))
      out[to - 1] = { ...last, question: true };
    from = to;
  }
  return out;
}

/** Does from..to hold no number, no aside and no pause from the question's verb on (a plain question)? */
function plainQuestion(
  tokens: readonly NaturalToken[],
  words: readonly string[],
  from: number,
  at: number,
  to: number,
): boolean {
  for (let k = from; k < to; k++) {
    const w = words[k] as string;
    if (signedNumber(w) || (cue.numberWords.has(w) && w !== "one")) {
      // the addressed agent's number is no level
      // ("@Agent 2 whats F's parking log", fresh302, session 66: the tag's word is "@agent")
      if (!((words[k - 1] === "agent" || words[k - 1] === "@agent") && k - 1 < at)) return false;
    }
    const t = tokens[k] as NaturalToken;
    if (k >= at - 1 && k < to - 1 && (t.pause || t.aside || t.lineBreak)) return false;
  }
  return true;
}

/** Nouns of the value asked for in a closing "what number." / "what level.". */
const VALUE_NOUNS = new Set(["number", "level", "value", "score", "rating", "figure"]);

/**
 * "Agent 3 — ambience of Restaurant B please, what number." (fresh166): a sentence closed by "what <value noun>"
 * after a pause (and a full stop, not "?"), with no number in it: the topic before it asked for.
 */
function valueAsked(tokens: readonly NaturalToken[], words: readonly string[], from: number, to: number): boolean {
  const last = tokens[to - 1] as NaturalToken;
  if (last.question || !last.stop || to - from < 4) return false;
  if (words[to - 2] !== "what" || !VALUE_NOUNS.has(words[to - 1] as string)) return false;
  if (!(tokens[to - 3] as NaturalToken).pause) return false;
  return plainQuestion(tokens, words, from, to - 1, to);
}
