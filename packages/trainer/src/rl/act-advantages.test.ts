import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { computeActAdvantages } from "./act-advantages";
import { computeAdvantages } from "./advantages";

const reward = fc.double({ min: -3, max: 3, noNaN: true });
/** Groups of trajectories with the same number of turns (the protocol's fixed rounds), 1-3 acts a turn. */
const actGroupsArb = fc
  .record({
    turns: fc.integer({ min: 1, max: 4 }),
    members: fc.integer({ min: 2, max: 5 }),
    groups: fc.integer({ min: 1, max: 3 }),
  })
  .chain(({ turns, members, groups }) =>
    fc.array(
      fc.array(fc.array(fc.array(reward, { minLength: 1, maxLength: 3 }), { minLength: turns, maxLength: turns }), {
        minLength: members,
        maxLength: members,
      }),
      { minLength: groups, maxLength: groups },
    ),
  )
  .map((groups) => groups.flatMap((members, g) => members.map((turns) => ({ group: `g${g}`, turns }))));

describe("computeActAdvantages", () => {
  it("matches a hand-worked group", () => {
    // gamma 0: each act its own reward. Turn 0 pools acts [1, -0.1] and [0.3]: mean 0.4, std sqrt(0.62/3).
    const a = computeActAdvantages(
      [
        { group: "g", turns: [[1, -0.1], [0]] },
        { group: "g", turns: [[0.3], [0]] },
      ],
      { gamma: 0 },
    );
    const std = Math.sqrt((0.36 + 0.25 + 0.01) / 3);
    expect(a[0]![0]![0]).toBeCloseTo(0.6 / std, 12);
    expect(a[0]![0]![1]).toBeCloseTo(-0.5 / std, 12);
    expect(a[1]![0]![0]).toBeCloseTo(-0.1 / std, 12);
    // Turn 1 ties: no signal.
    expect(a[0]![1]).toEqual([0]);
    // gamma 1: an act also carries the agent's later turns, not the later acts of its own message.
    const b = computeActAdvantages(
      [
        { group: "g", turns: [[1, 2], [4]] },
        { group: "g", turns: [[0], [0]] },
      ],
      { gamma: 1, meanOnly: true },
    );
    // Turn 0 returns: 1 + 4, 2 + 4, 0 + 0 -> mean 11/3.
    expect(b[0]![0]![0]).toBeCloseTo(5 - 11 / 3, 12);
    expect(b[0]![0]![1]).toBeCloseTo(6 - 11 / 3, 12);
    expect(b[1]![0]![0]).toBeCloseTo(-11 / 3, 12);
  });

  it("with one act a turn equals computeAdvantages' per-turn baseline (the simpler oracle)", () => {
    fc.assert(
      fc.property(
        actGroupsArb,
        fc.constantFrom(0, 0.5, 1),
        fc.boolean(),
        fc.constantFrom(0, 0.1, 1),
        (trajectories, gamma, meanOnly, stdFloor) => {
          const single = trajectories.map((t) => ({ group: t.group, turns: t.turns.map((acts) => [acts[0]!]) }));
          const got = computeActAdvantages(single, { gamma, meanOnly, stdFloor });
          const want = computeAdvantages(
            single.map((t) => ({ group: t.group, rewards: t.turns.map((acts) => acts[0]!) })),
            { gamma, meanOnly, stdFloor, baseline: "turn" },
          );
          got.forEach((turns, i) => turns.forEach((acts, k) => expect(acts[0]).toBeCloseTo(want[i]![k]!, 9)));
        },
      ),
      { numRuns: 200 },
    );
  });

  it("pools every act of a turn: zero mean per (group, turn), and the floor bounds near-ties", () => {
    fc.assert(
      fc.property(actGroupsArb, fc.constantFrom(0, 1), fc.constantFrom(0.05, 0.5), (trajectories, gamma, stdFloor) => {
        const a = computeActAdvantages(trajectories, { gamma, stdFloor });
        const groups = [...new Set(trajectories.map((t) => t.group))];
        for (const g of groups) {
          const members = trajectories.flatMap((t, i) => (t.group === g ? [i] : []));
          const turns = trajectories[members[0]!]!.turns.length;
          for (let k = 0; k < turns; k++) {
            const pooled = members.flatMap((i) => a[i]![k]!);
            expect(pooled.reduce((s, v) => s + v, 0)).toBeCloseTo(0, 6);
            for (const v of pooled) expect(Number.isFinite(v)).toBe(true);
          }
        }
      }),
      { numRuns: 150 },
    );
  });

  it("scales: rewards and the floor multiplied by c > 0 give the same advantages", () => {
    fc.assert(
      fc.property(actGroupsArb, fc.double({ min: 0.01, max: 100, noNaN: true }), (trajectories, c) => {
        const a = computeActAdvantages(trajectories, { gamma: 1, stdFloor: 0.2, minStd: 0 });
        const scaled = trajectories.map((t) => ({
          group: t.group,
          turns: t.turns.map((acts) => acts.map((r) => r * c)),
        }));
        const b = computeActAdvantages(scaled, { gamma: 1, stdFloor: 0.2 * c, minStd: 0 });
        a.forEach((turns, i) =>
          turns.forEach((acts, k) => acts.forEach((v, j) => expect(b[i]![k]![j]).toBeCloseTo(v, 6))),
        );
      }),
      { numRuns: 100 },
    );
  });
});

describe("computeAdvantages' stdFloor", () => {
  it("turns near-ties into small advantages instead of unit ones", () => {
    const tie = [
      { group: "g", rewards: [0.51] },
      { group: "g", rewards: [0.49] },
    ];
    expect(computeAdvantages(tie, { baseline: "turn" }).flat()).toEqual([1, -1].map((v) => expect.closeTo(v, 9)));
    const floored = computeAdvantages(tie, { baseline: "turn", stdFloor: 0.1 }).flat();
    expect(floored[0]).toBeCloseTo(0.1, 9);
    expect(floored[1]).toBeCloseTo(-0.1, 9);
    // A spread above the floor is normalised as before.
    const wide = [
      { group: "g", rewards: [2] },
      { group: "g", rewards: [0] },
    ];
    expect(computeAdvantages(wide, { stdFloor: 0.1 })).toEqual(computeAdvantages(wide));
  });

  it("|A| <= (max - min) / stdFloor for every group (property)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -1, max: 1, noNaN: true }), { minLength: 2, maxLength: 6 }),
        fc.constantFrom("trajectory" as const, "turn" as const),
        (returns, baseline) => {
          const a = computeAdvantages(
            returns.map((r) => ({ group: "g", rewards: [r] })),
            { stdFloor: 0.5, baseline },
          ).flat();
          const spread = Math.max(...returns) - Math.min(...returns);
          for (const v of a) expect(Math.abs(v)).toBeLessThanOrEqual(spread / 0.5 + 1e-9);
        },
      ),
    );
  });
});
