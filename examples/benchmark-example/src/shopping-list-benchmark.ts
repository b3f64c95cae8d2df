import { taskBenchmark, type Benchmark } from "@cosir/bench";
import {
  finishTask,
  hashSeed,
  resolveTaskGeneratorOptions,
  Rng,
  type Task,
  type TaskGeneratorOptions,
  type Trace,
} from "@cosir/env";

/**
 * A tiny family of its own: two shops, four items rated 1..5 (price, freshness ...), each agent sees one
 * shop's row; the better shop by the plain sum is the answer (redrawn until unique). Agents must share
 * their rows to agree. Built with the env's public generator helpers.
 */
export function shoppingListTask(opts: TaskGeneratorOptions): Task {
  const size = resolveTaskGeneratorOptions(
    { domain: "restaurants", rounds: 2, ...opts, options: 2, agents: 2 },
    { attributes: 4 },
  );
  const rng = new Rng(hashSeed("example.shoppingList", size.seed));
  const [lo, hi] = size.levels;
  for (;;) {
    const table = [0, 1].map(() => Array.from({ length: size.attributes }, () => lo + rng.int(hi - lo + 1)));
    const [a, b] = table.map((row) => row.reduce((s, v, k) => s + v * (size.weights[k] as number), 0)) as [
      number,
      number,
    ];
    if (a === b) continue;
    const M = size.attributes;
    const visibility = [0, 1].map((o) => Array.from({ length: M }, (_, k) => o * M + k));
    return finishTask("example.shoppingList", size, { table, correct: a > b ? 0 : 1, visibility, aggregate: "sum" });
  }
}

/** The benchmark this package exports; `cosir bench --benchmark @cosir/example-benchmark` loads it. */
export const benchmark: Benchmark<Task, Trace> = taskBenchmark({
  name: "example.shoppingList",
  version: "1",
  description: "Example external benchmark: two agents, each sees one shop; pick the better shop.",
  tags: ["example"],
  family: shoppingListTask,
});
