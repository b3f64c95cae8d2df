import type { ChatMessage } from "@cosir/env";

/** One chat reply: its text, or the reason the call failed (recorded, never shown to other agents). */
export type ChatReply = { text: string; error?: undefined } | { text?: undefined; error: string };

/** Fields one call adds to its request (e.g. a JSON `response_format`); a responder may ignore them. */
export interface ChatRequestOptions {
  body?: Readonly<Record<string, unknown>>;
}

/** Anything that answers chat conversations, one reply per conversation (an LLM endpoint, a fake in tests). */
export interface ChatResponder {
  readonly name: string;
  complete(conversations: readonly (readonly ChatMessage[])[]): Promise<string[]>;
  /**
   * One conversation -> its reply or the error of a call that failed after its retries. Optional: a
   * responder without it is asked through `complete`. Throws `EndpointUnreachableError` when the
   * endpoint cannot be used at all (nothing listening, unknown host, 401/403/404). `request` adds fields to
   * this call's request body.
   */
  reply?(messages: readonly ChatMessage[], signal?: AbortSignal, request?: ChatRequestOptions): Promise<ChatReply>;
}
