import { InvalidArgumentError } from "@cosir/bayes";
import { finishTask, sampleLevel, type TaskGeneratorOptions, type Task, evidenceSummary } from "@cosir/env";
import { resolveHeldOutOptions } from "./resolve-held-out-options";

const FAMILY = "heldout.arithmetic";
const MAX_ATTEMPTS = 1000;

/**
 * Held-out family 5, collaborative arithmetic: quantities (the cells of a small rows x items table,
 * levels 0..5 by default) are split across agents, and the answer is which of `candidates` (default 4)
 * distinct totals equals the (weighted) sum of all of them: the multiple-choice total of docs/design.md §1.
 * Every cell is held by one agent, and by a second with probability 0.2. Distractors lie within 6 of the
 * true total and inside the reachable range. Promises, checked: the candidates are distinct and exactly one
 * equals the true sum; with the evaluator, the pooled evidence is certain of it and no agent alone is.
 */
export function arithmeticTask(opts: TaskGeneratorOptions & { candidates?: number }): Task {
  const { size, rng } = resolveHeldOutOptions(FAMILY, opts, {
    options: 2,
    attributes: 3,
    agents: 3,
    rounds: 2,
    levels: [0, 5],
    domains: ["pantryStock", "fundraiserStalls"],
  });
  const { options: K, attributes: M, agents: N, weights: w } = size;
  const count = opts.candidates ?? 4;
  if (!Number.isInteger(count) || count < 2 || count > 8)
    throw new InvalidArgumentError("candidates", count, "expected an integer in 2..8");
  const [lo, hi] = size.levels;
  const weightSum = w.reduce((s, x) => s + x, 0) * K;
  const minTotal = lo * weightSum;
  const maxTotal = hi * weightSum;
  if (maxTotal - minTotal + 1 < count)
    throw new InvalidArgumentError(
      "candidates",
      count,
      `expected at most ${maxTotal - minTotal + 1} candidates for this table`,
    );
  if (K * M < 2) throw new InvalidArgumentError("attributes", M, `expected at least 2 quantities for ${FAMILY}`);
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const table = Array.from({ length: K }, () => Array.from({ length: M }, () => sampleLevel(rng, lo, size.prior)));
    let total = 0;
    table.forEach((row) => row.forEach((v, a) => (total += (w[a] as number) * v)));
    const values = new Set<number>([total]);
    for (let draw = 0; draw < 200 && values.size < count; draw++) {
      const d = rng.int(13) - 6;
      const v = total + d;
      if (v >= minTotal && v <= maxTotal) values.add(v);
    }
    if (values.size < count) continue;
    const candidates = [...values].sort((x, y) => x - y);
    const correct = candidates.indexOf(total);
    const cells = rng.shuffle(Array.from({ length: K * M }, (_, c) => c));
    const visibility: number[][] = Array.from({ length: N }, () => []);
    cells.forEach((cell, j) => {
      const first = j % N;
      (visibility[first] as number[]).push(cell);
      if (N > 1 && rng.next() < 0.2) {
        let second = rng.int(N - 1);
        if (second >= first) second++;
        (visibility[second] as number[]).push(cell);
      }
    });
    const task = finishTask(FAMILY, size, {
      table,
      correct,
      visibility,
      aggregate: "sum",
      decision: { kind: "total", candidates },
    });
    const e = evidenceSummary(task);
    if (
      e.pooledMap === correct &&
      (e.pooled[correct] as number) > 1 - 1e-9 &&
      e.private.every((p) => (p[correct] as number) < 0.99)
    )
      return task;
  }
  throw new InvalidArgumentError(
    "options",
    K,
    `expected a size that admits ${FAMILY}; none verified in ${MAX_ATTEMPTS} attempts (seed ${size.seed})`,
  );
}
