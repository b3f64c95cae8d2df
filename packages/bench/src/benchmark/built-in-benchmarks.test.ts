import { describe, expect, it } from "vitest";
import { heldOutFamilyNames, heldOutFamilyTable } from "../families/held-out-families";
import { runBenchmarkConformance } from "../testing/run-benchmark-conformance";
import { builtInBenchmarks } from "./built-in-benchmarks";

describe("built-in benchmarks", () => {
  it("are the held-out families (one each, in the table's order) plus the preservation check", () => {
    expect(builtInBenchmarks.filter((b) => b.tags.includes("heldout")).map((b) => b.name)).toEqual(
      heldOutFamilyNames.map((name) => heldOutFamilyTable[name]?.benchmark),
    );
    expect(builtInBenchmarks.map((b) => b.name)).toContain("soloFullInformation");
  });

  for (const benchmark of builtInBenchmarks) {
    describe(benchmark.name, () => runBenchmarkConformance(benchmark, { it, expect }, { n: 10 }));
  }

  it("instances carry the held-out family and draw from 2+ domains", () => {
    const b = builtInBenchmarks.find((x) => x.name === "whodunit");
    const tasks = b?.instances(3, 20) ?? [];
    expect(new Set(tasks.map((t) => t.family))).toEqual(new Set(["heldout.whodunit"]));
    expect(new Set(tasks.map((t) => t.domain.name)).size).toBeGreaterThanOrEqual(2);
  });
});
