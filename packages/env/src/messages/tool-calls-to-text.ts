/**
 * Hermes-style text of an API's `tool_calls` (untrusted): `[{function: {name, arguments: "<json>"}}]` (OpenAI)
 * or `[{name, arguments}]` becomes one `<tool_call>{"name": ..., "arguments": ...}</tool_call>` line per call,
 * arguments kept as given (a JSON string is read as JSON when parsed), so `parseToolText` reads and checks
 * them. Anything that is not a list gives "". Never throws.
 */
export function toolCallsToText(calls: unknown): string {
  if (!Array.isArray(calls)) return "";
  const lines: string[] = [];
  for (const call of calls.slice(0, 1024)) {
    const c = call !== null && typeof call === "object" ? (call as Record<string, unknown>) : {};
    const fn =
      c.function !== null && typeof c.function === "object" ? (c.function as Record<string, unknown>) : undefined;
    const name = fn?.name ?? c.name ?? null;
    const args = fn?.arguments ?? c.arguments ?? null;
    let json: string;
    try {
      json = JSON.stringify({ name, arguments: args }) ?? '{"name":null}';
    } catch {
      json = JSON.stringify({ name: typeof name === "string" ? name : null, arguments: null });
    }
    lines.push(`<tool_call>\n${json}\n</tool_call>`);
  }
  return lines.join("\n");
}
