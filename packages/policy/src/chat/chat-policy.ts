import { CosirError, InvalidArgumentError, InvalidConfigError } from "@cosir/bayes";
import {
  chatErrorText,
  type ChatMessage,
  type ChatTool,
  type Observation,
  type Policy,
  type PolicyAction,
  toolCallsToText,
} from "@cosir/env";

export interface ChatPolicyOptions {
  /** Server base URL, e.g. http://127.0.0.1:8000/v1 (a bare origin gets /v1). Default: COSIR_CHAT_BASE_URL, OPENAI_BASE_URL, else http://127.0.0.1:8000/v1. */
  baseUrl?: string;
  /** Model name sent with each request. Default: COSIR_CHAT_MODEL, else "default". */
  model?: string;
  /** Bearer key. Default: COSIR_CHAT_API_KEY, OPENAI_API_KEY, else none. */
  apiKey?: string;
  /** Policy name in traces. Default "chat:<model>". */
  name?: string;
  /**
   * What is sent: "natural" (default) sends observation.chat as is (run the env on the natural
   * surface for chat models); "canonical" sends observation.chat's system message and the
   * canonical observation.text as the last user message (what `cosir serve` reads); "tool" sends
   * observation.chat with observation.tools as `tools` (run the env on the tool surface) and turns the
   * reply's `tool_calls` into `<tool_call>` text for the env, or takes the reply's text (read as natural)
   * when it has none.
   */
  surface?: "natural" | "canonical" | "tool";
  temperature?: number;
  topP?: number;
  /** max_tokens of each reply. Default 256. */
  maxTokens?: number;
  /** Sent as `seed` (servers that support it sample reproducibly). */
  seed?: number;
  /** Per-attempt timeout (ms), covering connect, wait and body. Default 60000. */
  timeoutMs?: number;
  /** Retries after the first attempt (network errors, timeouts, 408/409/425/429/5xx, unreadable replies). Default 2. */
  retries?: number;
  /** First backoff (ms); doubles each retry, with jitter x[0.5, 1.5), capped at maxBackoffMs. Default 500. */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** Requests in flight at most. Default 4. */
  concurrency?: number;
  /** Extra fields merged into each request body (e.g. { stop: ["\n"] }). */
  extraBody?: Record<string, unknown>;
  /** fetch implementation (default: global fetch). */
  fetch?: typeof fetch;
  /** Source of jitter in [0, 1) (default Math.random). */
  random?: () => number;
}

/** Counters of what the policy did, for reports. */
export interface ChatPolicyStats {
  requests: number;
  retries: number;
  failures: number;
}

class RetryableError extends CosirError {
  constructor(
    message: string,
    readonly retryAfterMs?: number,
  ) {
    super("chat_retryable", message);
  }
}

/**
 * A Policy backed by any OpenAI-compatible `/v1/chat/completions` server (vLLM, llama.cpp server,
 * Ollama, SGLang, `cosir serve`): docs/design.md §4, evaluation only, no training through it.
 * Never throws inside an episode: a request that still fails after its retries, or a reply without
 * text, becomes an action whose text is "[chat error: <reason>]", which the env keeps verbatim in
 * the trace with a parse error (it counts as PASS or an abstention), and the episode goes on.
 */
export class ChatPolicy implements Policy {
  readonly name: string;
  readonly url: string;
  readonly model: string;
  readonly stats: ChatPolicyStats = { requests: 0, retries: 0, failures: 0 };
  private readonly options: Required<
    Pick<
      ChatPolicyOptions,
      "surface" | "maxTokens" | "timeoutMs" | "retries" | "backoffMs" | "maxBackoffMs" | "concurrency"
    >
  > &
    ChatPolicyOptions;
  private readonly apiKey: string | undefined;
  private readonly fetchImpl: typeof fetch;
  private readonly random: () => number;
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(options: ChatPolicyOptions = {}) {
    const env = process.env;
    const base = options.baseUrl ?? env.COSIR_CHAT_BASE_URL ?? env.OPENAI_BASE_URL ?? "http://127.0.0.1:8000/v1";
    this.url = chatCompletionsUrl(base);
    this.model = options.model ?? env.COSIR_CHAT_MODEL ?? "default";
    this.apiKey = options.apiKey ?? env.COSIR_CHAT_API_KEY ?? env.OPENAI_API_KEY;
    this.name = options.name ?? `chat:${this.model}`;
    this.options = {
      ...options,
      surface: options.surface ?? "natural",
      maxTokens: options.maxTokens ?? 256,
      timeoutMs: options.timeoutMs ?? 60_000,
      retries: options.retries ?? 2,
      backoffMs: options.backoffMs ?? 500,
      maxBackoffMs: options.maxBackoffMs ?? 8_000,
      concurrency: options.concurrency ?? 4,
    };
    const o = this.options;
    if (o.surface !== "natural" && o.surface !== "canonical" && o.surface !== "tool")
      throw new InvalidArgumentError("surface", o.surface, 'expected "natural", "canonical" or "tool"');
    for (const [field, value, min] of [
      ["maxTokens", o.maxTokens, 1],
      ["timeoutMs", o.timeoutMs, 1],
      ["retries", o.retries, 0],
      ["backoffMs", o.backoffMs, 0],
      ["maxBackoffMs", o.maxBackoffMs, 0],
      ["concurrency", o.concurrency, 1],
    ] as const) {
      if (!Number.isInteger(value) || value < min)
        throw new InvalidArgumentError(field, value, `expected an integer >= ${min}`);
    }
    const f = options.fetch ?? globalThis.fetch;
    if (typeof f !== "function")
      throw new InvalidConfigError("fetch", f, "expected a fetch implementation (Node >= 18 has one)");
    this.fetchImpl = f;
    this.random = options.random ?? Math.random;
  }

