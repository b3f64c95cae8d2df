import { InvalidArgumentError, InvalidConfigError } from "@cosir/bayes";
import type { ChatMessage, ChatTool } from "@cosir/env";
import { ChatAttemptError } from "./chat-attempt-error";
import { ConcurrencyLimiter } from "./concurrency-limiter";
import { EndpointUnreachableError } from "./endpoint-unreachable-error";
import { type ChatAttemptOptions, postChatCompletion } from "./post-chat-completion";
import { retryDelay, type RetryDelayOptions } from "./retry-delay";

/**
 * One OpenAI-compatible `/chat/completions` endpoint. The defaults are ChatPolicy's; `endpointClient` sets
 * those of a benchmark run (stop on an unreachable endpoint, greedy, plain exponential backoff).
 */
export interface OpenAiClientOptions {
  /** The full completions URL, e.g. http://127.0.0.1:8000/v1/chat/completions (see chatCompletionsUrl). */
  url: string;
  /** Model name sent with each request. */
  model: string;
  /** Bearer key; none when empty. */
  apiKey?: string;
  /** max_tokens of each reply. Default 256; null: not sent (the server's own limit). */
  maxTokens?: number | null;
  temperature?: number;
  topP?: number;
  /** Sent as `seed` (servers that support it sample reproducibly). */
  seed?: number;
  /** Extra fields merged into each request body (e.g. { stop: ["\n"] }). */
  extraBody?: Record<string, unknown>;
  /** Per-attempt timeout (ms), covering connect, wait and body. Default 60000. */
  timeoutMs?: number;
  /** Retries after the first attempt (network errors, timeouts, 408/409/425/429/5xx, unreadable replies). Default 2. */
  retries?: number;
  /** First backoff (ms); doubles each retry. Default 500. */
  backoffMs?: number;
  /** Cap of each backoff (ms); Infinity for none. Default 8000. */
  maxBackoffMs?: number;
  /** Source of jitter in [0, 1): each backoff is scaled by 0.5 + random(). null: no jitter. Default Math.random. */
  random?: (() => number) | null;
  /** Wait at least a 408/409/425/429/5xx reply's Retry-After (capped at maxBackoffMs). Default true. */
  retryAfter?: boolean;
  /** Requests in flight at most (retries and their waits included). Default 4. */
  concurrency?: number;
  /** Bytes of a reply body at most; a longer one fails without a retry. Default: no limit. */
  maxReplyBytes?: number;
  /** Read a reply's `tool_calls` as `<tool_call>` text. Default true. */
  readToolCalls?: boolean;
  /**
   * Throw EndpointUnreachableError when nothing will ever answer at the URL (connection refused, unknown host,
   * HTTP 401/403/404) instead of returning an error reply, so a run stops at once. Default false.
   */
  stopWhenUnreachable?: boolean;
  /** Appended to the error of an HTTP error that is not retried (a 4xx). Default "". */
  notRetriedSuffix?: string;
  /** The error text of a request or a body read that failed. Default "request failed: <code>" / "reading the reply failed: <code>". */
  failureText?: (stage: "request" | "read", error: unknown) => string;
  /** fetch implementation (default: global fetch). */
  fetch?: typeof fetch;
}

/** One reply: its text, or the reason the call failed after its retries. */
export type ChatCompletionReply = { text: string; error?: undefined } | { text?: undefined; error: string };

/** Counters of what a client did, for reports. */
export interface ChatClientStats {
  /** Attempts sent (first tries and retries). */
  requests: number;
  retries: number;
  /** Calls that failed after their retries. */
  failures: number;
}

/**
 * An OpenAI-compatible chat client: each call has a timeout and retries with backoff, within a concurrency
 * limit, and comes back as text or `{error}` (never thrown, except EndpointUnreachableError with
 * `stopWhenUnreachable`). Used by ChatPolicy, the `chat` policy back end and bench's openAiChatResponder.
 */
export class OpenAiClient {
  readonly url: string;
  readonly model: string;
  readonly stats: ChatClientStats = { requests: 0, retries: 0, failures: 0 };
  /** Calls answered (text or error) and the last error, for "every call failed" checks. */
  calls = 0;
  lastError = "";
  private readonly o: OpenAiClientOptions;
  private readonly retries: number;
  private readonly delay: RetryDelayOptions;
  private readonly attempt: ChatAttemptOptions;
  private readonly limiter: ConcurrencyLimiter;

