import type { Act, Surface } from "../messages/act";
import type { ChatTool } from "../messages/chat-tool";
import type { PublicTask } from "../task/task";
import type { TraceMessage } from "../trace/trace";

export type Phase = "preChoice" | "discuss" | "choose";

export interface ChatMessage {
  role: "system" | "user" | "assistant";
  content: string;
}

/** What agent `agent` sees when it must act (docs/design.md §2). Plain data: no table, no answer. */
export interface Observation {
  taskId: string;
  agent: number;
  phase: Phase;
  /** Discussion round (0-based); equals task.rounds in the final-choice phase. */
  round: number;
  /** Global turn index of the message being asked for (discussion), else -1. */
  turn: number;
  surface: Surface;
  /** The public part of the task (structure, domain words, protocol). */
  task: PublicTask;
  /** The agent's own cells as [option, attribute, level]. */
  ownCells: [number, number, number][];
  /** Every message broadcast so far, in order. */
  messages: TraceMessage[];
  /** Rendered prompt on the observation's surface (canonical text for small models). */
  text: string;
  /** The same observation as chat messages (natural language). */
  chat: ChatMessage[];
  /**
   * Tool surface only: the tools the model may call now (`toolDefinitions`: share / ask / propose / pass while
   * discussing, choose when choosing), to send as `tools` with `chat`.
   */
  tools?: ChatTool[];
}

/** One policy output. Token ids and log-probs are kept as sampled, for training. */
export interface PolicyAction {
  text: string;
  tokens?: number[];
  logprobs?: number[];
}

/**
 * What acting means (docs/design.md §4). Declared here so a benchmark or pipeline never pulls tfjs in.
 * `act` is batched: one action per observation, in order.
 */
export interface Policy {
  readonly name: string;
  act(observations: readonly Observation[]): Promise<PolicyAction[]>;
  /** Optional: log-probs of given actions' tokens (training back ends). */
  logprobs?(batch: readonly { observation: Observation; action: PolicyAction }[]): Promise<number[][]>;
}

export type { Act };
