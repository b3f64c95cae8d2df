import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { wilson95 } from "./wilson95";

describe("wilson95", () => {
  it("matches published intervals", () => {
    // Wilson score intervals at z = 1.96 (Newcombe 1998, Table I: 0/10, 1/10, 5/10 rounded to 4 places).
    const [lo0, hi0] = wilson95(0, 10);
    expect(lo0).toBe(0);
    expect(hi0).toBeCloseTo(0.2775, 4);
    const [lo1, hi1] = wilson95(1, 10);
    expect(lo1).toBeCloseTo(0.0179, 4);
    expect(hi1).toBeCloseTo(0.4042, 4);
    const [lo5, hi5] = wilson95(5, 10);
    expect(lo5).toBeCloseTo(0.2366, 4);
    expect(hi5).toBeCloseTo(0.7634, 4);
    expect(wilson95(0, 0)).toEqual([0, 1]);
  });

  const counts = fc
    .integer({ min: 1, max: 10_000 })
    .chain((n) => fc.tuple(fc.integer({ min: 0, max: n }), fc.constant(n)));

  it("lies in [0, 1] and contains the observed proportion", () => {
    fc.assert(
      fc.property(counts, ([s, n]) => {
        const [lo, hi] = wilson95(s, n);
        expect(lo).toBeGreaterThanOrEqual(0);
        expect(hi).toBeLessThanOrEqual(1);
        expect(lo).toBeLessThanOrEqual(s / n + 1e-12);
        expect(hi).toBeGreaterThanOrEqual(s / n - 1e-12);
      }),
    );
  });

  it("mirrors failures and successes", () => {
    fc.assert(
      fc.property(counts, ([s, n]) => {
        const [lo, hi] = wilson95(s, n);
        const [mlo, mhi] = wilson95(n - s, n);
        expect(mlo).toBeCloseTo(1 - hi, 12);
        expect(mhi).toBeCloseTo(1 - lo, 12);
      }),
    );
  });

  it("narrows as the same proportion is seen over more trials", () => {
    fc.assert(
      fc.property(counts, fc.integer({ min: 2, max: 10 }), ([s, n], k) => {
        const [lo, hi] = wilson95(s, n);
        const [klo, khi] = wilson95(s * k, n * k);
        expect(khi - klo).toBeLessThan(hi - lo);
      }),
    );
  });
});
