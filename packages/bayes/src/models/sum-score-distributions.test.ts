import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bruteRowPmf } from "../testing/brute-row-pmf";
import { scoreScratch } from "./score-scratch";
import { sumScoreDistributions } from "./sum-score-distributions";

/** A random cell pmf over L levels with some zero ends (point masses included). */
function cellPmf(L: number): fc.Arbitrary<number[]> {
  return fc
    .tuple(fc.array(fc.integer({ min: 0, max: 9 }), { minLength: L, maxLength: L }), fc.nat(L - 1), fc.nat(L - 1))
    .map(([raw, a, b]) => {
      const [from, to] = a <= b ? [a, b] : [b, a];
      const w = raw.map((x, j) => (j < from || j > to ? 0 : x + 1));
      const total = w.reduce((s, x) => s + x, 0);
      return w.map((x) => x / total);
    });
}

/** The score pmf of one option by direct enumeration of every row of levels (the oracle). */
const bruteScorePmf = (cells: number[][], weights: number[], U: number): number[] =>
  bruteRowPmf(cells, U, 0, (score, level, cell) => score + weights[cell]! * level);

const caseArb = fc
  .record({
    K: fc.integer({ min: 1, max: 3 }),
    M: fc.integer({ min: 1, max: 3 }),
    L: fc.integer({ min: 2, max: 5 }),
  })
  .chain(({ K, M, L }) =>
    fc.record({
      K: fc.constant(K),
      M: fc.constant(M),
      L: fc.constant(L),
      weights: fc.array(fc.integer({ min: 1, max: 3 }), { minLength: M, maxLength: M }),
      cells: fc.array(cellPmf(L), { minLength: K * M, maxLength: K * M }),
    }),
  );

describe("sumScoreDistributions", () => {
  it("gives each option's weighted-sum score pmf (brute-force enumeration), zero outside [start, end)", () => {
    fc.assert(
      fc.property(caseArb, caseArb, ({ K, M, L, weights, cells }, second) => {
        const scratch = scoreScratch(K, M, L, "sum", Int32Array.from(weights));
        const run = (cs: number[][]) => {
          sumScoreDistributions(Float64Array.from(cs.flat()), scratch);
          for (let k = 0; k < K; k++) {
            const want = bruteScorePmf(cs.slice(k * M, (k + 1) * M), weights, scratch.U);
            const got = Array.from(scratch.dist.subarray(k * scratch.U, (k + 1) * scratch.U));
            got.forEach((p, u) => expect(Math.abs(p - want[u]!)).toBeLessThan(1e-12));
            const [s, e] = [scratch.start[k]!, scratch.end[k]!];
            got.forEach((p, u) => {
              if (u < s || u >= e) expect(p).toBe(0);
            });
            expect(want[s]).toBeGreaterThan(0);
            expect(want[e - 1]).toBeGreaterThan(0);
          }
        };
        run(cells);
        // reusing the scratch for other beliefs of the same shape leaves nothing of the first call behind
        if (second.K === K && second.M === M && second.L === L) run(second.cells);
        run(cells.map((c) => [...c].reverse()));
      }),
      { numRuns: 200 },
    );
  });

  it("puts an observed row's score as a point mass", () => {
    const scratch = scoreScratch(1, 2, 3, "sum", Int32Array.from([2, 1]));
    sumScoreDistributions(Float64Array.from([0, 0, 1, 0, 1, 0]), scratch);
    expect(Array.from(scratch.dist)).toEqual([0, 0, 0, 0, 0, 1, 0]);
    expect([scratch.start[0], scratch.end[0]]).toEqual([5, 6]);
  });
});
