import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyClaim, cloneBeliefs, createBeliefs, observeCell } from "../beliefs/beliefs";
import { argmaxScoreModel } from "../models/argmax-score-model";
import { bruteForceArgmax, bruteForceInformationGain, bruteForcePredictive } from "../testing/brute-force";
import { argmaxCaseArbitrary, buildArgmax, isPmf, maxAbsDiff, type ArgmaxCase } from "../testing/arbitraries";
import {
  SURPRISAL_FLOOR,
  agentSurprisal,
  entropy,
  expectedInformationGain,
  mapAnswer,
  predictive,
  surprisal,
  teamSurprisal,
} from "./information";
import { expectField } from "../testing/expect-field";

describe("surprisal, entropy, mapAnswer", () => {
  it("surprisal is -log P(correct) in nats", () => {
    expect(surprisal([0.25, 0.75], 1)).toBeCloseTo(-Math.log(0.75), 15);
    expect(surprisal([1, 0], 0)).toBe(0);
  });

  it("uses the exported floor: P = 0 gives -log(1e-12)", () => {
    expect(SURPRISAL_FLOOR).toBe(1e-12);
    expect(surprisal([1, 0], 1)).toBe(-Math.log(SURPRISAL_FLOOR));
    expect(surprisal([1, 0], 1)).toBeCloseTo(27.631021115928547, 12);
    expect(surprisal(new Float64Array([1 - 1e-13, 1e-13]), 1)).toBe(-Math.log(1e-12));
  });

  it("surprisal is finite, in [0, -log SURPRISAL_FLOOR] for any pmf", () => {
    fc.assert(
      fc.property(
        fc
          .array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 6 })
          .filter((w) => w.some((x) => x > 0)),
        fc.nat(),
        (w, i) => {
          const total = w.reduce((a, b) => a + b, 0);
          const pmf = w.map((x) => x / total);
          const k = i % pmf.length;
          const s = surprisal(pmf, k);
          expect(Number.isFinite(s)).toBe(true);
          expect(s).toBeGreaterThanOrEqual(0);
          expect(s).toBeLessThanOrEqual(-Math.log(SURPRISAL_FLOOR));
        },
      ),
    );
  });

  it("entropy: 0 for a point mass, log K for uniform", () => {
    expect(entropy([0, 1, 0])).toBe(0);
    expect(entropy([0.25, 0.25, 0.25, 0.25])).toBeCloseTo(Math.log(4), 15);
  });

  it("mapAnswer: the largest probability, lowest index on ties", () => {
    expect(mapAnswer([0.2, 0.5, 0.3])).toBe(1);
    expect(mapAnswer([0.4, 0.2, 0.4])).toBe(0);
  });

  it("validation names the field", () => {
    expectField(() => surprisal([0.5, 0.5], 2), "correct");
    expectField(() => surprisal([0.5, 0.5], -1), "correct");
    const model = argmaxScoreModel({ options: 2, attributes: 1, levels: [1, 2], aggregate: "sum" });
    const b = createBeliefs({ cells: 2, levels: [1, 2] });
    expectField(() => expectedInformationGain(model, b, 2), "cell");
    expectField(() => predictive(model, b, -1), "cell");
    expectField(() => agentSurprisal(model, createBeliefs({ cells: 3, levels: [1, 2] }), 0), "beliefs");
  });
});

describe("agentSurprisal and teamSurprisal", () => {
  it("teamSurprisal is the sum of the agents' surprisals", () => {
    const cases = argmaxCaseArbitrary().chain((c) =>
      fc.tuple(
        fc.constant(c),
        fc.array(argmaxCaseArbitrary(), { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 0, max: c.options - 1 }),
      ),
    );
    fc.assert(
      fc.property(cases, ([c, others, correct]) => {
        const { model } = buildArgmax(c);
        // Each agent's evidence: another random event list restricted to this table's shape.
        const agents = others.map(
          (o) =>
            buildArgmax({
              ...c,
              events: o.events.filter(
                (e) =>
                  e.cell < c.options * c.attributes && (e.kind === "set" ? false : e.level >= c.lo && e.level <= c.hi),
              ),
            }).beliefs,
        );
        const each = agents.map((b) => agentSurprisal(model, b, correct));
        const expected = each.reduce((a, b) => a + b, 0);
        expect(teamSurprisal(model, agents, correct)).toBeCloseTo(expected, 12);
        for (let i = 0; i < agents.length; i++)
          expect(each[i]).toBe(surprisal(model.posterior(agents[i]!).pmf, correct));
      }),
      { numRuns: 50 },
    );
  });

  it("a team that knows the table has surprisal 0; one that rules the answer out pays the floor", () => {
    const model = argmaxScoreModel({ options: 2, attributes: 1, levels: [1, 2], aggregate: "sum" });
    const knows = observeCell(observeCell(createBeliefs({ cells: 2, levels: [1, 2] }), 0, 2), 1, 1);
    const wrong = observeCell(createBeliefs({ cells: 2, levels: [1, 2] }), 1, 2); // option 0 can no longer win
    expect(teamSurprisal(model, [knows, knows], 0)).toBe(0);
    expect(teamSurprisal(model, [knows, wrong], 0)).toBe(-Math.log(SURPRISAL_FLOOR));
    expect(teamSurprisal(model, [], 0)).toBe(0);
  });
});

