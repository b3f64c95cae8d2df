import type { DemoResult } from "./demo/run-demo";
import { describe, expect, it } from "vitest";
import { formatDemoTable, formatSeedTable } from "./format-demo-table";

const evaluation = {
  episodes: 10,
  teamAccuracy: 0.5,
  ci95: [0.2366, 0.7634] as [number, number],
  disclosure: 0.25,
  askRate: 0.1,
  meanReward: -1.5,
  formatErrors: 0,
};
const at = (teamAccuracy: number) => ({ ...evaluation, teamAccuracy });

function result(seeds: DemoResult["seeds"]): DemoResult {
  return {
    policies: { base: evaluation, cosir: at(0.9) },
    seeds,
    curves: { outcomeOnly: [], cosir: [] },
    episodeRatio: { target: 0.5, outcomeOnlyEpisodes: 10, cosirEpisodes: 5, ratio: 0.5 },
    seconds: { base: 1 },
  };
}

describe("formatDemoTable", () => {
  it("lists each policy with its interval and behaviour, columns padded", () => {
    expect(formatDemoTable(result([])).split("\n")).toEqual([
      "| policy | team accuracy | 95% CI         | disclosure | ask rate | mean reward | format errors |",
      "|--------|---------------|----------------|------------|----------|-------------|---------------|",
      "| base   | 0.500         | [0.237, 0.763] | 0.250      | 0.100    | -1.500      | 0.000         |",
      "| cosir  | 0.900         | [0.237, 0.763] | 0.250      | 0.100    | -1.500      | 0.000         |",
    ]);
  });
});

describe("formatSeedTable", () => {
  it("says for each seed whether cosir > outcomeOnly > base held", () => {
    const lines = formatSeedTable(
      result([
        { seed: 1, outcomeOnly: at(0.6), cosir: at(0.7) },
        { seed: 2, outcomeOnly: at(0.6), cosir: at(0.55) },
        { seed: 3, outcomeOnly: at(0.45), cosir: at(0.7) },
      ]),
    ).split("\n");
    expect(lines).toHaveLength(5);
    expect(lines[2]).toMatch(/^\| 1 .*\| yes/);
    expect(lines[3]).toMatch(/^\| 2 .*\| no/);
    expect(lines[4]).toMatch(/^\| 3 .*\| no/);
  });
});
