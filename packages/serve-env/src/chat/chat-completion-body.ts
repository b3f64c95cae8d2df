import { randomBytes } from "node:crypto";
import type { ChatCompletionRequest } from "./chat-completion-request";
import type { ChatResponderReply } from "./chat-responder";

/** OpenAI's `chat.completion` object for a responder's reply (a fresh id, the time in seconds, one choice). */
export function chatCompletionBody(
  modelName: string,
  request: ChatCompletionRequest,
  reply: ChatResponderReply,
  now: number = Date.now(),
) {
  const completionTokens = reply.tokens.length;
  return {
    id: `chatcmpl-${randomBytes(12).toString("hex")}`,
    object: "chat.completion",
    created: Math.floor(now / 1000),
    model: modelName,
    choices: [
      {
        index: 0,
        message: {
          role: "assistant",
          // OpenAI sends content null on a reply that only calls tools
          content: reply.content === "" && (reply.toolCalls?.length ?? 0) > 0 ? null : reply.content,
          ...(reply.reasoningContent !== undefined ? { reasoning_content: reply.reasoningContent } : {}),
          ...(reply.toolCalls !== undefined && reply.toolCalls.length > 0
            ? {
                tool_calls: reply.toolCalls.map((c) => ({
                  id: c.id,
                  type: "function",
                  function: { name: c.name, arguments: c.arguments },
                })),
              }
            : {}),
        },
        finish_reason: reply.finishReason,
        ...(request.logprobs
          ? {
              logprobs: {
                content: reply.tokens.map(({ token, logprob }) => ({ token, logprob, bytes: null, top_logprobs: [] })),
              },
            }
          : {}),
      },
    ],
    usage: {
      prompt_tokens: reply.promptTokens,
      completion_tokens: completionTokens,
      total_tokens: reply.promptTokens + completionTokens,
    },
  };
}
