import { createBeliefs, mapAnswer, observeCell } from "@cosir/bayes";
import { heldOutFamilies } from "@cosir/bench";
import { decisionModelForTask, parseChoice, publicTask, randomTask, renderTally, type Task } from "@cosir/env";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PretrainShapesSchema } from "../config/pretrain-shapes";
import { shapeTask } from "../rollout/shape-task";
import { choiceScratchpad, nearestCandidate, runningTotal, scratchpadArgmax, scratchpadFor } from "./choice-scratchpad";

/** Beliefs that know exactly the cells in `known` (an own observation each). */
function beliefsOf(task: Task, known: ReadonlyMap<number, number>) {
  const b = createBeliefs({ cells: task.options * task.attributes, levels: task.levels, prior: task.prior });
  for (const [cell, level] of known) observeCell(b, cell, level);
  return b;
}

/**
 * A from-scratch oracle of the scratchpad: the same definition computed from the list of known cells, with E[min]
 * by enumerating every completion of the row's unknown cells (small tables only) instead of the tail-product formula.
 */
function oracle(task: Task, known: ReadonlyMap<number, number>): number[] {
  const [lo, hi] = task.levels;
  const z = task.prior.reduce((s, p) => s + p, 0);
  const prior = task.prior.map((p) => p / z);
  const mean = prior.reduce((s, p, j) => s + p * (lo + j), 0);
  const pct = (x: number, r: number) => Math.min(100, Math.max(0, Math.round((100 * x) / r)));
  const W = task.weights.reduce((s, w) => s + w, 0);
  const level = (k: number, m: number) => known.get(k * task.attributes + m);
  if (task.decision.kind === "total") {
    let t = 0;
    for (let k = 0; k < task.options; k++)
      for (let m = 0; m < task.attributes; m++) t += (task.weights[m] as number) * (level(k, m) ?? mean);
    return task.decision.candidates.map((c) => 100 - pct(Math.abs(c - t), (hi - lo) * task.options * W));
  }
  return Array.from({ length: task.options }, (_, k) => {
    if (task.aggregate === "sum") {
      let s = 0;
      for (let m = 0; m < task.attributes; m++) {
        const v = level(k, m);
        s += (task.weights[m] as number) * (v === undefined ? mean - lo + (hi - lo) / 16 : v - lo);
      }
      return pct(s, (hi - lo) * W);
    }
    let e = 0;
    const walk = (m: number, p: number, min: number) => {
      if (m === task.attributes) {
        e += p * min;
        return;
      }
      const v = level(k, m);
      if (v !== undefined) walk(m + 1, p, Math.min(min, v));
      else prior.forEach((q, j) => walk(m + 1, p * q, Math.min(min, lo + j)));
    };
    walk(0, 1, Number.POSITIVE_INFINITY);
    return pct(e - lo, hi - lo);
  });
}

/**
 * How many agents (each seeing only its own cells) get a choice whose posterior is within 0.01 of the MAP's, out of
 * every agent of `tasks`.
 */
function nearMap(tasks: readonly Task[], choose: (task: Task, b: ReturnType<typeof beliefsOf>) => number) {
  let agree = 0;
  let n = 0;
  for (const task of tasks)
    for (let agent = 0; agent < task.agents; agent++) {
      const known = new Map<number, number>();
      for (const c of task.visibility[agent] ?? [])
        known.set(c, task.table[Math.floor(c / task.attributes)]![c % task.attributes]!);
      const b = beliefsOf(task, known);
      const pmf = decisionModelForTask(task).posterior(b).pmf;
      n++;
      if ((pmf[choose(task, b)] as number) >= (pmf[mapAnswer(pmf)] as number) - 0.01) agree++;
    }
  return { agree, n };
}

const small = PretrainShapesSchema.parse({
  options: [2, 4],
  attributes: [2, 4],
  agents: [1, 3],
  levels: [
    [0, 1],
    [1, 3],
    [0, 2],
    [1, 5],
  ],
  minRate: 0.5,
  weightsRate: 0.4,
});

