import type { ChatMessage } from "@cosir/env";

/** Anything that answers chat conversations, one reply per conversation (an LLM endpoint, a fake in tests). */
export interface ChatResponder {
  readonly name: string;
  complete(conversations: readonly (readonly ChatMessage[])[]): Promise<string[]>;
}
