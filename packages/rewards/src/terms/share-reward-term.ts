import { applyClaim, cloneBeliefs, surprisal } from "@cosir/bayes";
import { actPositions } from "../pass/act-positions";
import type { MessageStep } from "../pass/replay-steps";
import { defineRewardTerm } from "./reward-term-definition";

/**
 * Each act's marginal share (docs/design.md §3.8): the recipients' evidence before the message, its valid claims
 * applied one act at a time in act order (as the replay applies them), act k credited with the drop in the
 * recipients' summed surprisal it caused. The last claiming act takes what rounding left, so the acts sum to
 * `value`. Without the snapshot (a one-act message) the one act has it all.
 */
function sharePerAct(step: MessageStep, value: number): number[] {
  const { task, replay, message, evidence, before, beliefsBefore } = step;
  const acts = message.acts;
  const out = acts.map(() => 0);
  const positions = actPositions(task, message, evidence).shares;
  const claimIndex = evidence.shares.flatMap((s, k) => (s.cell >= 0 ? [positions[k] as number] : []));
  if (claimIndex.length === 0) return out;
  if (claimIndex.length === 1 || beliefsBefore === undefined) {
    out[claimIndex[claimIndex.length - 1] as number] = value;
    return out;
  }
  const model = replay.decisionModel;
  const recipients: number[] = [];
  for (let j = 0; j < task.agents; j++) if (j !== message.speaker) recipients.push(j);
  const probes = recipients.map((j) => cloneBeliefs(beliefsBefore[j]!));
  let previous = recipients.reduce((s, j) => s + (before[j] as number), 0);
  let sum = 0;
  evidence.claims.forEach((claim, k) => {
    const index = claimIndex[k] as number;
    if (k === evidence.claims.length - 1) {
      out[index] = (out[index] as number) + (value - sum);
      return;
    }
    let now = 0;
    probes.forEach((probe) => {
      applyClaim(probe, claim.cell, claim.level, task.noise);
      now += surprisal(model.posterior(probe).pmf, task.correct);
    });
    out[index] = (out[index] as number) + (previous - now);
    sum += previous - now;
    previous = now;
  });
  return out;
}

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
  perAct: sharePerAct,
});
