import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { nextSaveIteration } from "./next-save-iteration";

describe("nextSaveIteration", () => {
  it("agrees with the save schedule of TrainRun.train (oracle: step until a save)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 60 }), fc.nat(59), (every, total, at) => {
        fc.pre(at < total);
        let j = at + 1;
        while (!(j % every === 0 || j === total)) j++;
        const next = nextSaveIteration({ checkpointEvery: every, rl: { iterations: total } }, at);
        expect(next).toBe(j);
        expect(next).toBeGreaterThan(at);
        expect(next - at).toBeLessThanOrEqual(every);
      }),
    );
  });

  it("known answers", () => {
    expect(nextSaveIteration({ checkpointEvery: 3, rl: { iterations: 10 } }, 3)).toBe(6);
    expect(nextSaveIteration({ checkpointEvery: 3, rl: { iterations: 10 } }, 4)).toBe(6);
    expect(nextSaveIteration({ checkpointEvery: 3, rl: { iterations: 10 } }, 9)).toBe(10);
    expect(nextSaveIteration({ checkpointEvery: 1, rl: { iterations: 3 } }, 0)).toBe(1);
  });
});
