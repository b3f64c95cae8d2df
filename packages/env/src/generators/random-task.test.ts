import { optionScore } from "@cosir/bayes";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { domainNames } from "../domains/domain-vocabularies";
import { TaskSchema } from "../task/task";
import { randomTask } from "./random-task";

const sizes = fc.record({
  seed: fc.integer({ min: -1_000_000, max: 1_000_000 }),
  options: fc.integer({ min: 1, max: 8 }),
  attributes: fc.integer({ min: 1, max: 8 }),
  agents: fc.integer({ min: 1, max: 6 }),
  domain: fc.constantFrom(...domainNames),
  visibility: fc.double({ min: 0, max: 1, noNaN: true }),
  aggregate: fc.constantFrom("sum" as const, "min" as const),
});

describe("randomTask", () => {
  it("passes TaskSchema, has a unique best option and every cell seen by someone", () => {
    fc.assert(
      fc.property(sizes, (o) => {
        const task = randomTask(o);
        expect(TaskSchema.safeParse(task).success).toBe(true);
        const scores = task.table.map((row) => optionScore(row, task.aggregate, task.weights));
        const best = Math.max(...scores);
        expect(scores.filter((s) => s === best)).toHaveLength(1);
        expect(scores[task.correct]).toBe(best);
        const seen = new Set(task.visibility.flat());
        expect(seen.size).toBe(task.options * task.attributes);
        for (const cells of task.visibility) expect(cells).toEqual([...new Set(cells)].sort((a, b) => a - b));
      }),
      { numRuns: 60 },
    );
  });

  it("is byte-identical for the same arguments and differs across seeds", () => {
    fc.assert(
      fc.property(sizes, (o) => {
        expect(JSON.stringify(randomTask(o))).toBe(JSON.stringify(randomTask({ ...o })));
        expect(randomTask(o).id.startsWith(`random-${o.seed}-`)).toBe(true);
      }),
      { numRuns: 30 },
    );
    const ids = new Set(Array.from({ length: 50 }, (_, s) => JSON.stringify(randomTask({ seed: s }))));
    expect(ids.size).toBe(50);
  });

  it("pins one task (a change here changes every published task id)", () => {
    const t = randomTask({ seed: 7 });
    expect({ id: t.id, table: t.table, correct: t.correct, visibility: t.visibility }).toMatchInlineSnapshot(`
      {
        "correct": 1,
        "id": "random-7-0ea66f1d",
        "table": [
          [
            1,
            5,
            1,
            5,
          ],
          [
            3,
            5,
            5,
            1,
          ],
          [
            4,
            3,
            1,
            3,
          ],
        ],
        "visibility": [
          [
            0,
            5,
            6,
            7,
          ],
          [
            0,
            1,
            5,
            8,
            10,
            11,
          ],
          [
            1,
            2,
            3,
            4,
            9,
            11,
          ],
        ],
      }
    `);
  });

  it("sees everything with p = 1 and one agent per cell with p = 0", () => {
    const all = randomTask({ seed: 1, visibility: 1 });
    for (const cells of all.visibility) expect(cells).toHaveLength(all.options * all.attributes);
    const none = randomTask({ seed: 1, visibility: 0 });
    expect(none.visibility.flat().sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, c) => c));
  });

  it("announces given weights and names bad options", () => {
    expect(randomTask({ seed: 1, weights: [1, 2, 3, 4] }).weightsAnnounced).toBe(true);
    expect(randomTask({ seed: 1 }).weightsAnnounced).toBe(false);
    expect(() => randomTask({ seed: 1, options: 0 })).toThrow(/^options:/);
    expect(() => randomTask({ seed: 1.5 })).toThrow(/^seed:/);
    expect(() => randomTask({ seed: 1, visibility: 2 })).toThrow(/^visibility:/);
    expect(() => randomTask({ seed: 1, weights: [1, 2] })).toThrow(/^weights:/);
    expect(() => randomTask({ seed: 1, weights: [1, 2, 0, 1] })).toThrow(/^weights\[2\]:/);
    expect(() => randomTask({ seed: 1, levels: [3, 3] })).toThrow(/^levels:/);
    expect(() => randomTask({ seed: 1, domain: "pizzas" })).toThrow(/^domain:/);
    expect(() => randomTask({ seed: 1, aggregate: "max" as "sum" })).toThrow(/^aggregate:/);
  });
});

