import { CosirError, InvalidArgumentError } from "@cosir/bayes";
import type { ChatMessage } from "@cosir/env";
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
 * A minimal client for OpenAI-compatible `POST {baseUrl}/chat/completions` (no dependency: global fetch).
 * Used by the HiddenBench runner and, until @cosir/policy exports its ChatPolicy, by `cosir bench` for
 * `name=chat:MODEL@URL` policies.
 */
export function openAiChatResponder(opts: OpenAiChatResponderOptions): ChatResponder {
  if (typeof opts?.baseUrl !== "string" || !/^https?:\/\//.test(opts.baseUrl)) throw new InvalidArgumentError("baseUrl", opts?.baseUrl, "expected an http(s) URL");
  if (typeof opts.model !== "string" || opts.model === "") throw new InvalidArgumentError("model", opts.model, "expected a model name");
  const url = `${opts.baseUrl.replace(/\/+$/, "")}/chat/completions`;
  const concurrency = opts.concurrency ?? 8;
  async function one(messages: readonly ChatMessage[]): Promise<string> {
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", ...(opts.apiKey !== undefined ? { authorization: `Bearer ${opts.apiKey}` } : {}) },
      body: JSON.stringify({ model: opts.model, messages, temperature: opts.temperature ?? 0, max_tokens: opts.maxTokens ?? 256 }),
      signal: AbortSignal.timeout(opts.timeoutMs ?? 120_000),
    });
    if (!response.ok) throw new CosirError("chat_http", `chat endpoint ${url}: HTTP ${response.status} ${(await response.text()).slice(0, 200)}`);
    const body = (await response.json()) as { choices?: { message?: { content?: unknown } }[] };
    const content = body.choices?.[0]?.message?.content;
    return typeof content === "string" ? content : "";
  }
  return {
    name: `chat:${opts.model}`,
    async complete(conversations) {
      const out = new Array<string>(conversations.length);
      let next = 0;
      const worker = async (): Promise<void> => {
        while (next < conversations.length) {
          const k = next++;
          out[k] = await one(conversations[k] as readonly ChatMessage[]);
        }
      };
      await Promise.all(Array.from({ length: Math.min(concurrency, conversations.length) }, worker));
      return out;
    },
  };
}
