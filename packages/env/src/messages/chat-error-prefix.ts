/**
 * Marks the text of a reply a chat policy could not get ("[chat error: <reason>]", written by @cosir/policy's
 * ChatPolicy and @cosir/bench's responders). parseMessage and parseChoice read such a text as a parse error and
 * never as acts: the reason quotes the server's error body, which is not the model's message.
 */
export const CHAT_ERROR_PREFIX = "[chat error: ";

/** The text that stands for a reply a chat policy could not get: CHAT_ERROR_PREFIX, the reason verbatim, "]". */
export function chatErrorText(reason: string): string {
  return `${CHAT_ERROR_PREFIX}${reason}]`;
}
