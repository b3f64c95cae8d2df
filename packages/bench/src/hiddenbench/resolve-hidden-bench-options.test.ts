import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { HIDDEN_BENCH_PROMPTS } from "./hidden-bench-prompts";
import { resolveHiddenBenchOptions } from "./resolve-hidden-bench-options";

describe("resolveHiddenBenchOptions", () => {
  it("fills the original protocol's defaults", () => {
    expect(resolveHiddenBenchOptions()).toEqual({
      protocol: "original",
      rounds: 15,
      runs: 10,
      maxReplyChars: Number.POSITIVE_INFINITY,
      voteReader: "original",
      missingVotes: "drop",
      failedTurns: "retry",
      tries: 5,
      responseFormat: "json_schema",
      thinkingOff: true,
      earlyStopCalls: 8,
      concurrency: 8,
      agents: undefined,
      deadlineMs: undefined,
      conditions: ["hidden", "full"],
      prompts: { ...HIDDEN_BENCH_PROMPTS },
      minOverlap: undefined,
      seed: 0,
    });
  });

  it("cosir: 2 rounds and only the hidden condition, whatever conditions say", () => {
    const o = resolveHiddenBenchOptions({ protocol: "cosir", conditions: ["full"], agents: 5 });
    expect(o.rounds).toBe(2);
    expect(o.conditions).toEqual(["hidden"]);
    expect(o.agents).toBe(5);
    // cosir keeps its earlier variants
    expect([o.runs, o.maxReplyChars, o.voteReader, o.failedTurns, o.tries, o.responseFormat, o.thinkingOff]).toEqual([
      1,
      2000,
      "tolerant",
      "drop",
      1,
      "none",
      false,
    ]);
    expect(resolveHiddenBenchOptions({ thinking: true }).thinkingOff).toBe(false);
    expect(() => resolveHiddenBenchOptions({ voteReader: "loose" as "tolerant" })).toThrow(
      /^voteReader: expected one of/,
    );
    expect(() => resolveHiddenBenchOptions({ tries: 0 })).toThrow(/^tries:/);
  });

  it("overrides single prompts and keeps the others", () => {
    const o = resolveHiddenBenchOptions({ prompts: { firstSpeaker: "Go." } });
    expect(o.prompts.firstSpeaker).toBe("Go.");
    expect(o.prompts.turn).toBe(HIDDEN_BENCH_PROMPTS.turn);
  });

  it("names the first bad field", () => {
    const bad: [Parameters<typeof resolveHiddenBenchOptions>[0], RegExp][] = [
      [{ protocol: "x" as "cosir", rounds: -1 }, /^protocol:/],
      [{ rounds: 1.5, runs: 0 }, /^rounds:/],
      [{ runs: 0 }, /^runs:/],
      [{ maxReplyChars: 0 }, /^maxReplyChars:/],
      [{ concurrency: 0 }, /^concurrency:/],
      [{ agents: 0 }, /^agents:/],
      [{ deadlineMs: Number.POSITIVE_INFINITY }, /^deadlineMs:/],
      [{ conditions: [] }, /^conditions:/],
      [{ conditions: ["hidden", "partial" as "full"] }, /^conditions:/],
    ];
    for (const [opts, message] of bad) expect(() => resolveHiddenBenchOptions(opts)).toThrow(message);
  });

  it("accepts every integer rounds >= 0 and rejects every negative one", () => {
    fc.assert(
      fc.property(fc.integer({ min: -50, max: 50 }), (rounds) => {
        if (rounds >= 0) expect(resolveHiddenBenchOptions({ rounds }).rounds).toBe(rounds);
        else expect(() => resolveHiddenBenchOptions({ rounds })).toThrow(/^rounds:/);
      }),
    );
  });
});
