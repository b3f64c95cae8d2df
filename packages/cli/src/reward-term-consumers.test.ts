import { REWARD_TERMS, RewardWeightsSchema, rewardPresets, rewardTerms, summariseRewards } from "@cosir/rewards";
import { getRewardResponse } from "@cosir/serve-env";
import { RlMetricsLineSchema, resolveTrainConfig, type RlMetricsLine } from "@cosir/trainer";
import { describe, expect, it } from "vitest";
import { demoReport } from "./demo/demo-report";
import { episodeRatio } from "./demo/run-demo";
import { formatSummaryTable } from "./summary-table";

// Every consumer of @cosir/rewards' term table, checked against the table itself: a term added to the table
// (one file in packages/rewards/src/terms/) must show up in each of them without touching them, and a consumer
// that spells terms out by hand fails here as soon as the table grows.

const messageTerms = rewardTerms.filter((t) => t.scope === "message");

describe("every consumer lists every reward term of the table", () => {
  it("rewards: the weights schema, each preset, and summariseRewards", () => {
    expect(Object.keys(RewardWeightsSchema.shape)).toEqual(REWARD_TERMS);
    for (const preset of Object.values(rewardPresets)) expect(Object.keys(preset.weights)).toEqual(REWARD_TERMS);
    expect(Object.keys(summariseRewards([]))).toEqual([...REWARD_TERMS, "total", "episodes", "teamAccuracy"]);
  });

  it("trainer: a metrics line's rewards need a figure for each term", () => {
    const shape = RlMetricsLineSchema.shape.rewards.shape;
    expect(Object.keys(shape)).toEqual([...REWARD_TERMS, "total"]);
  });

  it("cli: the summary table has a column for each term", () => {
    const summary = summariseRewards([]);
    const header = (formatSummaryTable([{ name: "t", summary }]).split("\n")[0] ?? "").split("|").map((c) => c.trim());
    for (const term of REWARD_TERMS) expect(header).toContain(term);
  });

  it("serve-env: /get_reward's extra_logs has each message term's sum under its log key", () => {
    const response = getRewardResponse({ query: ["x"], labels: [JSON.stringify({ family: "random", seed: 1 })] });
    for (const term of messageTerms) {
      expect(response.extra_logs[term.logKey]).toEqual([
        (response.per_message[0] ?? []).reduce((s, m) => s + (m.terms as Record<string, number>)[term.name]!, 0),
      ]);
    }
  });

  it("demo report: a learning curve for each term the table marks `curve`", () => {
    const config = resolveTrainConfig({ preset: "demo" });
    const line = { iteration: 0, teamAccuracy: 0, rewards: {} } as unknown as RlMetricsLine;
    const curves = { outcomeOnly: [], cosir: [] };
    const result = { policies: {}, seeds: [], curves, episodeRatio: episodeRatio(curves), seconds: {} };
    const report = demoReport(config, result, { outcomeOnly: [line], cosir: [line] });
    const titles = report.sections.flatMap((s) => (s.kind === "curves" ? s.curves.map((c) => c.title) : []));
    const curveTerms = rewardTerms.filter((t) => t.curve).map((t) => t.name);
    expect(curveTerms.length).toBeGreaterThan(0);
    for (const term of curveTerms) expect(titles).toContain(`${term} term (training rollouts, mean per episode)`);
  });
});
