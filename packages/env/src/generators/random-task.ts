import { InvalidArgumentError, optionScore } from "@cosir/bayes";
import { hashSeed } from "../rng/hash-seed";
import { Rng } from "../rng/rng";
import type { Task } from "../task/task";
import { finishTask } from "./finish-task";
import { sampleLevel } from "./sample-level";
import { resolveTaskGeneratorOptions, type TaskGeneratorOptions } from "./task-generator-options";

export interface RandomTaskOptions extends TaskGeneratorOptions {
  /** Probability that a given agent sees a given cell; default 0.5. Every cell is seen by someone. */
  visibility?: number;
  aggregate?: "sum" | "min";
  /**
   * With a count in 2..8, the decision is a total (the multiple-choice total of docs/design.md §1): which of that
   * many distinct candidates equals the (weighted) sum of every cell. The distractors lie within 6 of the true total
   * and inside the range the total can take; the aggregate must be `sum`. Absent: the argmax of the options' scores.
   */
  candidates?: number;
}

/**
 * Distinct candidates around `total` inside [min, max], sorted, with the index of `total`; drawn from rng within 6
 * of the total, or within the least distance past 6 that holds `count` values when the range's edge cuts the window
 * (a total of 0 in 0..8 has only 7 values within 6: drawing 8 there never ended). The caller checks that [min, max]
 * holds `count` values.
 */
function totalCandidates(rng: Rng, total: number, min: number, max: number, count: number) {
  let d = 6;
  while (Math.min(max, total + d) - Math.max(min, total - d) + 1 < count) d++;
  const values = new Set<number>([total]);
  while (values.size < count) {
    const v = total + rng.int(2 * d + 1) - d;
    if (v >= min && v <= max) values.add(v);
  }
  const candidates = [...values].sort((x, y) => x - y);
  return { candidates, correct: candidates.indexOf(total) };
}

const MAX_TABLE_DRAWS = 10_000;

/**
 * The `random` family (docs/design.md §2): a table drawn from the prior (redrawn, deterministically, until
 * the best score is unique), each cell seen by each agent with probability p, and a cell nobody drew
 * given to one agent chosen at random.
 */
export function randomTask(opts: RandomTaskOptions): Task {
  const size = resolveTaskGeneratorOptions(opts);
  const p = opts.visibility ?? 0.5;
  if (typeof p !== "number" || !(p >= 0 && p <= 1))
    throw new InvalidArgumentError("visibility", p, "expected a probability in [0, 1]");
  const aggregate = opts.aggregate ?? "sum";
  if (aggregate !== "sum" && aggregate !== "min")
    throw new InvalidArgumentError("aggregate", aggregate, 'expected "sum" or "min"');
  const count = opts.candidates;
  const { options: K, attributes: M, agents: N } = size;
  const [lo, hi] = size.levels;
  let totalRange: [number, number] = [0, 0];
  if (count !== undefined) {
    if (!Number.isInteger(count) || count < 2 || count > 8)
      throw new InvalidArgumentError("candidates", count, "expected an integer in 2..8");
    if (aggregate !== "sum")
      throw new InvalidArgumentError("aggregate", aggregate, 'expected "sum" with a total decision (candidates)');
    const weightSum = size.weights.reduce((s, w) => s + w, 0) * K;
    totalRange = [lo * weightSum, hi * weightSum];
    if (totalRange[1] - totalRange[0] + 1 < count)
      throw new InvalidArgumentError(
        "candidates",
        count,
        `expected at most ${totalRange[1] - totalRange[0] + 1} candidates for totals in ${totalRange[0]}..${totalRange[1]}`,
      );
  }
  const rng = new Rng(hashSeed("random", size.seed));
  const tableRng = rng.fork("table");
  let table: number[][] | undefined;
  let correct = -1;
  let decision: Task["decision"] | undefined;
  if (count !== undefined) {
    table = Array.from({ length: K }, () => Array.from({ length: M }, () => sampleLevel(tableRng, lo, size.prior)));
    let total = 0;
    for (const row of table) row.forEach((v, a) => (total += (size.weights[a] as number) * v));
    const drawn = totalCandidates(rng.fork("candidates"), total, totalRange[0], totalRange[1], count);
    decision = { kind: "total", candidates: drawn.candidates };
    correct = drawn.correct;
  }
  for (let attempt = 0; attempt < MAX_TABLE_DRAWS && table === undefined; attempt++) {
    const candidate = Array.from({ length: K }, () =>
      Array.from({ length: M }, () => sampleLevel(tableRng, lo, size.prior)),
    );
    const scores = candidate.map((row) => optionScore(row, aggregate, size.weights));
    const best = Math.max(...scores);
    if (scores.filter((s) => s === best).length === 1) {
      table = candidate;
      correct = scores.indexOf(best);
    }
  }
  if (table === undefined) {
    throw new InvalidArgumentError(
      "levels",
      size.levels,
      `no table with a unique best option in ${MAX_TABLE_DRAWS} draws (seed ${size.seed}, aggregate ${aggregate})`,
    );
  }
  const visRng = rng.fork("visibility");
  const visibility: number[][] = Array.from({ length: N }, () => []);
  for (let cell = 0; cell < K * M; cell++) {
    let seen = false;
    for (let i = 0; i < N; i++) {
      if (visRng.next() < p) {
        (visibility[i] as number[]).push(cell);
        seen = true;
      }
    }
    if (!seen) (visibility[visRng.int(N)] as number[]).push(cell);
  }
  return finishTask("random", size, {
    table,
    correct,
    visibility,
    aggregate,
    ...(decision === undefined ? {} : { decision }),
  });
}
