import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyClaim, createBeliefs, observeCell, type Beliefs } from "../beliefs/beliefs";
import { bruteForceArgmax } from "../testing/brute-force";
import {
  argmaxCaseArbitrary,
  buildArgmax,
  eventsArbitrary,
  isPmf,
  maxAbsDiff,
  type ArgmaxCase,
} from "../testing/arbitraries";
import { argmaxScoreModel, cellIndex, optionScore, type Aggregate } from "./argmax-score-model";
import { expectField } from "../testing/expect-field";

function posteriorOf(c: ArgmaxCase) {
  const { model, beliefs } = buildArgmax(c);
  return { model, beliefs, result: model.posterior(beliefs) };
}

describe("argmaxScoreModel: known answers worked by hand", () => {
  it("2 options x 1 attribute, uniform 1..2: P = [0.5, 0.5] on a unique max of mass 1/2", () => {
    const model = argmaxScoreModel({ options: 2, attributes: 1, levels: [1, 2], aggregate: "sum" });
    const r = model.posterior(createBeliefs({ cells: 2, levels: [1, 2] }));
    expect(Array.from(r.pmf)).toEqual([0.5, 0.5]);
    expect(r.mass).toBeCloseTo(0.5, 15);
    expect(r.degenerate).toBe(false);
  });

  it("one option observed at the top level wins whenever the max is unique", () => {
    const model = argmaxScoreModel({ options: 2, attributes: 1, levels: [1, 2], aggregate: "sum" });
    const top = model.posterior(observeCell(createBeliefs({ cells: 2, levels: [1, 2] }), 0, 2));
    expect(Array.from(top.pmf)).toEqual([1, 0]);
    expect(top.mass).toBeCloseTo(0.5, 15);
    const bottom = model.posterior(observeCell(createBeliefs({ cells: 2, levels: [1, 2] }), 0, 1));
    expect(Array.from(bottom.pmf)).toEqual([0, 1]);
  });

  it("2 x 1 uniform 1..3 with option 0 observed at 2: [1/2, 1/2], mass 2/3", () => {
    const model = argmaxScoreModel({ options: 2, attributes: 1, levels: [1, 3], aggregate: "sum" });
    const r = model.posterior(observeCell(createBeliefs({ cells: 2, levels: [1, 3] }), 0, 2));
    expect(r.pmf[0]).toBeCloseTo(0.5, 15);
    expect(r.pmf[1]).toBeCloseTo(0.5, 15);
    expect(r.mass).toBeCloseTo(2 / 3, 15);
  });

  it("3 x 1 uniform 1..2: a unique max needs exactly one option at 2, so 1/3 each, mass 3/8", () => {
    const model = argmaxScoreModel({ options: 3, attributes: 1, levels: [1, 2], aggregate: "sum" });
    const r = model.posterior(createBeliefs({ cells: 3, levels: [1, 2] }));
    for (const p of r.pmf) expect(p).toBeCloseTo(1 / 3, 15);
    expect(r.mass).toBeCloseTo(3 / 8, 15);
  });

  it("weights [2, 1], option 0 observed (2, 1) = 5 against U1 in {3, 4, 5, 6}: [2/3, 1/3], mass 3/4", () => {
    const model = argmaxScoreModel({ options: 2, attributes: 2, levels: [1, 2], aggregate: "sum", weights: [2, 1] });
    const b = createBeliefs({ cells: 4, levels: [1, 2] });
    observeCell(b, cellIndex(0, 0, 2), 2);
    observeCell(b, cellIndex(0, 1, 2), 1);
    const r = model.posterior(b);
    expect(r.pmf[0]).toBeCloseTo(2 / 3, 15);
    expect(r.pmf[1]).toBeCloseTo(1 / 3, 15);
    expect(r.mass).toBeCloseTo(3 / 4, 15);
  });

  it("a skewed prior [3, 1] over 0..1 and a claim (eps 0.2) that option 1 is 1: P = [1/5, 4/5]", () => {
    const model = argmaxScoreModel({ options: 2, attributes: 1, levels: [0, 1], aggregate: "sum" });
    const b = createBeliefs({ cells: 2, levels: [0, 1], prior: [3, 1] });
    applyClaim(b, 1, 1, 0.2); // cell 1: [3 * 0.2, 1 * 0.8] / 1.4 = [3/7, 4/7]
    const r = model.posterior(b);
    // q0 = P(x0 = 1) P(x1 = 0) = 1/4 * 3/7; q1 = P(x0 = 0) P(x1 = 1) = 3/4 * 4/7
    expect(r.mass).toBeCloseTo(3 / 28 + 12 / 28, 15);
    expect(r.pmf[0]).toBeCloseTo(3 / 15, 15);
    expect(r.pmf[1]).toBeCloseTo(12 / 15, 15);
  });

  it("min, 2 options x 2 attributes over 0..1: U = 1 iff both cells are 1 (p = 1/4), P = [1/2, 1/2], mass 3/8", () => {
    const model = argmaxScoreModel({ options: 2, attributes: 2, levels: [0, 1], aggregate: "min" });
    const r = model.posterior(createBeliefs({ cells: 4, levels: [0, 1] }));
    expect(r.pmf[0]).toBeCloseTo(0.5, 15);
    expect(r.mass).toBeCloseTo(3 / 8, 15);
  });

  it("min, one option observed all-ones: it wins unless another is all-ones too", () => {
    const model = argmaxScoreModel({ options: 2, attributes: 2, levels: [0, 1], aggregate: "min" });
    const b = createBeliefs({ cells: 4, levels: [0, 1] });
    observeCell(b, 0, 1);
    observeCell(b, 1, 1);
    const r = model.posterior(b);
    expect(Array.from(r.pmf)).toEqual([1, 0]);
    expect(r.mass).toBeCloseTo(3 / 4, 15);
  });

  it("degenerate: min over 0..1 with two options observed all-ones makes a unique max impossible", () => {
    const model = argmaxScoreModel({ options: 3, attributes: 2, levels: [0, 1], aggregate: "min" });
    const b = createBeliefs({ cells: 6, levels: [0, 1] });
    for (const cell of [0, 1, 2, 3]) observeCell(b, cell, 1);
    const r = model.posterior(b);
    expect(r.degenerate).toBe(true);
    expect(r.mass).toBe(0);
    expect(Array.from(r.pmf)).toEqual([1 / 3, 1 / 3, 1 / 3]);
  });

  it("degenerate: sum with the same full row observed for two options that beat every other possibility", () => {
    const model = argmaxScoreModel({ options: 2, attributes: 1, levels: [1, 4], aggregate: "sum" });
    const b = createBeliefs({ cells: 2, levels: [1, 4] });
    observeCell(b, 0, 3);
    observeCell(b, 1, 3);
    const r = model.posterior(b);
    expect(r.degenerate).toBe(true);
    expect(Array.from(r.pmf)).toEqual([0.5, 0.5]);
  });

  it("one option: the answer is certain", () => {
    for (const aggregate of ["sum", "min"] as const) {
      const model = argmaxScoreModel({ options: 1, attributes: 3, levels: [1, 5], aggregate });
      const r = model.posterior(createBeliefs({ cells: 3, levels: [1, 5] }));
      expect(Array.from(r.pmf)).toEqual([1]);
      expect(r.mass).toBeCloseTo(1, 15);
    }
  });

  // Shrunk counterexample (fast-check against the enumerator): the min model took P(min = 0) as
  // S(0) - S(1) = 1 - (1 - 1e-17), which rounds to 0, and declared the evidence degenerate.
  it("min keeps a level whose probability is below the rounding of 1 (no cancellation)", () => {
    const model = argmaxScoreModel({ options: 2, attributes: 1, levels: [0, 1], aggregate: "min" });
    const b = createBeliefs({ cells: 2, levels: [0, 1] });
    observeCell(b, 0, 1);
    applyClaim(b, 1, 1, 1e-17);
    const r = model.posterior(b);
    expect(r.degenerate).toBe(false);
    expect(Array.from(r.pmf)).toEqual([1, 0]);
    expect(r.mass).toBeCloseTo(1e-17, 30);
    const brute = bruteForceArgmax({ options: 2, attributes: 1, aggregate: "min" }, b);
    expect(maxAbsDiff(r.pmf, brute.posterior)).toBeLessThan(1e-12);
  });

  // Shrunk counterexample (the finiteness property, extreme priors): the unique-max event has a
  // subnormal mass (~5.6e-309) and normalising by 1 / mass gave Infinity.
  it("normalises a subnormal mass without overflow", () => {
    const model = argmaxScoreModel({ options: 3, attributes: 2, levels: [2, 3], aggregate: "min" });
    const b = createBeliefs({ cells: 6, levels: [2, 3], prior: [1.5110261472997174e-199, 5.73026561168586e-45] });
    applyClaim(b, 0, 3, 0);
    const r = model.posterior(b);
    expect(r.mass).toBeGreaterThan(0);
    expect(r.mass).toBeLessThan(1e-300);
    expect(r.degenerate).toBe(false);
    // With s = P(level 2) ~ 2.6e-155 per uncertain cell: P(min = 2) is s for option 0 (one cell
    // claimed at 3) and ~2s for options 1 and 2, so q ~ [(2s)^2, s 2s, s 2s] = [4, 2, 2] s^2.
    const brute = bruteForceArgmax({ options: 3, attributes: 2, aggregate: "min" }, b);
    expect(maxAbsDiff(r.pmf, [0.5, 0.25, 0.25])).toBeLessThan(1e-9);
    expect(maxAbsDiff(r.pmf, brute.posterior)).toBeLessThan(1e-9);
  });
});

