import { ChatHttpError } from "./chat-http-error";

/** A chat-completions request as the chat server hands it to its responder (OpenAI's fields, read and checked). */
export interface ChatCompletionRequest {
  /**
   * Every message in order; array-of-parts content is joined to its text parts, a null content (an assistant turn
   * that only calls tools) reads as "". `tool_calls`, `tool_call_id`, `name` and `reasoning_content` are kept when
   * sent, so a chat template can render earlier tool calls and their results.
   */
  messages: ChatRequestMessage[];
  /** Function schemas (OpenAI's `tools`), each `{type: "function", function: {name, ...}}`, passed on as sent. */
  tools?: Record<string, unknown>[];
  /** `tool_choice` "none": the model sees no tools and its reply is read as plain text. "auto" (default) is absent. */
  toolChoice?: "none";
  /**
   * vLLM's `chat_template_kwargs` (an object passed to the chat template, e.g. `{enable_thinking: false}`); a
   * top-level `enable_thinking` boolean is read into it too.
   */
  chatTemplateKwargs?: Record<string, unknown>;
  temperature?: number;
  /** `top_p`; 0 is sent on as 1e-9 (a nucleus of the single likeliest token). */
  topP?: number;
  /** `max_completion_tokens`, else `max_tokens`. */
  maxTokens?: number;
  seed?: number;
  /** The reply carries per-token log-probabilities. */
  logprobs?: boolean;
}

/** One message of a request: role and text, plus what a tool-calling conversation carries. */
export interface ChatRequestMessage {
  role: string;
  content: string;
  tool_calls?: {
    id?: string;
    type: "function";
    function: { name: string; arguments: string | Record<string, unknown> };
  }[];
  tool_call_id?: string;
  name?: string;
  reasoning_content?: string;
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

function parseToolCalls(value: unknown, at: string): NonNullable<ChatRequestMessage["tool_calls"]> {
  if (!Array.isArray(value)) throw new ChatHttpError(400, `${at}: expected an array of tool calls`, at);
  return value.map((call: unknown, j) => {
    const here = `${at}[${j}]`;
    if (!isObject(call) || !isObject(call.function))
      throw new ChatHttpError(400, `${here}: expected {type: "function", function: {name, arguments}}`, here);
    const { name, arguments: args } = call.function;
    if (typeof name !== "string" || name === "")
      throw new ChatHttpError(400, `${here}.function.name: expected a non-empty string`, `${here}.function.name`);
    if (typeof args !== "string" && !isObject(args))
      throw new ChatHttpError(
        400,
        `${here}.function.arguments: expected a JSON string or an object`,
        `${here}.function.arguments`,
      );
    if (call.id !== undefined && typeof call.id !== "string")
      throw new ChatHttpError(400, `${here}.id: expected a string`, `${here}.id`);
    return {
      ...(typeof call.id === "string" ? { id: call.id } : {}),
      type: "function" as const,
      function: { name, arguments: args as string | Record<string, unknown> },
    };
  });
}

function parseTools(value: unknown): Record<string, unknown>[] {
  if (!Array.isArray(value)) throw new ChatHttpError(400, "tools: expected an array of function tools", "tools");
  return value.map((tool: unknown, i) => {
    if (!isObject(tool) || tool.type !== "function" || !isObject(tool.function))
      throw new ChatHttpError(400, `tools[${i}]: expected {type: "function", function: {name, ...}}`, `tools[${i}]`);
    if (typeof tool.function.name !== "string" || tool.function.name === "")
      throw new ChatHttpError(
        400,
        `tools[${i}].function.name: expected a non-empty string`,
        `tools[${i}].function.name`,
      );
    return tool;
  });
}

function parseMessages(value: unknown): ChatCompletionRequest["messages"] {
  if (!Array.isArray(value) || value.length === 0)
    throw new ChatHttpError(400, "messages: expected a non-empty array of {role, content}", "messages");
  return value.map((m: unknown, i) => {
    const msg = m as { role?: unknown; content?: unknown } | null;
    if (msg === null || typeof msg !== "object")
      throw new ChatHttpError(400, `messages[${i}]: expected an object with role and content`, `messages[${i}]`);
    if (typeof msg.role !== "string")
      throw new ChatHttpError(400, `messages[${i}].role: expected a string`, `messages[${i}].role`);
    let content = msg.content;
    // the array-of-parts form: keep the text parts
    if (Array.isArray(content))
      content = content
        .map((p: { type?: unknown; text?: unknown }) =>
          p?.type === "text" && typeof p.text === "string" ? p.text : "",
        )
        .join("");
    const extra = msg as { tool_calls?: unknown; tool_call_id?: unknown; name?: unknown; reasoning_content?: unknown };
    const toolCalls =
      extra.tool_calls === undefined || extra.tool_calls === null
        ? undefined
        : parseToolCalls(extra.tool_calls, `messages[${i}].tool_calls`);
    // an assistant turn that only calls tools may send content null (or leave it out)
    if ((content === null || content === undefined) && toolCalls !== undefined) content = "";
    if (typeof content !== "string")
      throw new ChatHttpError(400, `messages[${i}].content: expected a string`, `messages[${i}].content`);
    const out: ChatRequestMessage = { role: msg.role, content };
    if (toolCalls !== undefined) out.tool_calls = toolCalls;
    for (const field of ["tool_call_id", "name", "reasoning_content"] as const) {
      const v = extra[field];
      if (v === undefined || v === null) continue;
      if (typeof v !== "string")
        throw new ChatHttpError(400, `messages[${i}].${field}: expected a string`, `messages[${i}].${field}`);
      out[field] = v;
    }
    return out;
  });
}

/** A number field in [min, max] (an integer when asked), absent when undefined or null; 400 naming it otherwise. */
function numberField(r: Record<string, unknown>, field: string, min: number, max: number, integer = false) {
  const v = r[field];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== "number" || !Number.isFinite(v) || v < min || v > max || (integer && !Number.isInteger(v)))
    throw new ChatHttpError(
      400,
      `${field}: expected ${integer ? "an integer" : "a number"} in [${min}, ${max}], got ${JSON.stringify(v)}`,
      field,
    );
  return v;
}

