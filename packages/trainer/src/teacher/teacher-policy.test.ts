import { generateTask, runEpisodes, type Task } from "@cosir/env";
import { cosirPreset, scoreEpisode } from "@cosir/rewards";
import { describe, expect, it } from "vitest";
import { teacherPolicy } from "./teacher-policy";

describe("teacherPolicy (the SFT teacher)", async () => {
  const tasks = Array.from({ length: 40 }, (_, seed) => generateTask({ family: "random", seed }));
  const traces = await runEpisodes(tasks, teacherPolicy({ seed: 3 }), { surface: "canonical" });
  const scored = traces.map((t, k) => scoreEpisode(tasks[k] as Task, t, cosirPreset));

  it("is fluent: every message parses and every share is true", () => {
    for (const t of traces) for (const m of t.messages) expect(m.parseError).toBeUndefined();
    for (const s of scored) for (const m of s.messages) expect(m.terms.falseClaim).toBe(0);
  });

  it("shares about shareRate of its turns, asks seldom, and chooses what its own cells favour", () => {
    const messages = traces.flatMap((t) => t.messages);
    const sharing = messages.filter((m) => m.acts.some((a) => a.kind === "share")).length / messages.length;
    const asking = messages.filter((m) => m.acts.some((a) => a.kind === "ask")).length / messages.length;
    expect(sharing).toBeGreaterThan(0.35);
    expect(sharing).toBeLessThan(0.65);
    expect(asking).toBeLessThan(0.2);
    for (const s of scored) for (const a of s.agents) expect(a.choice).toBe(a.mapPrivate);
  });

  it("is deterministic given its seed, and the random-choice variant ignores the cells", async () => {
    const again = await runEpisodes(tasks, teacherPolicy({ seed: 3 }), { surface: "canonical" });
    expect(again).toEqual(traces);
    const random = await runEpisodes(tasks, teacherPolicy({ seed: 3, choice: "random" }), { surface: "canonical" });
    const differs = random.some((t, k) => t.choices.some((c, j) => c.choice !== traces[k]!.choices[j]!.choice));
    expect(differs).toBe(true);
  });
});
