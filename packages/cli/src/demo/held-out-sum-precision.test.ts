import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { heldOutSumHalfWidth, heldOutSumNote } from "./held-out-sum-precision";

/** The oracle: the exact normal half-width of a sum of independent proportions with the given accuracies. */
function exactHalfWidth(accuracies: number[], episodes: number): number {
  return 1.96 * Math.sqrt(accuracies.reduce((v, p) => v + (p * (1 - p)) / episodes, 0));
}

describe("heldOutSumHalfWidth", () => {
  it("bounds the exact half-width for any accuracies, and equals it when every accuracy is 1/2", () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 12 }),
        fc.integer({ min: 1, max: 5000 }),
        (accuracies, episodes) => {
          const bound = heldOutSumHalfWidth(episodes, accuracies.length);
          expect(bound).toBeGreaterThanOrEqual(exactHalfWidth(accuracies, episodes) - 1e-12);
          const halves = accuracies.map(() => 0.5);
          expect(bound).toBeCloseTo(exactHalfWidth(halves, episodes), 12);
        },
      ),
    );
  });

  it("shrinks as episodes grow: four times the episodes halve it", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2000 }), fc.integer({ min: 1, max: 10 }), (n, k) => {
        expect(heldOutSumHalfWidth(4 * n, k)).toBeCloseTo(heldOutSumHalfWidth(n, k) / 2, 12);
        expect(heldOutSumHalfWidth(n + 1, k)).toBeLessThan(heldOutSumHalfWidth(n, k));
      }),
    );
  });

  it("refuses a count that is not a positive integer, naming it", () => {
    expect(() => heldOutSumHalfWidth(0, 7)).toThrow(/episodes/);
    expect(() => heldOutSumHalfWidth(20, 1.5)).toThrow(/families/);
  });
});

describe("heldOutSumNote", () => {
  it("says plainly that 20 episodes a family cannot order the arms, and that 200 can", () => {
    expect(heldOutSumNote(20, 7)).toMatch(/\+-0\.58 on the sum of 7: too wide to order.*\+-0\.18/);
    expect(heldOutSumNote(200, 7)).toMatch(/\+-0\.18 on the sum of 7: enough to order/);
  });
});
