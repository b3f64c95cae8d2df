import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { computeAdvantages, rewardToGo } from "./advantages";

describe("rewardToGo", () => {
  it("sums the rewards from each turn on, discounted", () => {
    expect(rewardToGo([1, 0, 2], 1)).toEqual([3, 2, 2]);
    expect(rewardToGo([1, 0, 2], 0.5)).toEqual([1.5, 1, 2]);
    expect(rewardToGo([], 1)).toEqual([]);
  });
});

describe("computeAdvantages", () => {
  it("matches a hand-worked group", () => {
    // returns G_0: 2 and 0 -> mean 1, population std 1.
    const a = computeAdvantages([
      { group: "t0/seat0", rewards: [1, 0, 1] },
      { group: "t0/seat0", rewards: [0, 0, 0] },
    ]);
    expect(a).toEqual([
      [1, 0, 0],
      [-1, -1, -1],
    ]);
    const m = computeAdvantages(
      [
        { group: "g", rewards: [1, 0, 3] },
        { group: "g", rewards: [0, 0, 0] },
      ],
      { meanOnly: true },
    );
    // returns 4 and 0 -> mean 2: G = [4, 3, 3] - 2 and [0, 0, 0] - 2.
    expect(m).toEqual([
      [2, 1, 1],
      [-2, -2, -2],
    ]);
  });

  it("keeps groups apart and zeroes a group whose returns all agree", () => {
    const a = computeAdvantages([
      { group: "a", rewards: [1, 1] },
      { group: "b", rewards: [5] },
      { group: "a", rewards: [1, 1] },
      { group: "b", rewards: [1] },
    ]);
    expect(a[0]).toEqual([0, 0]);
    expect(a[2]).toEqual([0, 0]);
    expect(a[1]).toEqual([1]);
    expect(a[3]).toEqual([-1]);
  });

  const groupArb = fc.array(fc.array(fc.double({ min: -5, max: 5, noNaN: true }), { minLength: 1, maxLength: 5 }), {
    minLength: 2,
    maxLength: 6,
  });

  it("has zero mean of first-turn advantages within a group, unit spread unless mean-only", () => {
    fc.assert(
      fc.property(groupArb, fc.boolean(), (rewards, meanOnly) => {
        const a = computeAdvantages(
          rewards.map((r) => ({ group: "g", rewards: r })),
          { meanOnly },
        );
        const first = a.map((x) => x[0] as number);
        const mean = first.reduce((s, v) => s + v, 0) / first.length;
        expect(Math.abs(mean)).toBeLessThan(1e-9);
        const returns = rewards.map((r) => r.reduce((s, v) => s + v, 0));
        const mu = returns.reduce((s, v) => s + v, 0) / returns.length;
        const sd = Math.sqrt(returns.reduce((s, v) => s + (v - mu) ** 2, 0) / returns.length);
        if (sd >= 1e-6) {
          const spread = Math.sqrt(first.reduce((s, v) => s + v * v, 0) / first.length);
          expect(spread).toBeCloseTo(meanOnly ? sd : 1, 6);
        } else {
          expect(first.every((v) => v === 0)).toBe(true);
        }
      }),
    );
  });

  it("mean-only equals the normalised advantage times the group std", () => {
    fc.assert(
      fc.property(groupArb, (rewards) => {
        const t = rewards.map((r) => ({ group: "g", rewards: r }));
        const norm = computeAdvantages(t);
        const raw = computeAdvantages(t, { meanOnly: true });
        const returns = rewards.map((r) => r.reduce((s, v) => s + v, 0));
        const mu = returns.reduce((s, v) => s + v, 0) / returns.length;
        const sd = Math.sqrt(returns.reduce((s, v) => s + (v - mu) ** 2, 0) / returns.length);
        raw.forEach((row, i) =>
          row.forEach((v, k) => expect(v).toBeCloseTo((norm[i]![k] as number) * (sd >= 1e-6 ? sd : 0), 6)),
        );
      }),
    );
  });
});

describe("computeAdvantages with a per-turn baseline", () => {
  const group = (n: number, turns: number) =>
    fc.array(fc.array(fc.double({ min: -3, max: 3, noNaN: true }), { minLength: turns, maxLength: turns }), {
      minLength: n,
      maxLength: n,
    });

  it("matches a hand-worked group: each turn is compared with the same turn of the others", () => {
    // G: episode a [3, 1], episode b [1, 1] -> turn 0: mean 2, std 1; turn 1: all equal -> 0
    const out = computeAdvantages(
      [
        { group: "g", rewards: [2, 1] },
        { group: "g", rewards: [0, 1] },
      ],
      { baseline: "turn" },
    );
    expect(out).toEqual([
      [1, 0],
      [-1, 0],
    ]);
  });

  it("advantages of each turn index sum to zero within a group (invariant)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 6 }), fc.integer({ min: 1, max: 4 }), (n, turns) => {
        fc.assert(
          fc.property(group(n, turns), (rewards) => {
            const out = computeAdvantages(
              rewards.map((r) => ({ group: "g", rewards: r })),
              { baseline: "turn" },
            );
            for (let k = 0; k < turns; k++)
              expect(Math.abs(out.reduce((s, a) => s + (a[k] as number), 0))).toBeLessThan(1e-9);
          }),
          { numRuns: 10 },
        );
      }),
      { numRuns: 10 },
    );
  });

  it("equals the trajectory baseline when only the last turn is rewarded (outcome-only; relation)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 4 }),
        fc.array(fc.double({ min: -2, max: 2, noNaN: true }), { minLength: 2, maxLength: 6 }),
        (turns, finals) => {
          const trajectories = finals.map((f) => ({
            group: "g",
            rewards: Array.from({ length: turns }, (_, k) => (k === turns - 1 ? f : 0)),
          }));
          const a = computeAdvantages(trajectories, { baseline: "turn" });
          const b = computeAdvantages(trajectories);
          a.forEach((row, i) => row.forEach((x, k) => expect(x).toBeCloseTo(b[i]![k]!, 9)));
        },
      ),
    );
  });
});
