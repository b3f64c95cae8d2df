import { applyClaim, cloneBeliefs, surprisal } from "@cosir/bayes";
import type { MessageStep } from "../pass/replay-steps";

/**
 * s_i(E_i) - s_i(E_i + a truthful claim of each of `cells`), the claims applied in order through the task's noise
 * channel (docs/design.md §3.7): the reduction the asker's surprisal would see if all these asks were answered
 * truthfully. The speaker's evidence is the same before and after its own message, so the replay's is E_i^t.
 * 0 for no cells (no posterior is computed).
 */
export function jointAskReduction(step: MessageStep, cells: readonly number[]): number {
  if (cells.length === 0) return 0;
  const { replay, message, task } = step;
  const i = message.speaker;
  if (cells.length === 1) return replay.surprisalReduction(i, cells[0] as number, replay.trueLevel(cells[0] as number));
  const probe = cloneBeliefs(replay.beliefs(i));
  for (const cell of cells) applyClaim(probe, cell, replay.trueLevel(cell), task.noise);
  return replay.surprisal(i) - surprisal(replay.decisionModel.posterior(probe).pmf, task.correct);
}
