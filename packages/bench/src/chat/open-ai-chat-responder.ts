import { InvalidArgumentError } from "@cosir/bayes";
import { chatErrorText, type ChatMessage } from "@cosir/env";
import type { ChatReply, ChatResponder } from "./chat-responder";
import { EndpointUnreachableError } from "./endpoint-unreachable-error";

export interface OpenAiChatResponderOptions {
  /** API base including the version path, e.g. http://127.0.0.1:8000/v1 (vLLM, llama.cpp, Ollama, SGLang). */
  baseUrl: string;
  model: string;
  apiKey?: string;
  /** Default 0 (greedy), so runs are as repeatable as the server allows. */
  temperature?: number;
  maxTokens?: number;
  /** Sent as `seed` (servers that support it sample reproducibly). */
  seed?: number;
  /** Requests in flight at once; default 8. */
  concurrency?: number;
  /** Per-attempt timeout (ms); default 60000. */
  timeoutMs?: number;
  /** Retries after the first attempt (timeouts, 408/409/425/429/5xx, unreadable replies); default 2. */
  retries?: number;
  /** First backoff (ms), doubling each retry; default 500. */
  backoffMs?: number;
  /** fetch implementation (default: global fetch). */
  fetch?: typeof fetch;
}

class Retryable {
  constructor(readonly message: string) {}
}

// Errors that mean nothing will ever answer at this address.
const UNREACHABLE_CODES = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH"]);

function causeCode(error: unknown): string {
  const e = error as { message?: string; code?: string; cause?: { code?: string; message?: string } };
  return e?.cause?.code ?? e?.code ?? e?.cause?.message ?? e?.message ?? String(error);
}

const sleep = (ms: number, signal?: AbortSignal): Promise<void> =>
  new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });

/**
 * Raw chat conversations -> replies through an OpenAI-compatible `/chat/completions` endpoint, for
 * protocols that build their own messages (HiddenBench, the held-out families on the natural surface).
 * Each call has a timeout and retries with backoff, within a concurrency limit. A call that still
 * fails is a `{error}` reply (`complete` turns it into "[chat error: <reason>]" text, brackets kept);
 * an endpoint that cannot be used at all (connection refused, unknown host, HTTP 401/403/404) throws
 * `EndpointUnreachableError` so a run stops at once instead of scoring empty replies.
 */
export function openAiChatResponder(opts: OpenAiChatResponderOptions): ChatResponder {
  if (typeof opts?.baseUrl !== "string" || !/^https?:\/\//.test(opts.baseUrl))
    throw new InvalidArgumentError("baseUrl", opts?.baseUrl, "expected an http(s) URL");
  if (typeof opts.model !== "string" || opts.model === "")
    throw new InvalidArgumentError("model", opts.model, "expected a model name");
  const concurrency = opts.concurrency ?? 8;
  const timeoutMs = opts.timeoutMs ?? 60_000;
  const retries = opts.retries ?? 2;
  const backoffMs = opts.backoffMs ?? 500;
  for (const [field, value, min] of [
    ["concurrency", concurrency, 1],
    ["timeoutMs", timeoutMs, 1],
    ["retries", retries, 0],
    ["backoffMs", backoffMs, 0],
  ] as const) {
    if (!Number.isInteger(value) || value < min)
      throw new InvalidArgumentError(field, value, `expected an integer >= ${min}`);
  }
  const base = opts.baseUrl.replace(/\/+$/, "");
  const url = `${/^https?:\/\/[^/]+$/.test(base) ? `${base}/v1` : base}/chat/completions`;
  const fetchImpl = opts.fetch ?? globalThis.fetch;
  let active = 0;
  const waiting: (() => void)[] = [];
  const limited = async <T>(task: () => Promise<T>): Promise<T> => {
    if (active >= concurrency) await new Promise<void>((resolve) => waiting.push(resolve));
    else active++;
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next !== undefined) next();
      else active--;
    }
  };

  const once = async (body: string, signal?: AbortSignal): Promise<string> => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    const onAbort = (): void => controller.abort();
    signal?.addEventListener("abort", onAbort, { once: true });
    try {
      let response: Response;
      try {
        response = await fetchImpl(url, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            accept: "application/json",
            ...(opts.apiKey ? { authorization: `Bearer ${opts.apiKey}` } : {}),
          },
          body,
          signal: controller.signal,
        });
      } catch (error) {
        if (signal?.aborted) throw new Retryable("cancelled: the run's deadline passed");
        if (controller.signal.aborted) throw new Retryable(`timed out after ${timeoutMs} ms`);
        const code = causeCode(error);
        if (UNREACHABLE_CODES.has(code)) throw new EndpointUnreachableError(url, code, { cause: error });
        throw new Retryable(`request failed: ${code}`);
      }
      let text: string;
      try {
        text = await response.text();
      } catch (error) {
        throw new Retryable(
          controller.signal.aborted ? `timed out after ${timeoutMs} ms reading the reply` : `${causeCode(error)}`,
        );
      }
      if (!response.ok) {
        const detail = text.slice(0, 200).replace(/\s+/g, " ");
        const message = `HTTP ${response.status}${detail ? `: ${detail}` : ""}`;
        if ([401, 403, 404].includes(response.status)) throw new EndpointUnreachableError(url, message);
        if ([408, 409, 425, 429].includes(response.status) || response.status >= 500) throw new Retryable(message);
        throw new Retryable(`${message} (not retried)`);
      }
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        throw new Retryable(`reply is not JSON: ${JSON.stringify(text.slice(0, 80))}`);
      }
      const content = (json as { choices?: { message?: { content?: unknown } }[] } | null)?.choices?.[0]?.message
        ?.content;
      if (typeof content !== "string") throw new Retryable("reply has no choices[0].message.content string");
      return content;
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
    }
  };

  const reply = (messages: readonly ChatMessage[], signal?: AbortSignal): Promise<ChatReply> =>
    limited(async () => {
      const body = JSON.stringify({
        model: opts.model,
        messages: messages.map((m) => ({ role: m.role, content: m.content })),
        max_tokens: opts.maxTokens ?? 256,
        temperature: opts.temperature ?? 0,
        ...(opts.seed !== undefined ? { seed: opts.seed } : {}),
        stream: false,
      });
      let last = "no attempt";
      for (let attempt = 0; attempt <= retries; attempt++) {
        if (signal?.aborted) return { error: "cancelled: the run's deadline passed" };
        try {
          return { text: await once(body, signal) };
        } catch (error) {
          if (!(error instanceof Retryable)) throw error;
          last = error.message;
          if (last.endsWith("(not retried)") || attempt === retries) break;
          await sleep(backoffMs * 2 ** attempt, signal);
        }
      }
      return { error: last };
    });

  return {
    name: `chat:${opts.model}`,
    reply,
    async complete(conversations) {
      const replies = await Promise.all(conversations.map((messages) => reply(messages)));
      return replies.map((r) => (r.error === undefined ? r.text : chatErrorText(r.error)));
    },
  };
}
