import { defineRewardTerm } from "./reward-term-definition";

/**
 * ask (docs/design.md §3): per distinct asked cell held privately by a teammate (by the addressee when the
 * ask names one), s_i(E_i) - s_i(E_i + a truthful claim of its value with the task's channel noise). The
 * speaker's own evidence is the same before and after its message, so asks are scored after it is heard.
 */
export const askRewardTerm = defineRewardTerm({
  name: "ask",
  scope: "message",
  presets: { cosir: 1, outcomeOnly: 0 },
  design: "§3",
  description:
    "per distinct asked cell held by a teammate (the addressee, if named): s_i(E_i) - s_i(E_i + truthful answer)",
  logKey: "ask",
  curve: true,
  compute({ replay, message, evidence, config }) {
    const i = message.speaker;
    let ask = 0;
    for (const { act, cell } of evidence.asks) {
      const held = act.to !== undefined ? act.to !== i && replay.sees(act.to, cell) : replay.seenByTeammate(i, cell);
      if (!held) continue;
      let gain = replay.surprisalReduction(i, cell, replay.trueLevel(cell));
      if (config.clipAskAtZero && gain < 0) gain = 0;
      ask += gain;
    }
    return ask;
  },
});
