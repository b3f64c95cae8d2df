import { chatErrorText } from "@cosir/env";
import { type EndpointClientOptions, endpointClient } from "@cosir/policy";
import type { ChatResponder } from "./chat-responder";

/** Options of openAiChatResponder: @cosir/policy's EndpointClientOptions (baseUrl, model, limits, retries). */
export type OpenAiChatResponderOptions = EndpointClientOptions;

/**
 * Raw chat conversations -> replies through an OpenAI-compatible `/chat/completions` endpoint, for
 * protocols that build their own messages (HiddenBench, the held-out families on the natural surface).
 * A thin adapter on @cosir/policy's `endpointClient`: each call has a timeout and retries with backoff,
 * within a concurrency limit. A call that still fails is a `{error}` reply (`complete` turns it into
 * "[chat error: <reason>]" text, brackets kept); an endpoint that cannot be used at all (connection
 * refused, unknown host, HTTP 401/403/404) throws `EndpointUnreachableError` so a run stops at once
 * instead of scoring empty replies.
 */
export function openAiChatResponder(opts: OpenAiChatResponderOptions): ChatResponder {
  const client = endpointClient(opts);
  const reply: NonNullable<ChatResponder["reply"]> = (messages, signal, request) =>
    client.reply(
      messages.map((m) => ({ role: m.role, content: m.content })),
      { signal, body: request?.body },
    );
  return {
    name: `chat:${opts.model}`,
    reply,
    async complete(conversations) {
      const replies = await Promise.all(conversations.map((messages) => reply(messages)));
      return replies.map((r) => (r.error === undefined ? r.text : chatErrorText(r.error)));
    },
  };
}
