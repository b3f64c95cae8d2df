import { toolCallsToText } from "@cosir/env";
import { ChatAttemptError } from "./chat-attempt-error";

/**
 * The text of a `/chat/completions` reply body: `choices[0].message.content`; with `readToolCalls`, the
 * message's `tool_calls` as Hermes-style `<tool_call>` text after any content. An unreadable body is a
 * retryable ChatAttemptError (a sampling server may answer properly next time).
 */
export function chatReplyText(body: string, readToolCalls: boolean): string {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    throw new ChatAttemptError(`reply is not JSON: ${JSON.stringify(body.slice(0, 80))}`, true);
  }
  const message = (json as { choices?: { message?: { content?: unknown; tool_calls?: unknown } }[] } | null)
    ?.choices?.[0]?.message;
  const content = message?.content;
  const calls = readToolCalls ? toolCallsToText(message?.tool_calls) : "";
  if (calls !== "") return typeof content === "string" && content.trim() !== "" ? `${content}\n${calls}` : calls;
  if (typeof content !== "string") throw new ChatAttemptError("reply has no choices[0].message.content string", true);
  return content;
}
