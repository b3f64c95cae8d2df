import { InvalidArgumentError, optionScore } from "@cosir/bayes";
import {
  finishTask,
  sampleLevel,
  type TaskGeneratorOptions,
  hashSeed,
  Rng,
  type Task,
  evidenceSummary,
} from "@cosir/env";
import { resolveHeldOutOptions } from "./resolve-held-out-options";

const FAMILY = "heldout.weightedDecision";
const MAX_ATTEMPTS = 2000;

/**
 * Held-out family 2, weighted decision: criterion weights 1..5 (drawn by seed unless given) are announced
 * to the agents and the answer is the unique argmax of the weighted `sum`. Promise: the weights matter, i.e.
 * the unweighted sum does not single out the same option; checked with `optionScore`, and the pooled
 * evidence's MAP is the answer (evaluator). Each cell is seen by each agent with probability 1/2 and by
 * at least one agent.
 */
export function weightedDecisionTask(opts: TaskGeneratorOptions): Task {
  const M = opts?.attributes ?? 5;
  const drawn = new Rng(hashSeed(FAMILY, "weights", String(opts?.seed)));
  let weights = opts?.weights;
  if (weights === undefined && Number.isInteger(M) && M >= 2 && M <= 10) {
    // Redrawn until not all equal: equal weights cannot change the answer.
    do weights = Array.from({ length: M }, () => 1 + drawn.int(5));
    while (weights.every((x) => x === weights?.[0]));
  }
  const { size, rng } = resolveHeldOutOptions(
    FAMILY,
    { ...opts, ...(weights !== undefined ? { weights } : {}) },
    { options: 4, attributes: 5, agents: 3, rounds: 2, domains: ["jobCandidates", "apartments", "restaurants"] },
  );
  const { options: K, attributes: A, agents: N, weights: w } = size;
  if (K < 2) throw new InvalidArgumentError("options", K, `expected at least 2 options for ${FAMILY}`);
  if (A < 2) throw new InvalidArgumentError("attributes", A, `expected at least 2 attributes for ${FAMILY}`);
  const ones = new Array<number>(A).fill(1);
  const tableRng = rng.fork("table");
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const table = Array.from({ length: K }, () =>
      Array.from({ length: A }, () => sampleLevel(tableRng, size.levels[0], size.prior)),
    );
    const scores = table.map((row) => optionScore(row, "sum", w));
    const best = Math.max(...scores);
    if (scores.filter((s) => s === best).length !== 1) continue;
    const correct = scores.indexOf(best);
    const plain = table.map((row) => optionScore(row, "sum", ones));
    const plainBest = Math.max(...plain);
    if (plain[correct] === plainBest && plain.filter((s) => s === plainBest).length === 1) continue;
    const visibility: number[][] = Array.from({ length: N }, () => []);
    const visRng = rng.fork("visibility", attempt);
    for (let cell = 0; cell < K * A; cell++) {
      let seen = false;
      for (let i = 0; i < N; i++) {
        if (visRng.next() < 0.5) {
          (visibility[i] as number[]).push(cell);
          seen = true;
        }
      }
      if (!seen) (visibility[visRng.int(N)] as number[]).push(cell);
    }
    const task = finishTask(FAMILY, size, { table, correct, visibility, aggregate: "sum" });
    if (evidenceSummary(task).pooledMap === correct) return task;
  }
  throw new InvalidArgumentError(
    "weights",
    w,
    `expected weights that can change the answer; no ${FAMILY} table found in ${MAX_ATTEMPTS} attempts (seed ${size.seed})`,
  );
}
