import { generateTask, hiddenProfileTask, runEpisode } from "@cosir/env";
import { scriptedPolicy } from "@cosir/policy";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
// Through bench's public re-exports (the metrics live in @cosir/rewards), so the old API is checked too.
import {
  askRateMetric,
  behaviourMetrics,
  disclosureMetric,
  failToAskMetric,
  falseClaimsMetric,
  formatMetric,
  ignoredInputMetric,
  individualAccuracyMetric,
  metricRate,
  preAccuracyMetric,
  teamOutcomeMetric,
  tokensMetric,
  withholdingMetric,
} from "../index";

describe("per-metric functions", () => {
  it("metricRate is num / den, and null with nothing eligible", () => {
    expect(metricRate(1, 4)).toBe(0.25);
    expect(metricRate(0, 0)).toBeNull();
  });

  it("behaviourMetrics is exactly their composition, and each rate is its count ratio", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 10_000 }),
        fc.constantFrom("oracle", "greedyShare", "random", "silent" as const),
        fc.boolean(),
        async (seed, kind, hidden) => {
          const task = hidden
            ? hiddenProfileTask({ seed })
            : generateTask({ family: "random", seed, agents: 3, rounds: 2, preDiscussionChoice: seed % 2 === 0 });
          const trace = await runEpisode(task, scriptedPolicy(kind, { seed }), { seed });
          const m = behaviourMetrics(task, trace);
          expect({ teamDecision: m.teamDecision, teamCorrect: m.teamCorrect }).toEqual(teamOutcomeMetric(task, trace));
          expect(m.individualAccuracy).toBe(individualAccuracyMetric(task, trace));
          expect(m.postAccuracy).toBe(m.individualAccuracy);
          expect(m.preAccuracy).toBe(preAccuracyMetric(task, trace));
          expect(m.disclosure).toEqual(disclosureMetric(task, trace));
          expect(m.askRate).toBe(askRateMetric(task, trace));
          expect(m.failToAsk).toEqual(failToAskMetric(task, trace));
          expect(m.ignoredInput).toEqual(ignoredInputMetric(task, trace));
          expect(m.withholding).toEqual(withholdingMetric(task, trace));
          expect(m.falseClaims).toEqual(falseClaimsMetric(task, trace));
          expect(m.tokens).toBe(tokensMetric(task, trace));
          expect(m.format).toEqual(formatMetric(task, trace));
          expect(m.disclosure.rate).toBe(metricRate(m.disclosure.disclosed, m.disclosure.decisive));
          expect(m.withholding.rate).toBe(metricRate(m.withholding.withheld, m.withholding.opportunities));
          expect(m.disclosure.disclosed).toBeLessThanOrEqual(m.disclosure.decisive);
          expect(m.withholding.withheld).toBeLessThanOrEqual(m.withholding.opportunities);
          expect(m.failToAsk.failed).toBeLessThanOrEqual(m.failToAsk.eligible);
          expect(m.failToAsk.eligible).toBeLessThanOrEqual(task.agents);
          expect(m.preAccuracy === null).toBe(!task.preDiscussionChoice);
        },
      ),
      { numRuns: 30 },
    );
  });
});
