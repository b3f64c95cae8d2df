import type { ChatMessage } from "@cosir/env";
import type { ChatReply } from "../chat/chat-responder";
import { parseVote } from "./parse-vote";

/** Asks one agent one conversation; the reply is counted on the episode being played. */
export type AskAgent = (agent: number, messages: ChatMessage[]) => Promise<ChatReply>;

/** The replies to one vote and the options they vote for (null: no reply, or no option recognised). */
export interface VoteRound {
  replies: ChatReply[];
  votes: (number | null)[];
}

/** Each reply's vote among `answers`; a failed call votes for nothing. */
export function readVotes(replies: readonly ChatReply[], answers: readonly string[]): (number | null)[] {
  return replies.map((r) => (r.error === undefined ? parseVote(r.text, answers) : null));
}

/** Asks every agent its vote at once (agent i gets `conversations[i]`) and reads the replies. */
export async function askVotes(
  conversations: readonly ChatMessage[][],
  answers: readonly string[],
  ask: AskAgent,
): Promise<VoteRound> {
  const replies = await Promise.all(conversations.map((messages, agent) => ask(agent, messages)));
  return { replies, votes: readVotes(replies, answers) };
}

/**
 * The JSON vote's fields, for the original protocol's initial-vote prefix: the vote string and rationale
 * as the agent gave them; without a JSON object, the parsed vote's option and the whole reply.
 */
export function voteFields(
  reply: string,
  answers: readonly string[],
  vote: number | null,
): { vote: string; rationale: string } {
  const start = reply.indexOf("{");
  const end = reply.lastIndexOf("}");
  if (start >= 0 && end > start) {
    try {
      const o = JSON.parse(reply.slice(start, end + 1)) as { vote?: unknown; rationale?: unknown };
      if (typeof o.vote === "string" || typeof o.rationale === "string")
        return {
          vote: typeof o.vote === "string" ? o.vote : vote === null ? "" : (answers[vote] as string),
          rationale: typeof o.rationale === "string" ? o.rationale : "",
        };
    } catch {
      // not JSON: fall back to the parsed vote and the whole reply
    }
  }
  return { vote: vote === null ? "" : (answers[vote] as string), rationale: reply };
}
