import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyEvents, epsArbitrary, eventsArbitrary, isPmf, maxAbsDiff, priorArbitrary } from "../testing/arbitraries";
import {
  applyClaim,
  cellPmf,
  checkLevelRange,
  cloneBeliefs,
  copyBeliefsInto,
  createBeliefs,
  normalisePrior,
  observeCell,
} from "./beliefs";
import { expectField } from "../testing/expect-field";

const space = fc
  .record({
    cells: fc.integer({ min: 1, max: 6 }),
    lo: fc.integer({ min: -4, max: 4 }),
    levels: fc.integer({ min: 2, max: 6 }),
  })
  .chain(({ cells, lo, levels }) =>
    fc.record({
      cells: fc.constant(cells),
      lo: fc.constant(lo),
      hi: fc.constant(lo + levels - 1),
      prior: priorArbitrary(levels, { extreme: true }),
      events: eventsArbitrary(cells, lo, lo + levels - 1, 16, { extreme: true }),
    }),
  );

describe("createBeliefs and normalisePrior", () => {
  it("uniform by default, the prior normalised otherwise, nothing observed", () => {
    const b = createBeliefs({ cells: 2, levels: [-1, 1] });
    expect(Array.from(b.pmf)).toEqual([1 / 3, 1 / 3, 1 / 3, 1 / 3, 1 / 3, 1 / 3]);
    expect(b.levels).toBe(3);
    expect(Array.from(b.observed)).toEqual([0, 0]);
    const p = createBeliefs({ cells: 1, levels: [1, 4], prior: [1, 1, 2, 0] });
    expect(Array.from(p.pmf)).toEqual([0.25, 0.25, 0.5, 0]);
  });

  it("validation names the field", () => {
    expectField(() => createBeliefs({ cells: 0, levels: [1, 5] }), "cells");
    expectField(() => createBeliefs({ cells: 2.5, levels: [1, 5] }), "cells");
    expectField(() => createBeliefs({ cells: 2, levels: [5, 5] }), "levels");
    expectField(() => createBeliefs({ cells: 2, levels: [1, 20_000] }), "levels");
    expectField(() => createBeliefs({ cells: 2, levels: [1, 3], prior: [1, 1] }), "prior");
    expectField(() => createBeliefs({ cells: 2, levels: [1, 3], prior: [1, -1, 1] }), "prior[1]");
    expectField(() => createBeliefs({ cells: 2, levels: [1, 3], prior: [1, Number.NaN, 1] }), "prior[1]");
    expectField(() => createBeliefs({ cells: 2, levels: [1, 3], prior: [0, 0, 0] }), "prior");
    expectField(() => normalisePrior([1, Infinity], 2, "task.prior"), "task.prior[1]");
    expectField(() => checkLevelRange([0, 1.5], "task.levels"), "task.levels");
  });
});

describe("observeCell", () => {
  it("makes a point mass and marks the cell observed", () => {
    const b = observeCell(createBeliefs({ cells: 2, levels: [0, 2] }), 1, 2);
    expect(Array.from(cellPmf(b, 1))).toEqual([0, 0, 1]);
    expect(Array.from(b.observed)).toEqual([0, 1]);
  });

  it("validation names the field", () => {
    const b = createBeliefs({ cells: 2, levels: [0, 2] });
    expectField(() => observeCell(b, 2, 0), "cell");
    expectField(() => observeCell(b, -1, 0), "cell");
    expectField(() => observeCell(b, 0, 3), "level");
    expectField(() => observeCell(b, 0, 0.5), "level");
    expectField(() => cellPmf(b, 5), "cell");
  });
});

