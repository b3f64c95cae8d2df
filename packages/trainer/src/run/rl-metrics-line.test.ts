import { generateTask, runEpisodes, type Task } from "@cosir/env";
import { scriptedPolicy } from "@cosir/policy";
import { cosirPreset, REWARD_TERMS, scoreEpisode, summariseRewards } from "@cosir/rewards";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { RlMetricsLineSchema } from "../metrics/metrics-line";
import { roundMetric } from "../metrics/round-metric";
import type { PpoUpdate } from "./ppo-update";
import { type EpisodeBehaviour, rlMetricsLine } from "./rl-metrics-line";

const update: PpoUpdate = {
  kl: [0.01, 0.03],
  entropy: [1, 2],
  clipFraction: [0, 0.5],
  policyLoss: [-0.1, 0.3],
  gradNorm: [2, 4],
  trainedTokens: 100,
  samplerMismatch: 1e-7,
  learningRate: 5e-4,
};

describe("rlMetricsLine", () => {
  it("reports the rollout's rewards and behaviour and the update's means, as the schema says (known answers)", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 1000 }),
        fc.array(
          fc.record({
            messages: fc.integer({ min: 0, max: 6 }),
            askRate: fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: null }),
            decisive: fc.integer({ min: 0, max: 4 }),
          }),
          { minLength: 2, maxLength: 2 },
        ),
        async (seed, figures) => {
          const tasks: Task[] = [0, 1].map((k) => generateTask({ family: "random", seed: seed + k }));
          const traces = await runEpisodes(tasks, scriptedPolicy("greedyShare", { seed }), { surface: "canonical" });
          const scored = traces.map((t, e) => scoreEpisode(tasks[e] as Task, t, cosirPreset));
          const behaviour: EpisodeBehaviour[] = figures.map((f) => ({
            messages: f.messages,
            askRate: f.askRate,
            disclosure: { decisive: f.decisive, disclosed: Math.floor(f.decisive / 2) },
          }));
          const line = rlMetricsLine({
            iteration: 3,
            preset: "cosir",
            rollout: { tasks, traces },
            scored,
            behaviour,
            samples: 7,
            dropped: 2,
            update,
            seconds: 2,
            rolloutSeconds: 1,
          });
          expect(RlMetricsLineSchema.parse(line)).toEqual(line);
          const summary = summariseRewards(scored);
          for (const t of [...REWARD_TERMS, "total" as const]) expect(line.rewards[t]).toBe(roundMetric(summary[t]));
          expect(line).toMatchObject({
            iteration: 3,
            preset: "cosir",
            episodes: 2,
            samples: 7,
            droppedZeroAdvantage: 2,
          });
          expect(line.kl).toBe(0.02);
          expect(line.gradNorm).toBe(3);
          expect(line.learningRate).toBe(5e-4);
          expect(line.timing.trainTokensPerSecond).toBe(100);
          const decisive = figures.reduce((s, f) => s + f.decisive, 0);
          const disclosed = figures.reduce((s, f) => s + Math.floor(f.decisive / 2), 0);
          expect(line.disclosure).toBe(decisive === 0 ? 0 : roundMetric(disclosed / decisive));
          const messages = figures.reduce((s, f) => s + f.messages, 0);
          const asking = figures.reduce((s, f) => s + (f.askRate ?? 0) * f.messages, 0);
          expect(line.askRate).toBe(messages === 0 ? 0 : roundMetric(asking / messages));
        },
      ),
      { numRuns: 15 },
    );
  });
});
