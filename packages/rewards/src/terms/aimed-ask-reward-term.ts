import { expectedInformationGain } from "@cosir/bayes";
import type { AskEvidence } from "@cosir/env";
import { METRIC_THRESHOLDS } from "../metrics/metric-thresholds";
import type { MessageStep } from "../pass/replay-steps";
import { boundedAskCells } from "./bounded-ask-cells";
import { askCountPerAct } from "./payable-ask-reward-term";
import { defineRewardTerm } from "./reward-term-definition";

/**
 * The payable asks of a message (boundedAskCells) that are aimed where the asker needs them, by the fail-to-ask
 * metric's gain test: the cell's expected information gain about the best option under the asker's own evidence
 * E_i exceeds failToAskMinGain (0.05 nats). It reads only E_i, never the true table.
 */
export function aimedAskCells(step: MessageStep): readonly AskEvidence[] {
  const { replay, message } = step;
  const i = message.speaker;
  const payable = boundedAskCells(step);
  if (payable.length === 0) return payable;
  return payable.filter(
    ({ cell }) =>
      expectedInformationGain(replay.decisionModel, replay.beliefs(i), cell) > METRIC_THRESHOLDS.failToAskMinGain,
  );
}

/**
 * aimedAsk (docs/design.md §3.10): +1 per payable asked cell (§3.9's four conditions) that the asker needs: the
 * cell's expected information gain under its own evidence exceeds the fail-to-ask metric's gain threshold. The payable-ask bonus pays any answerable ask, so a policy can earn it on cells that would
 * not change its mind; this one pays aim by the asker's own uncertainty, before any answer, whatever the truth
 * turns out to be worth. Off in both presets (weight 0); each (asker, cell) earns it at most once an episode.
 */
export const aimedAskRewardTerm = defineRewardTerm({
  name: "aimedAsk",
  scope: "message",
  presets: { cosir: 0, outcomeOnly: 0 },
  design: "§3.10",
  description: "+1 per payable asked cell the asker needs (the cell's EIG under its own evidence > 0.05 nats)",
  logKey: "aimed_ask",
  curve: false,
  weightWhenAbsent: 0,
  compute(step) {
    return aimedAskCells(step).length;
  },
  perAct(step) {
    return askCountPerAct(step, aimedAskCells(step));
  },
});
