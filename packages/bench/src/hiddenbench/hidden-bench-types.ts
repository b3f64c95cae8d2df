import type { ChatReply } from "../chat/chat-responder";
import type { Estimate } from "../metrics/bootstrap-ci";
import type { HiddenBenchPrompts } from "./hidden-bench-prompts";
import type { HiddenBenchTask } from "./hidden-bench-task";

// The public shapes of a HiddenBench run: its options, episodes and result.

/** "original": the published protocol and metric (README "HiddenBench"); "cosir": our earlier variant. */
export type HiddenBenchProtocol = "original" | "cosir";
/** "hidden": each agent holds one hidden fact; "full": every agent holds them all (original only). */
export type HiddenBenchCondition = "hidden" | "full";

export interface RunHiddenBenchOptions {
  /** Default "original". */
  protocol?: HiddenBenchProtocol;
  /** Discussion rounds R; default 15 (original) or 2 (cosir). */
  rounds?: number;
  /** Agents per task (cosir only); default the number of hidden facts. Agent i holds hidden fact i mod H. */
  agents?: number;
  /** Runs of each task per condition (the original's num_duplications); default 1. */
  runs?: number;
  /** Conditions of the original protocol; default both, ["hidden", "full"]. */
  conditions?: readonly HiddenBenchCondition[];
  /** Prompt templates of the original protocol (e.g. the original files' text); default HIDDEN_BENCH_PROMPTS. */
  prompts?: Partial<HiddenBenchPrompts>;
  /** Word-overlap threshold of `factStated`; default 0.8. */
  minOverlap?: number;
  /** Seed of the fact shuffles and hidden-fact assignment (original) and of the bootstraps; default 0. */
  seed?: number;
  /** Characters of a reply kept before it enters any prompt (longer replies are cut); default 2000. */
  maxReplyChars?: number;
  /** Task runs played at once, each at its own pace; default 8. */
  concurrency?: number;
  /** Wall-clock budget of the whole run (ms): task runs not finished by then are reported as unfinished. */
  deadlineMs?: number;
  /** Stops the run like the deadline does. */
  signal?: AbortSignal;
  /** Calls done / calls planned, after every call. */
  onProgress?: (done: number, total: number) => void;
}

/** One message of the discussion; a failed call has `error` and empty `text` and is shown to no one. */
export interface HiddenBenchMessage {
  agent: number;
  round: number;
  text: string;
  error?: string;
  /** The reply was longer than `maxReplyChars` and was cut. */
  truncated?: boolean;
}

export interface HiddenBenchEpisode {
  taskId: string;
  name: string;
  protocol: HiddenBenchProtocol;
  condition: HiddenBenchCondition;
  /** 0-based repetition of this task and condition. */
  run: number;
  agents: number;
  /** Index (into hidden_information) of the hidden fact each agent holds; -1 under "full". */
  hiddenFact: number[];
  preVotes: (number | null)[];
  postVotes: (number | null)[];
  /** Vote replies before and after the discussion (an error's text is ""). */
  preReplies: ChatReply[];
  postReplies: ChatReply[];
  /** Team answer before/after: plurality (original; ties to the first agent's vote) or strict majority (cosir). */
  preDecision: number | null;
  decision: number | null;
  correctAnswer: number;
  preCorrect: boolean;
  correct: boolean;
  /** Share of agents whose vote is correct, before and after the discussion. */
  individualPreAccuracy: number;
  individualAccuracy: number;
  /** Per hidden fact: its distinctive content stated in some discussion message (hidden condition). */
  disclosed: boolean[];
  /** Per agent: some discussion message of it asks a question ("?"). */
  asked: boolean[];
  transcript: HiddenBenchMessage[];
  /** Calls made and calls that failed. */
  calls: number;
  errors: number;
  /** False when the deadline (or the signal) stopped the episode; it is left out of every figure. */
  finished: boolean;
}

export interface HiddenBenchConditionResult {
  /** Plurality (original) or strict-majority (cosir) team answer correct, after and before. */
  accuracy: Estimate;
  preAccuracy: Estimate;
  /** Individual accuracy after and before (original: averaged per run; cosir: pooled over agents). */
  individualAccuracy: Estimate;
  individualPreAccuracy: Estimate;
}

export interface HiddenBenchResult extends HiddenBenchConditionResult {
  protocol: HiddenBenchProtocol;
  rounds: number;
  /** Every episode, finished or not, of every condition. */
  episodes: HiddenBenchEpisode[];
  /** Share of hidden facts disclosed in the hidden condition (ours, beside the original metric). */
  disclosure: Estimate;
  /** Agents whose initial vote was wrong and who never asked a question (ours). */
  failToAsk: Estimate;
  /** Agents whose initial vote was wrong, who heard every other hidden fact, and kept their vote (ours). */
  ignoredInput: Estimate;
  /** The top-level figures are the hidden condition's; `full` is the full-information condition (original). */
  full: HiddenBenchConditionResult | null;
  /** full - hidden individual accuracy, before and after (original; null without both conditions). */
  gap: { individualPreAccuracy: number | null; individualAccuracy: number | null } | null;
  calls: number;
  errors: number;
  unfinished: number;
  deadlineReached: boolean;
}

/** One task run to play: a task under one condition, one repetition, and the episode it fills in. */
export interface HiddenBenchJob {
  task: HiddenBenchTask;
  condition: HiddenBenchCondition;
  run: number;
  episode: HiddenBenchEpisode;
}
