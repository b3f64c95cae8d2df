import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyClaim, createBeliefs, observeCell } from "../beliefs/beliefs";
import { expectedInformationGain } from "../information/information";
import { bruteForceInformationGain, bruteForceTotal } from "../testing/brute-force";
import { buildTotal, isPmf, maxAbsDiff, totalCaseArbitrary } from "../testing/arbitraries";
import { multipleChoiceTotalModel } from "./multiple-choice-total-model";
import { expectField } from "../testing/expect-field";

describe("multipleChoiceTotalModel: known answers", () => {
  it("2 quantities uniform over 1..3, candidates [3, 4, 7]: P(3) = 2/9, P(4) = 3/9, P(7) = 0 -> [0.4, 0.6, 0]", () => {
    const model = multipleChoiceTotalModel({ quantities: 2, levels: [1, 3], candidates: [3, 4, 7] });
    const r = model.posterior(createBeliefs({ cells: 2, levels: [1, 3] }));
    expect(r.pmf[0]).toBeCloseTo(0.4, 15);
    expect(r.pmf[1]).toBeCloseTo(0.6, 15);
    expect(r.pmf[2]).toBe(0);
    expect(r.mass).toBeCloseTo(5 / 9, 15);
  });

  it("weights and negative levels: 2 x over -1..1 plus y over -1..1, candidates [-3, 0, 3]", () => {
    // 2x + y: -3 from (-1, -1); 0 from (0, 0); 3 from (1, 1): each 1/9.
    const model = multipleChoiceTotalModel({ quantities: 2, levels: [-1, 1], candidates: [-3, 0, 3], weights: [2, 1] });
    const r = model.posterior(createBeliefs({ cells: 2, levels: [-1, 1] }));
    for (const p of r.pmf) expect(p).toBeCloseTo(1 / 3, 15);
    expect(r.mass).toBeCloseTo(3 / 9, 15);
  });

  it("every quantity observed: a point mass on the candidate equal to the total", () => {
    const model = multipleChoiceTotalModel({ quantities: 3, levels: [0, 9], candidates: [12, 13, 14] });
    const b = createBeliefs({ cells: 3, levels: [0, 9] });
    [4, 5, 4].forEach((v, i) => observeCell(b, i, v));
    expect(Array.from(model.posterior(b).pmf)).toEqual([0, 1, 0]);
  });

  it("degenerate when no candidate is reachable", () => {
    const model = multipleChoiceTotalModel({ quantities: 2, levels: [1, 3], candidates: [0, 100] });
    const r = model.posterior(createBeliefs({ cells: 2, levels: [1, 3] }));
    expect(r.degenerate).toBe(true);
    expect(r.mass).toBe(0);
    expect(Array.from(r.pmf)).toEqual([0.5, 0.5]);
  });

  it("EIG of the one unknown quantity when the others are known is the posterior entropy", () => {
    const model = multipleChoiceTotalModel({ quantities: 2, levels: [1, 3], candidates: [3, 4, 5] });
    const b = createBeliefs({ cells: 2, levels: [1, 3] });
    observeCell(b, 0, 2);
    // total = 2 + x1 in {3, 4, 5}, uniform: learning x1 removes log 3 nats.
    expect(expectedInformationGain(model, b, 1)).toBeCloseTo(Math.log(3), 14);
    expect(expectedInformationGain(model, b, 0)).toBe(0);
  });
});

describe("multipleChoiceTotalModel: equals the brute-force enumerator", () => {
  it("posterior, mass, degenerate flag and EIG of every quantity within 1e-9", () => {
    fc.assert(
      fc.property(totalCaseArbitrary(), (c) => {
        const { model, beliefs } = buildTotal(c);
        const r = model.posterior(beliefs);
        const brute = bruteForceTotal(c, beliefs);
        expect(r.degenerate).toBe(brute.degenerate);
        expect(maxAbsDiff(r.pmf, brute.posterior)).toBeLessThan(1e-9);
        expect(Math.abs(r.mass - brute.mass)).toBeLessThan(1e-9);
        for (let cell = 0; cell < c.quantities; cell++) {
          const eig = expectedInformationGain(model, beliefs, cell);
          expect(Math.abs(eig - bruteForceInformationGain(brute, cell))).toBeLessThan(1e-9);
        }
      }),
    );
  });

  it("the pmf sums to 1 within 1e-12, no NaN or Infinity, for any valid input", () => {
    fc.assert(
      fc.property(totalCaseArbitrary({ extreme: true }), (c) => {
        const { model, beliefs } = buildTotal(c);
        const r = model.posterior(beliefs);
        expect(isPmf(r.pmf)).toBe(true);
        expect(Number.isFinite(r.mass)).toBe(true);
        for (let cell = 0; cell < c.quantities; cell++) {
          const eig = expectedInformationGain(model, beliefs, cell);
          expect(Number.isFinite(eig) && eig >= 0).toBe(true);
        }
      }),
    );
  });

  it("reordering the candidates permutes the posterior", () => {
    fc.assert(
      fc.property(
        totalCaseArbitrary().chain((c) =>
          fc.tuple(fc.constant(c), fc.shuffledSubarray(c.candidates, { minLength: c.candidates.length })),
        ),
        ([c, shuffled]) => {
          const a = buildTotal(c);
          const b = buildTotal({ ...c, candidates: shuffled });
          const pa = a.model.posterior(a.beliefs).pmf;
          const pb = b.model.posterior(b.beliefs).pmf;
          shuffled.forEach((cand, i) =>
            expect(Math.abs((pb[i] as number) - (pa[c.candidates.indexOf(cand)] as number))).toBeLessThan(1e-12),
          );
        },
      ),
    );
  });

  it("a contradictory hard claim pair leaves a finite posterior (the later claim wins)", () => {
    const model = multipleChoiceTotalModel({ quantities: 2, levels: [1, 3], candidates: [2, 3, 4] });
    const b = createBeliefs({ cells: 2, levels: [1, 3] });
    applyClaim(b, 0, 1, 0);
    applyClaim(b, 0, 3, 0);
    observeCell(b, 1, 1);
    expect(Array.from(model.posterior(b).pmf)).toEqual([0, 0, 1]);
  });
});

describe("multipleChoiceTotalModel: validation names the field", () => {
  it("rejects bad options, beliefs and out", () => {
    const ok = { quantities: 2, levels: [1, 3] as const, candidates: [3, 4] };
    expectField(() => multipleChoiceTotalModel({ ...ok, quantities: 0 }), "quantities");
    expectField(() => multipleChoiceTotalModel({ ...ok, levels: [2, 1] }), "levels");
    expectField(() => multipleChoiceTotalModel({ ...ok, candidates: [3] }), "candidates");
    expectField(() => multipleChoiceTotalModel({ ...ok, candidates: [3, 3.5] }), "candidates[1]");
    expectField(() => multipleChoiceTotalModel({ ...ok, candidates: [3, 4, 3] }), "candidates[2]");
    expectField(() => multipleChoiceTotalModel({ ...ok, weights: [1, 2, 3] }), "weights");
    expectField(() => multipleChoiceTotalModel({ ...ok, weights: [1, -2] }), "weights[1]");
    const model = multipleChoiceTotalModel(ok);
    expectField(() => model.posterior(createBeliefs({ cells: 3, levels: [1, 3] })), "beliefs");
    expectField(() => model.posterior(createBeliefs({ cells: 2, levels: [1, 3] }), new Float64Array(3)), "out");
  });
});
