import type { PublicTask } from "../task/task";
import type { Surface } from "./act";
import { parseCanonical } from "./parse-canonical";
import { parseNatural } from "./parse-natural";
import { parseToolText } from "./parse-tool-text";
import { failedParse, type MessageParseResult } from "./parse-result";

/** Parses untrusted message text on a surface against a task. Never throws; `error` set means the message counts as PASS. */
export function parseMessage(
  text: string,
  surface: Surface,
  task: Pick<PublicTask, "options" | "attributes" | "agents" | "levels" | "domain" | "decision">,
): MessageParseResult {
  if (surface === "natural") return parseNatural(text, task);
  if (surface === "tool") return parseToolText(text, task);
  if (surface === "canonical") return parseCanonical(text, task);
  return failedParse(`unknown surface ${JSON.stringify(String(surface))}`);
}
