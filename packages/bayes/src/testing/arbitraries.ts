// Test-only fast-check arbitraries for small tables (not exported from index.ts).
import fc from "fast-check";
import { applyClaim, createBeliefs, observeCell, type Beliefs } from "../beliefs/beliefs";
import { argmaxScoreModel, type Aggregate } from "../models/argmax-score-model";
import { multipleChoiceTotalModel } from "../models/multiple-choice-total-model";
import type { DecisionModel } from "../models/decision-model";

/** One piece of evidence, applied in order. `set` writes a raw pmf (normalised) into an unobserved cell. */
export type EvidenceEvent =
  | { kind: "observe"; cell: number; level: number }
  | { kind: "claim"; cell: number; level: number; eps: number }
  | { kind: "set"; cell: number; weights: number[] };

/**
 * `extreme` admits every valid input (eps down to Number.MIN_VALUE, subnormal prior weights): for
 * finiteness properties. Without it, probabilities stay far enough above the subnormal range that
 * two exact methods can agree to 1e-9 (conditioning on an event of mass ~1e-320 is all rounding).
 */
export interface Range {
  extreme?: boolean;
}

/** eps values a caller may pass: hard evidence, the default, the ends of [0, 1], and anything between. */
export function epsArbitrary({ extreme = false }: Range = {}): fc.Arbitrary<number> {
  return extreme
    ? fc.oneof(
        fc.constantFrom(0, 0.01, 0.1, 0.5, 1, 1e-300, Number.MIN_VALUE),
        fc.double({ min: 0, max: 1, noNaN: true }),
      )
    : fc.oneof(fc.constantFrom(0, 0.01, 0.1, 0.5, 1), fc.double({ min: 1e-6, max: 1, noNaN: true }));
}

function weightArbitrary({ extreme = false }: Range): fc.Arbitrary<number> {
  const d = fc.double({ min: 0, max: 1, noNaN: true });
  return extreme ? d : d.map((x) => (x < 1e-6 ? 0 : x));
}

export function priorArbitrary(levels: number, range: Range = {}): fc.Arbitrary<number[] | undefined> {
  return fc.option(
    fc
      .oneof(
        fc.array(fc.integer({ min: 0, max: 4 }), { minLength: levels, maxLength: levels }),
        fc.array(weightArbitrary(range), { minLength: levels, maxLength: levels }),
      )
      .filter((p) => p.reduce((a, b) => a + b, 0) > 0),
    { nil: undefined },
  );
}

export function eventsArbitrary(
  cells: number,
  lo: number,
  hi: number,
  maxLength = 12,
  range: Range = {},
): fc.Arbitrary<EvidenceEvent[]> {
  const cell = fc.integer({ min: 0, max: cells - 1 });
  const level = fc.integer({ min: lo, max: hi });
  const L = hi - lo + 1;
  return fc.array(
    fc.oneof(
      fc.record({ kind: fc.constant("observe" as const), cell, level }),
      fc.record({ kind: fc.constant("claim" as const), cell, level, eps: epsArbitrary(range) }),
      fc.record({
        kind: fc.constant("set" as const),
        cell,
        weights: fc
          .array(fc.integer({ min: 0, max: 3 }), { minLength: L, maxLength: L })
          .filter((w) => w.some((x) => x > 0)),
      }),
    ),
    { maxLength },
  );
}

export function applyEvents(beliefs: Beliefs, events: readonly EvidenceEvent[]): Beliefs {
  const L = beliefs.levels;
  for (const e of events) {
    if (e.kind === "observe") observeCell(beliefs, e.cell, e.level);
    else if (e.kind === "claim") applyClaim(beliefs, e.cell, e.level, e.eps);
    else if (beliefs.observed[e.cell] !== 1) {
      const total = e.weights.reduce((a, b) => a + b, 0);
      for (let j = 0; j < L; j++) beliefs.pmf[e.cell * L + j] = (e.weights[j] as number) / total;
    }
  }
  return beliefs;
}

export interface ArgmaxCase {
  options: number;
  attributes: number;
  lo: number;
  hi: number;
  aggregate: Aggregate;
  weights: number[];
  prior: number[] | undefined;
  events: EvidenceEvent[];
}

