import { generateTask, runEpisode, type Observation, type Policy } from "@cosir/env";
import { scriptedPolicy } from "@cosir/policy";
import { describe, expect, it } from "vitest";
import { replayObservations } from "./replay-observations";

describe("replayObservations", () => {
  it("recovers exactly the observations the policy acted on, for every action", async () => {
    for (const family of ["random", "hiddenProfile"]) {
      const task = generateTask({ family, seed: 11, rounds: 2 });
      const seen: Observation[] = [];
      const oracle = scriptedPolicy("oracle");
      const recording: Policy = {
        name: "recording",
        act: async (obs) => {
          seen.push(...obs);
          return oracle.act(obs);
        },
      };
      const trace = await runEpisode(task, recording, { seed: 11 });
      const replayed = replayObservations(task, trace);
      expect(replayed).toHaveLength(trace.preChoices.length + trace.messages.length + trace.choices.length);
      expect(replayed.map((r) => r.observation)).toEqual(seen);
    }
  });

  it("rejects a trace the protocol cannot reproduce", async () => {
    const task = generateTask({ family: "random", seed: 2 });
    const trace = await runEpisode(task, scriptedPolicy("silent"), { seed: 2 });
    const broken = {
      ...trace,
      messages: trace.messages.map((m) => ({ ...m, speaker: (m.speaker + 1) % task.agents })),
    };
    expect(() => replayObservations(task, broken)).toThrow(/expects agent/);
  });
});
