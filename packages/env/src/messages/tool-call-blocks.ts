const OPEN = "<tool_call>";
const CLOSE = "</tool_call>";
const FENCE = /^```(?:json)?\s*([\s\S]*?)\s*```$/;

/** One call found in text: its name and arguments as written, or why the block could not be read. */
export type ToolCallBlock = { name: unknown; arguments: unknown } | { error: string };

/**
 * Hermes / Qwen-style tool calls in text: `<tool_call>{"name": ..., "arguments": {...}}</tool_call>`, one JSON
 * object (or an array of them) per block, optionally in a ```json fence; a missing closing tag runs to the next
 * opening tag or the end. Returns the calls and the text outside the blocks. Linear; never throws.
 */
export function toolCallBlocks(text: string): { calls: ToolCallBlock[]; outside: string[] } {
  const calls: ToolCallBlock[] = [];
  const outside: string[] = [];
  let at = 0;
  while (at < text.length) {
    const open = text.indexOf(OPEN, at);
    if (open < 0) {
      outside.push(text.slice(at));
      break;
    }
    outside.push(text.slice(at, open));
    const start = open + OPEN.length;
    const close = text.indexOf(CLOSE, start);
    const next = text.indexOf(OPEN, start);
    const end = close >= 0 && (next < 0 || close < next) ? close : next >= 0 ? next : text.length;
    calls.push(...readBlock(text.slice(start, end)));
    at = end === close ? close + CLOSE.length : end;
  }
  return { calls, outside: outside.map((s) => s.trim()).filter((s) => s !== "") };
}

function readBlock(raw: string): ToolCallBlock[] {
  let body = raw.trim();
  const fenced = FENCE.exec(body);
  if (fenced !== null) body = fenced[1] as string;
  let value: unknown;
  try {
    value = JSON.parse(body) as unknown;
  } catch {
    return [{ error: `tool call is not JSON: ${JSON.stringify(body.length > 40 ? `${body.slice(0, 37)}...` : body)}` }];
  }
  const items = Array.isArray(value) ? value : [value];
  return items.map((item): ToolCallBlock => {
    if (item === null || typeof item !== "object" || Array.isArray(item))
      return { error: "tool call must be an object with name and arguments" };
    const call = item as Record<string, unknown>;
    return { name: call.name, arguments: call.arguments ?? call.parameters };
  });
}
