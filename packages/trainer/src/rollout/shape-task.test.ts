import { InvalidConfigError } from "@cosir/bayes";
import { heldOutFamilies } from "@cosir/bench";
import { registerTaskFamily, validateTask, type Task, type TaskGeneratorOptions } from "@cosir/env";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PretrainShapesSchema } from "../config/pretrain-shapes";
import { resolveTrainConfig } from "../config/train-config";
import { shapeTask } from "./shape-task";
import { pretrainTasks } from "./training-data";

const shapes = PretrainShapesSchema.parse({});

describe("shapeTask", () => {
  it("draws a valid random-family task inside every range, the same for the same seed (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (seed) => {
        const task = shapeTask(shapes, seed);
        validateTask(task);
        expect(task.family).toBe("random");
        expect(task.options).toBeGreaterThanOrEqual(2);
        expect(task.options).toBeLessThanOrEqual(6);
        expect(task.attributes).toBeGreaterThanOrEqual(2);
        expect(task.attributes).toBeLessThanOrEqual(8);
        expect(task.agents).toBeGreaterThanOrEqual(1);
        expect(task.agents).toBeLessThanOrEqual(5);
        expect(task.rounds).toBeGreaterThanOrEqual(1);
        expect(task.rounds).toBeLessThanOrEqual(3);
        expect(shapes.levels).toContainEqual(task.levels);
        if (task.weightsAnnounced) expect(task.aggregate).toBe("sum");
        expect(JSON.stringify(shapeTask(shapes, seed))).toBe(JSON.stringify(task));
      }),
      { numRuns: 60 },
    );
  });

  it("covers every size, level range, aggregate, weighting and pre-discussion choice over 400 seeds", () => {
    const tasks = Array.from({ length: 400 }, (_, seed) => shapeTask(shapes, seed));
    const values = (f: (t: Task) => unknown) => new Set(tasks.map((t) => JSON.stringify(f(t))));
    expect(values((t) => t.options).size).toBe(5);
    expect(values((t) => t.attributes).size).toBe(7);
    expect(values((t) => t.agents).size).toBe(5);
    expect(values((t) => t.rounds).size).toBe(3);
    expect(values((t) => t.levels).size).toBe(shapes.levels.length);
    expect(values((t) => t.aggregate)).toEqual(new Set(['"sum"', '"min"']));
    expect(values((t) => t.weightsAnnounced)).toEqual(new Set(["true", "false"]));
    expect(values((t) => t.preDiscussionChoice)).toEqual(new Set(["true", "false"]));
  });
  it("with rounds from 0 draws choices with no discussion, never a pre-discussion choice, and leaves the others as drawn", () => {
    const withZero = PretrainShapesSchema.parse({ rounds: [0, 3] });
    const tasks = Array.from({ length: 200 }, (_, seed) => shapeTask(withZero, seed));
    const silent = tasks.filter((t) => t.rounds === 0);
    // rounds uniform over 0..3: about a quarter with no discussion (200 draws: 50 +- 3 sd)
    expect(silent.length).toBeGreaterThan(25);
    expect(silent.length).toBeLessThan(80);
    for (const t of silent) {
      validateTask(t);
      expect(t.preDiscussionChoice).toBe(false);
    }
    // one agent with rounds 0 holds every cell: the preservation check's state at a drawn size
    const solo = silent.filter((t) => t.agents === 1);
    expect(solo.length).toBeGreaterThan(0);
    for (const t of solo) expect(t.visibility[0]?.length).toBe(t.options * t.attributes);
    // a seed that drew rounds >= 1 draws the same task as under [1, 3] whenever it drew the same rounds
    const oneToThree = PretrainShapesSchema.parse({ rounds: [1, 3] });
    const same = tasks.filter((t, seed) => t.rounds > 0 && shapeTask(oneToThree, seed).rounds === t.rounds);
    expect(same.length).toBeGreaterThan(10);
    for (const t of same) expect(JSON.stringify(shapeTask(oneToThree, t.seed))).toBe(JSON.stringify(t));
  });
});

