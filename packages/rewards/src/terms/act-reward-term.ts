import type { TraceMessage } from "@cosir/env";
import { defineRewardTerm } from "./reward-term-definition";

/** Whether an act pays the per-act cost: every act, except the one PASS of a message that says nothing else. */
function charged(message: TraceMessage): boolean {
  return !(message.acts.length === 1 && message.acts[0]?.kind === "pass");
}

/**
 * act (docs/design.md §3.8): -1 per act of a message (a lone PASS, the empty message, costs nothing). Its weight
 * is the per-act cost c_act: an act whose own marginal reward is below c_act (a repeated SHARE, a PASS or an
 * unpaid ASK next to other acts) then scores below zero.
 */
export const actRewardTerm = defineRewardTerm({
  name: "act",
  scope: "message",
  presets: { cosir: 0, outcomeOnly: 0 },
  design: "§3.8",
  description: "-1 per act of the message (a lone PASS costs nothing)",
  logKey: "act",
  curve: false,
  weightWhenAbsent: 0,
  compute({ message }) {
    return charged(message) ? -message.acts.length : 0;
  },
  perAct({ message }) {
    return message.acts.map(() => (charged(message) ? -1 : 0));
  },
});