describe("expectedInformationGain: known answers", () => {
  it("2 x 1 uniform 1..2: learning either cell settles the answer, EIG = log 2", () => {
    const model = argmaxScoreModel({ options: 2, attributes: 1, levels: [1, 2], aggregate: "sum" });
    const b = createBeliefs({ cells: 2, levels: [1, 2] });
    expect(expectedInformationGain(model, b, 0)).toBeCloseTo(Math.log(2), 15);
    expect(Array.from(predictive(model, b, 0))).toEqual([0.5, 0.5]);
  });

  it("2 x 1 uniform 1..3 with option 0 at 2: the predictive of cell 1 skips the tie, EIG = log 2", () => {
    const model = argmaxScoreModel({ options: 2, attributes: 1, levels: [1, 3], aggregate: "sum" });
    const b = observeCell(createBeliefs({ cells: 2, levels: [1, 3] }), 0, 2);
    const pred = predictive(model, b, 1);
    expect(pred[0]).toBeCloseTo(0.5, 15);
    expect(pred[1]).toBe(0);
    expect(pred[2]).toBeCloseTo(0.5, 15);
    expect(expectedInformationGain(model, b, 1)).toBeCloseTo(Math.log(2), 15);
  });

  it("an observed cell, a hard-claimed cell and degenerate evidence all have EIG 0", () => {
    const model = argmaxScoreModel({ options: 3, attributes: 2, levels: [0, 1], aggregate: "min" });
    const b = createBeliefs({ cells: 6, levels: [0, 1] });
    observeCell(b, 0, 1);
    applyClaim(b, 3, 1, 0);
    expect(expectedInformationGain(model, b, 0)).toBe(0);
    expect(expectedInformationGain(model, b, 3)).toBe(0);
    expect(expectedInformationGain(model, b, 1)).toBeGreaterThan(0);
    // Options 0 and 1 both all-ones: a unique max is impossible.
    observeCell(b, 1, 1);
    observeCell(b, 2, 1);
    expect(model.posterior(b).degenerate).toBe(true);
    expect(expectedInformationGain(model, b, 4)).toBe(0);
    expect(Array.from(predictive(model, b, 4))).toEqual([0.5, 0.5]); // falls back to the cell pmf
  });
});

describe("expectedInformationGain: shrunk counterexamples", () => {
  // The evidence's mass is subnormal (~1e-315, ~3.5e-323) and carries few digits: dividing each
  // pmf_c(v) mass(E, X_c = v) by mass(E) gave a predictive summing to 1.0000000081 and 1.14.
  it("the predictive stays a pmf when the masses are subnormal (prior ~[5e-202, 7e-44], min 3 x 3)", () => {
    const model = argmaxScoreModel({ options: 3, attributes: 3, levels: [3, 4], aggregate: "min" });
    const b = createBeliefs({ cells: 9, levels: [3, 4], prior: [4.811821809480168e-202, 7.157651252729458e-44] });
    expect(model.posterior(b).mass).toBeLessThan(1e-300);
    for (let cell = 0; cell < 9; cell++) {
      expect(isPmf(predictive(model, b, cell), 1e-12)).toBe(true);
      const eig = expectedInformationGain(model, b, cell);
      expect(eig).toBeGreaterThanOrEqual(0);
      expect(eig).toBeLessThanOrEqual(Math.log(3));
    }
  });

  it("the predictive stays a pmf with an eps = 4e-323 claim (min 2 x 3)", () => {
    const model = argmaxScoreModel({ options: 2, attributes: 3, levels: [3, 6], aggregate: "min" });
    const b = createBeliefs({ cells: 6, levels: [3, 6] });
    applyClaim(b, 3, 3, 4e-323);
    applyClaim(b, 0, 3, 0);
    for (let cell = 0; cell < 6; cell++) {
      expect(isPmf(predictive(model, b, cell), 1e-12)).toBe(true);
      expect(expectedInformationGain(model, b, cell)).toBe(0); // the posterior is already a point mass
    }
  });
});

