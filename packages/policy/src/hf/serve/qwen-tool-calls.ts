/** A reply split into what the chat API returns: the text, the reasoning and the tool calls it made. */
export interface ParsedReply {
  /** The text outside `<think>` and well-formed `<tool_call>` blocks, trimmed. */
  content: string;
  /** The `<think>` block's text (a block cut off by the token limit counts), or undefined when there is none. */
  reasoning?: string;
  /** Each well-formed call in order; `arguments` is JSON text, as OpenAI's `function.arguments`. */
  toolCalls: { name: string; arguments: string }[];
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

/**
 * Reads a Qwen-style reply (Hermes tool format, what Qwen3's template teaches): `<think>...</think>` becomes the
 * reasoning, and each `<tool_call>{"name": ..., "arguments": {...}}</tool_call>` whose JSON is an object with a
 * string name and object (or absent) arguments becomes a tool call. A block that does not parse stays in the
 * content as written, so nothing the model wrote is lost; any text is accepted (untrusted model output).
 */
export function parseQwenToolCalls(text: string, readToolCalls = true): ParsedReply {
  let rest = text;
  let reasoning: string | undefined;
  const think = /^\s*<think>([\s\S]*?)(?:<\/think>|$)/.exec(rest);
  if (think !== null) {
    reasoning = think[1]!.trim();
    rest = rest.slice(think[0].length);
  }
  const toolCalls: ParsedReply["toolCalls"] = [];
  if (readToolCalls)
    rest = rest.replace(/<tool_call>([\s\S]*?)<\/tool_call>/g, (block, body: string) => {
      let json: unknown;
      try {
        json = JSON.parse(body);
      } catch {
        return block;
      }
      if (!isObject(json) || typeof json.name !== "string" || json.name === "") return block;
      const args = json.arguments ?? {};
      if (!isObject(args)) return block;
      toolCalls.push({ name: json.name, arguments: JSON.stringify(args) });
      return "";
    });
  return { content: rest.trim(), ...(reasoning !== undefined ? { reasoning } : {}), toolCalls };
}