describe("argmaxScoreModel: subnormal masses", () => {
  it("sum: a prior of [1, 1e-310] gives q = [1e-310, 1e-310] and still [1/2, 1/2]", () => {
    const model = argmaxScoreModel({ options: 2, attributes: 1, levels: [0, 1], aggregate: "sum" });
    const r = model.posterior(createBeliefs({ cells: 2, levels: [0, 1], prior: [1, 1e-310] }));
    expect(Array.from(r.pmf)).toEqual([0.5, 0.5]);
    expect(r.degenerate).toBe(false);
  });
});

describe("argmaxScoreModel: equals the brute-force enumerator", () => {
  it("posterior, mass and degenerate flag within 1e-9 on small tables (K, M <= 3, <= 4 levels lo..hi, both aggregators)", () => {
    fc.assert(
      fc.property(argmaxCaseArbitrary(), (c) => {
        const { result, beliefs } = posteriorOf(c);
        const brute = bruteForceArgmax(c, beliefs);
        expect(result.degenerate).toBe(brute.degenerate);
        expect(maxAbsDiff(result.pmf, brute.posterior)).toBeLessThan(1e-9);
        expect(Math.abs(result.mass - brute.mass)).toBeLessThan(1e-9);
        if (!brute.degenerate) expect(Math.abs(result.mass - brute.mass) / brute.mass).toBeLessThan(1e-9);
      }),
    );
  });

  it("agrees over 5 levels with unit weights (the unrolled full-support convolution)", () => {
    fc.assert(
      fc.property(argmaxCaseArbitrary({ maxOptions: 3, maxAttributes: 3, maxLevels: 5, aggregate: "sum" }), (c) => {
        fc.pre(c.options * c.attributes <= 6);
        const unit = { ...c, weights: c.weights.map(() => 1) };
        const { result, beliefs } = posteriorOf(unit);
        const brute = bruteForceArgmax(unit, beliefs);
        expect(result.degenerate).toBe(brute.degenerate);
        expect(maxAbsDiff(result.pmf, brute.posterior)).toBeLessThan(1e-9);
      }),
    );
  });

  it("agrees on 4 x 2 tables over 5 levels (beyond the small-table range)", () => {
    fc.assert(
      fc.property(argmaxCaseArbitrary({ maxOptions: 4, maxAttributes: 2, maxLevels: 5 }), (c) => {
        fc.pre(c.options * c.attributes <= 8);
        const { result, beliefs } = posteriorOf(c);
        const brute = bruteForceArgmax(c, beliefs);
        expect(result.degenerate).toBe(brute.degenerate);
        expect(maxAbsDiff(result.pmf, brute.posterior)).toBeLessThan(1e-9);
      }),
      { numRuns: 30 },
    );
  });
});

