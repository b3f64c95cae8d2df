import { generateTask, runEpisode, type Trace } from "@cosir/env";
import { describe, expect, it } from "vitest";
import { SCRIPTED_KINDS, scriptedPolicy } from "./scripted-policy";

async function play(
  kind: (typeof SCRIPTED_KINDS)[number],
  family: string,
  seeds: number,
  surface: "canonical" | "natural" = "canonical",
) {
  const out: { trace: Trace; correct: number }[] = [];
  for (let seed = 0; seed < seeds; seed++) {
    const task = generateTask({ family, seed });
    out.push({
      trace: await runEpisode(task, scriptedPolicy(kind, { seed: 3 }), { seed, surface }),
      correct: task.correct,
    });
  }
  return out;
}

const accuracy = (eps: { trace: Trace; correct: number }[]) =>
  eps.filter((e) => e.trace.teamDecision === e.correct).length / eps.length;

describe("scripted agents", () => {
  it("are deterministic given a seed, on both surfaces", async () => {
    for (const kind of SCRIPTED_KINDS) {
      for (const surface of ["canonical", "natural"] as const) {
        const a = await play(kind, "random", 5, surface);
        const b = await play(kind, "random", 5, surface);
        expect(JSON.stringify(a)).toBe(JSON.stringify(b));
      }
    }
  });

  it("always produce text that parses", async () => {
    for (const kind of SCRIPTED_KINDS) {
      for (const surface of ["canonical", "natural"] as const) {
        for (const { trace } of await play(kind, "random", 8, surface)) {
          for (const m of trace.messages) expect(m.parseError, `${kind} ${surface}: ${m.text}`).toBeUndefined();
          for (const c of trace.choices) expect(c.choice, `${kind} ${surface}: ${c.text}`).not.toBeNull();
        }
      }
    }
  });

  it("silent only passes; greedyShare never asks; the oracle asks and answers", async () => {
    for (const { trace } of await play("silent", "random", 10))
      for (const m of trace.messages) expect(m.acts).toEqual([{ kind: "pass" }]);
    for (const { trace } of await play("greedyShare", "random", 10))
      for (const m of trace.messages) expect(m.acts.some((a) => a.kind === "ask")).toBe(false);
    const oracle = await play("oracle", "random", 30);
    const acts = oracle.flatMap(({ trace }) => trace.messages.flatMap((m) => m.acts));
    expect(acts.some((a) => a.kind === "ask")).toBe(true);
    expect(acts.some((a) => a.kind === "share")).toBe(true);
  });

  it("the oracle team beats the silent team on hidden-profile tasks, where no agent alone is right", async () => {
    const silent = accuracy(await play("silent", "hiddenProfile", 40));
    const oracle = accuracy(await play("oracle", "hiddenProfile", 40));
    expect(silent).toBe(0);
    expect(oracle).toBeGreaterThan(0.6);
  });

  it("rejects an unknown kind naming the field", () => {
    expect(() => scriptedPolicy("loud" as never)).toThrow(/kind/);
  });
});
