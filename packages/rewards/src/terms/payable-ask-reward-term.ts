import type { AskEvidence } from "@cosir/env";
import { actPositions } from "../pass/act-positions";
import type { MessageStep } from "../pass/replay-steps";
import { boundedAskCells } from "./bounded-ask-cells";
import { defineRewardTerm } from "./reward-term-definition";

/**
 * payableAsk (docs/design.md §3.9): +1 per asked cell the bounded ask rule (§3.7) would pay — not seen by the
 * asker, not yet stated to it, not paid to it before, answerable by a holder (the addressee, if named) with a turn
 * left — whatever the answer would be worth. A shaping term for keeping asks under RL: the ask term pays an
 * answerable ask its information value, often a few hundredths of a nat, so a policy comparing its messages sees
 * asks as a poor use of one; this pays the act of aiming an ask where it can be answered. Off in both presets
 * (weight 0); with a weight w each (asker, cell) earns w at most once an episode, so repeating an ask earns nothing.
 */
export const payableAskRewardTerm = defineRewardTerm({
  name: "payableAsk",
  scope: "message",
  presets: { cosir: 0, outcomeOnly: 0 },
  design: "§3.9",
  description:
    "+1 per asked cell the bounded ask rule would pay (unseen, unstated, unpaid, answerable), whatever its value",
  logKey: "payable_ask",
  curve: false,
  weightWhenAbsent: 0,
  compute(step) {
    return boundedAskCells(step).length;
  },
  perAct(step) {
    return askCountPerAct(step, boundedAskCells(step));
  },
});

/** +1 on the act of each of `asks` (asks of the step's evidence), 0 on every other act: a count term's per-act split. */
export function askCountPerAct(step: MessageStep, asks: readonly AskEvidence[]): number[] {
  const out = step.message.acts.map(() => 0);
  const positions = actPositions(step.task, step.message, step.evidence).asks;
  for (const ask of asks) {
    const index = positions[step.evidence.asks.indexOf(ask)] as number;
    out[index] = (out[index] as number) + 1;
  }
  return out;
}