/** Small argmax tables: K <= 3, M <= 3, at most 4 levels lo..hi (lo may be negative). */
export function argmaxCaseArbitrary(
  limits: { maxOptions?: number; maxAttributes?: number; maxLevels?: number; aggregate?: Aggregate } & Range = {},
): fc.Arbitrary<ArgmaxCase> {
  const { maxOptions = 3, maxAttributes = 3, maxLevels = 4 } = limits;
  return fc
    .record({
      options: fc.integer({ min: 1, max: maxOptions }),
      attributes: fc.integer({ min: 1, max: maxAttributes }),
      lo: fc.integer({ min: -3, max: 3 }),
      levels: fc.integer({ min: 2, max: maxLevels }),
      aggregate:
        limits.aggregate === undefined ? fc.constantFrom<Aggregate>("sum", "min") : fc.constant(limits.aggregate),
    })
    .chain(({ options, attributes, lo, levels, aggregate }) =>
      fc.record({
        options: fc.constant(options),
        attributes: fc.constant(attributes),
        lo: fc.constant(lo),
        hi: fc.constant(lo + levels - 1),
        aggregate: fc.constant(aggregate),
        weights: fc.array(fc.integer({ min: 1, max: 4 }), { minLength: attributes, maxLength: attributes }),
        prior: priorArbitrary(levels, limits),
        events: eventsArbitrary(options * attributes, lo, lo + levels - 1, 12, limits),
      }),
    );
}

export function buildArgmax(c: ArgmaxCase): { model: DecisionModel; beliefs: Beliefs } {
  const model = argmaxScoreModel({
    options: c.options,
    attributes: c.attributes,
    levels: [c.lo, c.hi],
    aggregate: c.aggregate,
    weights: c.weights,
  });
  const beliefs = createBeliefs({ cells: c.options * c.attributes, levels: [c.lo, c.hi], prior: c.prior });
  applyEvents(beliefs, c.events);
  return { model, beliefs };
}

export interface TotalCase {
  quantities: number;
  lo: number;
  hi: number;
  weights: number[];
  candidates: number[];
  prior: number[] | undefined;
  events: EvidenceEvent[];
}

/** Small multiple-choice totals: up to 5 quantities, up to 4 levels, 2..4 candidates around the reachable totals. */
export function totalCaseArbitrary(range: Range = {}): fc.Arbitrary<TotalCase> {
  return fc
    .record({
      quantities: fc.integer({ min: 1, max: 5 }),
      lo: fc.integer({ min: -3, max: 3 }),
      levels: fc.integer({ min: 2, max: 4 }),
      weights: fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 5, maxLength: 5 }),
    })
    .chain(({ quantities, lo, levels, weights }) => {
      const w = weights.slice(0, quantities);
      const ws = w.reduce((a, b) => a + b, 0);
      const hi = lo + levels - 1;
      return fc.record({
        quantities: fc.constant(quantities),
        lo: fc.constant(lo),
        hi: fc.constant(hi),
        weights: fc.constant(w),
        candidates: fc.uniqueArray(fc.integer({ min: lo * ws - 1, max: hi * ws + 1 }), { minLength: 2, maxLength: 4 }),
        prior: priorArbitrary(levels, range),
        events: eventsArbitrary(quantities, lo, hi, 8, range),
      });
    });
}

export function buildTotal(c: TotalCase): { model: DecisionModel; beliefs: Beliefs } {
  const model = multipleChoiceTotalModel({
    quantities: c.quantities,
    levels: [c.lo, c.hi],
    candidates: c.candidates,
    weights: c.weights,
  });
  const beliefs = createBeliefs({ cells: c.quantities, levels: [c.lo, c.hi], prior: c.prior });
  applyEvents(beliefs, c.events);
  return { model, beliefs };
}

/** Every entry finite, in [0, 1], summing to 1 within tol. */
export function isPmf(p: ArrayLike<number>, tol = 1e-12): boolean {
  let total = 0;
  for (let i = 0; i < p.length; i++) {
    const x = p[i] as number;
    if (!Number.isFinite(x) || x < 0 || x > 1 + tol) return false;
    total += x;
  }
  return Math.abs(total - 1) <= tol;
}

export function maxAbsDiff(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length) return Infinity;
  let d = 0;
  for (let i = 0; i < a.length; i++) d = Math.max(d, Math.abs((a[i] as number) - (b[i] as number)));
  return d;
}
