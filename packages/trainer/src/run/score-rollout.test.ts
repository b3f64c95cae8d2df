import { generateTask, runEpisodes, type Task } from "@cosir/env";
import { scriptedPolicy } from "@cosir/policy";
import { behaviourMetrics, rewardConfig, scoreEpisode } from "@cosir/rewards";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { scoreRollout } from "./score-rollout";

describe("scoreRollout", () => {
  it("scores every episode with the given rewards and its behaviour metrics, in episode order (agreement with scoreEpisode and behaviourMetrics)", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("oracle" as const, "greedyShare" as const, "random" as const),
        fc.constantFrom("cosir", "outcomeOnly"),
        fc.integer({ min: 0, max: 1000 }),
        async (team, preset, seed) => {
          const tasks: Task[] = [0, 1, 2].map((k) => generateTask({ family: "random", seed: seed + k }));
          const traces = await runEpisodes(tasks, scriptedPolicy(team, { seed }), { surface: "canonical" });
          const rewards = rewardConfig(preset);
          const scored = scoreRollout({ tasks, traces }, rewards);
          expect(scored.rewards).toEqual(traces.map((trace, e) => scoreEpisode(tasks[e] as Task, trace, rewards)));
          expect(scored.behaviour).toEqual(traces.map((trace, e) => behaviourMetrics(tasks[e] as Task, trace)));
          if (preset === "outcomeOnly")
            for (const s of scored.rewards) for (const m of s.messages) expect(m.total).toBe(0);
        },
      ),
      { numRuns: 10 },
    );
  });
});
