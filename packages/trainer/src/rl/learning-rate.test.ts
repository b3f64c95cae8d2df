import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { learningRateAt } from "./learning-rate";

const base = { learningRate: 1e-3, minLearningRate: 1e-4, warmupIterations: 4, iterations: 20 };

describe("learningRateAt", () => {
  it("warms up linearly, then decays to the floor", () => {
    expect(learningRateAt(0, { ...base, decay: "cosine" })).toBeCloseTo(2.5e-4, 12);
    expect(learningRateAt(3, { ...base, decay: "cosine" })).toBeCloseTo(1e-3, 12);
    expect(learningRateAt(4, { ...base, decay: "cosine" })).toBeCloseTo(1e-3, 12);
    expect(learningRateAt(20, { ...base, decay: "cosine" })).toBeCloseTo(1e-4, 12);
    expect(learningRateAt(12, { ...base, decay: "linear" })).toBeCloseTo(5.5e-4, 12);
    expect(learningRateAt(15, { ...base, decay: "none" })).toBe(1e-3);
  });

  it("stays within [floor, peak] and never increases after warm-up", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 4, max: 40 }),
        fc.constantFrom("cosine" as const, "linear" as const),
        (i, decay) => {
          const s = { ...base, decay };
          const now = learningRateAt(i, s);
          expect(now).toBeLessThanOrEqual(1e-3 + 1e-15);
          expect(now).toBeGreaterThanOrEqual(1e-4 - 1e-15);
          expect(learningRateAt(i + 1, s)).toBeLessThanOrEqual(now + 1e-15);
        },
      ),
    );
  });
});
