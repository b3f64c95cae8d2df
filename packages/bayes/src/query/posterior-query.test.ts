import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyClaim, createBeliefs, observeCell } from "../beliefs/beliefs";
import { InvalidArgumentError } from "../errors/cosir-error";
import { expectedInformationGain, surprisal } from "../information/information";
import { argmaxScoreModel, type Aggregate } from "../models/argmax-score-model";
import type { DecisionModel } from "../models/decision-model";
import { expectField } from "../testing/expect-field";
import { answerPosteriorQuery, validatePosteriorQuery, type PosteriorQuery } from "./posterior-query";

/** Small valid queries: K, M <= 4, at most 5 levels, a score range far below the cap. */
const queryArbitrary: fc.Arbitrary<PosteriorQuery> = fc
  .record({
    K: fc.integer({ min: 1, max: 4 }),
    M: fc.integer({ min: 1, max: 4 }),
    lo: fc.integer({ min: -3, max: 3 }),
    L: fc.integer({ min: 2, max: 5 }),
    aggregate: fc.constantFrom<Aggregate>("sum", "min"),
  })
  .chain(({ K, M, lo, L, aggregate }) => {
    const hi = lo + L - 1;
    const cell = (withLevel: boolean) =>
      withLevel
        ? fc.tuple(
            fc.integer({ min: 0, max: K - 1 }),
            fc.integer({ min: 0, max: M - 1 }),
            fc.integer({ min: lo, max: hi }),
          )
        : fc.tuple(fc.integer({ min: 0, max: K - 1 }), fc.integer({ min: 0, max: M - 1 }));
    return fc.record(
      {
        task: fc.record(
          {
            options: fc.constant(K),
            attributes: fc.constant(M),
            levels: fc.constant<[number, number]>([lo, hi]),
            aggregate: fc.constant(aggregate),
            weights: fc.array(fc.integer({ min: 1, max: 5 }), { minLength: M, maxLength: M }),
            prior: fc
              .oneof(
                fc.array(fc.integer({ min: 0, max: 4 }), { minLength: L, maxLength: L }),
                fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: L, maxLength: L }),
              )
              .filter((p) => p.reduce((s, x) => s + x, 0) > 1e-3),
          },
          { requiredKeys: ["options", "attributes", "levels", "aggregate"] },
        ),
        observed: fc.array(cell(true) as fc.Arbitrary<[number, number, number]>, { maxLength: 4 }),
        claims: fc.array(cell(true) as fc.Arbitrary<[number, number, number]>, { maxLength: 4 }),
        noise: fc.double({ min: 0, max: 1, noNaN: true }),
        correct: fc.integer({ min: 0, max: K - 1 }),
        ask: fc.array(cell(false) as fc.Arbitrary<[number, number]>, { maxLength: 3 }),
      },
      { requiredKeys: ["task"] },
    );
  });

/** The answer computed directly with the evaluator's own functions (the oracle). */
function directAnswer(q: PosteriorQuery) {
  const { options: K, attributes: M, levels, aggregate, weights, prior } = q.task;
  const model = argmaxScoreModel({ options: K, attributes: M, levels, aggregate, weights });
  const b = createBeliefs({ cells: K * M, levels, prior });
  for (const [o, a, v] of q.observed ?? []) observeCell(b, o * M + a, v);
  for (const [o, a, v] of q.claims ?? []) applyClaim(b, o * M + a, v, q.noise ?? 0.01);
  const p = model.posterior(b);
  return {
    posterior: Array.from(p.pmf),
    degenerate: p.degenerate,
    ...(q.correct !== undefined ? { surprisal: surprisal(p.pmf, q.correct) } : {}),
    ...(q.ask !== undefined ? { eig: q.ask.map(([o, a]) => expectedInformationGain(model, b, o * M + a)) } : {}),
  };
}

type Json = Record<string, unknown>;
interface Corruption {
  field: string;
  apply: (q: Json) => void;
}

