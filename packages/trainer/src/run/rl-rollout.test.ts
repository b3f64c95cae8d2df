import { fileURLToPath } from "node:url";
import { loadCheckpoint, selectBackend } from "@cosir/policy/tfjs";
import { describe, expect, it } from "vitest";
import { resolveTrainConfig } from "../config/train-config";
import { rlFixture } from "../test/rl-fixture";
import { shapeTask } from "../rollout/shape-task";
import { derivedSeed, trainingTask } from "../rollout/training-data";
import { rlRollout, rolloutTasks } from "./rl-rollout";

describe("rlRollout", () => {
  it("plays rl.groupSize consecutive episodes of each of rl.tasksPerIteration tasks, reproducibly per iteration", async () => {
    const { config, policy, dispose } = await rlFixture({ tasksPerIteration: 3, groupSize: 2 });
    try {
      const a = await rlRollout(config, policy, 0);
      const again = await rlRollout(config, policy, 0);
      const next = await rlRollout(config, policy, 1);
      expect(a.tasks).toHaveLength(6);
      expect(a.traces).toHaveLength(6);
      for (let e = 0; e < 6; e++) {
        // groups of consecutive episodes share one task; the groups differ
        expect(a.tasks[e]).toBe(a.tasks[e - (e % 2)]);
        expect(a.traces[e]?.taskId).toBe(a.tasks[e]?.id);
      }
      expect(new Set(a.tasks.map((t) => t.id)).size).toBe(3);
      // sampled from the model: the tokens and their log-probs are recorded
      expect(a.traces.some((t) => t.messages.some((m) => (m.tokens?.length ?? 0) > 0))).toBe(true);
      expect(again).toEqual(a);
      expect(next.tasks.map((t) => t.id)).not.toEqual(a.tasks.map((t) => t.id));
    } finally {
      dispose();
    }
  });
});

describe("rolloutTasks with rl.shapes", () => {
  const demo = resolveTrainConfig({ preset: "demo" });
  const shaped = resolveTrainConfig({ preset: "demo", overrides: [{ rl: { shapes: {}, tasksPerIteration: 24 } }] });
  it("draws each group's task over the shapes, from the random family only, seeded by (seed, iteration, k)", () => {
    const tasks = rolloutTasks(shaped, 3);
    expect(tasks).toHaveLength(24 * shaped.rl.groupSize);
    const firsts = tasks.filter((_, e) => e % shaped.rl.groupSize === 0);
    firsts.forEach((task, k) => {
      expect(task).toEqual(shapeTask(shaped.rl.shapes!, derivedSeed(shaped.seed, "rl-shapes", 3, k)));
      expect(task.family).toBe("random");
    });
    // several shapes, not the demo task's one (4x2, 3 agents)
    const sizes = new Set(firsts.map((t) => `${t.options}x${t.attributes}/${t.agents}`));
    expect(sizes.size).toBeGreaterThan(5);
    expect(rolloutTasks(shaped, 3)).toEqual(tasks);
    expect(rolloutTasks(shaped, 4).map((t) => t.id)).not.toEqual(tasks.map((t) => t.id));
  });
  it("with rl.shapesRate, draws that share of the tasks over the shapes and the rest as training tasks", () => {
    for (const [rate, shapedCount] of [
      [0.25, 6],
      [0.5, 12],
      [0.02, 0],
      [0.03, 1],
      [0, 0],
    ] as const) {
      const mixed = resolveTrainConfig({
        preset: "demo",
        overrides: [{ rl: { shapes: {}, tasksPerIteration: 24, shapesRate: rate } }],
      });
      const tasks = rolloutTasks(mixed, 3);
      expect(tasks).toHaveLength(24 * mixed.rl.groupSize);
      tasks.forEach((task, e) => {
        const k = Math.floor(e / mixed.rl.groupSize);
        expect(task).toEqual(
          k < shapedCount
            ? shapeTask(mixed.rl.shapes!, derivedSeed(mixed.seed, "rl-shapes", 3, k))
            : trainingTask(mixed, "rl", 3, k),
        );
      });
    }
    // rate 1 is rl.shapes alone, as before
    const full = resolveTrainConfig({
      preset: "demo",
      overrides: [{ rl: { shapes: {}, tasksPerIteration: 24, shapesRate: 1 } }],
    });
    expect(rolloutTasks(full, 3)).toEqual(rolloutTasks(shaped, 3));
  });
  it("refuses rl.shapesRate without rl.shapes, and outside [0, 1], naming the field", () => {
    expect(() => resolveTrainConfig({ preset: "demo", overrides: [{ rl: { shapesRate: 0.5 } }] })).toThrow(
      /rl\.shapesRate.*rl\.shapes.*got 0\.5/,
    );
    expect(() => resolveTrainConfig({ preset: "demo", overrides: [{ rl: { shapes: {}, shapesRate: 1.5 } }] })).toThrow(
      /rl\.shapesRate/,
    );
  });
  it("leaves the demo's rollout tasks as they were without it", () => {
    const withOverride = resolveTrainConfig({ preset: "demo", overrides: [{ rl: { shapes: undefined } }] });
    expect(rolloutTasks(withOverride, 0)).toEqual(rolloutTasks(demo, 0));
    expect(new Set(rolloutTasks(demo, 0).map((t) => `${t.options}x${t.attributes}`))).toEqual(new Set(["4x2"]));
  });
});

describe("rlRollout's prefix cache on the committed demo base", () => {
  it("plays exactly the episodes of re-prefilling every prompt: the same traces, log-probs within 1e-5", async () => {
    await selectBackend({ log: null });
    const base = await loadCheckpoint(
      fileURLToPath(new URL("../../../../models/demo-base/checkpoint", import.meta.url)),
    );
    const pm = { model: base.model, tokenizer: base.tokenizer };
    const config = resolveTrainConfig({ preset: "demo", overrides: [{ rl: { tasksPerIteration: 3 } }] });
    try {
      for (const iteration of [0, 7]) {
        const cached = await rlRollout(config, pm, iteration, { prefixCache: true });
        const plain = await rlRollout(config, pm, iteration, { prefixCache: false });
        const acts = (t: (typeof plain.traces)[number]) => [...t.preChoices, ...t.messages, ...t.choices];
        const strip = (r: typeof plain) =>
          r.traces.map((t) => ({
            ...t,
            preChoices: t.preChoices.map(({ logprobs: _l, ...m }) => m),
            messages: t.messages.map(({ logprobs: _l, ...m }) => m),
            choices: t.choices.map(({ logprobs: _l, ...m }) => m),
          }));
        expect(strip(cached)).toEqual(strip(plain));
        let gap = 0;
        let tokens = 0;
        cached.traces.forEach((t, e) => {
          const other = acts(plain.traces[e] as (typeof plain.traces)[number]);
          acts(t).forEach((m, k) =>
            (m.logprobs ?? []).forEach((lp, j) => {
              tokens++;
              gap = Math.max(gap, Math.abs(lp - (other[k]?.logprobs?.[j] ?? Number.NaN)));
            }),
          );
        });
        expect(tokens).toBeGreaterThan(100);
        expect(gap).toBeLessThan(1e-5);
      }
    } finally {
      base.model.dispose();
    }
  }, 120_000);
});
