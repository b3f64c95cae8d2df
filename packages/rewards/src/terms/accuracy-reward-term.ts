import { defineRewardTerm } from "./reward-term-definition";

/** accuracy (docs/design.md §3): 1 when the agent's own final choice is correct. */
export const accuracyRewardTerm = defineRewardTerm({
  name: "accuracy",
  scope: "agent",
  presets: { cosir: 0.5, outcomeOnly: 0 },
  design: "§3",
  description: "1 when the agent's own final choice is correct",
  logKey: "accuracy",
  curve: false,
  compute({ task, choice }) {
    return choice === task.correct ? 1 : 0;
  },
});