/** Every single-field corruption of a valid query that makes exactly that field invalid. */
function corruptions(q: PosteriorQuery): Corruption[] {
  const { options: K, attributes: M, levels } = q.task;
  const [lo, hi] = levels;
  const out: Corruption[] = [];
  const set = (field: string, path: (string | number)[], value: unknown) =>
    out.push({
      field,
      apply: (root) => {
        let at: Json = root;
        for (const p of path.slice(0, -1)) at = at[p] as Json;
        const last = path[path.length - 1] as string | number;
        if (value === undefined) delete at[last];
        else at[last] = value;
      },
    });
  const notNumbers = ["1", null, true, [], {}];
  const notIntegers = [...notNumbers, 0.5, Number.NaN];
  set("task", ["task"], undefined);
  for (const v of [null, [], "task", 3]) set("task", ["task"], v);
  set("extra", ["extra"], 1);
  set("task.extra", ["task", "extra"], 1);
  for (const [key, max] of [
    ["options", 64],
    ["attributes", 64],
  ] as const) {
    set(`task.${key}`, ["task", key], undefined);
    for (const v of [...notIntegers, 0, -1, max + 1]) set(`task.${key}`, ["task", key], v);
  }
  set("task.levels", ["task", "levels"], undefined);
  for (const v of ["1..5", {}, [lo], [lo, hi, hi + 1], [hi, lo], [lo, lo], [lo, lo + 101]])
    set("task.levels", ["task", "levels"], v);
  for (const i of [0, 1]) for (const v of notIntegers) set(`task.levels[${i}]`, ["task", "levels", i], v);
  set("task.aggregate", ["task", "aggregate"], undefined);
  for (const v of ["max", "SUM", 1, null]) set("task.aggregate", ["task", "aggregate"], v);
  for (const v of ["1", null, {}, [], Array(M + 1).fill(1), [2e6, ...Array(M - 1).fill(1)]])
    set("task.weights", ["task", "weights"], v);
  q.task.weights?.forEach((_, a) => {
    for (const v of [...notIntegers, 0, -1, 1001]) set(`task.weights[${a}]`, ["task", "weights", a], v);
  });
  for (const v of ["1", null, {}, [], Array(hi - lo + 2).fill(1), Array(hi - lo + 1).fill(0)])
    set("task.prior", ["task", "prior"], v);
  q.task.prior?.forEach((_, i) => {
    for (const v of [...notNumbers, Number.NaN, -1, Number.POSITIVE_INFINITY])
      set(`task.prior[${i}]`, ["task", "prior", i], v);
  });
  for (const [key, length] of [
    ["observed", 3],
    ["claims", 3],
    ["ask", 2],
  ] as const) {
    for (const v of ["x", null, {}, 3]) set(key, [key], v);
    const list = q[key] as number[][] | undefined;
    list?.forEach((item, i) => {
      for (const v of ["x", null, {}, item.slice(0, length - 1), [...item, 0]]) set(`${key}[${i}]`, [key, i], v);
      for (let j = 0; j < length; j++) for (const v of notIntegers) set(`${key}[${i}][${j}]`, [key, i, j], v);
      for (const v of [-1, K]) set(`${key}[${i}][0]`, [key, i, 0], v);
      for (const v of [-1, M]) set(`${key}[${i}][1]`, [key, i, 1], v);
      if (length === 3) for (const v of [lo - 1, hi + 1]) set(`${key}[${i}][2]`, [key, i, 2], v);
    });
  }
  for (const v of [...notNumbers, Number.NaN, -0.01, 1.01]) set("noise", ["noise"], v);
  for (const v of [...notIntegers, -1, K]) set("correct", ["correct"], v);
  return out;
}

describe("validatePosteriorQuery", () => {
  it("round-trips every valid query, as given and through JSON", () => {
    fc.assert(
      fc.property(queryArbitrary, (q) => {
        const copy = structuredClone(q);
        expect(validatePosteriorQuery(q)).toEqual(q);
        expect(validatePosteriorQuery(JSON.parse(JSON.stringify(q)))).toEqual(q);
        expect(q).toEqual(copy);
      }),
    );
  });

  it("refuses every single-field corruption, naming that field", () => {
    fc.assert(
      fc.property(queryArbitrary, (q) => {
        for (const corruption of corruptions(q)) {
          const bad = structuredClone(q) as unknown as Json;
          corruption.apply(bad);
          expectField(() => validatePosteriorQuery(bad), corruption.field);
          expectField(() => answerPosteriorQuery(bad), corruption.field);
        }
      }),
    );
  });

  it("refuses a query that is not an object", () => {
    for (const raw of [null, undefined, [], "query", 1]) expectField(() => validatePosteriorQuery(raw), "(query)");
  });

  it("caps the level span and the score range", () => {
    const task = { options: 2, attributes: 2, aggregate: "sum" };
    expect(() => validatePosteriorQuery({ task: { ...task, levels: [0, 100] } })).not.toThrow();
    expectField(() => validatePosteriorQuery({ task: { ...task, levels: [0, 101] } }), "task.levels");
    expectField(() => validatePosteriorQuery({ task: { ...task, levels: [1, 100000] } }), "task.levels");
    expect(() => validatePosteriorQuery({ task: { ...task, levels: [0, 100], weights: [1000, 1000] } })).not.toThrow();
    expectField(
      () => validatePosteriorQuery({ task: { ...task, levels: [0, 100], weights: [1000, 9001] } }),
      "task.weights",
    );
  });
});

