import { EvidenceReplay, generateTask } from "@cosir/env";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { randomEpisodeArb, traceOf } from "../test/random-episode";
import { termValues } from "../test/term-values";

describe("shareRewardTerm", () => {
  it("is 0 for a message no teammate heard a claim in", () => {
    fc.assert(
      fc.property(randomEpisodeArb, ({ task, trace }) => {
        const values = termValues("share", task, trace);
        trace.messages.forEach((m, t) => {
          if (!m.acts.some((a) => a.kind === "share")) expect(values[t]).toBe(0);
        });
      }),
      { numRuns: 50 },
    );
  });

  it("known answer: a SHARE to one teammate earns exactly that teammate's drop in surprisal", () => {
    const task = { ...generateTask({ family: "random", seed: 5, agents: 2 }), visibility: [[0], []] };
    const act = { kind: "share" as const, option: 0, attribute: 0, level: task.table[0]![0]! };
    const message = { turn: 0, round: 0, speaker: 0, text: "x", acts: [act] };
    const replay = new EvidenceReplay(task);
    const before = replay.surprisal(1);
    replay.hear(message);
    expect(termValues("share", task, traceOf(task, [message], [0, 0]))).toEqual([before - replay.surprisal(1)]);
  });
});
