import type { BenchmarkRun } from "@cosir/bench";
import { describe, expect, it } from "vitest";
import { formatHeldOutBySeed, heldOutBySeed, heldOutBySeedTable } from "./held-out-by-seed";

const run = (benchmark: string, policy: string, wins: number, n = 200): BenchmarkRun => ({
  benchmark,
  benchmarkVersion: "1",
  tags: ["heldout"],
  policy,
  seed: 1,
  n,
  // the first `wins` instances won: policies with more wins win a superset (paired, as on the same instances)
  scores: Array.from({ length: n }, (_, k) => ({ score: k < wins ? 1 : 0, correct: k < wins })),
  results: [],
  accuracy: { value: wins / n, ci95: null, episodes: n, eligible: n },
  behaviour: null,
});
const families = ["heldout.a", "heldout.b", "heldout.c"];
const policy = (name: string, wins: number) => families.map((f) => run(f, name, wins));

describe("heldOutBySeed", () => {
  it("orders a seed only when CoSIR's paired intervals clear both others and outcome-only is above the base", () => {
    const runs = [
      ...policy("base", 60),
      ...policy("outcomeOnly", 70),
      ...policy("cosir", 90),
      ...policy("outcomeOnly@2", 50),
      ...policy("cosir@2", 95),
      ...policy("outcomeOnly@3", 75),
      ...policy("cosir@3", 76),
    ];
    const rows = heldOutBySeed(runs, [
      { seed: 1, outcomeOnly: "outcomeOnly", cosir: "cosir" },
      { seed: 2, outcomeOnly: "outcomeOnly@2", cosir: "cosir@2" },
      { seed: 3, outcomeOnly: "outcomeOnly@3", cosir: "cosir@3" },
    ]);
    expect(rows.map((r) => r.seed)).toEqual([1, 2, 3]);
    expect(rows[0]?.cosir.value).toBeCloseTo((3 * 90) / 200, 12);
    expect(rows[0]?.cosirMinusOutcomeOnly.value).toBeCloseTo((3 * 20) / 200, 12);
    expect(rows[0]?.base.value).toBeCloseTo((3 * 60) / 200, 12);
    // seed 1: 0.90 above outcome-only, which is above the base; seed 2: outcome-only below the base;
    // seed 3: CoSIR one instance a family above outcome-only, inside the noise
    expect(rows.map((r) => r.ordered)).toEqual([true, false, false]);
    expect(rows[2]?.cosirMinusOutcomeOnly.ci95[0]).toBeLessThanOrEqual(0);
    const table = formatHeldOutBySeed(rows);
    expect(table.split("\n")).toHaveLength(5);
    expect(table).toMatch(
      /\| 1 +\| 0\.90 \[[\d.]+, [\d.]+\] +\| 1\.05 .*\| 1\.35 .*\| \+0\.30 \[\+0\.\d\d, \+0\.\d\d\] .*\| yes +\|/,
    );
    expect(table).toMatch(/\| 2 .*\| \+0\.68 \[.*\| no +\|/);
    // the same runs give the same table (seeded by the RL seed)
    expect(formatHeldOutBySeed(heldOutBySeed(runs, [{ seed: 1, outcomeOnly: "outcomeOnly", cosir: "cosir" }]))).toBe(
      formatHeldOutBySeed(rows.slice(0, 1)),
    );
    // the report's table holds the terminal's cells, row for row
    const html = heldOutBySeedTable(rows, 200);
    expect(html.title).toBe("Held-out sum by RL seed (200 episodes a family)");
    const terminal = table
      .split("\n")
      .filter((_, k) => k !== 1)
      .map((l) =>
        l
          .split("|")
          .slice(1, -1)
          .map((c) => c.trim()),
      );
    expect([html.header, ...html.rows]).toEqual(terminal);
    expect(html.rows.map((r) => r[6])).toEqual(["yes", "no", "no"]);
  });
});
