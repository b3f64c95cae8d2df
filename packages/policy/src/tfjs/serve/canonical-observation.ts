import { CanonicalTokenizer } from "../tokenizer/canonical-tokenizer";
import { ChatRequestError } from "./chat-request-error";

/**
 * The canonical observation text of a chat request: the content of the LAST user message (what ChatPolicy
 * sends with surface "canonical"); system and earlier messages are ignored. Refused (ChatRequestError) when
 * there is no user message, or when at least half its words are outside the model's vocabulary, rather
 * than answered blindly.
 */
export function canonicalObservation(
  messages: readonly { role: string; content: string }[],
  tokenizer: CanonicalTokenizer,
): string {
  let index = messages.length - 1;
  while (index >= 0 && messages[index]!.role !== "user") index--;
  if (index < 0)
    throw new ChatRequestError(
      "messages",
      'messages: expected a message with role "user" holding the canonical observation text',
    );
  const text = messages[index]!.content;
  const words = CanonicalTokenizer.split(text);
  const known = words.filter((w) => tokenizer.id(w) !== undefined).length;
  if (words.length === 0 || known * 2 < words.length)
    throw new ChatRequestError(
      `messages[${index}].content`,
      `messages[${index}].content: expected canonical observation text (e.g. "AGENT A0 OF 3 ... SEE o0 a1 4 ... HISTORY ... ROUND 1 OF 3 SAY"); ${words.length - known} of ${words.length} words are outside this model's vocabulary. Send it with ChatPolicy({ surface: "canonical" }).`,
    );
  return text;
}
