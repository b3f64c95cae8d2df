import type { ChatReply } from "../chat/chat-responder";
import type { Estimate } from "../metrics/bootstrap-ci";
import type { HiddenBenchPrompts } from "./hidden-bench-prompts";
import type { HiddenBenchTask } from "./hidden-bench-task";
import type { HiddenBenchVoteReader } from "./read-vote";

// The public shapes of a HiddenBench run: its options, episodes and result.

/** "original": the published protocol and metric (README "HiddenBench"); "cosir": our earlier variant. */
export type HiddenBenchProtocol = "original" | "cosir";
/** "hidden": each agent holds one hidden fact; "full": every agent holds them all (original only). */
export type HiddenBenchCondition = "hidden" | "full";
/** How a vote is asked for: a JSON schema or JSON object `response_format`, or the prompt alone. */
export type HiddenBenchResponseFormat = "json_schema" | "json_object" | "none";
/** Why a run stopped before every task run finished: the deadline, or the caller's signal (Ctrl-C). */
export type HiddenBenchStop = "deadline" | "interrupted";

export interface RunHiddenBenchOptions {
  /** Default "original". */
  protocol?: HiddenBenchProtocol;
  /** Discussion rounds R; default 15 (original) or 2 (cosir). */
  rounds?: number;
  /** Agents per task (cosir only); default the number of hidden facts. Agent i holds hidden fact i mod H. */
  agents?: number;
  /** Runs of each task per condition, each with its own shuffle and deal (the original's num_duplications); default 10 (original) or 1 (cosir). */
  runs?: number;
  /** How votes are read (README "HiddenBench", vote reading); default "original" (original) or "tolerant" (cosir). */
  voteReader?: HiddenBenchVoteReader;
  /** Votes no reader could read: left out of the plurality ("drop", default) or a bucket of their own ("bucket"). */
  missingVotes?: "drop" | "bucket";
  /**
   * A discussion turn whose call failed: asked again up to `tries` times, then the agent's previous
   * message stands ("retry", default under original), or left out of every prompt at once ("drop", cosir).
   */
  failedTurns?: "retry" | "drop";
  /** Asks per vote (until a JSON vote arrives) and per turn (until a reply arrives); default 5 (original) or 1 (cosir). */
  tries?: number;
  /** Vote `response_format` (original only); default "json_schema", stepped down after an HTTP 400 (README). */
  responseFormat?: HiddenBenchResponseFormat;
  /** Leave the model's thinking on: no `enable_thinking: false` in the requests (original only); default false. */
  thinking?: boolean;
  /** Conditions of the original protocol; default both, ["hidden", "full"]. */
  conditions?: readonly HiddenBenchCondition[];
  /** Prompt templates of the original protocol (e.g. the original files' text); default HIDDEN_BENCH_PROMPTS. */
  prompts?: Partial<HiddenBenchPrompts>;
  /** Word-overlap threshold of `factStated`; default 0.8. */
  minOverlap?: number;
  /** Seed of the fact shuffles and hidden-fact assignment (original) and of the bootstraps; default 0. */
  seed?: number;
  /** Characters of a reply kept before it enters any prompt (longer replies are cut); default none (original) or 2000 (cosir). */
  maxReplyChars?: number;
  /** Task runs played at once, each at its own pace; default 8. */
  concurrency?: number;
  /** Wall-clock budget of the whole run (ms): task runs not finished by then are reported as unfinished. */
  deadlineMs?: number;
  /** Stops the run like the deadline does; the result is marked `stopped: "interrupted"`. */
  signal?: AbortSignal;
  /** Calls done / calls planned (first asks; a planned call asked again counts once) and failed calls, after every call. */
  onProgress?: (done: number, total: number, failed: number) => void;
  /** Stop at once when the first this-many answered calls all failed the same way; default 8. */
  earlyStopCalls?: number;
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
  /** The votes as the plurality counts them (see VoteRead.key): null where no vote was read. */
  preVoteKeys: (string | null)[];
  postVoteKeys: (string | null)[];
  /** Asks each vote took (1: the first reply had a JSON vote). */
  preVoteTries: number[];
  postVoteTries: number[];
  /** Vote replies before and after the discussion (an error's text is ""). */
  preReplies: ChatReply[];
  postReplies: ChatReply[];
  /** Team answer before/after: plurality (original; ties to the first vote counted) or strict majority (cosir). */
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

/** The choices behind a result's figures, named in every report (README "HiddenBench" table). */
export interface HiddenBenchSettings {
  voteReader: HiddenBenchVoteReader;
  missingVotes: "drop" | "bucket";
  failedTurns: "retry" | "drop";
  tries: number;
  runs: number;
  /** null: replies enter prompts whole. */
  maxReplyChars: number | null;
  /** The vote response_format asked for, and the one the endpoint took (after any step down); null: cosir. */
  responseFormat: { asked: HiddenBenchResponseFormat; used: HiddenBenchResponseFormat } | null;
  /** `enable_thinking: false` sent (original, unless `thinking`), and still sent at the end of the run. */
  thinkingOff: { asked: boolean; used: boolean };
}

/** How many votes needed more than one ask, and how many were never read after every try (finished task runs). */
export interface HiddenBenchVoteCounts {
  votes: number;
  retried: number;
  unread: number;
}

export interface HiddenBenchResult extends HiddenBenchConditionResult {
  protocol: HiddenBenchProtocol;
  rounds: number;
  settings: HiddenBenchSettings;
  votes: HiddenBenchVoteCounts;
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
  /** Why the run stopped early (null: it ran to the end); a stopped run's report is partial. */
  stopped: HiddenBenchStop | null;
}

/** One task run to play: a task under one condition, one repetition, and the episode it fills in. */
export interface HiddenBenchJob {
  task: HiddenBenchTask;
  condition: HiddenBenchCondition;
  run: number;
  episode: HiddenBenchEpisode;
}
