import type { AgentStep, MessageStep } from "../pass/replay-steps";

/** What every reward term declares besides its compute (docs/contributing.md "Adding a reward term"). */
interface RewardTermBase<N extends string> {
  /** Key of the term in weights, `terms`, summaries, metrics lines and tables. */
  readonly name: N;
  /** Weight of the term in each built-in preset (a term's contribution is weight x raw). */
  readonly presets: { readonly cosir: number; readonly outcomeOnly: number };
  /** Where docs/design.md defines it, e.g. "§3". */
  readonly design: string;
  /** The raw value in one line, as the rewards README and reports print it. */
  readonly description: string;
  /** Key of its per-query sum in serve-env's `/get_reward` `extra_logs` (message terms), snake_case. */
  readonly logKey: string;
  /** Plotted as a learning curve (mean per episode over training rollouts) in the demo report. */
  readonly curve: boolean;
  /**
   * Weight taken when a config's weights leave the term out (a term added after configs were written, so those
   * configs still validate to what they meant). Absent: the weight is required.
   */
  readonly weightWhenAbsent?: number;
}

/** A term scored per message, i.e. per (agent, turn), from the message step of the shared replay. */
export interface MessageRewardTerm<N extends string = string> extends RewardTermBase<N> {
  readonly scope: "message";
  compute(step: MessageStep): number;
  /**
   * The raw value split over the message's acts (one entry per act of `step.message.acts`, in order), summing to
   * `value` (what compute returned): each act's own marginal contribution (docs/design.md §3.8). Absent: the
   * value is split evenly over the acts.
   */
  perAct?(step: MessageStep, value: number): number[];
}

/** A term scored once per agent at its final choice. */
export interface AgentRewardTerm<N extends string = string> extends RewardTermBase<N> {
  readonly scope: "agent";
  compute(step: AgentStep): number;
}

/** One row of the reward-term table (`rewardTerms`). */
export type RewardTermDefinition<N extends string = string> = MessageRewardTerm<N> | AgentRewardTerm<N>;

/** Declares a reward term, keeping its name as a literal type so the table can type weights and terms. */
export function defineRewardTerm<const T extends RewardTermDefinition>(term: T): Readonly<T> {
  return Object.freeze(term);
}