describe("expectedInformationGain: properties", () => {
  it("equals the brute-force enumerator (H(Y|E) - sum_v P(X_c = v) H(Y|E, X_c = v)) for every cell within 1e-9", () => {
    fc.assert(
      fc.property(argmaxCaseArbitrary(), (c) => {
        const { model, beliefs } = buildArgmax(c);
        const brute = bruteForceArgmax(c, beliefs);
        for (let cell = 0; cell < beliefs.cells; cell++) {
          const eig = expectedInformationGain(model, beliefs, cell);
          expect(Math.abs(eig - bruteForceInformationGain(brute, cell))).toBeLessThan(1e-9);
          if (!brute.degenerate)
            expect(maxAbsDiff(predictive(model, beliefs, cell), bruteForcePredictive(brute, cell))).toBeLessThan(1e-9);
        }
      }),
    );
  });

  it("EIG >= 0 and finite for any valid input; 0 for an observed cell; beliefs restored", () => {
    fc.assert(
      fc.property(argmaxCaseArbitrary({ extreme: true }), (c) => {
        const { model, beliefs } = buildArgmax(c);
        const before = beliefs.pmf.slice();
        for (let cell = 0; cell < beliefs.cells; cell++) {
          const eig = expectedInformationGain(model, beliefs, cell);
          expect(Number.isFinite(eig)).toBe(true);
          expect(eig).toBeGreaterThanOrEqual(0);
          expect(eig).toBeLessThanOrEqual(Math.log(c.options) + 1e-12);
          if (beliefs.observed[cell] === 1) expect(eig).toBe(0);
          const pred = predictive(model, beliefs, cell);
          expect(isPmf(pred, 1e-9)).toBe(true);
        }
        expect(beliefs.pmf).toEqual(before);
      }),
    );
  });

  it("EIG = H(Y|E) - sum_v predictive(v) H(Y|E, observe c = v), and the EIG of c is 0 once observed", () => {
    fc.assert(
      fc.property(argmaxCaseArbitrary(), fc.nat(), (c, pick) => {
        const { model, beliefs } = buildArgmax(c);
        const cell = pick % beliefs.cells;
        const base = model.posterior(beliefs);
        fc.pre(!base.degenerate);
        const pred = predictive(model, beliefs, cell);
        let expected = 0;
        for (let j = 0; j < beliefs.levels; j++) {
          if (!((pred[j] as number) > 0)) continue;
          const after = observeCell(cloneBeliefs(beliefs), cell, beliefs.lo + j);
          expect(expectedInformationGain(model, after, cell)).toBe(0);
          expected += (pred[j] as number) * entropy(model.posterior(after).pmf);
        }
        expect(entropy(base.pmf) - expected).toBeCloseTo(expectedInformationGain(model, beliefs, cell), 9);
      }),
    );
  });
});

describe("claims approach hard evidence as eps -> 0 (posterior)", () => {
  it("the posterior under claims with eps -> 0 converges to the posterior under the same claims at eps = 0", () => {
    const cases = argmaxCaseArbitrary().chain((c) =>
      fc.tuple(
        fc.constant(c),
        fc.uniqueArray(
          fc.record({
            cell: fc.integer({ min: 0, max: c.options * c.attributes - 1 }),
            level: fc.integer({ min: c.lo, max: c.hi }),
          }),
          { selector: (x) => x.cell, maxLength: c.options * c.attributes },
        ),
      ),
    );
    fc.assert(
      fc.property(cases, ([c, claims]) => {
        // Full-support prior (uniform) and one claim per cell: the eps = 0 limit is continuous.
        const withEps = (eps: number): ArgmaxCase => ({
          ...c,
          prior: undefined,
          events: claims.map((x) => ({ kind: "claim" as const, cell: x.cell, level: x.level, eps })),
        });
        const hard = buildArgmax(withEps(0));
        const target = hard.model.posterior(hard.beliefs);
        fc.pre(!target.degenerate);
        let previous = Infinity;
        for (const eps of [1e-3, 1e-5, 1e-7, 1e-9]) {
          const soft = buildArgmax(withEps(eps));
          const gap = maxAbsDiff(soft.model.posterior(soft.beliefs).pmf, target.pmf);
          expect(gap).toBeLessThanOrEqual(previous + 1e-15);
          previous = gap;
        }
        expect(previous).toBeLessThan(1e-6);
      }),
    );
  });
});
