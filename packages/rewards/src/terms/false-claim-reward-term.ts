import { actPositions } from "../pass/act-positions";
import { defineRewardTerm } from "./reward-term-definition";

/**
 * falseClaim (docs/design.md §3): -1 per SHARE the replay judges false (invalid, a level other than the
 * truth, or a cell the speaker neither saw nor heard from a teammate before). Its weight is c_false.
 * The behaviour metric `falseClaims` counts exactly these.
 */
export const falseClaimRewardTerm = defineRewardTerm({
  name: "falseClaim",
  scope: "message",
  presets: { cosir: 1, outcomeOnly: 0 },
  design: "§3",
  description: "-1 per SHARE with a wrong level, or of a cell the speaker neither saw nor heard earlier",
  logKey: "false_claim",
  curve: true,
  compute({ evidence }) {
    let falseClaim = 0;
    for (const share of evidence.shares) if (share.falseClaim) falseClaim -= 1;
    return falseClaim;
  },
  // Each false SHARE carries its own -1 (docs/design.md §3.8).
  perAct({ task, message, evidence }) {
    const out = message.acts.map(() => 0);
    const positions = actPositions(task, message, evidence).shares;
    evidence.shares.forEach((share, k) => {
      const index = positions[k] as number;
      if (share.falseClaim) out[index] = (out[index] as number) - 1;
    });
    return out;
  },
});