  constructor(options: OpenAiClientOptions) {
    const o = options;
    const maxTokens = o.maxTokens === null ? null : (o.maxTokens ?? 256);
    const timeoutMs = o.timeoutMs ?? 60_000;
    this.retries = o.retries ?? 2;
    const backoffMs = o.backoffMs ?? 500;
    const maxBackoffMs = o.maxBackoffMs ?? 8_000;
    const concurrency = o.concurrency ?? 4;
    for (const [field, value, min] of [
      ["maxTokens", maxTokens ?? 1, 1],
      ["timeoutMs", timeoutMs, 1],
      ["retries", this.retries, 0],
      ["backoffMs", backoffMs, 0],
      ["maxBackoffMs", maxBackoffMs === Number.POSITIVE_INFINITY ? 0 : maxBackoffMs, 0],
      ["concurrency", concurrency, 1],
      ["maxReplyBytes", o.maxReplyBytes ?? 1, 1],
    ] as const) {
      if (!Number.isInteger(value) || value < min)
        throw new InvalidArgumentError(field, value, `expected an integer >= ${min}`);
    }
    const f = o.fetch ?? globalThis.fetch;
    if (typeof f !== "function")
      throw new InvalidConfigError("fetch", f, "expected a fetch implementation (Node >= 18 has one)");
    this.url = o.url;
    this.model = o.model;
    this.o = { ...o, maxTokens };
    this.delay = { backoffMs, maxBackoffMs, random: o.random === undefined ? Math.random : o.random };
    this.attempt = {
      url: o.url,
      apiKey: o.apiKey,
      timeoutMs,
      fetch: f,
      retryAfter: o.retryAfter ?? true,
      readToolCalls: o.readToolCalls ?? true,
      stopWhenUnreachable: o.stopWhenUnreachable ?? false,
      notRetriedSuffix: o.notRetriedSuffix ?? "",
      maxReplyBytes: o.maxReplyBytes,
      failureText: o.failureText ?? describeFailure,
    };
    this.limiter = new ConcurrencyLimiter(concurrency);
  }

  /**
   * One chat completion within the concurrency limit. `messages` are sent as given; `tools` (when not
   * empty) as the request's `tools`; `body` (fields of this call only, e.g. a `response_format`) is merged
   * after `extraBody`; `signal` (a run's deadline) cancels the call and its retries.
   */
  reply(
    messages: readonly ChatMessage[],
    options: {
      tools?: readonly ChatTool[] | undefined;
      signal?: AbortSignal | undefined;
      body?: Readonly<Record<string, unknown>> | undefined;
    } = {},
  ): Promise<ChatCompletionReply> {
    return this.limiter.run(() => this.replyNow(this.body(messages, options.tools, options.body), options.signal));
  }

  /** The request body: key order fixed, so a request is byte-identical for the same call. */
  private body(
    messages: readonly ChatMessage[],
    tools?: readonly ChatTool[],
    extra?: Readonly<Record<string, unknown>>,
  ): string {
    const o = this.o;
    return JSON.stringify({
      model: this.model,
      messages,
      ...(tools !== undefined && tools.length > 0 ? { tools } : {}),
      ...(o.maxTokens !== null ? { max_tokens: o.maxTokens } : {}),
      ...(o.temperature !== undefined ? { temperature: o.temperature } : {}),
      ...(o.topP !== undefined ? { top_p: o.topP } : {}),
      ...(o.seed !== undefined ? { seed: o.seed } : {}),
      ...o.extraBody,
      ...extra,
      stream: false,
    });
  }

  private async replyNow(body: string, signal?: AbortSignal): Promise<ChatCompletionReply> {
    let lastError = "no attempt";
    for (let attempt = 0; attempt <= this.retries; attempt++) {
      if (signal?.aborted) return this.answered({ error: "cancelled: the run's deadline passed" });
      if (attempt > 0) this.stats.retries++;
      this.stats.requests++;
      try {
        return this.answered({ text: await postChatCompletion(body, this.attempt, signal) });
      } catch (error) {
        if (error instanceof EndpointUnreachableError) throw error;
        lastError = error instanceof Error ? error.message : String(error);
        if (!(error instanceof ChatAttemptError && error.retryable) || attempt === this.retries) break;
        await sleep(retryDelay(attempt, this.delay, error.retryAfterMs), signal);
      }
    }
    return this.answered({ error: lastError });
  }

  private answered(reply: ChatCompletionReply): ChatCompletionReply {
    this.calls++;
    if (reply.error !== undefined) {
      this.stats.failures++;
      this.lastError = reply.error;
    }
    return reply;
  }
}

/** ChatPolicy's failure texts: the cause's code or message. */
function describeFailure(stage: "request" | "read", error: unknown): string {
  const e = error as { message?: string; cause?: { code?: string; message?: string } };
  const why = e?.cause?.code ?? e?.cause?.message ?? e?.message ?? String(error);
  return stage === "request" ? `request failed: ${why}` : `reading the reply failed: ${why}`;
}

/** Resolves after `ms`, or when `signal` aborts during the wait. */
function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
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
}
