import { InvalidArgumentError } from "@cosir/bayes";
import { OpenAiClient } from "./open-ai-client";
import { causeCode } from "./post-chat-completion";

/** A chat endpoint as a benchmark run uses it (bench's openAiChatResponder, the `chat` policy back end). */
export interface EndpointClientOptions {
  /** API base including the version path, e.g. http://127.0.0.1:8000/v1 (vLLM, llama.cpp, Ollama, SGLang). */
  baseUrl: string;
  model: string;
  apiKey?: string;
  /** Default 0 (greedy), so runs are as repeatable as the server allows; null: not sent (the server's default). */
  temperature?: number | null;
  /** max_tokens of each reply; default 256; null: not sent (the server's own limit). */
  maxTokens?: number | null;
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

/**
 * An OpenAiClient with a benchmark run's rules: an endpoint that cannot be used at all (connection refused,
 * unknown host, HTTP 401/403/404) throws EndpointUnreachableError so the run stops instead of scoring empty
 * replies; temperature 0 unless given; backoff doubles without jitter, cap or Retry-After; a 4xx is recorded
 * as "HTTP 4xx: ... (not retried)"; replies are read as plain text (no tool calls).
 */
export function endpointClient(opts: EndpointClientOptions): OpenAiClient {
  if (typeof opts?.baseUrl !== "string" || !/^https?:\/\//.test(opts.baseUrl))
    throw new InvalidArgumentError("baseUrl", opts?.baseUrl, "expected an http(s) URL");
  if (typeof opts.model !== "string" || opts.model === "")
    throw new InvalidArgumentError("model", opts.model, "expected a model name");
  const base = opts.baseUrl.replace(/\/+$/, "");
  return new OpenAiClient({
    url: `${/^https?:\/\/[^/]+$/.test(base) ? `${base}/v1` : base}/chat/completions`,
    model: opts.model,
    ...(opts.apiKey !== undefined ? { apiKey: opts.apiKey } : {}),
    ...(opts.temperature !== null ? { temperature: opts.temperature ?? 0 } : {}),
    ...(opts.maxTokens !== undefined ? { maxTokens: opts.maxTokens } : {}),
    ...(opts.seed !== undefined ? { seed: opts.seed } : {}),
    concurrency: opts.concurrency ?? 8,
    ...(opts.timeoutMs !== undefined ? { timeoutMs: opts.timeoutMs } : {}),
    ...(opts.retries !== undefined ? { retries: opts.retries } : {}),
    ...(opts.backoffMs !== undefined ? { backoffMs: opts.backoffMs } : {}),
    maxBackoffMs: Number.POSITIVE_INFINITY,
    random: null,
    retryAfter: false,
    readToolCalls: false,
    stopWhenUnreachable: true,
    notRetriedSuffix: " (not retried)",
    failureText: (stage, error) => (stage === "request" ? `request failed: ${causeCode(error)}` : causeCode(error)),
    ...(opts.fetch !== undefined ? { fetch: opts.fetch } : {}),
  });
}
