import { Rng, hashSeed, randomTask, type Task } from "@cosir/env";
import type { PretrainShapes } from "../config/pretrain-shapes";

/** Weights 1..5, one per attribute, redrawn until not all equal (equal weights announce nothing). */
function drawWeights(rng: Rng, attributes: number): number[] {
  for (;;) {
    const w = Array.from({ length: attributes }, () => 1 + rng.int(5));
    if (w.some((x) => x !== w[0])) return w;
  }
}

/**
 * One pretraining task over shapes: a `random` task (env's randomTask, called directly: no family is looked up by
 * name, so no held-out generator can be reached) whose size, level range, aggregate, weights, pre-discussion choice
 * and visibility are drawn from `shapes` by the seed (all sizes at their top for a `longRate` share). Same shapes and
 * seed, same task.
 */
export function shapeTask(shapes: PretrainShapes, seed: number): Task {
  const rng = new Rng(hashSeed("pretrain-shape", seed));
  const long = rng.next() < shapes.longRate;
  const between = ([lo, hi]: readonly [number, number]) => (long ? hi : lo + rng.int(hi - lo + 1));
  const options = between(shapes.options);
  const attributes = between(shapes.attributes);
  const agents = between(shapes.agents);
  const rounds = between(shapes.rounds);
  const levels = rng.pick(shapes.levels);
  const aggregate = rng.next() < shapes.minRate ? "min" : "sum";
  // Weights only change a sum; a min ignores them.
  const weighted = rng.next() < shapes.weightsRate && aggregate === "sum" && attributes >= 2;
  // Drawn whatever the rounds, so a task with rounds is the one the same seed drew before rounds 0 existed.
  const preDiscussionChoice = rng.next() < shapes.preDiscussionChoiceRate && rounds > 0;
  const [vLo, vHi] = shapes.visibility;
  const visibility = long ? vHi : vLo + rng.next() * (vHi - vLo);
  const weights = weighted ? drawWeights(rng, attributes) : undefined;
  // Drawn last, so a task that stays an argmax is the one this seed drew before totals existed.
  const totalDraw = rng.next();
  const [cLo, cHi] = shapes.candidates;
  const count = cLo + rng.int(cHi - cLo + 1);
  const common = {
    seed,
    agents,
    rounds,
    levels: [levels[0], levels[1]] as [number, number],
    visibility,
    preDiscussionChoice,
  };
  if (totalDraw < shapes.totalRate && aggregate === "sum") {
    const total = totalShape(options, attributes, levels, weights, count);
    if (total !== null) return randomTask({ ...common, aggregate, ...total });
  }
  return randomTask({ ...common, options, attributes, aggregate, ...(weights ? { weights } : {}) });
}

/** Every candidate of a total must be a number word of the vocabulary: 0..SCRATCHPAD_MAX. */
const MAX_TOTAL = 100;

/**
 * The size of a total-decision task: options (down to 2), then attributes (down to 2), then the weights are given up until the
 * largest reachable total is at most 100, and the count is cut to the totals reachable; null when the levels go below
 * 0 or no such size exists.
 */
function totalShape(
  options: number,
  attributes: number,
  levels: readonly [number, number] | readonly number[],
  weights: number[] | undefined,
  count: number,
): { options: number; attributes: number; candidates: number; weights?: number[] } | null {
  const lo = levels[0] as number;
  const hi = levels[1] as number;
  if (lo < 0) return null;
  let k = options;
  let m = attributes;
  let w = weights;
  // The total's weight per level: the weights of every cell of the table.
  const cellWeight = () => k * (w ? w.slice(0, m).reduce((s, x) => s + x, 0) : m);
  while (hi * cellWeight() > MAX_TOTAL && k > 2) k--;
  while (hi * cellWeight() > MAX_TOTAL && m > 2) m--;
  if (hi * cellWeight() > MAX_TOTAL) w = undefined;
  if (hi * cellWeight() > MAX_TOTAL) return null;
  const candidates = Math.min(count, (hi - lo) * cellWeight() + 1);
  if (candidates < 2) return null;
  const sliced = w?.slice(0, m);
  // Weights cut to fewer attributes may all be equal: then they announce nothing, and are dropped.
  const keep = sliced?.some((x) => x !== sliced[0]) === true;
  return { options: k, attributes: m, candidates, ...(keep ? { weights: sliced } : {}) };
}
