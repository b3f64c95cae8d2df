import { defineRewardTerm } from "./reward-term-definition";

/** task (docs/design.md §3): the outcome, 1 when the team's strict-majority decision is correct. */
export const taskRewardTerm = defineRewardTerm({
  name: "task",
  scope: "agent",
  presets: { cosir: 1, outcomeOnly: 1 },
  design: "§3",
  description: "1 when the team's strict-majority decision is correct",
  logKey: "task",
  curve: false,
  compute({ teamCorrect }) {
    return teamCorrect ? 1 : 0;
  },
});
