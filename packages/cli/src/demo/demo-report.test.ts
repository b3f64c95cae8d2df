import { describe, expect, it } from "vitest";
import { demoPolicyTable } from "./demo-report";
import type { DemoResult } from "./run-demo";

const evaluation = {
  episodes: 10,
  teamAccuracy: 0.5,
  ci95: [0.2366, 0.7634] as [number, number],
  disclosure: 0.25,
  askRate: 0.1,
  meanReward: -1.5,
  formatErrors: 0,
};

const result: DemoResult = {
  policies: { base: evaluation, cosir: { ...evaluation, teamAccuracy: 0.9 } },
  seeds: [],
  curves: { outcomeOnly: [], cosir: [] },
  episodeRatio: { target: 0.5, outcomeOnlyEpisodes: 10, cosirEpisodes: 5, ratio: 0.5 },
  seconds: {},
};

describe("demoPolicyTable", () => {
  it("gives one row per policy in order, accuracy in % with its interval, the episodes and decoding in the title", () => {
    const table = demoPolicyTable(result, 10, "sampled at temperature 1");
    expect(table.title).toBe("Held-out tasks (10 episodes per policy, sampled at temperature 1)");
    expect(table.rows).toEqual([
      ["base", "50.0 [23.7, 76.3]", "0.250", "0.100", "-1.500", "0.000"],
      ["cosir", "90.0 [23.7, 76.3]", "0.250", "0.100", "-1.500", "0.000"],
    ]);
    expect(table.header).toHaveLength(table.rows[0]?.length ?? 0);
  });
});