/**
 * Reads a `POST /v1/chat/completions` body (the raw text): 400 naming the field for malformed JSON, a
 * missing or empty `messages`, an out-of-range sampling field, `stream: true` or `n` other than 1, a malformed
 * `tools`, `tool_calls`, `tool_choice` or `chat_template_kwargs`.
 * `model` is checked to be a string and otherwise ignored (the server has one model).
 */
export function parseChatRequest(body: string): ChatCompletionRequest {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch (error) {
    throw new ChatHttpError(400, `body is not valid JSON: ${(error as Error).message}`);
  }
  if (json === null || typeof json !== "object" || Array.isArray(json))
    throw new ChatHttpError(400, "body: expected a JSON object");
  const r = json as Record<string, unknown>;
  const messages = parseMessages(r.messages);
  if (r.stream === true)
    throw new ChatHttpError(400, "stream: streaming is not supported; send stream: false", "stream");
  numberField(r, "n", 1, 1, true);
  if (r.model !== undefined && typeof r.model !== "string")
    throw new ChatHttpError(400, "model: expected a string", "model");
  if (r.logprobs !== undefined && r.logprobs !== null && typeof r.logprobs !== "boolean")
    throw new ChatHttpError(400, "logprobs: expected a boolean", "logprobs");
  const maxTokens =
    numberField(r, "max_completion_tokens", 1, 1 << 20, true) ?? numberField(r, "max_tokens", 1, 1 << 20, true);
  const out: ChatCompletionRequest = { messages };
  const temperature = numberField(r, "temperature", 0, 100);
  const topP = numberField(r, "top_p", 0, 1);
  const seed = numberField(r, "seed", -(2 ** 53), 2 ** 53, true);
  if (temperature !== undefined) out.temperature = temperature;
  if (topP !== undefined) out.topP = topP === 0 ? 1e-9 : topP;
  if (maxTokens !== undefined) out.maxTokens = maxTokens;
  if (seed !== undefined) out.seed = seed;
  if (r.logprobs === true) out.logprobs = true;
  if (r.tools !== undefined && r.tools !== null) {
    const tools = parseTools(r.tools);
    if (tools.length > 0) out.tools = tools;
  }
  if (r.tool_choice !== undefined && r.tool_choice !== null && r.tool_choice !== "auto") {
    if (r.tool_choice !== "none")
      throw new ChatHttpError(
        400,
        `tool_choice: expected "auto" or "none" (forcing a tool is not supported), got ${JSON.stringify(r.tool_choice)}`,
        "tool_choice",
      );
    out.toolChoice = "none";
  }
  const kwargs = r.chat_template_kwargs;
  if (kwargs !== undefined && kwargs !== null && !isObject(kwargs))
    throw new ChatHttpError(400, "chat_template_kwargs: expected an object", "chat_template_kwargs");
  const merged: Record<string, unknown> = { ...(isObject(kwargs) ? kwargs : {}) };
  if (r.enable_thinking !== undefined && r.enable_thinking !== null) merged.enable_thinking = r.enable_thinking;
  if (merged.enable_thinking !== undefined && typeof merged.enable_thinking !== "boolean")
    throw new ChatHttpError(
      400,
      `enable_thinking: expected a boolean, got ${JSON.stringify(merged.enable_thinking)}`,
      isObject(kwargs) && "enable_thinking" in kwargs ? "chat_template_kwargs.enable_thinking" : "enable_thinking",
    );
  if (Object.keys(merged).length > 0) out.chatTemplateKwargs = merged;
  return out;
}
