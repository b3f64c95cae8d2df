import type { ChatMessage } from "@cosir/env";
import type { ChatReply, ChatRequestOptions, ChatResponder } from "../chat/chat-responder";

/** How `complete` marks a failed call in its text (e.g. openAiChatResponder's "[chat error: HTTP 500 ...]"). */
const CHAT_ERROR = "[chat error: ";

/** A responder's reply to one conversation (`request`: this call's extra body fields, `reply` only), as a ChatReply whether or not it implements `reply`. */
export async function askResponder(
  responder: ChatResponder,
  messages: ChatMessage[],
  signal: AbortSignal,
  request?: ChatRequestOptions,
): Promise<ChatReply> {
  if (typeof responder.reply === "function") return responder.reply(messages, signal, request);
  const [text] = await responder.complete([messages]);
  if (typeof text !== "string") return { error: "no reply" };
  if (text.startsWith(CHAT_ERROR)) return { error: text.slice(CHAT_ERROR.length).replace(/\]$/, "") };
  return { text };
}
