import type { Beliefs } from "@cosir/bayes";
import type { EvidenceReplay, MessageEvidence, Task, TraceMessage } from "@cosir/env";
import type { RewardConfig } from "../config/reward-config";

/**
 * One message of the episode pass, just after the replay heard it (docs/design.md §3): what every
 * message-scope reward term and every behaviour metric reads.
 */
export interface MessageStep {
  readonly task: Task;
  /** The shared replay, now holding every agent's evidence after this message. */
  readonly replay: EvidenceReplay;
  readonly message: TraceMessage;
  /** What the replay judged of the message (its SHAREs, ASKs and the claims the others heard). */
  readonly evidence: MessageEvidence;
  /** Every agent's surprisal s_j before the message (nats), indexed by agent. */
  readonly before: Float64Array;
  readonly config: RewardConfig;
  /**
   * Asks already paid in earlier messages: `asked[agent * cells + cell]` is 1 once the agent's ask of the cell
   * earned a bounded ask reward (docs/design.md §3.7), so each (asker, cell) is paid at most once an episode.
   */
  readonly asked: Uint8Array;
  /**
   * Every agent's evidence just before the message, when per-act rewards were asked for and the message has
   * more than one act (the share term replays its claims one act at a time from here); absent otherwise.
   */
  readonly beliefsBefore?: readonly Beliefs[];
}

/** One agent at the end of the pass: what every agent-scope reward term reads (docs/design.md §3). */
export interface AgentStep {
  readonly task: Task;
  readonly agent: number;
  /** MAP of the agent's own cells alone, and of all its evidence at the final choice. */
  readonly mapPrivate: number;
  readonly mapFull: number;
  readonly choice: number | null;
  /** The team decision (as the scoring counts it) is the correct answer. */
  readonly teamCorrect: boolean;
  readonly config: RewardConfig;
}
