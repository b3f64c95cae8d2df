import { useTerm } from "../score/use-term";
import { defineRewardTerm } from "./reward-term-definition";

/**
 * use (docs/design.md §3): +1 for choosing MAP_full, -1 for choosing MAP_priv, when they differ (`useTerm`).
 * The behaviour metric `ignoredInput` counts its -1s.
 */
export const useRewardTerm = defineRewardTerm({
  name: "use",
  scope: "agent",
  presets: { cosir: 0.5, outcomeOnly: 0 },
  design: "§3",
  description: "+1 choosing MAP_full, -1 choosing MAP_priv, when they differ",
  logKey: "use",
  curve: true,
  compute({ mapPrivate, mapFull, choice }) {
    return useTerm(mapPrivate, mapFull, choice);
  },
});