describe("applyClaim", () => {
  it("multiplies by (1 - eps) at v and eps / (L - 1) elsewhere, then renormalises", () => {
    const b = createBeliefs({ cells: 1, levels: [1, 5] });
    applyClaim(b, 0, 3, 0.2);
    // likelihood [0.05, 0.05, 0.8, 0.05, 0.05] sums to 1 against a uniform prior
    const expected = [0.05, 0.05, 0.8, 0.05, 0.05];
    expect(maxAbsDiff(cellPmf(b, 0), expected)).toBeLessThan(1e-15);
    applyClaim(b, 0, 3, 0.2);
    const twice = [0.0025, 0.0025, 0.64, 0.0025, 0.0025].map((x) => x / 0.65);
    expect(maxAbsDiff(cellPmf(b, 0), twice)).toBeLessThan(1e-15);
  });

  it("eps = 0 is hard evidence: a point mass at the claimed level", () => {
    const b = createBeliefs({ cells: 1, levels: [1, 5], prior: [1, 2, 3, 4, 5] });
    applyClaim(b, 0, 4, 0);
    expect(Array.from(cellPmf(b, 0))).toEqual([0, 0, 0, 1, 0]);
    expect(b.observed[0]).toBe(0);
  });

  it("eps = 0 conflicting claims: the later claim wins", () => {
    const b = createBeliefs({ cells: 1, levels: [1, 5] });
    applyClaim(b, 0, 2, 0);
    applyClaim(b, 0, 5, 0);
    expect(Array.from(cellPmf(b, 0))).toEqual([0, 0, 0, 0, 1]);
    applyClaim(b, 0, 1, 0);
    expect(Array.from(cellPmf(b, 0))).toEqual([1, 0, 0, 0, 0]);
  });

  it("eps = 0 against a prior that rules the level out: the claim wins", () => {
    const b = createBeliefs({ cells: 1, levels: [1, 3], prior: [1, 1, 0] });
    applyClaim(b, 0, 3, 0);
    expect(Array.from(cellPmf(b, 0))).toEqual([0, 0, 1]);
  });

  it("eps = 1 rules the claimed level out", () => {
    const b = createBeliefs({ cells: 1, levels: [1, 3] });
    applyClaim(b, 0, 2, 1);
    expect(Array.from(cellPmf(b, 0))).toEqual([0.5, 0, 0.5]);
  });

  it("a subnormal total renormalises without overflow", () => {
    const b = createBeliefs({ cells: 1, levels: [1, 2], prior: [Number.MIN_VALUE, 1] });
    applyClaim(b, 0, 1, 0);
    expect(Array.from(cellPmf(b, 0))).toEqual([1, 0]);
  });

  it("own observations are never moved by claims, whatever eps", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 1, max: 4 }), epsArbitrary({ extreme: true }))), (claims) => {
        const b = observeCell(createBeliefs({ cells: 1, levels: [1, 4] }), 0, 2);
        for (const [level, eps] of claims) applyClaim(b, 0, level, eps);
        expect(Array.from(cellPmf(b, 0))).toEqual([0, 1, 0, 0]);
        expect(b.observed[0]).toBe(1);
      }),
    );
  });

  it("a point mass (hard claim, not observed) is left unchanged by claims with eps > 0", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 1, max: 4 }),
        fc.double({ min: 1e-300, max: 1, noNaN: true }),
        (first, level, eps) => {
          const b = applyClaim(createBeliefs({ cells: 1, levels: [1, 4] }), 0, first, 0);
          applyClaim(b, 0, level, eps);
          expect(cellPmf(b, 0)[first - 1]).toBe(1);
        },
      ),
    );
  });

  it("every cell stays a pmf (sum 1 within 1e-12, no NaN or Infinity) under any sequence of evidence", () => {
    fc.assert(
      fc.property(space, (s) => {
        const b = createBeliefs({ cells: s.cells, levels: [s.lo, s.hi], prior: s.prior });
        const observedAt = new Map<number, number>();
        for (const e of s.events) {
          if (e.kind === "observe") observedAt.set(e.cell, e.level);
          applyEvents(b, [e]);
        }
        for (let c = 0; c < s.cells; c++) {
          expect(isPmf(cellPmf(b, c))).toBe(true);
          const level = observedAt.get(c);
          // The last observation holds (observations replace, claims never move them).
          if (level !== undefined) expect(cellPmf(b, c)[level - s.lo]).toBe(1);
        }
      }),
    );
  });

  it("claims approach hard evidence as eps -> 0 (full-support prior)", () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 2, max: 6 })
          .chain((L) =>
            fc.tuple(
              fc.constant(L),
              fc.array(fc.double({ min: 0.01, max: 1, noNaN: true }), { minLength: L, maxLength: L }),
              fc.integer({ min: 0, max: L - 1 }),
            ),
          ),
        ([L, prior, level]) => {
          const hard = applyClaim(createBeliefs({ cells: 1, levels: [0, L - 1], prior }), 0, level, 0);
          let previous = Infinity;
          for (const eps of [1e-2, 1e-4, 1e-6, 1e-8]) {
            const soft = applyClaim(createBeliefs({ cells: 1, levels: [0, L - 1], prior }), 0, level, eps);
            const gap = maxAbsDiff(cellPmf(soft, 0), cellPmf(hard, 0));
            // |soft - hard| <= eps / (L - 1) * (1 / p_min - 1) with p_min >= 0.01 / L
            expect(gap).toBeLessThanOrEqual(eps * 100 * L);
            expect(gap).toBeLessThanOrEqual(previous);
            previous = gap;
          }
          expect(previous).toBeLessThan(1e-5);
        },
      ),
    );
  });

  it("validation names the field", () => {
    const b = createBeliefs({ cells: 2, levels: [0, 2] });
    expectField(() => applyClaim(b, 0, 1, -0.1), "eps");
    expectField(() => applyClaim(b, 0, 1, 1.5), "eps");
    expectField(() => applyClaim(b, 0, 1, Number.NaN), "eps");
    expectField(() => applyClaim(b, 3, 1, 0.1), "cell");
    expectField(() => applyClaim(b, 0, -1, 0.1), "level");
  });
});

describe("cloneBeliefs and copyBeliefsInto", () => {
  it("clone is deep; copyInto copies without allocating and checks the shape", () => {
    const a = observeCell(createBeliefs({ cells: 2, levels: [1, 3] }), 0, 3);
    const b = cloneBeliefs(a);
    applyClaim(b, 1, 1, 0);
    expect(Array.from(cellPmf(a, 1))).toEqual([1 / 3, 1 / 3, 1 / 3]);
    const c = createBeliefs({ cells: 2, levels: [1, 3] });
    const pmf = c.pmf;
    copyBeliefsInto(c, b);
    expect(c.pmf).toBe(pmf);
    expect(Array.from(c.pmf)).toEqual(Array.from(b.pmf));
    expect(Array.from(c.observed)).toEqual([1, 0]);
    expectField(() => copyBeliefsInto(createBeliefs({ cells: 3, levels: [1, 3] }), b), "dst");
  });
});
