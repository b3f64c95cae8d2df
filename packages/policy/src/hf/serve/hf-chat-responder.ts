import { randomBytes } from "node:crypto";
import { ChatRequestError } from "../../tfjs/serve/chat-request-error";
import type { DecoderModel } from "../decoder-model";
import type { HfChatMessage, HfTokenizer } from "../hf-tokenizer";
import { sampleDecoder } from "../sample-decoder";
import { parseQwenToolCalls } from "./qwen-tool-calls";

/** A chat-completions request as the chat server hands it over (@cosir/serve-env's ChatCompletionRequest). */
export interface HfChatRequest {
  messages: readonly {
    role: string;
    content: string;
    tool_calls?: readonly {
      id?: string;
      type: "function";
      function: { name: string; arguments: string | Record<string, unknown> };
    }[];
    tool_call_id?: string;
    name?: string;
    reasoning_content?: string;
  }[];
  tools?: readonly Record<string, unknown>[];
  toolChoice?: "none";
  chatTemplateKwargs?: Record<string, unknown>;
  temperature?: number;
  topP?: number;
  maxTokens?: number;
  seed?: number;
}

/** The model's answer (@cosir/serve-env's ChatResponderReply). */
export interface HfChatReply {
  content: string;
  finishReason: "stop" | "length" | "tool_calls";
  toolCalls?: { id: string; name: string; arguments: string }[];
  reasoningContent?: string;
  tokens: { token: string; logprob: number }[];
  promptTokens: number;
}

const ROLES = new Set(["system", "developer", "user", "assistant", "tool"]);

export interface HfChatResponderOptions {
  /** Longest reply in tokens; a request's max_tokens is capped to it (default 256). */
  maxTokens?: number;
  /** Seed of replies to requests without their own `seed` (each such reply draws the next one). Default 0. */
  seed?: number;
  /** `enable_thinking` when a request does not say (default false: Qwen3's template opens an empty think block). */
  enableThinking?: boolean;
  /** The sampler (default sampleDecoder); tests pass one that writes a chosen reply. */
  sample?: typeof sampleDecoder;
}

/**
 * A Hugging Face decoder as a chat responder, no HTTP: the messages (tool calls and tool results included) and
 * `tools` are rendered by the checkpoint's own chat template with the request's `chat_template_kwargs`, sampled
 * with its temperature / top_p / seed (OpenAI's defaults, 1 and 1), and the reply read back: a `<think>` block as
 * the reasoning, Qwen-style `<tool_call>` blocks as tool calls (finish_reason "tool_calls") when the request
 * offered tools. A conversation the template refuses, or one longer than the model's context, is a 400 naming
 * `messages`. Requests are answered one at a time in arrival order (tfjs computes synchronously).
 */
export function hfChatResponder(
  model: DecoderModel,
  tokenizer: HfTokenizer,
  options: HfChatResponderOptions = {},
): (request: HfChatRequest) => Promise<HfChatReply> {
  const limit = options.maxTokens ?? 256;
  let calls = 0;
  let queue: Promise<unknown> = Promise.resolve();
  const answer = (request: HfChatRequest): HfChatReply => {
    request.messages.forEach((m, i) => {
      if (!ROLES.has(m.role))
        throw new ChatRequestError(
          `messages[${i}].role`,
          `messages[${i}].role: expected one of system, developer, user, assistant, tool, got ${JSON.stringify(m.role).slice(0, 80)}`,
        );
    });
    // OpenAI's newer "developer" role is the system prompt of chat templates
    const messages = request.messages.map((m) => (m.role === "developer" ? { ...m, role: "system" } : m));
    const kwargs = request.chatTemplateKwargs ?? {};
    const tools = request.toolChoice === "none" ? undefined : request.tools;
    let prompt: number[];
    try {
      const text = tokenizer.renderChat(messages as unknown as HfChatMessage[], {
        ...(tools !== undefined ? { tools: [...tools] } : {}),
        enableThinking:
          typeof kwargs.enable_thinking === "boolean" ? kwargs.enable_thinking : (options.enableThinking ?? false),
        templateKwargs: kwargs,
      });
      prompt = tokenizer.encode(text);
    } catch (error) {
      throw new ChatRequestError("messages", `the chat template refused the messages: ${(error as Error).message}`);
    }
    const maxNewTokens = Math.min(request.maxTokens ?? limit, limit);
    const context = model.config.maxPositionEmbeddings;
    if (prompt.length === 0 || prompt.length + maxNewTokens > context)
      throw new ChatRequestError(
        "messages",
        `messages: the prompt is ${prompt.length} tokens; with max_tokens ${maxNewTokens} it must fit the model's context of ${context}`,
      );
    const seed = request.seed ?? (options.seed ?? 0) * 1_000_003 + calls++;
    const sampled = (options.sample ?? sampleDecoder)(model, [prompt], {
      maxNewTokens,
      seed,
      ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
      ...(request.topP !== undefined ? { topP: request.topP } : {}),
    });
    const ids = sampled.tokens[0]!;
    const parsed = parseQwenToolCalls(tokenizer.decode(ids, true), tools !== undefined);
    const toolCalls = parsed.toolCalls.map((c) => ({ id: `call_${randomBytes(12).toString("hex")}`, ...c }));
    return {
      content: parsed.content,
      finishReason: toolCalls.length > 0 ? "tool_calls" : sampled.stopped[0] ? "stop" : "length",
      ...(toolCalls.length > 0 ? { toolCalls } : {}),
      ...(parsed.reasoning !== undefined ? { reasoningContent: parsed.reasoning } : {}),
      tokens: ids.map((id, i) => ({ token: tokenizer.decode([id]), logprob: sampled.logProbs[0]![i]! })),
      promptTokens: prompt.length,
    };
  };
  return async (request) => {
    const run = queue.then(() => answer(request));
    queue = run.catch(() => undefined);
    return run;
  };
}
