import type { PublicTask } from "../task/task";
import { answerCount } from "../task/answer-count";
import type { Surface } from "./act";
import { canonicalTokens, canonicalWord } from "./canonical-tokens";
import { CHAT_ERROR_PREFIX } from "./chat-error-prefix";
import { MAX_MESSAGE_LENGTH } from "./message-limits";
import { naturalMatchers } from "./natural-matchers";
import { naturalWords } from "./natural-words";
import { quote, type ChoiceParseResult } from "./parse-result";
import { readToolCall } from "./read-tool-call";
import { stripReasoning } from "./strip-reasoning";
import { toolCallBlocks } from "./tool-call-blocks";

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

/** Most options a canonical tally may list (one `o<k> <n>` pair each). */
const MAX_TALLY_OPTIONS = 64;

function canonicalChoice(text: string, answers: number): ChoiceParseResult {
  const tokens = canonicalTokens(text, 3 + 2 * MAX_TALLY_OPTIONS);
  if (tokens === null || tokens.length === 0)
    return { choice: null, error: `expected "CHOOSE o<k>", got ${quote(text)}` };
  let rest = tokens;
  // A tally scratchpad before the choice (renderTally): read, checked for form, never scored.
  if ((tokens[0] as string).toUpperCase() === "TALLY") {
    const choose = tokens.findIndex((t) => t.toUpperCase() === "CHOOSE");
    const pad = tokens.slice(1, choose < 0 ? tokens.length : choose);
    const wellFormed =
      choose > 0 &&
      pad.length % 2 === 0 &&
      pad.every((t, i) => (i % 2 === 0 ? canonicalWord.option(t) !== null : canonicalWord.integer(t) !== null));
    if (!wellFormed) return { choice: null, error: `expected "TALLY o<k> <n> ... CHOOSE o<k>", got ${quote(text)}` };
    rest = tokens.slice(choose);
  }
  if (rest.length > 2 || (rest.length === 2 && (rest[0] as string).toUpperCase() !== "CHOOSE"))
    return { choice: null, error: `expected "CHOOSE o<k>", got ${quote(text)}` };
  const k = canonicalWord.option(rest[rest.length - 1]);
  if (k === null) return { choice: null, error: `expected an answer o<k>, got ${quote(rest[rest.length - 1] ?? "")}` };
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

/** The last valid choose call in tool-surface text; other calls are ignored. */
function toolChoice(text: string, task: Pick<PublicTask, "domain" | "decision" | "options">): ChoiceParseResult {
  const bounds = { ...task, agents: 1, levels: [0, 0] as [number, number] };
  let chosen: number | null = null;
  let error = "no choose call";
  for (const call of toolCallBlocks(text).calls) {
    if ("error" in call) {
      error = call.error;
      continue;
    }
    const reading = readToolCall(call.name, call.arguments, bounds);
    if ("choice" in reading) chosen = reading.choice;
    else if ("error" in reading) error = reading.error;
  }
  return chosen !== null ? { choice: chosen } : { choice: null, error };
}

/**
 * Parses a private choice. Canonical: "CHOOSE o<k>" (or just "o<k>"), optionally after a tally scratchpad
 * "TALLY o0 <n> o1 <n> ... CHOOSE o<k>" (see renderTally). Natural: the last "I choose <name>"
 * (also choice / answer / pick ...), else the only answer named. Tool: the last valid `choose` call (text without
 * tool calls is read as natural). On every surface `<think>` blocks are removed first (`stripReasoning`). Null
 * with `error` when none; never throws.
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
    if (text.startsWith(CHAT_ERROR_PREFIX))
      return { choice: null, error: "the policy got no reply (a chat error), not a choice" };
    // private reasoning is never a choice (the reasoning rule: stripReasoning)
    text = stripReasoning(text);
    if (surface === "natural") return naturalChoice(text, task);
    if (surface === "tool") return text.includes("<tool_call>") ? toolChoice(text, task) : naturalChoice(text, task);
    if (surface === "canonical") return canonicalChoice(text, answerCount(task));
    return { choice: null, error: `unknown surface ${JSON.stringify(String(surface))}` };
  } catch (error) {
    return { choice: null, error: `unparseable choice (${error instanceof Error ? error.message : String(error)})` };
  }
}
