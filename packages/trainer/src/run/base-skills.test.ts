import { generateTask, runEpisodes, type Task } from "@cosir/env";
import { scriptedPolicy } from "@cosir/policy";
import { describe, expect, it } from "vitest";
import { teacherPolicy } from "../teacher/teacher-policy";
import { traceSkills } from "./base-skills";

const tasks: Task[] = Array.from({ length: 60 }, (_, k) =>
  generateTask({
    family: "random",
    seed: 900 + k,
    options: 4,
    attributes: 2,
    agents: 3,
    rounds: 2,
    visibility: 0.2,
  } as Parameters<typeof generateTask>[0]),
);

describe("traceSkills", () => {
  it("a truthful team that shares its own cells scores 1 on own-cell and true shares", async () => {
    const traces = await runEpisodes(tasks, scriptedPolicy("greedyShare", { seed: 1 }), { surface: "canonical" });
    const s = traceSkills(tasks, traces);
    expect(s.shares).toBeGreaterThan(0);
    expect(s.ownCellShares).toBe(1);
    expect(s.trueShares).toBe(1);
    expect(s.choiceIsMap).toBe(1);
  });

  it("the silent team never shares, and its choices are its own cells' MAP", async () => {
    const traces = await runEpisodes(tasks, scriptedPolicy("silent", { seed: 1 }), { surface: "canonical" });
    const s = traceSkills(tasks, traces);
    expect([s.shares, s.shareRate]).toEqual([0, 0]);
    expect(s.choiceIsMap).toBe(1);
    expect(s.teamAccuracy).toBe(traces.filter((t, k) => t.teamDecision === tasks[k]!.correct).length / tasks.length);
  });

  it("the tally teacher chooses the MAP of its evidence at least 90% of the time (the base's target)", async () => {
    const traces = await runEpisodes(tasks, teacherPolicy({ seed: 3, shareRate: 0.4, choice: "tally" }), {
      surface: "canonical",
    });
    const s = traceSkills(tasks, traces);
    expect(s.choiceIsMap).toBeGreaterThanOrEqual(0.9);
    expect(s.choiceIsMap).toBeLessThan(1);
    expect(s.ownCellShares).toBe(1);
  });
});
