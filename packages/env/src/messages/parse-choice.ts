import type { PublicTask } from "../task/task";
import { answerCount } from "../task/answer-count";
import type { Surface } from "./act";
import { canonicalTokens, canonicalWord } from "./canonical-tokens";
import { MAX_MESSAGE_LENGTH } from "./message-limits";
import { naturalMatchers } from "./natural-matchers";
import { naturalWords } from "./natural-words";
import { quote, type ChoiceParseResult } from "./parse-result";

const TRIGGERS = new Set(["choose", "chose", "pick", "picked", "select", "choice", "answer", "vote"]);
const FILLERS = new Set([
  "is",
  "for",
  "the",
  "my",
  "final",
  "option",
  "=",
  "-",
  "i",
  "will",
  "to",
  "would",
  "go",
  "with",
  "it's",
  "its",
]);

function canonicalChoice(text: string, answers: number): ChoiceParseResult {
  const tokens = canonicalTokens(text, 3);
  if (tokens === null || tokens.length === 0 || tokens.length > 2)
    return { choice: null, error: `expected "CHOOSE o<k>", got ${quote(text)}` };
  if (tokens.length === 2 && (tokens[0] as string).toUpperCase() !== "CHOOSE")
    return { choice: null, error: `expected "CHOOSE o<k>", got ${quote(text)}` };
  const k = canonicalWord.option(tokens[tokens.length - 1]);
  if (k === null)
    return { choice: null, error: `expected an answer o<k>, got ${quote(tokens[tokens.length - 1] ?? "")}` };
  if (k >= answers) return { choice: null, error: `answer o${k} out of range (o0..o${answers - 1})` };
  return { choice: k };
}

function naturalChoice(text: string, task: Pick<PublicTask, "domain" | "decision">): ChoiceParseResult {
  const { answers } = naturalMatchers(task);
  const words = naturalWords(text);
  let chosen: number | null = null;
  const mentioned = new Set<number>();
  for (let i = 0; i < words.length; i++) {
    const named = answers.match(words, i);
    if (named !== null) mentioned.add(named.index);
    if (!TRIGGERS.has(words[i] as string)) continue;
    let j = i + 1;
    for (let f = 0; f < 4 && FILLERS.has(words[j] ?? ""); f++) j++;
    const m = answers.match(words, j);
    if (m !== null) chosen = m.index; // the last stated choice wins (models often reason first)
  }
  if (chosen !== null) return { choice: chosen };
  if (mentioned.size === 1) return { choice: [...mentioned][0] as number };
  return {
    choice: null,
    error:
      mentioned.size === 0 ? "no choice found" : `ambiguous choice: ${mentioned.size} answers named and none chosen`,
  };
}

/**
 * Parses a private choice. Canonical: "CHOOSE o<k>" (or just "o<k>"). Natural: the last "I choose <name>"
 * (also choice / answer / pick ...), else the only answer named. Null with `error` when none; never throws.
 */
export function parseChoice(
  text: string,
  surface: Surface,
  task: Pick<PublicTask, "domain" | "decision" | "options">,
): ChoiceParseResult {
  try {
    if (typeof text !== "string") return { choice: null, error: `expected a string, got ${typeof text}` };
    if (text.length > MAX_MESSAGE_LENGTH)
      return { choice: null, error: `choice too long: ${text.length} characters (limit ${MAX_MESSAGE_LENGTH})` };
    if (surface === "natural") return naturalChoice(text, task);
    if (surface === "canonical") return canonicalChoice(text, answerCount(task));
    return { choice: null, error: `unknown surface ${JSON.stringify(String(surface))}` };
  } catch (error) {
    return { choice: null, error: `unparseable choice (${error instanceof Error ? error.message : String(error)})` };
  }
}
