import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createBeliefs } from "../beliefs/beliefs";
import { expectedInformationGain } from "../information/information";
import { argmaxScoreModel } from "../models/argmax-score-model";
import { multipleChoiceTotalModel } from "../models/multiple-choice-total-model";
import { answerPosteriorQuery } from "../query/posterior-query";
import { posteriorQueryCost } from "../query/posterior-query-cost";
import { BudgetExceededError } from "./budget-exceeded-error";
import { checkComputeBudget, DEFAULT_COMPUTE_BUDGET } from "./check-compute-budget";
import { posteriorCost } from "./posterior-cost";

const shape = fc.record({
  options: fc.integer({ min: 1, max: 64 }),
  attributes: fc.integer({ min: 1, max: 64 }),
  lo: fc.integer({ min: -5, max: 5 }),
  span: fc.integer({ min: 1, max: 100 }),
  weight: fc.integer({ min: 1, max: 1000 }),
});

describe("posteriorCost", () => {
  it("counts the steps of a tiny sum model by hand (known answer)", () => {
    // 1 option, 1 attribute, 2 levels: convolution L((L-1)W+1) = 2 * 2 = 4, sweep 2U = 4, beliefs K M L = 2.
    expect(posteriorCost({ kind: "argmax", options: 1, attributes: 1, levels: [0, 1], aggregate: "sum" })).toBe(10);
    // Two attributes of weights 1 and 3 over 3 levels: 3 (2*1+1) + 3 (2*4+1) = 36, sweep 2 (2*4+1) = 18, beliefs 6.
    expect(
      posteriorCost({ kind: "argmax", options: 1, attributes: 2, levels: [1, 3], aggregate: "sum", weights: [1, 3] }),
    ).toBe(60);
    expect(posteriorCost({ kind: "total", quantities: 1, levels: [0, 1], candidates: 2 })).toBe(4 + 2 + 2);
  });

  it("grows with options (linearly), weights and levels (relation)", () => {
    fc.assert(
      fc.property(shape, ({ options, attributes, lo, span, weight }) => {
        const base = {
          kind: "argmax" as const,
          options,
          attributes,
          levels: [lo, lo + span] as const,
          aggregate: "sum" as const,
        };
        const w = Array(attributes).fill(weight);
        const c = posteriorCost({ ...base, weights: w });
        expect(posteriorCost({ ...base, options: 2 * options, weights: w })).toBe(2 * c);
        expect(posteriorCost({ ...base, weights: w.map((x) => x + 1) })).toBeGreaterThan(c);
        expect(posteriorCost({ ...base, levels: [lo, lo + span + 1], weights: w })).toBeGreaterThan(c);
        expect(posteriorCost({ ...base, aggregate: "min" })).toBeLessThanOrEqual(posteriorCost(base));
      }),
    );
  });

  it("is what the models report as their cost", () => {
    const model = argmaxScoreModel({ options: 3, attributes: 2, levels: [1, 5], aggregate: "sum", weights: [2, 5] });
    expect(model.cost).toBe(
      posteriorCost({ kind: "argmax", options: 3, attributes: 2, levels: [1, 5], aggregate: "sum", weights: [2, 5] }),
    );
    const total = multipleChoiceTotalModel({ quantities: 3, levels: [0, 9], candidates: [1, 2, 3] });
    expect(total.cost).toBe(posteriorCost({ kind: "total", quantities: 3, levels: [0, 9], candidates: 3 }));
  });
});

describe("compute budget", () => {
  it("refuses a query past the budget before any work, naming the input and the estimate", () => {
    // The 64 x 64 task over levels 0..15 with weights 1000 that ran past 120 s and 475 MB.
    const query = {
      task: { options: 64, attributes: 64, levels: [0, 15], aggregate: "sum", weights: Array(64).fill(15) },
    };
    let caught: unknown;
    try {
      answerPosteriorQuery(query);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(BudgetExceededError);
    const e = caught as BudgetExceededError;
    expect(e.code).toBe("over_budget");
    expect(e.field).toBe("task");
    expect(e.budget).toBe(DEFAULT_COMPUTE_BUDGET);
    expect(e.estimate).toBeGreaterThan(DEFAULT_COMPUTE_BUDGET);
    expect(e.message).toMatch(/^task: the posterior is estimated at [\d.e+]+ cost units, over the budget of 2\.00e\+8/);
  });

  it("names `ask` when the information gains push a query over, and takes a budget option", () => {
    const query = {
      task: { options: 4, attributes: 4, levels: [0, 100], aggregate: "sum" },
      ask: [
        [0, 0],
        [1, 1],
      ],
    };
    const estimate = posteriorQueryCost(query as Parameters<typeof posteriorQueryCost>[0]);
    expect(() => answerPosteriorQuery(query, undefined, { budget: estimate - 1 })).toThrow(
      /^ask: the posterior and 2 information gains/,
    );
    expect(answerPosteriorQuery(query, undefined, { budget: estimate }).eig).toHaveLength(2);
    expect(answerPosteriorQuery(query, undefined, { budget: Number.POSITIVE_INFINITY }).eig).toHaveLength(2);
  });

  it("checks an information gain only when given a budget", () => {
    const model = argmaxScoreModel({ options: 3, attributes: 3, levels: [1, 5], aggregate: "sum" });
    const beliefs = createBeliefs({ cells: 9, levels: [1, 5] });
    const gain = expectedInformationGain(model, beliefs, 0);
    expect(expectedInformationGain(model, beliefs, 0, { budget: 6 * (model.cost as number) })).toBe(gain);
    expect(() => expectedInformationGain(model, beliefs, 0, { budget: 5 * (model.cost as number) })).toThrow(
      BudgetExceededError,
    );
  });

  it("refuses a budget that is not a positive number", () => {
    expect(() => checkComputeBudget("task", 1, Number.NaN, "x")).toThrow(/^budget: /);
    expect(() => checkComputeBudget("task", 1, 0, "x")).toThrow(/^budget: /);
    expect(() => checkComputeBudget("task", 1, 1, "x")).not.toThrow();
  });
});
