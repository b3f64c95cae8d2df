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
  const preDiscussionChoice = rng.next() < shapes.preDiscussionChoiceRate;
  const [vLo, vHi] = shapes.visibility;
  const visibility = long ? vHi : vLo + rng.next() * (vHi - vLo);
  return randomTask({
    seed,
    options,
    attributes,
    agents,
    rounds,
    levels: [levels[0], levels[1]],
    aggregate,
    visibility,
    preDiscussionChoice,
    ...(weighted ? { weights: drawWeights(rng, attributes) } : {}),
  });
}