describe("answerPosteriorQuery", () => {
  it("answers like direct @cosir/bayes calls", () => {
    fc.assert(
      fc.property(queryArbitrary, (q) => {
        const answer = answerPosteriorQuery(q);
        expect(answer).toEqual(directAnswer(q));
        expect(answer.posterior).toHaveLength(q.task.options);
        expect(answer.posterior.reduce((s, p) => s + p, 0)).toBeCloseTo(1, 9);
      }),
      { numRuns: 50 },
    );
  });

  it("answers hand-built queries, with surprisal and EIG", () => {
    const m = argmaxScoreModel({ options: 3, attributes: 4, levels: [1, 5], aggregate: "sum" });
    const b = createBeliefs({ cells: 12, levels: [1, 5] });
    observeCell(b, 0, 5);
    observeCell(b, 4, 2);
    applyClaim(b, 9, 4, 0.01);
    const p = m.posterior(b);
    const first = answerPosteriorQuery({
      task: { options: 3, attributes: 4, levels: [1, 5], aggregate: "sum" },
      observed: [
        [0, 0, 5],
        [1, 0, 2],
      ],
      claims: [[2, 1, 4]],
      correct: 0,
      ask: [
        [2, 2],
        [0, 0],
      ],
    });
    expect(first.posterior).toEqual(Array.from(p.pmf));
    expect(first.surprisal).toBe(surprisal(p.pmf, 0));
    expect(first.eig).toEqual([expectedInformationGain(m, b, 10), 0]);
    const tied = answerPosteriorQuery({
      task: { options: 2, attributes: 2, levels: [0, 1], aggregate: "min" },
      observed: [
        [0, 0, 1],
        [0, 1, 1],
        [1, 0, 1],
        [1, 1, 1],
      ],
    });
    expect(tied).toEqual({ posterior: [0.5, 0.5], degenerate: true });
    // Two contradictory hard claims: the later wins, no NaN.
    const contradicted = answerPosteriorQuery({
      task: { options: 2, attributes: 3, levels: [1, 3], aggregate: "sum", weights: [3, 1, 2], prior: [0.2, 0.3, 0.5] },
      noise: 0,
      claims: [
        [0, 0, 3],
        [0, 0, 1],
      ],
    });
    expect(contradicted.posterior.every((x) => Number.isFinite(x))).toBe(true);
    expect(
      answerPosteriorQuery({ task: { options: 2, attributes: 2, levels: [1, 5], aggregate: "sum" }, correct: 0 })
        .posterior,
    ).toEqual([0.5, 0.5]);
  });

  it("names the field of a bad query", () => {
    const task = { options: 2, attributes: 2, levels: [1, 5], aggregate: "sum" };
    const cases: [unknown, string][] = [
      [{ task: { ...task, aggregate: "max" } }, "task.aggregate"],
      [{ task, observed: [[5, 0, 1]] }, "observed[0][0]"],
      [
        {
          task,
          claims: [
            [0, 0, 3],
            [1, 1, 3],
            [0, 2, 3],
          ],
        },
        "claims[2][1]",
      ],
      [{ task: { ...task, weights: [1] } }, "task.weights"],
      [{ task: { ...task, levels: [1, 100000] } }, "task.levels"],
    ];
    for (const [query, field] of cases) {
      expectField(() => answerPosteriorQuery(query), field);
      expect(() => answerPosteriorQuery(query)).toThrow(InvalidArgumentError);
    }
  });

  it("reuses one decision model per task shape through the cache", () => {
    const cache = new Map<string, DecisionModel>();
    const task = { options: 2, attributes: 2, levels: [1, 3], aggregate: "sum" };
    answerPosteriorQuery({ task }, cache);
    answerPosteriorQuery({ task, observed: [[0, 0, 3]] }, cache);
    expect(cache.size).toBe(1);
    answerPosteriorQuery({ task: { ...task, aggregate: "min" } }, cache);
    expect(cache.size).toBe(2);
  });
});
