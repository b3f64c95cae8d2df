import type { ChatMessage } from "@cosir/env";
import type { ChatReply } from "../chat/chat-responder";
import type { AskOptions } from "./hidden-bench-caller";
import { firstJsonBlock, type HiddenBenchVoteReader, readVote, stripThinking, type VoteRead } from "./read-vote";

/** Asks one agent one conversation (a planned call, asked up to `o.tries` times); counted on the episode being played. */
export type AskAgent = (
  agent: number,
  messages: ChatMessage[],
  o?: AskOptions,
) => Promise<{ reply: ChatReply; tries: number }>;

/** The replies to one vote, the options they vote for (null: no reply, or no option recognised) and the asks each took. */
export interface VoteRound {
  replies: ChatReply[];
  votes: (number | null)[];
  /** The votes as the plurality counts them (VoteRead.key). */
  keys: (string | null)[];
  tries: number[];
}

const NO_VOTE: VoteRead = { json: false, key: null, option: null };

/** Each reply's vote among `answers` by `reader`; a failed call votes for nothing. */
export function readVotes(
  replies: readonly ChatReply[],
  answers: readonly string[],
  reader: HiddenBenchVoteReader = "tolerant",
): VoteRead[] {
  return replies.map((r) => (r.error === undefined ? readVote(r.text, answers, reader) : NO_VOTE));
}

/**
 * Asks every agent its vote at once (agent i gets `conversations[i]`), each up to `tries` times until its
 * reply holds a JSON vote (the original asks until it does), and reads the last replies with `reader`.
 */
export async function askVotes(
  conversations: readonly ChatMessage[][],
  answers: readonly string[],
  ask: AskAgent,
  reader: HiddenBenchVoteReader = "tolerant",
  tries = 1,
): Promise<VoteRound> {
  const accept = (r: ChatReply): boolean => r.error === undefined && readVote(r.text, answers, reader).json;
  const asked = await Promise.all(
    conversations.map((messages, agent) => ask(agent, messages, { vote: true, tries, accept })),
  );
  const replies = asked.map((a) => a.reply);
  const read = readVotes(replies, answers, reader);
  return { replies, votes: read.map((r) => r.option), keys: read.map((r) => r.key), tries: asked.map((a) => a.tries) };
}

/**
 * The JSON vote's fields, for the original protocol's initial-vote prefix: the first JSON block's vote and
 * rationale as the agent gave them (thinking removed; a non-string value as its JSON text); without a
 * JSON vote, the read vote's option and the whole reply.
 */
export function voteFields(
  text: string,
  answers: readonly string[],
  vote: number | null,
): { vote: string; rationale: string } {
  const reply = stripThinking(text);
  const o = firstJsonBlock(reply) as { vote?: unknown; rationale?: unknown } | undefined;
  const str = (v: unknown): string => (typeof v === "string" ? v : v === undefined ? "" : JSON.stringify(v));
  if (o !== null && typeof o === "object" && !Array.isArray(o) && ("vote" in o || "rationale" in o))
    return {
      vote: "vote" in o ? str(o.vote) : vote === null ? "" : (answers[vote] as string),
      rationale: str(o.rationale),
    };
  return { vote: vote === null ? "" : (answers[vote] as string), rationale: reply };
}
