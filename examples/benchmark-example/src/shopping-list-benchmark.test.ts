import { runBenchmarkConformance } from "@cosir/bench/testing";
import { describe, expect, it } from "vitest";
import { benchmark, shoppingListTask } from "./shopping-list-benchmark";

describe("example.shoppingList", () => {
  runBenchmarkConformance(benchmark, { it, expect }, { n: 16 });

  it("each agent sees exactly one shop", () => {
    const task = shoppingListTask({ seed: 5 });
    expect(task.visibility).toEqual([
      [0, 1, 2, 3],
      [4, 5, 6, 7],
    ]);
  });
});
