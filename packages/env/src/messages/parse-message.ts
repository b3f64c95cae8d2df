import type { PublicTask } from "../task/task";
import type { Surface } from "./act";
import { parseCanonical } from "./parse-canonical";
import { parseNatural } from "./parse-natural";
import { parseToolText } from "./parse-tool-text";
import { CHAT_ERROR_PREFIX } from "./chat-error-prefix";
import { failedParse, type MessageParseResult } from "./parse-result";
import { stripReasoning } from "./strip-reasoning";

/**
 * Parses untrusted message text on a surface against a task; private reasoning (`<think>` blocks) never counts on
 * any surface (`stripReasoning`). Never throws; `error` set means the message counts as PASS.
 */
export function parseMessage(
  text: string,
  surface: Surface,
  task: Pick<PublicTask, "options" | "attributes" | "agents" | "levels" | "domain" | "decision">,
): MessageParseResult {
  if (typeof text === "string" && text.startsWith(CHAT_ERROR_PREFIX))
    return failedParse("the policy got no reply (a chat error), not a message");
  if (surface === "natural") return parseNatural(text, task);
  if (surface === "tool") return parseToolText(text, task);
  if (surface === "canonical") return parseCanonical(stripReasoning(text), task);
  return failedParse(`unknown surface ${JSON.stringify(String(surface))}`);
}
