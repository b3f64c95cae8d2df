import type { ChatCompletionRequest } from "./chat-completion-request";

/** What a responder answers to one chat-completions request; the chat server wraps it in OpenAI's reply. */
export interface ChatResponderReply {
  /** The assistant message's text. */
  content: string;
  /**
   * `stop` when the model ended the reply itself, `length` when it ran into the token limit, `tool_calls` when
   * the reply calls tools (then `toolCalls` lists them).
   */
  finishReason: "stop" | "length" | "tool_calls";
  /** Tool calls read from the reply (OpenAI's `message.tool_calls`); `arguments` is JSON text. */
  toolCalls?: { id: string; name: string; arguments: string }[];
  /** The reply's reasoning (a `<think>` block), returned as `message.reasoning_content` as vLLM does. */
  reasoningContent?: string;
  /** The reply's tokens with their log-probabilities (`logprobs.content` when the request asks for them). */
  tokens: { token: string; logprob: number }[];
  /** Tokens of the prompt the model read (`usage.prompt_tokens`). */
  promptTokens: number;
}

/**
 * The model behind a chat server: a request in, a reply out, no HTTP. A request it will not answer is refused
 * by throwing a CosirError with a numeric `status` (e.g. 400) and an optional `param` naming the field; any
 * other error is a 500. `@cosir/policy/tfjs`'s `checkpointChatResponder` is one.
 */
export type ChatResponder = (request: ChatCompletionRequest) => Promise<ChatResponderReply>;
