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
