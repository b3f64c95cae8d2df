import { describe, expect, it } from "vitest";
import { resolveTrainConfig, type RlMetricsLine } from "@cosir/trainer";
import { demoPolicyTable, demoReport } from "./demo-report";
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

describe("demoReport", () => {
  const line = (arm: number, iteration: number): RlMetricsLine =>
    ({
      version: 1,
      phase: "rl",
      iteration,
      preset: arm === 0 ? "outcomeOnly" : "cosir",
      rewards: { share: 0.1 * iteration },
      teamAccuracy: 0.5,
      diagnostics: {
        repeatRate: 0.1 + arm,
        passRate: 0.2 + iteration,
        askAnsweredRate: 0.3,
        choiceMap: arm === 0 ? 0.9 : 0.7,
      },
    }) as unknown as RlMetricsLine;

  it("plots the rollouts' repeat rate, PASS rate, asks answered and choice = MAP for each arm, NaN where a line lacks them", () => {
    const config = resolveTrainConfig({ preset: "smoke" });
    const legacy = { ...line(0, 1) } as Partial<RlMetricsLine>;
    delete legacy.diagnostics;
    const report = demoReport(config, result, {
      outcomeOnly: [line(0, 0), legacy as RlMetricsLine],
      cosir: [line(1, 0), line(1, 1)],
    });
    const curves = report.sections.flatMap((s) => (s.kind === "curves" ? s.curves : []));
    const curve = (prefix: string) => curves.find((c) => c.title.startsWith(prefix));
    const per = config.rl.tasksPerIteration * config.rl.groupSize;
    expect(curve("Repeat rate")?.series).toEqual({
      outcomeOnly: [
        [per, 0.1],
        [2 * per, Number.NaN],
      ],
      cosir: [
        [per, 1.1],
        [2 * per, 1.1],
      ],
    });
    expect(curve("PASS rate")?.series.cosir).toEqual([
      [per, 0.2],
      [2 * per, 1.2],
    ]);
    expect(curve("Asks answered")?.series.cosir?.map((p) => p[1])).toEqual([0.3, 0.3]);
    expect(curve("Choice = MAP")?.series.cosir?.map((p) => p[1])).toEqual([0.7, 0.7]);
    // without per-seed rows there is no per-seed held-out table
    const tables = report.sections.flatMap((s) => (s.kind === "tables" ? s.tables : []));
    expect(tables.some((t) => t.title.startsWith("Held-out sum by RL seed"))).toBe(false);
  });
});
