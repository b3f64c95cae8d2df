import { ChatHttpError } from "./chat-http-error";

/** A chat-completions request as the chat server hands it to its responder (OpenAI's fields, read and checked). */
export interface ChatCompletionRequest {
  /** Every message in order; array-of-parts content is joined to its text parts. */
  messages: { role: string; content: string }[];
  temperature?: number;
  /** `top_p`; 0 is sent on as 1e-9 (a nucleus of the single likeliest token). */
  topP?: number;
  /** `max_completion_tokens`, else `max_tokens`. */
  maxTokens?: number;
  seed?: number;
  /** The reply carries per-token log-probabilities. */
  logprobs?: boolean;
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
    if (typeof content !== "string")
      throw new ChatHttpError(400, `messages[${i}].content: expected a string`, `messages[${i}].content`);
    return { role: msg.role, content };
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
 * missing or empty `messages`, an out-of-range sampling field, `stream: true` or `n` other than 1.
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
  return out;
}
