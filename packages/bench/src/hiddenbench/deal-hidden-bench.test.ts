import { Rng } from "@cosir/env";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bullet, dealCosir, dealOriginal, shuffled } from "./deal-hidden-bench";
import { HIDDEN_BENCH_PROMPTS } from "./hidden-bench-prompts";
import type { HiddenBenchTask } from "./hidden-bench-task";

const task: HiddenBenchTask = {
  id: "t7",
  name: "site_choice",
  description: "Pick a site.",
  shared_information: ["Alpha is cheap.", "Bravo is far."],
  hidden_information: ["Alpha floods in spring.", "Charlie has wells.", "Bravo's road is gone.\nSecond line."],
  possible_answers: ["Alpha", "Bravo", "Charlie"],
  correct_answer: "Charlie",
};
const factsOf = (system: string): string[] => [...system.matchAll(/^Fact (\d+): (.*)$/gm)].map((m) => m[2] as string);

describe("shuffled", () => {
  it("is a permutation of a copy, and the same seed gives the same order", () => {
    fc.assert(
      fc.property(fc.array(fc.integer()), fc.string(), (items, seed) => {
        const copy = [...items];
        const out = shuffled(items, new Rng(seed));
        expect(items).toEqual(copy);
        expect([...out].sort()).toEqual([...items].sort());
        expect(shuffled(items, new Rng(seed))).toEqual(out);
      }),
    );
  });
});

describe("dealOriginal", () => {
  it("hidden: each agent holds a different hidden fact, among the shared ones, numbered and unmarked", () => {
    const { hiddenFact, histories } = dealOriginal(task, "hidden", 0, 3, 0, HIDDEN_BENCH_PROMPTS.system);
    expect([...hiddenFact].sort()).toEqual([0, 1, 2]);
    histories.forEach((h, agent) => {
      expect(h).toHaveLength(1);
      expect(h[0]?.role).toBe("system");
      const content = h[0]?.content ?? "";
      expect(content.startsWith("Pick a site.\n")).toBe(true);
      expect(content).not.toContain("site_choice");
      expect(content).toContain(task.hidden_information[hiddenFact[agent] as number]);
      for (const k of [0, 1, 2].filter((k) => k !== hiddenFact[agent]))
        expect(content).not.toContain(task.hidden_information[k]);
      for (const s of task.shared_information) expect(content).toContain(s);
      expect(factsOf(content)).toHaveLength(3);
    });
  });

  it("full: every agent holds every fact; -1 marks it", () => {
    const { hiddenFact, histories } = dealOriginal(task, "full", 0, 3, 0, HIDDEN_BENCH_PROMPTS.system);
    expect(hiddenFact).toEqual([-1, -1, -1]);
    for (const h of histories) for (const f of task.hidden_information) expect(h[0]?.content).toContain(f);
  });

  it("the seed, condition, run and task id decide the deal; nothing else", () => {
    const deal = (seed: number, run: number) => dealOriginal(task, "hidden", run, 3, seed, "%information%");
    expect(deal(4, 1)).toEqual(deal(4, 1));
    const differs = [0, 1, 2, 3, 5, 6].some((s) => JSON.stringify(deal(s, 1)) !== JSON.stringify(deal(4, 1)));
    expect(differs).toBe(true);
  });

  it("fills the system template's placeholders", () => {
    const { histories } = dealOriginal(task, "hidden", 0, 3, 0, "[%description%|%extra%]");
    expect(histories[0]?.[0]?.content).toBe("[Pick a site.|]");
  });
});

describe("dealCosir", () => {
  it("agent i holds hidden fact i mod H, labelled private, with the task's name and options", () => {
    const { hiddenFact, system } = dealCosir(task, 4);
    expect(hiddenFact).toEqual([0, 1, 2, 0]);
    const s = system(2);
    expect(s.split("\n")[0]).toBe("You are Agent 3 of 4 in a team working on this task: site_choice.");
    expect(s).toContain(
      "Information only you have (your teammates do not know it):\n- Bravo's road is gone.\n  Second line.",
    );
    expect(s).toContain("Possible answers: Alpha; Bravo; Charlie.");
    expect(system(3)).toContain("- Alpha floods in spring.");
  });

  it("bullet: one bullet per item, later lines indented, (none) when empty", () => {
    expect(bullet([])).toBe("- (none)");
    expect(bullet(["a", "b\nc"])).toBe("- a\n- b\n  c");
  });
});