describe("choiceScratchpad", () => {
  it("agrees with the enumerating oracle on small tables of every aggregate and weighting (property)", () => {
    fc.assert(
      fc.property(fc.nat(1_000_000), fc.array(fc.boolean(), { minLength: 16, maxLength: 16 }), (seed, mask) => {
        const task = shapeTask(small, seed);
        const known = new Map<number, number>();
        for (let c = 0; c < task.options * task.attributes; c++)
          if (mask[c]) known.set(c, task.table[Math.floor(c / task.attributes)]![c % task.attributes]!);
        const values = choiceScratchpad(publicTask(task), beliefsOf(task, known));
        expect(values).toEqual(oracle(task, known));
        for (const v of values) expect(Number.isInteger(v) && v >= 0 && v <= 100).toBe(true);
      }),
    );
  });

  it("agrees with the oracle on total decisions (arithmetic) and stays in 0..100 on every held-out family", () => {
    for (const [name, generate] of Object.entries(heldOutFamilies))
      for (let seed = 0; seed < 10; seed++) {
        const task = generate({ seed });
        const known = new Map<number, number>();
        for (const c of task.visibility[0] ?? [])
          known.set(c, task.table[Math.floor(c / task.attributes)]![c % task.attributes]!);
        const values = choiceScratchpad(publicTask(task), beliefsOf(task, known));
        expect(values, name).toHaveLength(decisionModelForTask(task).answers);
        if (name !== "heldout.hiddenProfile" && task.options * task.attributes <= 30)
          expect(values, name).toEqual(oracle(task, known));
        for (const v of values) expect(Number.isInteger(v) && v >= 0 && v <= 100).toBe(true);
        // the rendered scratchpad parses back to its argmax
        const text = renderTally(values, scratchpadArgmax(values));
        expect(parseChoice(text, "canonical", task).choice).toBe(scratchpadArgmax(values));
      }
  });

  it("known answers: a sure best option scores 100; two unknown 1..5 cells 56 (2.25 of 4 points each)", () => {
    const task = randomTask({ seed: 1, options: 2, attributes: 2 });
    const known = new Map([
      [0, 5],
      [1, 5],
    ]);
    expect(choiceScratchpad(publicTask(task), beliefsOf(task, known))).toEqual([100, 56]);
  });

  it("revealing a cell at the top level never lowers its option's value, at the bottom never raises it (relation)", () => {
    fc.assert(
      fc.property(fc.nat(1_000_000), fc.nat(63), (seed, pick) => {
        // argmax decisions only: a total's entries are per candidate, not per option
        const task = shapeTask({ ...small, totalRate: 0 }, seed);
        const cell = pick % (task.options * task.attributes);
        const option = Math.floor(cell / task.attributes);
        const none = choiceScratchpad(publicTask(task), beliefsOf(task, new Map()))[option] as number;
        const top = choiceScratchpad(publicTask(task), beliefsOf(task, new Map([[cell, task.levels[1]]])))[option];
        const bottom = choiceScratchpad(publicTask(task), beliefsOf(task, new Map([[cell, task.levels[0]]])))[option];
        expect(top).toBeGreaterThanOrEqual(none);
        expect(bottom).toBeLessThanOrEqual(none);
      }),
    );
  });

  it("its argmax is (within 0.01) the MAP of the same evidence for at least 95% of agents over shapes", () => {
    const shapes = PretrainShapesSchema.parse({});
    const tasks = Array.from({ length: 300 }, (_, seed) => shapeTask(shapes, seed));
    const { agree, n } = nearMap(tasks, (task, b) => scratchpadArgmax(choiceScratchpad(publicTask(task), b)));
    expect(agree / n).toBeGreaterThanOrEqual(0.95);
  });
});

/** A total task of the small shapes (totalRate 1), or null where the draw could not be a total. */
function smallTotal(seed: number): Task | null {
  const task = shapeTask(
    {
      ...small,
      levels: [
        [0, 1],
        [0, 2],
        [0, 5],
      ],
      totalRate: 1,
    },
    seed,
  );
  return task.decision.kind === "total" ? task : null;
}

