import { defineRewardTerm } from "./reward-term-definition";

/** format (docs/design.md §3): -1 for a message with a parse error. Its weight is c_format. */
export const formatRewardTerm = defineRewardTerm({
  name: "format",
  scope: "message",
  presets: { cosir: 0.5, outcomeOnly: 0 },
  design: "§3",
  description: "-1 when the text did not parse",
  logKey: "format",
  curve: false,
  compute({ message }) {
    return message.parseError === undefined ? 0 : -1;
  },
});
