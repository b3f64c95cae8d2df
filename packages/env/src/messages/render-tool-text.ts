import type { PublicTask } from "../task/task";
import type { Act } from "./act";
import { renderToolCalls } from "./render-tool-calls";

/**
 * Text of a message on the tool surface: one Hermes / Qwen-style `<tool_call>{"name": ..., "arguments":
 * {...}}</tool_call>` line per act (an empty list is one pass call). `parseToolText` reads it back.
 */
export function renderToolText(acts: readonly Act[], task: Pick<PublicTask, "domain">): string {
  return renderToolCalls(acts, task)
    .map(
      (c) =>
        `<tool_call>\n{"name":${JSON.stringify(c.function.name)},"arguments":${c.function.arguments}}\n</tool_call>`,
    )
    .join("\n");
}
