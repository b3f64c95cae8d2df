import { InvalidArgumentError } from "@cosir/bayes";
import {
  chatErrorText,
  type ChatMessage,
  type ChatTool,
  type Observation,
  type Policy,
  type PolicyAction,
  stripReasoning,
} from "@cosir/env";
import { chatCompletionsUrl } from "./chat-completions-url";
import { type ChatClientStats, OpenAiClient } from "./open-ai-client";

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
  /**
   * A reply's private reasoning (`<think>…</think>`, closed or cut off; see `stripReasoning` in @cosir/env):
   * "keep" (default) leaves it in the action text, so the trace holds what the model wrote, and every env parser
   * ignores it (the reasoning rule); "drop" removes it before the text reaches the env (smaller traces).
   * Either way nothing inside it is credited, and other agents see only the acts the env parsed.
   */
  reasoning?: "keep" | "drop";
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
  /**
   * A client to send through instead (e.g. `endpointClient(...)`, as the `chat` back end does): the endpoint
   * options above (baseUrl ... random) are then the client's own and ignored here.
   */
  client?: OpenAiClient;
}

/** Counters of what the policy did, for reports. */
export type ChatPolicyStats = ChatClientStats;

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
  readonly stats: ChatPolicyStats;
  readonly client: OpenAiClient;
  private readonly surface: "natural" | "canonical" | "tool";
  private readonly reasoning: "keep" | "drop";

  constructor(options: ChatPolicyOptions = {}) {
    const env = process.env;
    const base = options.baseUrl ?? env.COSIR_CHAT_BASE_URL ?? env.OPENAI_BASE_URL ?? "http://127.0.0.1:8000/v1";
    const url = options.client?.url ?? chatCompletionsUrl(base);
    const model = options.client?.model ?? options.model ?? env.COSIR_CHAT_MODEL ?? "default";
    this.surface = options.surface ?? "natural";
    if (this.surface !== "natural" && this.surface !== "canonical" && this.surface !== "tool")
      throw new InvalidArgumentError("surface", this.surface, 'expected "natural", "canonical" or "tool"');
    this.reasoning = options.reasoning ?? "keep";
    if (this.reasoning !== "keep" && this.reasoning !== "drop")
      throw new InvalidArgumentError("reasoning", this.reasoning, 'expected "keep" or "drop"');
    this.client =
      options.client ??
      new OpenAiClient({
        ...options,
        url,
        model,
        apiKey: options.apiKey ?? env.COSIR_CHAT_API_KEY ?? env.OPENAI_API_KEY,
      });
    this.url = this.client.url;
    this.model = this.client.model;
    this.name = options.name ?? `chat:${this.model}`;
    this.stats = this.client.stats;
  }

  /** The chat messages sent for an observation (see `surface`). */
  messages(observation: Observation): ChatMessage[] {
    if (this.surface !== "canonical") return observation.chat.map((m) => ({ role: m.role, content: m.content }));
    const system = observation.chat.filter((m) => m.role === "system");
    return [...system, { role: "user", content: observation.text }];
  }

  async act(observations: readonly Observation[]): Promise<PolicyAction[]> {
    return Promise.all(
      observations.map((o) => this.complete(this.messages(o), this.surface === "tool" ? o.tools : undefined)),
    );
  }

  /**
   * One chat completion with timeout and retries, within the concurrency limit; failures come back
   * as "[chat error: ...]" text (the reason verbatim, brackets included). With `tools` (sent as the
   * request's `tools`), a reply's `tool_calls` come back as Hermes-style `<tool_call>` text after any
   * reply text.
   */
  async complete(messages: readonly ChatMessage[], tools?: readonly ChatTool[]): Promise<PolicyAction> {
    const reply = await this.client.reply(messages, { tools });
    if (reply.error !== undefined) return { text: chatErrorText(reply.error) };
    return { text: this.reasoning === "drop" ? stripReasoning(reply.text).trim() : reply.text };
  }
}
