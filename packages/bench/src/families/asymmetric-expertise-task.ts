import { cellIndex, InvalidArgumentError, optionScore } from "@cosir/bayes";
import { finishTask, sampleLevel, type TaskGeneratorOptions, type Task, evidenceSummary } from "@cosir/env";
import { resolveHeldOutOptions } from "./resolve-held-out-options";

const FAMILY = "heldout.asymmetricExpertise";
const MAX_ATTEMPTS = 2000;

/**
 * Held-out family 7, asymmetric expertise: one agent (the expert, drawn by seed) holds all but one of the
 * decisive cells (the rows of the answer and of the runner-up); the others hold the rest of the table,
 * each cell by one of them and by a second with probability 0.3, and the remaining decisive cell. Promises,
 * checked with the evaluator: the expert alone has MAP = answer; every other agent alone gives the answer
 * P <= 0.5 (no better than a coin), so it must ask (or listen); the pooled evidence has MAP = answer. 3 rounds by default so an
 * ask can be answered.
 */
export function asymmetricExpertiseTask(opts: TaskGeneratorOptions): Task {
  const { size, rng } = resolveHeldOutOptions(FAMILY, opts, {
    options: 4,
    attributes: 5,
    agents: 3,
    rounds: 3,
    domains: ["jobCandidates", "restaurants", "apartments"],
  });
  const { options: K, attributes: M, agents: N, weights: w } = size;
  if (K < 2) throw new InvalidArgumentError("options", K, `expected at least 2 options for ${FAMILY}`);
  if (M < 2) throw new InvalidArgumentError("attributes", M, `expected at least 2 attributes for ${FAMILY}`);
  if (N < 2) throw new InvalidArgumentError("agents", N, `expected at least 2 agents for ${FAMILY}`);
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const table = Array.from({ length: K }, () =>
      Array.from({ length: M }, () => sampleLevel(rng, size.levels[0], size.prior)),
    );
    const scores = table.map((row) => optionScore(row, "sum", w));
    const order = scores.map((s, o) => [s, o] as const).sort((x, y) => y[0] - x[0] || x[1] - y[1]);
    if ((order[0] as readonly [number, number])[0] === (order[1] as readonly [number, number])[0]) continue;
    const correct = (order[0] as readonly [number, number])[1];
    const runnerUp = (order[1] as readonly [number, number])[1];
    const expert = rng.int(N);
    const others = Array.from({ length: N }, (_, i) => i).filter((i) => i !== expert);
    const decisive = [correct, runnerUp].flatMap((o) => Array.from({ length: M }, (_, a) => cellIndex(o, a, M)));
    const withheld = rng.pick(decisive);
    const visibility: number[][] = Array.from({ length: N }, () => []);
    for (let cell = 0; cell < K * M; cell++) {
      if (decisive.includes(cell) && cell !== withheld) {
        (visibility[expert] as number[]).push(cell);
        continue;
      }
      const first = rng.pick(others);
      (visibility[first] as number[]).push(cell);
      if (others.length > 1 && rng.next() < 0.3) {
        const second = rng.pick(others.filter((i) => i !== first));
        (visibility[second] as number[]).push(cell);
      }
    }
    const task = finishTask(FAMILY, size, { table, correct, visibility, aggregate: "sum" });
    const e = evidenceSummary(task);
    if (e.pooledMap !== correct || e.privateMap[expert] !== correct) continue;
    if (others.every((i) => ((e.private[i] as Float64Array)[correct] as number) <= 0.5 + 1e-9)) return task;
  }
  throw new InvalidArgumentError(
    "options",
    K,
    `expected a size that admits ${FAMILY}; none verified in ${MAX_ATTEMPTS} attempts (seed ${size.seed})`,
  );
}
