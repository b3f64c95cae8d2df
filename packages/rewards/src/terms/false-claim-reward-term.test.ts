import { generateTask } from "@cosir/env";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { randomEpisodeArb, traceOf } from "../test/random-episode";
import { termValues } from "../test/term-values";

describe("falseClaimRewardTerm", () => {
  it("is minus the number of SHAREs the replay judges false, never positive", () => {
    fc.assert(
      fc.property(randomEpisodeArb, ({ task, trace }) => {
        const values = termValues("falseClaim", task, trace);
        values.forEach((v, t) => {
          expect(Number.isInteger(v) && v <= 0).toBe(true);
          expect(-v).toBeLessThanOrEqual(trace.messages[t]!.acts.filter((a) => a.kind === "share").length);
        });
      }),
      { numRuns: 50 },
    );
  });

  it("known answer: a SHARE of a cell the speaker never saw is false, a truthful one of its own cell is not", () => {
    const task = { ...generateTask({ family: "random", seed: 3, agents: 2 }), visibility: [[0], [1]] };
    const level = (cell: number) => task.table[Math.floor(cell / task.attributes)]![cell % task.attributes]!;
    const share = (cell: number) => ({
      kind: "share" as const,
      option: Math.floor(cell / task.attributes),
      attribute: cell % task.attributes,
      level: level(cell),
    });
    const trace = traceOf(task, [{ turn: 0, round: 0, speaker: 0, text: "x", acts: [share(0), share(1)] }], [0, 0]);
    expect(termValues("falseClaim", task, trace)).toEqual([-1]);
  });
});
