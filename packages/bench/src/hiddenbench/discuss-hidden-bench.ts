import type { ChatMessage } from "@cosir/env";
import type { ChatReply } from "../chat/chat-responder";
import { fillPrompt, type HiddenBenchPrompts } from "./hidden-bench-prompts";
import type { HiddenBenchMessage } from "./hidden-bench-types";
import { stripThinking } from "./read-vote";
import { type AskAgent, type VoteRound, voteFields } from "./vote-hidden-bench";

/** A reply cut to `maxChars` characters (Infinity: never) before it enters any prompt. */
export function cutReply(text: string, maxChars: number): { text: string; truncated: boolean } {
  return text.length > maxChars ? { text: text.slice(0, maxChars), truncated: true } : { text, truncated: false };
}

/**
 * Records a turn's reply in the transcript: an error with empty text, or the text without its thinking
 * (`stripThinking`: what a thinking model thought is not said to the others), cut to `maxChars`.
 */
function record(
  transcript: HiddenBenchMessage[],
  agent: number,
  round: number,
  r: ChatReply,
  maxChars: number,
): string | null {
  if (r.error !== undefined) {
    transcript.push({ agent, round, text: "", error: r.error });
    return null;
  }
  const { text, truncated } = cutReply(stripThinking(r.text), maxChars);
  transcript.push({ agent, round, text, ...(truncated ? { truncated } : {}) });
  return text;
}

export interface OriginalDiscussion {
  /** Per agent, its conversation so far; each turn and its reply are appended (a failed turn is not). */
  histories: ChatMessage[][];
  /** The vote before the discussion, quoted back to each agent at its first turn. */
  pre: VoteRound;
  answers: readonly string[];
  rounds: number;
  prompts: HiddenBenchPrompts;
  maxReplyChars: number;
  /**
   * "retry": a failed turn is asked again up to `tries` times, and if it still fails the agent's previous
   * message stands in the others' prompts (as the original's `history[-1]`); "drop": asked once, and a
   * failed turn leaves its agent out of the others' next prompts.
   */
  failedTurns: "retry" | "drop";
  tries: number;
  /** The episode's transcript, filled in turn by turn. */
  transcript: HiddenBenchMessage[];
  ask: AskAgent;
}

/**
 * The prompt of `agent`'s turn in `round` (original protocol): in round 1 its own initial vote and
 * rationale, then "You speak first." or the messages said so far this round; later, the other people's
 * latest messages (`last`: null for an agent with nothing to show), from the next agent on.
 */
export function originalTurnPrompt(
  d: OriginalDiscussion,
  agent: number,
  round: number,
  last: readonly (string | null)[],
): string {
  const { prompts, pre } = d;
  if (round === 0) {
    const said = d.transcript.filter((m) => m.round === 0 && m.error === undefined);
    const own = pre.replies[agent] as ChatReply;
    const fields =
      own.error === undefined
        ? voteFields(cutReply(own.text, d.maxReplyChars).text, d.answers, pre.votes[agent] ?? null)
        : { vote: "", rationale: "" };
    const prefix = fillPrompt(prompts.initialVotePrefix, fields);
    return (
      prefix +
      (said.length === 0
        ? prompts.firstSpeaker
        : fillPrompt(prompts.turn, {
            messages: said.map((m) => `Person ${m.agent + 1}: ${m.text}`).join("\n"),
            extra: "",
          }))
    );
  }
  const n = last.length;
  const others: string[] = [];
  for (let i = 1; i < n; i++) {
    const other = (agent + i) % n;
    const text = last[other];
    if (text !== null && text !== undefined) others.push(`Person ${other + 1}: ${text}`);
  }
  return fillPrompt(prompts.turn, { messages: others.join("\n"), extra: "" });
}

/**
 * The original protocol's discussion: `rounds` rounds, the agents speaking in turn within each, every
 * agent on its own multi-turn history. Replies are cut to `maxReplyChars` before they enter a history.
 */
export async function discussOriginal(d: OriginalDiscussion): Promise<void> {
  const n = d.histories.length;
  const last: (string | null)[] = new Array<string | null>(n).fill(null);
  for (let round = 0; round < d.rounds; round++) {
    for (let agent = 0; agent < n; agent++) {
      const prompt = originalTurnPrompt(d, agent, round, last);
      const h = d.histories[agent] as ChatMessage[];
      const retry = d.failedTurns === "retry";
      const { reply } = await d.ask(agent, [...h, { role: "user", content: prompt }], { tries: retry ? d.tries : 1 });
      const text = record(d.transcript, agent, round, reply, d.maxReplyChars);
      if (text !== null) h.push({ role: "user", content: prompt }, { role: "assistant", content: text });
      if (text !== null || !retry) last[agent] = text;
    }
  }
}

/** The cosir protocol's view of the discussion: every message so far, or "No discussion yet.". */
export function cosirTranscriptText(transcript: readonly HiddenBenchMessage[]): string {
  const said = transcript.filter((m) => m.error === undefined);
  return said.length === 0
    ? "No discussion yet."
    : `Discussion so far:\n${said.map((m) => `Agent ${m.agent + 1}: ${m.text}`).join("\n")}`;
}

export interface CosirDiscussion {
  agents: number;
  rounds: number;
  maxReplyChars: number;
  /** Agent's single-prompt conversation: its system message and `user`. */
  conversation: (agent: number, user: string) => ChatMessage[];
  transcript: HiddenBenchMessage[];
  ask: AskAgent;
}

/** The cosir protocol's discussion: each turn one fresh prompt with the whole transcript so far. */
export async function discussCosir(d: CosirDiscussion): Promise<void> {
  for (let round = 0; round < d.rounds; round++) {
    for (let agent = 0; agent < d.agents; agent++) {
      const user = `${cosirTranscriptText(d.transcript)}\nRound ${round + 1} of ${d.rounds}. It is your turn: write a short message to your team.`;
      const { reply } = await d.ask(agent, d.conversation(agent, user));
      record(d.transcript, agent, round, reply, d.maxReplyChars);
    }
  }
}
