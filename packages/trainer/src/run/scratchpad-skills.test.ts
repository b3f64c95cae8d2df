import { mapAnswer } from "@cosir/bayes";
import { agentBeliefs, decisionModelForTask, renderTally, runEpisodes, type Task, type Trace } from "@cosir/env";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { PretrainShapesSchema } from "../config/pretrain-shapes";
import { resolveTrainConfig } from "../config/train-config";
import { shapeTask } from "../rollout/shape-task";
import { choiceScratchpad, nearestCandidate, scratchpadArgmax, scratchpadFor } from "../teacher/choice-scratchpad";
import { teacherFromConfig } from "../teacher/teacher-policy";
import { readTally, scratchpadSkills } from "./scratchpad-skills";

const shapes = PretrainShapesSchema.parse({});
const tasks: Task[] = Array.from({ length: 30 }, (_, k) => shapeTask(shapes, 4_000 + k));
let traces: Trace[] = [];

beforeAll(async () => {
  traces = await runEpisodes(tasks, teacherFromConfig(resolveTrainConfig({ preset: "shapes" })), {
    surface: "canonical",
  });
});

/** The traces with every final choice's text rewritten by `rewrite` (choice index kept). */
function rewritten(rewrite: (text: string, k: number) => string): Trace[] {
  return traces.map((t, k) => ({ ...t, choices: t.choices.map((c) => ({ ...c, text: rewrite(c.text, k) })) }));
}

describe("readTally", () => {
  it("reads back what renderTally writes", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 100 }), { minLength: 1, maxLength: 26 }), fc.nat(), (v, c) => {
        const choice = c % v.length;
        expect(readTally(renderTally(v, choice))).toEqual({ values: v, choice });
      }),
    );
  });

  it("refuses anything else", () => {
    for (const text of [
      "CHOOSE o1",
      "TALLY o0 5 CHOOSE",
      "TALLY o1 5 o0 3 CHOOSE o0",
      "TALLY o0 5 o1 CHOOSE o0",
      "TALLY o0 5 o1 -3 CHOOSE o0",
      "TALLY o0 5 o1 3 CHOOSE 1",
      "TALLY o0 05 CHOOSE o0",
      "TALLY o0 5 o1 3 CHOOSE o0 o1",
    ])
      expect(readTally(text), text).toBeNull();
  });
});

describe("scratchpadSkills", () => {
  it("scores the teacher's own choices as exact, followed, and at the scratchpad's ceiling", () => {
    const s = scratchpadSkills(tasks, traces);
    expect(s.choices).toBe(traces.reduce((n, t) => n + t.choices.length, 0));
    // total decisions also write a tally (one value per candidate), so every choice is read
    expect(s.tallies).toBe(1);
    expect(s.meanAbsError).toBe(0);
    expect(s.exact).toBe(1);
    expect(s.followsTally).toBe(1);
    expect(s.tallyArgmaxIsMap).toBeCloseTo(s.teacherArgmaxIsMap, 12);
    expect(s.teacherArgmaxIsMap).toBeGreaterThan(0.8);
  });

  it("measures a planted error in one entry exactly, and only the arithmetic moves", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 40 }), fc.nat(), (delta, at) => {
        let entries = 0;
        let tallies = 0;
        const planted = rewritten((text) => {
          const t = readTally(text) as { values: number[]; choice: number };
          const i = at % t.values.length;
          const values = t.values.map((v, j) => (j === i ? v + delta : v));
          entries += values.length;
          tallies++;
          return renderTally(values, t.choice);
        });
        const s = scratchpadSkills(tasks, planted);
        expect(s.meanAbsError).toBeCloseTo((delta * tallies) / entries, 12);
        expect(s.exact).toBe(0);
        expect(s.tallies).toBe(1);
      }),
      { numRuns: 20 },
    );
  });

  it("counts a choice against its own tally, and the tally's argmax against a from-scratch MAP", () => {
    // Choose the lowest value instead of the highest: followsTally counts only the tallies where both agree.
    let agree = 0;
    let n = 0;
    const flipped = rewritten((text) => {
      const t = readTally(text) as { values: number[]; choice: number };
      const low = t.values.indexOf(Math.min(...t.values));
      n++;
      if (low === scratchpadArgmax(t.values)) agree++;
      return renderTally(t.values, low);
    });
    const s = scratchpadSkills(tasks, flipped);
    expect(s.followsTally).toBeCloseTo(agree / n, 12);
    // the tally itself is untouched, so its argmax still matches the MAP as often as the teacher's
    let atMap = 0;
    traces.forEach((t, k) => {
      const task = tasks[k] as Task;
      for (const c of t.choices) {
        const b = agentBeliefs(task, c.agent, t.messages);
        if (scratchpadArgmax(choiceScratchpad(task, b)) === mapAnswer(decisionModelForTask(task).posterior(b).pmf))
          atMap++;
      }
    });
    expect(s.tallyArgmaxIsMap).toBeCloseTo(atMap / n, 12);
  });

  it("skips choices without a readable tally but still counts them, and is zero on no traces", () => {
    const bare = rewritten((text, k) =>
      k % 2 === 0 ? `CHOOSE o${(readTally(text) as { choice: number }).choice}` : text,
    );
    const s = scratchpadSkills(tasks, bare);
    const kept = traces.filter((_, k) => k % 2 === 1).reduce((n, t) => n + t.choices.length, 0);
    expect(s.tallies).toBeCloseTo(kept / s.choices, 12);
    expect(s.meanAbsError).toBe(0);
    expect(scratchpadSkills([], [])).toEqual({
      choices: 0,
      tallies: 0,
      meanAbsError: 0,
      exact: 0,
      followsTally: 0,
      tallyArgmaxIsMap: 0,
      teacherArgmaxIsMap: 0,
    });
  });

  it("reads a running-total scratchpad by its own answer rule: the candidate nearest its last value", async () => {
    // total decisions only, the teacher writing the running form
    const totals = Array.from({ length: 40 }, (_, k) => shapeTask({ ...shapes, totalRate: 1 }, 9_000 + k)).filter(
      (t) => t.decision.kind === "total",
    );
    const config = resolveTrainConfig({ preset: "shapes", overrides: [{ sft: { totalScratchpad: "running" } }] });
    const own = await runEpisodes(totals, teacherFromConfig(config), { surface: "canonical" });
    const running = scratchpadFor("running");
    const s = scratchpadSkills(totals, own, running);
    expect(s.tallies).toBe(1);
    expect(s.exact).toBe(1);
    expect(s.followsTally).toBe(1);
    // the distance form reads the same texts as malformed for it (one value per option, not per candidate) or wrong
    expect(scratchpadSkills(totals, own).exact).toBeLessThan(0.5);
    // a planted last value moves the choice its values make: CHOOSE no longer follows where the nearest candidate moves
    let moved = 0;
    let n = 0;
    const planted = own.map((t, k) => ({
      ...t,
      choices: t.choices.map((c) => {
        const r = readTally(c.text) as { values: number[]; choice: number };
        const values = [...r.values.slice(0, -1), Math.min(100, (r.values.at(-1) as number) + 9)];
        const task = totals[k] as Task;
        const cands = task.decision.kind === "total" ? task.decision.candidates : [];
        n++;
        if (nearestCandidate(cands, values.at(-1) as number) !== r.choice) moved++;
        return { ...c, text: renderTally(values, r.choice, cands.length) };
      }),
    }));
    expect(moved).toBeGreaterThan(0);
    expect(scratchpadSkills(totals, planted, running).followsTally).toBeCloseTo(1 - moved / n, 12);
  });
});
