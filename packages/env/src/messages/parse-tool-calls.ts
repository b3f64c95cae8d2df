import type { PublicTask } from "../task/task";
import { parseToolText } from "./parse-tool-text";
import type { MessageParseResult } from "./parse-result";
import { toolCallsToText } from "./tool-calls-to-text";

/**
 * Parses an API's `tool_calls` (OpenAI structure `[{function: {name, arguments: "<json string>"}}]`, untrusted)
 * as a tool-surface message: the same acts, checks and `unparsed` reasons as `parseToolText` on their Hermes
 * text. No calls is a parse error. Never throws.
 */
export function parseToolCalls(
  calls: unknown,
  task: Pick<PublicTask, "domain" | "decision" | "agents" | "levels">,
): MessageParseResult {
  const text = toolCallsToText(calls);
  return parseToolText(text === "" ? "<tool_call></tool_call>" : text, task);
}
