import { InvalidArgumentError } from "@cosir/bayes";
import { ChatPolicy } from "@cosir/policy";
import type { ChatResponder } from "./chat-responder";

export interface OpenAiChatResponderOptions {
  /** API base including the version path, e.g. http://127.0.0.1:8000/v1 (vLLM, llama.cpp, Ollama, SGLang). */
  baseUrl: string;
  model: string;
  apiKey?: string;
  /** Default 0 (greedy), so runs are as repeatable as the server allows. */
  temperature?: number;
  maxTokens?: number;
  /** Requests in flight at once; default 8. */
  concurrency?: number;
  timeoutMs?: number;
}

/**
 * Raw chat conversations -> replies through an OpenAI-compatible endpoint, for protocols that build
 * their own messages (HiddenBench). It is @cosir/policy's ChatPolicy underneath, so it shares its
 * timeouts, retries with backoff and concurrency limit; a request that still fails after its retries
 * answers `[chat error: ...]`, which the protocol treats as an unparseable reply.
 */
export function openAiChatResponder(opts: OpenAiChatResponderOptions): ChatResponder {
  if (typeof opts?.baseUrl !== "string" || !/^https?:\/\//.test(opts.baseUrl))
    throw new InvalidArgumentError("baseUrl", opts?.baseUrl, "expected an http(s) URL");
  if (typeof opts.model !== "string" || opts.model === "")
    throw new InvalidArgumentError("model", opts.model, "expected a model name");
  const policy = new ChatPolicy({
    baseUrl: opts.baseUrl,
    model: opts.model,
    temperature: opts.temperature ?? 0,
    maxTokens: opts.maxTokens ?? 256,
    concurrency: opts.concurrency ?? 8,
    ...(opts.apiKey !== undefined ? { apiKey: opts.apiKey } : {}),
    ...(opts.timeoutMs !== undefined ? { timeoutMs: opts.timeoutMs } : {}),
  });
  return {
    name: `chat:${opts.model}`,
    async complete(conversations) {
      const replies = await Promise.all(conversations.map((messages) => policy.complete(messages)));
      return replies.map((r) => r.text);
    },
  };
}
