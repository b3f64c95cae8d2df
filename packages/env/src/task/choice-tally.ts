import type { Beliefs } from "@cosir/bayes";
import type { PublicTask } from "./task";

/**
 * The tally a small model can compute before it chooses (the `TALLY` scratchpad, see renderTally): for each
 * option, four times its expected weighted sum, where a cell the agent knows (one level holds at least half the
 * mass: its own observation or a teammate's claim) counts its most likely level and an unknown cell counts its
 * prior mean plus a quarter point. The quarter point breaks ties in favour of the option with more unknown cells,
 * as the exact posterior (conditioned on a unique best option) mostly does: on the demo distribution the
 * tally's argmax (lowest index among ties) equals the MAP of the same evidence about 96% of the time.
 * Integer values in quarter points, one per option; null where the task is not an argmax-of-sum decision.
 */
export function choiceTally(task: PublicTask, beliefs: Beliefs): number[] | null {
  if (task.decision.kind !== "argmax" || task.aggregate !== "sum") return null;
  const { options: K, attributes: M, weights } = task;
  const L = beliefs.levels;
  const lo = beliefs.lo;
  let priorSum = 0;
  let priorMean = 0;
  for (let j = 0; j < L; j++) priorSum += task.prior[j] ?? 0;
  for (let j = 0; j < L; j++) priorMean += ((task.prior[j] ?? 0) / priorSum) * (lo + j);
  const unknown = Math.round(4 * priorMean) + 1;
  const tally: number[] = [];
  for (let k = 0; k < K; k++) {
    let total = 0;
    for (let m = 0; m < M; m++) {
      const base = (k * M + m) * L;
      let best = 0;
      let mode = 0;
      for (let j = 0; j < L; j++) {
        const p = beliefs.pmf[base + j] as number;
        if (p > best) {
          best = p;
          mode = j;
        }
      }
      total += (weights[m] ?? 1) * (best >= 0.5 ? 4 * (lo + mode) : unknown);
    }
    tally.push(total);
  }
  return tally;
}
