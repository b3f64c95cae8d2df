import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { BenchmarkRun } from "../benchmark/run-benchmark";
import { benchSummary } from "./bench-summary";
import { heldOutSumBootstrap } from "./held-out-sum-bootstrap";

const run = (benchmark: string, policy: string, correct: readonly boolean[], heldout = true): BenchmarkRun => ({
  benchmark,
  benchmarkVersion: "1",
  tags: heldout ? ["heldout"] : ["solo"],
  policy,
  seed: 1,
  n: correct.length,
  scores: correct.map((c) => ({ score: c ? 1 : 0, correct: c })),
  results: [],
  accuracy: {
    value: correct.filter(Boolean).length / correct.length,
    ci95: null,
    episodes: correct.length,
    eligible: correct.length,
  },
  behaviour: null,
});

const outcomes = (n: number) => fc.array(fc.boolean(), { minLength: n, maxLength: n });
// two policies on the same instances of 1..4 families, 1..30 episodes each
const paired = fc
  .tuple(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 30 }))
  .chain(([families, n]) => fc.array(fc.tuple(outcomes(n), outcomes(n)), { minLength: families, maxLength: families }));
const runsOf = (families: readonly (readonly [boolean[], boolean[]])[]) =>
  families.flatMap(([a, b], i) => [run(`fam${i}`, "a", a), run(`fam${i}`, "b", b)]);

describe("heldOutSumBootstrap", () => {
  it("sums what benchSummary sums, and its interval holds the sum; the paired difference is the difference of sums", () => {
    fc.assert(
      fc.property(paired, fc.integer({ min: 0, max: 1000 }), (families, seed) => {
        const runs = [
          ...runsOf(families),
          run("solo", "a", [true, false], false),
          run("solo", "b", [false, false], false),
        ];
        const summary = benchSummary(runs);
        const a = heldOutSumBootstrap(runs, "a", undefined, { seed, resamples: 200 });
        const b = heldOutSumBootstrap(runs, "b", undefined, { seed, resamples: 200 });
        expect(a.value).toBeCloseTo(summary.heldOutSum.a as number, 12);
        expect(b.value).toBeCloseTo(summary.heldOutSum.b as number, 12);
        expect(a.families).toEqual(families.map((_, i) => `fam${i}`));
        expect(a.ci95[0]).toBeLessThanOrEqual(a.value + 1e-12);
        expect(a.ci95[1]).toBeGreaterThanOrEqual(a.value - 1e-12);
        const d = heldOutSumBootstrap(runs, "a", "b", { seed, resamples: 200 });
        expect(d.value).toBeCloseTo(a.value - b.value, 12);
        expect(d.ci95[0]).toBeLessThanOrEqual(d.value + 1e-12);
        expect(d.ci95[1]).toBeGreaterThanOrEqual(d.value - 1e-12);
        // a policy against itself: every resample differs by exactly 0
        expect(heldOutSumBootstrap(runs, "a", "a", { seed, resamples: 50 }).ci95).toEqual([0, 0]);
      }),
      { numRuns: 60 },
    );
  });

  it("agrees with the normal approximation of the stratified sum's spread on large families (the oracle)", () => {
    // three families of 400 episodes with accuracies 0.2, 0.5, 0.9: the sum's sd is sqrt(sum p(1-p)/n)
    const ps = [0.2, 0.5, 0.9];
    const n = 400;
    const runs = ps.map((p, i) =>
      run(
        `f${i}`,
        "x",
        Array.from({ length: n }, (_, k) => k < p * n),
      ),
    );
    const est = heldOutSumBootstrap(runs, "x", undefined, { seed: 3, resamples: 4000 });
    const sd = Math.sqrt(ps.reduce((s, p) => s + (p * (1 - p)) / n, 0));
    expect(est.value).toBeCloseTo(1.6, 12);
    const half = (est.ci95[1] - est.ci95[0]) / 2;
    expect(half / (1.96 * sd)).toBeGreaterThan(0.93);
    expect(half / (1.96 * sd)).toBeLessThan(1.07);
    expect((est.ci95[0] + est.ci95[1]) / 2).toBeCloseTo(1.6, 1);
  });

  it("pairs the instances: two policies that differ on a few episodes have a narrow difference, though each sum is wide", () => {
    const n = 200;
    const base = Array.from({ length: n }, (_, k) => (k * 7919) % 3 === 0);
    // b wins 6 more episodes of each of three families than a
    const better = base.map((c, k) => c || k < 18);
    const runs = [0, 1, 2].flatMap((i) => [run(`f${i}`, "a", base), run(`f${i}`, "b", better)]);
    const extra = better.filter(Boolean).length - base.filter(Boolean).length;
    const d = heldOutSumBootstrap(runs, "b", "a", { seed: 1, resamples: 2000 });
    expect(d.value).toBeCloseTo((3 * extra) / n, 12);
    expect(d.ci95[0]).toBeGreaterThan(0);
    const a = heldOutSumBootstrap(runs, "a", undefined, { seed: 1, resamples: 2000 });
    // unpaired, the two sums' intervals overlap: pairing is what orders them
    const b = heldOutSumBootstrap(runs, "b", undefined, { seed: 1, resamples: 2000 });
    expect(b.ci95[0]).toBeLessThan(a.ci95[1]);
    expect(d.ci95[1] - d.ci95[0]).toBeLessThan((a.ci95[1] - a.ci95[0]) / 2);
  });

  it("is seeded: the same seed the same interval, another seed another", () => {
    const runs = [run("f0", "x", [true, false, true, false, false, true, true]), run("f1", "x", [false, true, true])];
    const one = heldOutSumBootstrap(runs, "x", undefined, { seed: "s" });
    expect(heldOutSumBootstrap(runs, "x", undefined, { seed: "s" })).toEqual(one);
    expect(heldOutSumBootstrap(runs, "x", undefined, { seed: "t" }).ci95).not.toEqual(one.ci95);
  });

  it("refuses what it cannot pair or sum, naming the field and value", () => {
    const runs = [run("f0", "a", [true, false]), run("f0", "b", [true]), run("f1", "a", [true])];
    expect(() => heldOutSumBootstrap(runs, "a", "b")).toThrow(/runs.*0 runs of f1 x b/);
    expect(() => heldOutSumBootstrap([run("f0", "a", [true, false]), run("f0", "b", [true])], "a", "b")).toThrow(
      /runs: .*same n.*f0: 2 episodes of a, 1 of b/,
    );
    expect(() => heldOutSumBootstrap(runs, "nobody")).toThrow(/policy.*nobody/);
    expect(() => heldOutSumBootstrap([...runs, run("f0", "a", [false])], "a")).toThrow(/2 runs of f0 x a/);
    expect(() => heldOutSumBootstrap(runs, "a", undefined, { resamples: 0 })).toThrow(/resamples.*0/);
  });
});
