/** A JSON schema, as plain data. */
export type JsonSchema = { [key: string]: unknown };

/** An OpenAI-style tool definition (`tools` in a chat-completions request). */
export interface ChatTool {
  type: "function";
  function: { name: string; description: string; parameters: JsonSchema };
}

/** An OpenAI-style tool call (`message.tool_calls[k]` in a chat-completions response). */
export interface ToolCall {
  id?: string;
  type: "function";
  function: { name: string; arguments: string };
}