describe("argmaxScoreModel: invariants and relations", () => {
  it("the pmf sums to 1 within 1e-12 and has no NaN or Infinity for any valid input (extreme eps and priors included)", () => {
    fc.assert(
      fc.property(argmaxCaseArbitrary({ extreme: true, maxLevels: 6 }), (c) => {
        const { result } = posteriorOf(c);
        expect(isPmf(result.pmf)).toBe(true);
        expect(Number.isFinite(result.mass)).toBe(true);
        expect(result.mass).toBeGreaterThanOrEqual(0);
        expect(result.mass).toBeLessThanOrEqual(1 + 1e-12);
        expect(result.degenerate).toBe(result.mass === 0);
      }),
    );
  });

  it("relabelling the options permutes the posterior", () => {
    fc.assert(
      fc.property(
        argmaxCaseArbitrary().chain((c) =>
          fc.tuple(
            fc.constant(c),
            fc.shuffledSubarray(
              Array.from({ length: c.options }, (_, k) => k),
              { minLength: c.options },
            ),
          ),
        ),
        ([c, perm]) => {
          // New option k is old option perm[k]: move every cell of every event.
          const inverse = new Array<number>(c.options);
          perm.forEach((old, k) => (inverse[old] = k));
          const moved: ArgmaxCase = {
            ...c,
            events: c.events.map((e) => {
              const option = Math.floor(e.cell / c.attributes);
              return { ...e, cell: cellIndex(inverse[option] as number, e.cell % c.attributes, c.attributes) };
            }),
          };
          const a = posteriorOf(c).result;
          const b = posteriorOf(moved).result;
          expect(b.degenerate).toBe(a.degenerate);
          for (let k = 0; k < c.options; k++)
            expect(Math.abs((b.pmf[k] as number) - (a.pmf[perm[k] as number] as number))).toBeLessThan(1e-12);
        },
      ),
    );
  });

  it("multiplying every weight by the same integer leaves the posterior unchanged", () => {
    fc.assert(
      fc.property(argmaxCaseArbitrary({ aggregate: "sum" }), fc.integer({ min: 2, max: 7 }), (c, factor) => {
        const a = posteriorOf(c).result;
        const b = posteriorOf({ ...c, weights: c.weights.map((w) => w * factor) }).result;
        expect(b.degenerate).toBe(a.degenerate);
        expect(maxAbsDiff(a.pmf, b.pmf)).toBeLessThan(1e-12);
        expect(Math.abs(a.mass - b.mass)).toBeLessThan(1e-12);
      }),
    );
  });

  it("min ignores the weights", () => {
    fc.assert(
      fc.property(argmaxCaseArbitrary({ aggregate: "min" }), (c) => {
        const a = posteriorOf(c).result;
        const b = posteriorOf({ ...c, weights: c.weights.map(() => 1) }).result;
        expect(maxAbsDiff(a.pmf, b.pmf)).toBe(0);
      }),
    );
  });

  it("shifting the level range lo..hi by a constant leaves the posterior unchanged", () => {
    fc.assert(
      fc.property(argmaxCaseArbitrary(), fc.integer({ min: -5, max: 5 }), (c, shift) => {
        const a = posteriorOf(c).result;
        const moved: ArgmaxCase = {
          ...c,
          lo: c.lo + shift,
          hi: c.hi + shift,
          events: c.events.map((e) => (e.kind === "set" ? e : { ...e, level: e.level + shift })),
        };
        const b = posteriorOf(moved).result;
        expect(maxAbsDiff(a.pmf, b.pmf)).toBeLessThan(1e-12);
      }),
    );
  });

  it("the full true table (observed, or claimed with eps = 0) gives a point mass on the true best", () => {
    const table = fc
      .record({
        options: fc.integer({ min: 1, max: 6 }),
        attributes: fc.integer({ min: 1, max: 5 }),
        lo: fc.integer({ min: -3, max: 3 }),
        levels: fc.integer({ min: 2, max: 6 }),
        aggregate: fc.constantFrom<Aggregate>("sum", "min"),
        claim: fc.boolean(),
      })
      .chain((s) =>
        fc.record({
          s: fc.constant(s),
          weights: fc.array(fc.integer({ min: 1, max: 5 }), { minLength: s.attributes, maxLength: s.attributes }),
          rows: fc.array(
            fc.array(fc.integer({ min: s.lo, max: s.lo + s.levels - 1 }), {
              minLength: s.attributes,
              maxLength: s.attributes,
            }),
            {
              minLength: s.options,
              maxLength: s.options,
            },
          ),
        }),
      );
    fc.assert(
      fc.property(table, ({ s, weights, rows }) => {
        const scores = rows.map((row) => optionScore(row, s.aggregate, weights));
        const top = Math.max(...scores);
        fc.pre(scores.filter((u) => u === top).length === 1);
        const best = scores.indexOf(top);
        const hi = s.lo + s.levels - 1;
        const model = argmaxScoreModel({
          options: s.options,
          attributes: s.attributes,
          levels: [s.lo, hi],
          aggregate: s.aggregate,
          weights,
        });
        const b = createBeliefs({ cells: s.options * s.attributes, levels: [s.lo, hi] });
        rows.forEach((row, o) =>
          row.forEach((level, a) =>
            s.claim
              ? applyClaim(b, cellIndex(o, a, s.attributes), level, 0)
              : observeCell(b, cellIndex(o, a, s.attributes), level),
          ),
        );
        const r = model.posterior(b);
        expect(r.degenerate).toBe(false);
        expect(r.mass).toBe(1);
        expect(Array.from(r.pmf)).toEqual(rows.map((_, k) => (k === best ? 1 : 0)));
      }),
    );
  });

  it("a tied full table is degenerate", () => {
    const model = argmaxScoreModel({ options: 3, attributes: 2, levels: [1, 5], aggregate: "sum" });
    const b = createBeliefs({ cells: 6, levels: [1, 5] });
    [5, 1, 3, 3, 2, 2].forEach((level, cell) => observeCell(b, cell, level));
    expect(model.posterior(b).degenerate).toBe(true);
  });

  it("writes into `out` when given, and scratch reuse between calls changes nothing", () => {
    const cases = argmaxCaseArbitrary().chain((c) =>
      fc.tuple(fc.constant(c), eventsArbitrary(c.options * c.attributes, c.lo, c.hi)),
    );
    fc.assert(
      fc.property(cases, ([c, otherEvents]) => {
        const { model, beliefs } = buildArgmax(c);
        const fresh = model.posterior(beliefs);
        model.posterior(buildArgmax({ ...c, events: otherEvents }).beliefs);
        const out = new Float64Array(c.options);
        const again = model.posterior(beliefs, out);
        expect(again.pmf).toBe(out);
        expect(Array.from(out)).toEqual(Array.from(fresh.pmf));
        expect(again.mass).toBe(fresh.mass);
      }),
      { numRuns: 50 },
    );
  });

  it("does not modify the beliefs", () => {
    fc.assert(
      fc.property(argmaxCaseArbitrary(), (c) => {
        const { model, beliefs } = buildArgmax(c);
        const before = beliefs.pmf.slice();
        model.posterior(beliefs);
        expect(beliefs.pmf).toEqual(before);
      }),
      { numRuns: 30 },
    );
  });
});

