import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bruteRowPmf } from "../testing/brute-row-pmf";
import { minScoreDistributions } from "./min-score-distributions";
import { scoreScratch } from "./score-scratch";

/** P(min = v) by enumeration of every row (the oracle). */
const bruteMinPmf = (cells: number[][], L: number): number[] =>
  bruteRowPmf(cells, L, L - 1, (low, level) => Math.min(low, level));

const pmfArb = (L: number) =>
  fc.array(fc.integer({ min: 0, max: 5 }), { minLength: L, maxLength: L }).map((w) => {
    const v = w.map((x, j) => (j === 0 && w.every((y) => y === 0) ? 1 : x));
    const total = v.reduce((s, x) => s + x, 0);
    return v.map((x) => x / total);
  });

describe("minScoreDistributions", () => {
  it("gives each option's min-of-row pmf (brute-force enumeration), with its support in [start, end)", () => {
    fc.assert(
      fc.property(
        fc
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
              cells: fc.array(pmfArb(L), { minLength: K * M, maxLength: K * M }),
            }),
          ),
        ({ K, M, L, cells }) => {
          const scratch = scoreScratch(K, M, L, "min", new Int32Array(M).fill(1));
          minScoreDistributions(Float64Array.from(cells.flat()), scratch);
          for (let k = 0; k < K; k++) {
            const want = bruteMinPmf(cells.slice(k * M, (k + 1) * M), L);
            for (let v = 0; v < L; v++) expect(Math.abs(scratch.dist[k * L + v]! - want[v]!)).toBeLessThan(1e-12);
            const [s, e] = [scratch.start[k]!, scratch.end[k]!];
            for (let v = 0; v < L; v++) if (v < s || v >= e) expect(want[v]).toBe(0);
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it("keeps a level whose probability is below the rounding of 1", () => {
    const scratch = scoreScratch(1, 2, 2, "min", Int32Array.from([1, 1]));
    minScoreDistributions(Float64Array.from([1e-20, 1 - 1e-20, 0, 1]), scratch);
    expect(scratch.dist[0]).toBe(1e-20);
    expect([scratch.start[0], scratch.end[0]]).toEqual([0, 2]);
  });
});