describe("pretrainTasks never draws from a held-out generator", () => {
  // Each held-out family re-registered behind a spy: a pretraining that reached one by name would be counted.
  const calls: string[] = [];
  for (const [name, generate] of Object.entries(heldOutFamilies))
    registerTaskFamily(name, (o: TaskGeneratorOptions) => {
      calls.push(name);
      return generate(o);
    });

  it("over shapes: every task is the random family's, and no held-out generator runs", () => {
    const config = resolveTrainConfig({ preset: "shapes", overrides: [{ pretrain: { episodes: 300 } }] });
    const named = resolveTrainConfig({
      preset: "shapes",
      overrides: [{ task: { family: "heldout.whodunit" }, pretrain: { episodes: 20 } }],
    });
    // resolving a config generates one task of its family to check it; pretraining is what is watched
    calls.length = 0;
    const tasks = pretrainTasks(config);
    expect(tasks).toHaveLength(300);
    for (const t of tasks) expect(t.family).toBe("random");
    expect(calls).toEqual([]);
    // a held-out task family in the config changes nothing: shapes always draw from random
    for (const t of pretrainTasks(named)) expect(t.family).toBe("random");
    expect(calls).toEqual([]);
  });

  it("on the config's task: refuses every held-out family, naming task.family", () => {
    for (const name of Object.keys(heldOutFamilies)) {
      const config = resolveTrainConfig({ preset: "smoke", overrides: [{ task: { family: name } }] });
      calls.length = 0;
      expect(() => pretrainTasks(config)).toThrow(InvalidConfigError);
      expect(() => pretrainTasks(config)).toThrow(new RegExp(`task\\.family.*${name.replace(".", "\\.")}`));
    }
    expect(calls).toEqual([]);
    // the demo's own pretraining (its task, at pretrain.visibility) still draws random tasks
    const demo = resolveTrainConfig({ preset: "demo", overrides: [{ pretrain: { episodes: 5 } }] });
    for (const t of pretrainTasks(demo)) expect([t.family, t.options, t.attributes]).toEqual(["random", 4, 2]);
  });
});

describe("shapeTask's total decisions", () => {
  it("draws totals at about totalRate, each with number-word candidates and the weighted sum among them", () => {
    const tasks = Array.from({ length: 600 }, (_, seed) => shapeTask(shapes, seed));
    const totals = tasks.filter((t) => t.decision.kind === "total");
    // sum tasks are 75% of draws; totalRate 0.15 of those: about 67 of 600, and some shrink to none
    expect(totals.length).toBeGreaterThan(40);
    expect(totals.length).toBeLessThan(100);
    for (const t of totals) {
      if (t.decision.kind !== "total") continue;
      expect(t.aggregate).toBe("sum");
      expect(t.levels[0]).toBeGreaterThanOrEqual(0);
      const c = t.decision.candidates;
      expect(c.length).toBeGreaterThanOrEqual(2);
      expect(c.length).toBeLessThanOrEqual(5);
      for (const x of c) expect(x).toBeLessThanOrEqual(100);
      let total = 0;
      t.table.forEach((row) => row.forEach((v, a) => (total += (t.weights[a] as number) * v)));
      expect(c[t.correct]).toBe(total);
    }
    // several sizes and level ranges among them, and some weighted
    expect(new Set(totals.map((t) => `${t.options}x${t.attributes}`)).size).toBeGreaterThan(5);
    expect(new Set(totals.map((t) => JSON.stringify(t.levels))).size).toBe(shapes.levels.length);
    expect(totals.some((t) => t.weightsAnnounced)).toBe(true);
  });

  it("leaves every argmax task as the seed drew it without totals", () => {
    const none = PretrainShapesSchema.parse({ totalRate: 0 });
    for (let seed = 0; seed < 200; seed++) {
      const t = shapeTask(shapes, seed);
      if (t.decision.kind === "argmax") expect(JSON.stringify(t)).toBe(JSON.stringify(shapeTask(none, seed)));
      else expect(shapeTask(none, seed).decision.kind).toBe("argmax");
    }
  });

  it("keeps every total at most 100 on large shapes, and gives up totals below level 0", () => {
    const big = PretrainShapesSchema.parse({
      totalRate: 1,
      options: [6, 6],
      attributes: [8, 8],
      levels: [[0, 9]],
      weightsRate: 1,
      minRate: 0,
    });
    for (let seed = 0; seed < 60; seed++) {
      const t = shapeTask(big, seed);
      expect(t.decision.kind).toBe("total");
      if (t.decision.kind === "total") for (const x of t.decision.candidates) expect(x).toBeLessThanOrEqual(100);
    }
    const negative = PretrainShapesSchema.parse({ totalRate: 1, levels: [[-2, 2]], minRate: 0 });
    for (let seed = 0; seed < 30; seed++) expect(shapeTask(negative, seed).decision.kind).toBe("argmax");
  });
});
