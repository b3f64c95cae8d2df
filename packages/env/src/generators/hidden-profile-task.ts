import { cellIndex, InvalidArgumentError, mapAnswer, optionScore } from "@cosir/bayes";
import { hashSeed } from "../rng/hash-seed";
import { Rng } from "../rng/rng";
import { decisionModelForTask } from "../task/decision-model-for-task";
import { ownBeliefs } from "../task/own-beliefs";
import { pooledBeliefs } from "../task/pooled-beliefs";
import type { Task } from "../task/task";
import { finishTask } from "./finish-task";
import { sampleLevel } from "./sample-level";
import { resolveTaskGeneratorOptions, type TaskGeneratorOptions } from "./task-generator-options";

export interface HiddenProfileTaskOptions extends TaskGeneratorOptions {
  /** Deterministic construction attempts before giving up; default 500. */
  maxAttempts?: number;
}

/**
 * The `hiddenProfile` family (DESIGN.md §2). For the correct option y and a decoy d, each attribute is
 * either shared (cells (y,a), (d,a) seen by every agent; d rated above y) or private to one agent (seen by
 * that agent alone; y rated above d). Shared evidence outweighs any one agent's private evidence but not all
 * of it together, so alone each agent prefers d, pooled the team finds y. Other options are rated below y
 * and seen at random. Verified with the evaluator before it is returned: every agent alone has MAP != y,
 * the pooled evidence has MAP = y. Aggregate is `sum`.
 */
export function hiddenProfileTask(opts: HiddenProfileTaskOptions): Task {
  const size = resolveTaskGeneratorOptions(opts);
  const { options: K, attributes: M, agents: N, weights: w } = size;
  if (K < 2) throw new InvalidArgumentError("options", K, "expected at least 2 options for a hidden profile");
  if (M < 3) throw new InvalidArgumentError("attributes", M, "expected at least 3 attributes for a hidden profile");
  if (N < 2) throw new InvalidArgumentError("agents", N, "expected at least 2 agents for a hidden profile");
  const maxAttempts = opts.maxAttempts ?? 500;
  if (!Number.isInteger(maxAttempts) || maxAttempts < 1)
    throw new InvalidArgumentError("maxAttempts", maxAttempts, "expected a positive integer");
  const [lo, hi] = size.levels;
  const D = hi - lo;
  const rng = new Rng(hashSeed("hiddenProfile", size.seed));

  for (let attempt = 0; attempt < maxAttempts; attempt++) {
    const correct = rng.int(K);
    let decoy = rng.int(K - 1);
    if (decoy >= correct) decoy++;
    // Shared attributes: first try 1..max(1, M - N) so every agent holds private cells; after half the
    // attempts allow up to M - 2 (some agents then hold none), which small level ranges may need.
    const maxShared = attempt < maxAttempts / 2 ? Math.max(1, Math.min(M - 2, M - N)) : M - 2;
    const sharedCount = 1 + rng.int(maxShared);
    const attributeOrder = rng.shuffle(Array.from({ length: M }, (_, a) => a));
    const shared = attributeOrder.slice(0, sharedCount);
    const privateAttributes = attributeOrder.slice(sharedCount);
    const agentOrder = rng.shuffle(Array.from({ length: N }, (_, i) => i));
    const owner = new Map<number, number>();
    privateAttributes.forEach((a, j) => owner.set(a, agentOrder[j % N] as number));

    const table: number[][] = Array.from({ length: K }, () => new Array<number>(M).fill(lo));
    const rowY = table[correct] as number[];
    const rowD = table[decoy] as number[];
    for (const a of shared) {
      const gap = 1 + rng.int(D);
      rowY[a] = lo + rng.int(D - gap + 1);
      rowD[a] = (rowY[a] as number) + gap;
    }
    for (const a of privateAttributes) {
      const gap = 1 + rng.int(D);
      rowD[a] = lo + rng.int(D - gap + 1);
      rowY[a] = (rowD[a] as number) + gap;
    }
    // Quick check of the construction before the evaluator: A = shared advantage of d,
    // B_i = agent i's private advantage of y; need max_i B_i < A < sum_i B_i.
    let A = 0;
    for (const a of shared) A += (w[a] as number) * ((rowD[a] as number) - (rowY[a] as number));
    const B = new Array<number>(N).fill(0);
    for (const a of privateAttributes) {
      const i = owner.get(a) as number;
      B[i] = (B[i] as number) + (w[a] as number) * ((rowY[a] as number) - (rowD[a] as number));
    }
    if (!(Math.max(...B) < A && A < B.reduce((s, b) => s + b, 0))) continue;

    const scoreY = optionScore(rowY, "sum", w);
    let othersOk = true;
    for (let o = 0; o < K && othersOk; o++) {
      if (o === correct || o === decoy) continue;
      let placed = false;
      for (let draw = 0; draw < 50 && !placed; draw++) {
        const row = Array.from({ length: M }, () => sampleLevel(rng, lo, size.prior));
        if (optionScore(row, "sum", w) < scoreY) {
          table[o] = row;
          placed = true;
        }
      }
      if (!placed) othersOk = false;
    }
    if (!othersOk) continue;

    const visibility: number[][] = Array.from({ length: N }, () => []);
    const p = 0.5;
    for (let o = 0; o < K; o++) {
      for (let a = 0; a < M; a++) {
        const cell = cellIndex(o, a, M);
        if (o === correct || o === decoy) {
          const i = owner.get(a);
          if (i === undefined) for (const cells of visibility) cells.push(cell);
          else (visibility[i] as number[]).push(cell);
          continue;
        }
        let seen = false;
        for (let i = 0; i < N; i++) {
          if (rng.next() < p) {
            (visibility[i] as number[]).push(cell);
            seen = true;
          }
        }
        if (!seen) (visibility[rng.int(N)] as number[]).push(cell);
      }
    }

    const task = finishTask("hiddenProfile", size, { table, correct, visibility, aggregate: "sum" });
    if (verifyHiddenProfile(task)) return task;
  }
  throw new InvalidArgumentError(
    "hiddenProfile",
    { seed: size.seed, options: K, attributes: M, agents: N, levels: size.levels, weights: w },
    `expected a size that admits a hidden profile; none verified in ${maxAttempts} attempts (binary levels need more attributes; try more attributes or levels)`,
  );
}

/** The hidden-profile contract, checked with the evaluator: alone MAP != correct for every agent, pooled MAP = correct. */
export function verifyHiddenProfile(task: Task): boolean {
  const model = decisionModelForTask(task);
  for (let i = 0; i < task.agents; i++) {
    if (mapAnswer(model.posterior(ownBeliefs(task, i)).pmf) === task.correct) return false;
  }
  return mapAnswer(model.posterior(pooledBeliefs(task)).pmf) === task.correct;
}