describe("argmaxScoreModel: larger tables stay finite and normalised", () => {
  it("6 x 8 sum and 4 x 6 min over 1..5 with mixed evidence", () => {
    fc.assert(
      fc.property(
        fc.constantFrom<[number, number, Aggregate]>([6, 8, "sum"], [4, 6, "min"], [3, 4, "sum"]),
        fc.array(fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.integer({ min: 1, max: 5 })), {
          minLength: 48,
          maxLength: 48,
        }),
        ([K, M, aggregate], draws) => {
          const model = argmaxScoreModel({
            options: K,
            attributes: M,
            levels: [1, 5],
            aggregate,
            weights: Array.from({ length: M }, (_, a) => 1 + (a % 3)),
          });
          const b = createBeliefs({ cells: K * M, levels: [1, 5] });
          for (let cell = 0; cell < K * M; cell++) {
            const [x, level] = draws[cell] as [number, number];
            if (x < 0.3) observeCell(b, cell, level);
            else if (x < 0.6) applyClaim(b, cell, level, 0.01);
          }
          const r = model.posterior(b);
          expect(isPmf(r.pmf)).toBe(true);
        },
      ),
      { numRuns: 50 },
    );
  });
});

describe("argmaxScoreModel: validation names the field", () => {
  it("rejects bad options", () => {
    const ok = { options: 2, attributes: 2, levels: [1, 5] as const, aggregate: "sum" as const };
    expectField(() => argmaxScoreModel({ ...ok, options: 0 }), "options");
    expectField(() => argmaxScoreModel({ ...ok, options: 1.5 }), "options");
    expectField(() => argmaxScoreModel({ ...ok, attributes: 0 }), "attributes");
    expectField(() => argmaxScoreModel({ ...ok, aggregate: "max" as Aggregate }), "aggregate");
    expectField(() => argmaxScoreModel({ ...ok, levels: [3, 3] }), "levels");
    expectField(() => argmaxScoreModel({ ...ok, levels: [1, 2.5] }), "levels");
    expectField(() => argmaxScoreModel({ ...ok, weights: [1] }), "weights");
    expectField(() => argmaxScoreModel({ ...ok, weights: [1, 0] }), "weights[1]");
    expectField(() => argmaxScoreModel({ ...ok, weights: [1.5, 1] }), "weights[0]");
  });

  it("rejects beliefs of another shape and a wrong-sized out", () => {
    const model = argmaxScoreModel({ options: 2, attributes: 2, levels: [1, 5], aggregate: "sum" });
    expectField(() => model.posterior(createBeliefs({ cells: 3, levels: [1, 5] })), "beliefs");
    expectField(() => model.posterior(createBeliefs({ cells: 4, levels: [0, 5] })), "beliefs");
    expectField(() => model.posterior(createBeliefs({ cells: 4, levels: [1, 5] }), new Float64Array(3)), "out");
  });
});

describe("optionScore and cellIndex", () => {
  it("score a row and index cells row-major by option", () => {
    expect(optionScore([1, 2, 3], "sum")).toBe(6);
    expect(optionScore([1, 2, 3], "sum", [3, 2, 1])).toBe(10);
    expect(optionScore([4, 2, 3], "min")).toBe(2);
    expect(cellIndex(2, 1, 4)).toBe(9);
  });

  it("the brute-force oracle's scores agree with optionScore on a full table", () => {
    const b: Beliefs = createBeliefs({ cells: 4, levels: [-2, 1] });
    [-2, 1, 0, 0].forEach((level, cell) => observeCell(b, cell, level));
    // Option scores: sum -1 vs 0, min -2 vs 0: option 1 wins both.
    expect(bruteForceArgmax({ options: 2, attributes: 2, aggregate: "sum" }, b).posterior).toEqual([0, 1]);
    expect(bruteForceArgmax({ options: 2, attributes: 2, aggregate: "min" }, b).posterior).toEqual([0, 1]);
  });
});