describe("randomTask with a total decision (candidates)", () => {
  const totals = fc.record({
    seed: fc.integer({ min: -1_000_000, max: 1_000_000 }),
    options: fc.integer({ min: 1, max: 4 }),
    attributes: fc.integer({ min: 1, max: 4 }),
    agents: fc.integer({ min: 1, max: 5 }),
    levels: fc.constantFrom<[number, number]>([0, 5], [1, 5], [0, 1], [1, 3]),
    weights: fc.option(fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 4, maxLength: 4 }), { nil: undefined }),
    candidates: fc.integer({ min: 2, max: 8 }),
    visibility: fc.double({ min: 0, max: 1, noNaN: true }),
  });

  it("has distinct sorted candidates, exactly one of them the weighted sum of every cell, all reachable", () => {
    fc.assert(
      fc.property(totals, (o) => {
        const weights = o.weights?.slice(0, o.attributes);
        const w = weights ?? Array.from({ length: o.attributes }, () => 1);
        const [lo, hi] = o.levels;
        const span = w.reduce((s, x) => s + x, 0) * o.options;
        fc.pre((hi - lo) * span + 1 >= o.candidates);
        const task = randomTask({ ...o, weights });
        expect(TaskSchema.safeParse(task).success).toBe(true);
        if (task.decision.kind !== "total") throw new Error("expected a total decision");
        const c = task.decision.candidates;
        expect(c).toHaveLength(o.candidates);
        expect(c).toEqual([...new Set(c)].sort((x, y) => x - y));
        // The oracle: the total written out cell by cell.
        let total = 0;
        for (let k = 0; k < o.options; k++)
          for (let a = 0; a < o.attributes; a++) total += (w[a] as number) * (task.table[k]?.[a] as number);
        expect(c.filter((x) => x === total)).toEqual([total]);
        expect(c[task.correct]).toBe(total);
        // within 6 of the total, or the least distance that holds the candidates where the range's edge cuts that
        let d = 6;
        while (Math.min(hi * span, total + d) - Math.max(lo * span, total - d) + 1 < o.candidates) d++;
        expect(d).toBeLessThanOrEqual(7);
        for (const x of c) {
          expect(x).toBeGreaterThanOrEqual(lo * span);
          expect(x).toBeLessThanOrEqual(hi * span);
          expect(Math.abs(x - total)).toBeLessThanOrEqual(d);
        }
        expect(new Set(task.visibility.flat()).size).toBe(o.options * o.attributes);
        expect(JSON.stringify(randomTask({ ...o, weights }))).toBe(JSON.stringify(task));
      }),
      { numRuns: 80 },
    );
  });

  it("ends when the total sits at the range's edge with fewer than `candidates` values within 6 (FC seed 694267427 hung)", () => {
    // 2 x 4 cells of level 0..1: totals 0..8; a total of 0 or 8 has 7 values within 6, and 8 candidates are asked
    let edges = 0;
    for (let seed = 0; seed < 1500; seed++) {
      const task = randomTask({ seed, options: 2, attributes: 4, levels: [0, 1], candidates: 8 });
      if (task.decision.kind !== "total") throw new Error("expected a total decision");
      const c = task.decision.candidates;
      expect(c).toHaveLength(8);
      for (const x of c) expect(x >= 0 && x <= 8).toBe(true);
      const total = task.table.flat().reduce((a, b) => a + b, 0);
      expect(c[task.correct]).toBe(total);
      if (total === 0 || total === 8) {
        edges++;
        // the least widening: within 7 of the total, all but one value of 0..8
        for (const x of c) expect(Math.abs(x - total)).toBeLessThanOrEqual(7);
      }
    }
    expect(edges).toBeGreaterThan(0);
  });

  it("leaves argmax tasks as they were without candidates", () => {
    expect(randomTask({ seed: 7 }).decision).toEqual({ kind: "argmax" });
    expect(randomTask({ seed: 7, candidates: 4 }).id).not.toBe(randomTask({ seed: 7 }).id);
  });

  it("refuses a bad count, a min aggregate and more candidates than reachable totals, naming the field", () => {
    expect(() => randomTask({ seed: 1, candidates: 1 })).toThrow(/candidates.*1/);
    expect(() => randomTask({ seed: 1, candidates: 9 })).toThrow(/candidates.*9/);
    expect(() => randomTask({ seed: 1, candidates: 2.5 })).toThrow(/candidates/);
    expect(() => randomTask({ seed: 1, candidates: 3, aggregate: "min" })).toThrow(/aggregate.*min/);
    expect(() => randomTask({ seed: 1, options: 1, attributes: 1, levels: [0, 1], candidates: 3 })).toThrow(
      /candidates.*0\.\.1, got 3/,
    );
  });
});
