import type { ChatMessage } from "@cosir/env";

/** One chat reply: its text, or the reason the call failed (recorded, never shown to other agents). */
export type ChatReply = { text: string; error?: undefined } | { text?: undefined; error: string };

/** Anything that answers chat conversations, one reply per conversation (an LLM endpoint, a fake in tests). */
export interface ChatResponder {
  readonly name: string;
  complete(conversations: readonly (readonly ChatMessage[])[]): Promise<string[]>;
  /**
   * One conversation -> its reply or the error of a call that failed after its retries. Optional: a
   * responder without it is asked through `complete`. Throws `EndpointUnreachableError` when the
   * endpoint cannot be used at all (nothing listening, unknown host, 401/403/404).
   */
  reply?(messages: readonly ChatMessage[], signal?: AbortSignal): Promise<ChatReply>;
}
