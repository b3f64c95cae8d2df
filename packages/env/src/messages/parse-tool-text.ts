import type { PublicTask } from "../task/task";
import type { Act } from "./act";
import { MAX_ACTS, MAX_MESSAGE_LENGTH } from "./message-limits";
import { parseNatural } from "./parse-natural";
import { failedParse, type MessageParseResult } from "./parse-result";
import { readToolCall } from "./read-tool-call";
import { stripReasoning } from "./strip-reasoning";
import { toolCallBlocks } from "./tool-call-blocks";

type ToolTask = Pick<PublicTask, "domain" | "decision" | "agents" | "levels">;

/** Longest stretch of text outside the tool calls quoted in `unparsed`. */
const MAX_SPAN = 200;

/**
 * Parses a message on the tool surface: Hermes / Qwen-style `<tool_call>{"name": "share", "arguments":
 * {...}}</tool_call>` blocks (the form `renderToolText` writes and `toolCallsToText` makes of an API's
 * `tool_calls`), one act per share / ask / propose / pass call. Invalid calls and text outside the calls go to
 * `unparsed` with the reason; no valid call is a parse error (acts = [PASS]). Text without any tool call is
 * read as the natural surface (a model that answers in prose). Never throws.
 */
export function parseToolText(text: string, task: ToolTask): MessageParseResult {
  try {
    if (typeof text !== "string") return failedParse(`expected a string, got ${typeof text}`);
    if (text.length > MAX_MESSAGE_LENGTH)
      return failedParse(`message too long: ${text.length} characters (limit ${MAX_MESSAGE_LENGTH})`);
    // a tool call inside private reasoning was never made (the reasoning rule: stripReasoning)
    text = stripReasoning(text);
    if (!text.includes("<tool_call>")) return parseNatural(text, task);
    const { calls, outside } = toolCallBlocks(text);
    const acts: Act[] = [];
    const unparsed: string[] = outside.map((s) => (s.length > MAX_SPAN ? `${s.slice(0, MAX_SPAN - 3)}...` : s));
    const errors: string[] = [];
    for (const call of calls) {
      if ("error" in call) {
        errors.push(call.error);
        continue;
      }
      const reading = readToolCall(call.name, call.arguments, task);
      if ("act" in reading) acts.push(reading.act);
      else errors.push("error" in reading ? reading.error : "choose: the choice is made when asked for it");
    }
    if (acts.length > MAX_ACTS) return failedParse(`too many acts (limit ${MAX_ACTS})`);
    unparsed.push(...errors);
    if (acts.length === 0) {
      const failed = failedParse(errors[0] ?? "no valid tool call");
      return unparsed.length > 0 ? { ...failed, unparsed } : failed;
    }
    return unparsed.length > 0 ? { acts, unparsed } : { acts };
  } catch (error) {
    return failedParse(`unparseable message (${error instanceof Error ? error.message : String(error)})`);
  }
}
