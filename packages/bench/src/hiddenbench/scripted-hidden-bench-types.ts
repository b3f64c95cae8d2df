import type { HiddenBenchTask } from "./hidden-bench-task";

// The public shapes of the scripted HiddenBench chat server: its options, its log and its handle.

/**
 * "discloser": states its hidden fact(s) verbatim at every turn and, after the discussion, votes for
 * the correct answer once it has seen every hidden fact; "withholder": only repeats the options, so it
 * never discloses, and keeps the wrong vote. Both vote for the correct answer when they hold every fact
 * (full-information condition), else for the first wrong option before the discussion.
 */
export type ScriptedHiddenBenchBehaviour = "discloser" | "withholder";

/**
 * How a scripted agent words its votes: "json" a JSON object; "letter" prose naming the option by its
 * label ("my final answer: C", the option's name where it has none), no JSON; "thinking" a closed
 * `<think>` block holding a decoy JSON vote for another option, then the JSON vote (turns get a
 * `<think>` block too); "cutoff" the first ask of each vote is a `<think>` block cut off mid-way (naming
 * an option, no vote), later asks the JSON vote.
 */
export type ScriptedReplyStyle = "json" | "letter" | "thinking" | "cutoff";

export interface ScriptedHiddenBenchServerOptions {
  tasks: readonly HiddenBenchTask[];
  behaviour?: ScriptedHiddenBenchBehaviour;
  /** Delay of every reply (ms); default 0. */
  delayMs?: number;
  /** Delay of the replies for one task id (ms), overriding `delayMs`. */
  delayByTask?: Readonly<Record<string, number>>;
  /** 1-based call numbers answered with HTTP 500. */
  failCalls?: readonly number[];
  /** Holds a reply until the returned promise settles (called after the call is logged). */
  hold?: (call: ScriptedHiddenBenchCall) => Promise<void> | undefined;
  /** Characters of filler appended to every discussion reply (to test truncation); default 0. */
  padding?: number;
  /** How votes are worded; default "json". */
  style?: ScriptedReplyStyle;
  /** HTTP status and body answered to every request (an endpoint refusing the model); default none. */
  refuse?: { status: number; body: string };
}

/** One call the server answered, as the server saw it: the ground truth a report is recounted from. */
export interface ScriptedHiddenBenchCall {
  /** 1-based arrival order. */
  n: number;
  taskId: string;
  condition: "hidden" | "full";
  /** Hidden facts (indices) in the caller's prompt: one under "hidden", all under "full". */
  held: number[];
  kind: "preVote" | "turn" | "postVote";
  /** The request's system message: one agent of one task run (its facts are shuffled per run and agent). */
  system: string;
  status: number;
  reply: string;
  /** Option index the reply votes for (votes), else null. */
  vote: number | null;
  /** The reply holds a JSON vote (the first JSON block has a `vote`): the original asks no more. */
  json: boolean;
  /** The option a reader that maps labels and reads prose can tell (null: the reply names no vote, e.g. cut off). */
  tolerantVote: number | null;
  /** The request's extra fields as sent: response_format type and enable_thinking (undefined: absent). */
  responseFormat: string | undefined;
  enableThinking: boolean | undefined;
  /** The request body's top-level fields, in the order sent (e.g. to check no temperature was sent). */
  requestKeys: string[];
  /** Hidden fact indices the reply states (turns). */
  stated: number[];
  /** Longest assistant message and longest message of the request (characters). */
  longestAssistant: number;
  /** Every message content of the request, joined. */
  prompt: string;
  /** The last message of the request (the prompt of this turn or vote). */
  last: string;
}

export interface ScriptedHiddenBenchServer {
  /** Base URL including /v1. */
  url: string;
  log: ScriptedHiddenBenchCall[];
  close(): Promise<void>;
}