  /** The chat messages sent for an observation (see `surface`). */
  messages(observation: Observation): ChatMessage[] {
    if (this.options.surface !== "canonical")
      return observation.chat.map((m) => ({ role: m.role, content: m.content }));
    const system = observation.chat.filter((m) => m.role === "system");
    return [...system, { role: "user", content: observation.text }];
  }

  async act(observations: readonly Observation[]): Promise<PolicyAction[]> {
    return Promise.all(
      observations.map((o) => this.complete(this.messages(o), this.options.surface === "tool" ? o.tools : undefined)),
    );
  }

  /**
   * One chat completion with timeout and retries, within the concurrency limit; failures come back
   * as "[chat error: ...]" text. With `tools` (sent as the request's `tools`), a reply's `tool_calls`
   * come back as Hermes-style `<tool_call>` text after any reply text.
   */
  complete(messages: readonly ChatMessage[], tools?: readonly ChatTool[]): Promise<PolicyAction> {
    return this.limited(() => this.completeNow(messages, tools));
  }

  private async completeNow(messages: readonly ChatMessage[], tools?: readonly ChatTool[]): Promise<PolicyAction> {
    const o = this.options;
    const body = JSON.stringify({
      model: this.model,
      messages,
      ...(tools !== undefined && tools.length > 0 ? { tools } : {}),
      max_tokens: o.maxTokens,
      ...(o.temperature !== undefined ? { temperature: o.temperature } : {}),
      ...(o.topP !== undefined ? { top_p: o.topP } : {}),
      ...(o.seed !== undefined ? { seed: o.seed } : {}),
      ...o.extraBody,
      stream: false,
    });
    let lastError = "no attempt";
    for (let attempt = 0; attempt <= o.retries; attempt++) {
      if (attempt > 0) this.stats.retries++;
      this.stats.requests++;
      try {
        return { text: await this.once(body) };
      } catch (error) {
        lastError = error instanceof Error ? error.message : String(error);
        if (!(error instanceof RetryableError) || attempt === o.retries) break;
        const backoff = Math.min(o.maxBackoffMs, o.backoffMs * 2 ** attempt) * (0.5 + this.random());
        await sleep(Math.min(o.maxBackoffMs, Math.max(backoff, error.retryAfterMs ?? 0)));
      }
    }
    this.stats.failures++;
    // The reason is kept verbatim, brackets included: it is everything between the prefix and the final "]".
    return { text: chatErrorText(lastError) };
  }

  private async once(body: string): Promise<string> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), this.options.timeoutMs);
    try {
      let response: Response;
      try {
        response = await this.fetchImpl(this.url, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            accept: "application/json",
            ...(this.apiKey ? { authorization: `Bearer ${this.apiKey}` } : {}),
          },
          body,
          signal: controller.signal,
        });
      } catch (error) {
        throw new RetryableError(
          controller.signal.aborted
            ? `timed out after ${this.options.timeoutMs} ms`
            : `request failed: ${describe(error)}`,
        );
      }
      let text: string;
      try {
        text = await response.text();
      } catch (error) {
        throw new RetryableError(
          controller.signal.aborted
            ? `timed out after ${this.options.timeoutMs} ms reading the reply`
            : `reading the reply failed: ${describe(error)}`,
        );
      }
      if (!response.ok) {
        const detail = text.slice(0, 200).replace(/\s+/g, " ");
        const message = `HTTP ${response.status}${detail ? `: ${detail}` : ""}`;
        if ([408, 409, 425, 429].includes(response.status) || response.status >= 500) {
          const after = Number(response.headers.get("retry-after"));
          throw new RetryableError(message, Number.isFinite(after) && after > 0 ? after * 1000 : undefined);
        }
        throw new CosirError("chat_request_failed", message);
      }
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        throw new RetryableError(`reply is not JSON: ${JSON.stringify(text.slice(0, 80))}`);
      }
      const message = (json as { choices?: { message?: { content?: unknown; tool_calls?: unknown } }[] } | null)
        ?.choices?.[0]?.message;
      const content = message?.content;
      const calls = toolCallsToText(message?.tool_calls);
      if (calls !== "") return typeof content === "string" && content.trim() !== "" ? `${content}\n${calls}` : calls;
      if (typeof content !== "string") throw new RetryableError("reply has no choices[0].message.content string");
      return content;
    } finally {
      clearTimeout(timer);
    }
  }

  private async limited<T>(task: () => Promise<T>): Promise<T> {
    // a finishing request hands its slot straight to the next waiter, so `active` never overshoots
    if (this.active >= this.options.concurrency) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.active++;
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next !== undefined) next();
      else this.active--;
    }
  }
}

/** `<base>/chat/completions`, where a base URL with no path gets `/v1`. */
export function chatCompletionsUrl(baseUrl: string): string {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new InvalidConfigError("baseUrl", baseUrl, "expected an http(s) URL such as http://127.0.0.1:8000/v1");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new InvalidConfigError("baseUrl", baseUrl, "expected an http or https URL");
  let path = url.pathname.replace(/\/+$/, "");
  if (path === "") path = "/v1";
  return `${url.origin}${path}/chat/completions`;
}

function describe(error: unknown): string {
  const e = error as { message?: string; cause?: { code?: string; message?: string } };
  return e?.cause?.code ?? e?.cause?.message ?? e?.message ?? String(error);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