describe("runningTotal and the running form (scratchpadFor('running'))", () => {
  it("adds each option's row to the value before: equal to the oracle's running expected total (property)", () => {
    fc.assert(
      fc.property(fc.nat(1_000_000), fc.array(fc.boolean(), { minLength: 16, maxLength: 16 }), (seed, mask) => {
        const task = smallTotal(seed);
        fc.pre(task !== null);
        if (task === null) return;
        const known = new Map<number, number>();
        for (let c = 0; c < task.options * task.attributes; c++)
          if (mask[c]) known.set(c, task.table[Math.floor(c / task.attributes)]![c % task.attributes]!);
        const [lo] = task.levels;
        const z = task.prior.reduce((s, p) => s + p, 0);
        const mean = task.prior.reduce((s, p, j) => s + (p / z) * (lo + j), 0);
        // oracle: the expected total of rows 0..k, cell by cell from the list of known cells
        const expected: number[] = [];
        let t = 0;
        for (let k = 0; k < task.options; k++) {
          for (let m = 0; m < task.attributes; m++)
            t += task.weights[m]! * (known.get(k * task.attributes + m) ?? mean);
          expected.push(Math.min(100, Math.max(0, Math.round(t))));
        }
        const values = runningTotal(publicTask(task), beliefsOf(task, known));
        expect(values).toEqual(expected);
        // never falls: every row adds a non-negative amount (levels from 0 up)
        for (let k = 1; k < expected.length; k++) expect(values![k]).toBeGreaterThanOrEqual(values![k - 1]!);
      }),
    );
  });

  it("knowing every cell, the last value is the true total and the running form chooses the correct candidate", () => {
    const pad = scratchpadFor("running");
    let n = 0;
    for (let seed = 0; seed < 400; seed++) {
      const task = smallTotal(seed);
      if (task === null) continue;
      n++;
      const all = new Map<number, number>();
      for (let c = 0; c < task.options * task.attributes; c++)
        all.set(c, task.table[Math.floor(c / task.attributes)]![c % task.attributes]!);
      const values = pad.values(publicTask(task), beliefsOf(task, all));
      let total = 0;
      task.table.forEach((row) => row.forEach((v, m) => (total += task.weights[m]! * v)));
      expect(values).toHaveLength(task.options);
      expect(values.at(-1)).toBe(total);
      expect(pad.answer(publicTask(task), values)).toBe(task.correct);
      // rendered with the task's answer count, it reads back as that candidate
      const text = renderTally(values, task.correct, decisionModelForTask(task).answers);
      expect(parseChoice(text, "canonical", task).choice).toBe(task.correct);
    }
    expect(n).toBeGreaterThan(100);
  });

  it("nearestCandidate: the closest value, the lowest index among ties (known answers and a brute-force oracle)", () => {
    expect(nearestCandidate([10, 12, 15], 13)).toBe(1);
    expect(nearestCandidate([10, 12, 14], 13)).toBe(1);
    expect(nearestCandidate([10, 12, 14], 100)).toBe(2);
    fc.assert(
      fc.property(fc.uniqueArray(fc.nat(100), { minLength: 1, maxLength: 8 }), fc.nat(100), (cands, t) => {
        const d = cands.map((c) => Math.abs(c - t));
        expect(nearestCandidate(cands, t)).toBe(d.indexOf(Math.min(...d)));
      }),
    );
  });

  it("argmax decisions are written exactly as the distance form; the distance form is choiceScratchpad", () => {
    const running = scratchpadFor("running");
    const distance = scratchpadFor("distance");
    fc.assert(
      fc.property(fc.nat(1_000_000), (seed) => {
        const task = shapeTask(small, seed);
        const known = new Map<number, number>();
        for (const c of task.visibility[0] ?? [])
          known.set(c, task.table[Math.floor(c / task.attributes)]![c % task.attributes]!);
        const b = beliefsOf(task, known);
        const pt = publicTask(task);
        expect(distance.values(pt, b)).toEqual(choiceScratchpad(pt, b));
        expect(distance.answer(pt, distance.values(pt, b))).toBe(scratchpadArgmax(choiceScratchpad(pt, b)));
        if (task.decision.kind !== "total") {
          expect(running.values(pt, b)).toEqual(choiceScratchpad(pt, b));
          expect(running.answer(pt, running.values(pt, b))).toBe(scratchpadArgmax(choiceScratchpad(pt, b)));
        }
      }),
    );
  });

  it("its choice is (within 0.01) the MAP of the same evidence for at least 85% of agents on total decisions", () => {
    const pad = scratchpadFor("running");
    const arithmetic = heldOutFamilies["heldout.arithmetic"]!;
    const shapes = { ...PretrainShapesSchema.parse({}), totalRate: 1 };
    const tasks = Array.from({ length: 150 }, (_, seed) => [shapeTask(shapes, seed), arithmetic({ seed })])
      .flat()
      .filter((t) => t.decision.kind === "total");
    const { agree, n } = nearMap(tasks, (task, b) => pad.answer(publicTask(task), pad.values(publicTask(task), b)));
    expect(n).toBeGreaterThan(300);
    expect(agree / n).toBeGreaterThanOrEqual(0.85);
  });
});
