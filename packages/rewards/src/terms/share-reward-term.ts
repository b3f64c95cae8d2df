import { defineRewardTerm } from "./reward-term-definition";

/**
 * share (docs/design.md §3): how much a message lowered its recipients' surprisal. All messages are
 * broadcast, so the recipients are every other agent: sum over j != speaker of s_j(before) - s_j(after).
 */
export const shareRewardTerm = defineRewardTerm({
  name: "share",
  scope: "message",
  presets: { cosir: 1, outcomeOnly: 0 },
  design: "§3",
  description: "sum over recipients j of s_j(before) - s_j(after), nats",
  logKey: "share",
  curve: true,
  compute({ task, replay, message, evidence, before }) {
    let share = 0;
    if (evidence.claims.length === 0) return share;
    for (let j = 0; j < task.agents; j++)
      if (j !== message.speaker) share += (before[j] as number) - replay.surprisal(j);
    return share;
  },
});
