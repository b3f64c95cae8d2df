import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bootstrapCi } from "./bootstrap-ci";

describe("bootstrapCi", () => {
  it("known answer: the value is the pooled ratio and the interval contains it", () => {
    const e = bootstrapCi([1, 0, 1, 1], [1, 1, 1, 1], { seed: 1 });
    expect(e.value).toBe(0.75);
    expect(e.ci95).not.toBeNull();
    const [lo, hi] = e.ci95 as [number, number];
    expect(lo).toBeLessThanOrEqual(0.75);
    expect(hi).toBeGreaterThanOrEqual(0.75);
  });

  it("is reproducible from its seed", () => {
    const xs = Array.from({ length: 50 }, (_, i) => (i * 7) % 3);
    expect(bootstrapCi(xs, null, { seed: 5 })).toEqual(bootstrapCi(xs, null, { seed: 5 }));
  });

  it("returns nulls when nothing is eligible", () => {
    expect(bootstrapCi([], null).value).toBeNull();
    expect(bootstrapCi([0, 0], [0, 0]).ci95).toBeNull();
  });

  it("invariant: the interval lies within the range of per-episode values", () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 30 }),
        fc.integer(),
        (xs, seed) => {
          const e = bootstrapCi(xs, null, { seed, resamples: 50 });
          const [lo, hi] = e.ci95 as [number, number];
          expect(lo).toBeGreaterThanOrEqual(Math.min(...xs) - 1e-12);
          expect(hi).toBeLessThanOrEqual(Math.max(...xs) + 1e-12);
          expect(lo).toBeLessThanOrEqual(hi);
        },
      ),
      { numRuns: 30 },
    );
  });
});
