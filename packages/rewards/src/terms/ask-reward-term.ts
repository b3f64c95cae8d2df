import { actPositions } from "../pass/act-positions";
import type { MessageStep } from "../pass/replay-steps";
import { boundedAskCells } from "./bounded-ask-cells";
import { jointAskReduction } from "./joint-ask-reduction";
import { defineRewardTerm } from "./reward-term-definition";

/** "perCell" (the first rule): each distinct asked cell a teammate (the addressee, if named) sees, on its own. */
function perCellGains(step: MessageStep): { index: number; gain: number }[] {
  const { replay, message, evidence, config } = step;
  const i = message.speaker;
  const out: { index: number; gain: number }[] = [];
  const positions = actPositions(step.task, message, evidence).asks;
  for (const [k, { act, cell }] of evidence.asks.entries()) {
    const held = act.to !== undefined ? act.to !== i && replay.sees(act.to, cell) : replay.seenByTeammate(i, cell);
    if (!held) continue;
    let gain = replay.surprisalReduction(i, cell, replay.trueLevel(cell));
    if (config.clipAskAtZero && gain < 0) gain = 0;
    out.push({ index: positions[k] as number, gain });
  }
  return out;
}

/**
 * "bounded": the joint reduction of the eligible asks (boundedAskCells), as prefixes in act order, so act k's
 * marginal is J(asks up to k) - J(asks before k) and the marginals sum to J(all). With clipAskAtZero each prefix is
 * clipped at 0 (the marginals then sum to the clipped message value).
 */
function boundedGains(step: MessageStep): { index: number; gain: number }[] {
  const eligible = boundedAskCells(step);
  const { asks } = step.evidence;
  const positions = actPositions(step.task, step.message, step.evidence).asks;
  const out: { index: number; gain: number }[] = [];
  let previous = 0;
  const cells: number[] = [];
  for (const ask of eligible) {
    cells.push(ask.cell);
    let joint = jointAskReduction(step, cells);
    if (step.config.clipAskAtZero && joint < 0) joint = 0;
    out.push({ index: positions[asks.indexOf(ask)] as number, gain: joint - previous });
    previous = joint;
  }
  return out;
}

function gains(step: MessageStep): { index: number; gain: number }[] {
  return step.config.askRule === "bounded" ? boundedGains(step) : perCellGains(step);
}

/**
 * ask (docs/design.md §3.2, §3.7): the reduction in the asker's surprisal a truthful answer would bring.
 * "perCell" (default): per distinct asked cell held by a teammate (by the addressee when the ask names one),
 * s_i(E_i) - s_i(E_i + a truthful claim of it). "bounded": once per message, s_i(E_i) - s_i(E_i + truthful claims
 * of every eligible asked cell), eligible meaning not seen by the asker, not yet stated to it, not already paid, and
 * answerable by a holder who still has a turn. The speaker's own evidence is the same before and after its message,
 * so asks are scored after it is heard.
 */
export const askRewardTerm = defineRewardTerm({
  name: "ask",
  scope: "message",
  presets: { cosir: 1, outcomeOnly: 0 },
  design: "§3",
  description:
    "per distinct asked cell held by a teammate (the addressee, if named): s_i(E_i) - s_i(E_i + truthful answer); bounded rule: §3.7",
  logKey: "ask",
  curve: true,
  compute(step) {
    if (step.config.askRule === "bounded") {
      // The whole message's joint reduction, one posterior (the prefixes are only for per-act credit).
      let joint = jointAskReduction(
        step,
        boundedAskCells(step).map((a) => a.cell),
      );
      if (step.config.clipAskAtZero && joint < 0) joint = 0;
      return joint;
    }
    let ask = 0;
    for (const { gain } of perCellGains(step)) ask += gain;
    return ask;
  },
  perAct(step, value) {
    const out = step.message.acts.map(() => 0);
    const list = gains(step);
    let sum = 0;
    list.forEach(({ index, gain }, k) => {
      // The last paid act takes what rounding left, so the acts sum to the message's value exactly.
      const credit = k === list.length - 1 ? value - sum : gain;
      out[index] = (out[index] as number) + credit;
      sum += credit;
    });
    return out;
  },
});
