import { generateTask, runEpisodes, type Task } from "@cosir/env";
import { scriptedPolicy } from "@cosir/policy";
import { rewardConfig, scoreEpisode } from "@cosir/rewards";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { scoreRollout } from "./score-rollout";

describe("scoreRollout", () => {
  it("scores every episode with the given rewards, in episode order (agreement with scoreEpisode)", async () => {
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
          expect(scored).toEqual(traces.map((trace, e) => scoreEpisode(tasks[e] as Task, trace, rewards)));
          if (preset === "outcomeOnly") for (const s of scored) for (const m of s.messages) expect(m.total).toBe(0);
        },
      ),
      { numRuns: 10 },
    );
  });
});
