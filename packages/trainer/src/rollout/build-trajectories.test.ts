import { generateTask, runEpisodes, type Task } from "@cosir/env";
import { scriptedPolicy } from "@cosir/policy";
import { cosirPreset, scoreEpisode } from "@cosir/rewards";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { trainerTokenizer, type PolicyModel } from "../run/policy-model";
import { buildTrajectories } from "./build-trajectories";

// Prompt ids need only the tokenizer and the model's context length.
const context = 96;
const pm = { model: { config: { context } }, tokenizer: trainerTokenizer() } as unknown as PolicyModel;

describe("buildTrajectories", () => {
  it("gives each (episode, seat) its own turns' rewards, grouped by (task, seat)", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("oracle" as const, "greedyShare" as const, "random" as const),
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 2, max: 3 }),
        fc.integer({ min: 0, max: 1000 }),
        async (kind, taskCount, groupSize, seed) => {
          const tasks: Task[] = [];
          for (let k = 0; k < taskCount; k++) {
            const task = generateTask({ family: "random", seed: seed + k, agents: 2 + (k % 2), rounds: 2 });
            for (let g = 0; g < groupSize; g++) tasks.push(task);
          }
          const traces = await runEpisodes(tasks, scriptedPolicy(kind, { seed }), {
            surface: "canonical",
            seed: tasks.map((_, e) => e),
          });
          const rewards = traces.map((trace, e) => scoreEpisode(tasks[e] as Task, trace, cosirPreset));
          const maxNewTokens = 8;
          const built = buildTrajectories(pm, { tasks, traces, rewards }, { groupSize, maxNewTokens });

          let t = 0;
          traces.forEach((trace, e) => {
            const task = tasks[e] as Task;
            for (let seat = 0; seat < task.agents; seat++, t++) {
              const trajectory = built.trajectories[t];
              const actions = built.actions[t] ?? [];
              expect(trajectory?.group).toBe(`${Math.floor(e / groupSize)}/${seat}`);
              // A pre-discussion choice earns 0, a message its weighted total, the final choice the agent's total.
              const expected = [
                ...trace.preChoices.filter((c) => c.agent === seat).map(() => 0),
                ...trace.messages.flatMap((m, i) =>
                  m.speaker === seat ? [rewards[e]?.messages[i]?.total ?? Number.NaN] : [],
                ),
                ...trace.choices.filter((c) => c.agent === seat).map(() => rewards[e]?.agents[seat]?.total),
              ];
              expect(trajectory?.rewards).toEqual(expected);
              expect(actions).toHaveLength(expected.length);
              for (const a of actions) {
                expect(a.prompt.length).toBeGreaterThan(0);
                expect(a.prompt.length).toBeLessThanOrEqual(context - maxNewTokens);
                // Scripted policies sample no tokens: nothing to learn from, nothing to mismatch.
                expect(a.completion).toEqual([]);
                expect(a.sampled).toEqual([]);
              }
            }
          });
          expect(built.trajectories).toHaveLength(t);
          expect(built.actions).toHaveLength(t);
        },
      ),
      { numRuns: 15 },
    );
  });
});
