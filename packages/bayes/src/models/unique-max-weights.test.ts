import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { scoreScratch } from "./score-scratch";
import { uniqueMaxWeights } from "./unique-max-weights";

/** q(k) = P(option k alone has the highest score), by enumerating every joint score (the oracle). */
function bruteUniqueMax(dists: number[][]): number[] {
  const q = new Array<number>(dists.length).fill(0);
  const visit = (k: number, scores: number[], p: number): void => {
    if (k === dists.length) {
      const top = Math.max(...scores);
      const winners = scores.flatMap((s, j) => (s === top ? [j] : []));
      if (winners.length === 1) q[winners[0]!] = (q[winners[0]!] as number) + p;
      return;
    }
    dists[k]!.forEach((pu, u) => {
      if (pu > 0) visit(k + 1, [...scores, u], p * pu);
    });
  };
  visit(0, [], 1);
  return q;
}

describe("uniqueMaxWeights", () => {
  it("equals the brute-force probability that each option alone has the highest score", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 4 }).chain((K) =>
          fc.array(
            fc
              .tuple(fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 5, maxLength: 5 }), fc.nat(4))
              .map(([w, at]) => {
                const v = w.every((x) => x === 0) ? w.map((_, u) => (u === at ? 1 : 0)) : w;
                const total = v.reduce((s, x) => s + x, 0);
                return v.map((x) => x / total);
              }),
            { minLength: K, maxLength: K },
          ),
        ),
        (dists) => {
          const K = dists.length;
          // min over one attribute of 5 levels: U = 5
          const scratch = scoreScratch(K, 1, 5, "min", Int32Array.from([1]));
          dists.forEach((d, k) => {
            scratch.dist.set(d, k * 5);
            let s = 0;
            while (d[s] === 0) s++;
            let e = 5;
            while (d[e - 1] === 0) e--;
            scratch.start[k] = s;
            scratch.end[k] = e;
          });
          const q = uniqueMaxWeights(scratch);
          expect(q).toBe(scratch.q);
          bruteUniqueMax(dists).forEach((want, k) => expect(Math.abs(q[k]! - want)).toBeLessThan(1e-12));
        },
      ),
      { numRuns: 200 },
    );
  });

  it("gives zero to every option when two point masses tie at the top", () => {
    const scratch = scoreScratch(2, 1, 2, "min", Int32Array.from([1]));
    scratch.dist.set([0, 1, 0, 1]);
    scratch.start.set([1, 1]);
    scratch.end.set([2, 2]);
    expect(Array.from(uniqueMaxWeights(scratch))).toEqual([0, 0]);
  });
});
