import { InvalidArgumentError } from "@cosir/bayes";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { datasetRows } from "./dataset-rows";
import { seatLengths, TEMPLATE_TOKENS_PER_MESSAGE } from "./seat-lengths";

describe("seatLengths", () => {
  const opts = { family: "hiddenProfile", seed: 3, n: 6 };

  it("covers the exported prompts, and counts each seat's actions and teammates' messages", () => {
    const lengths = seatLengths(opts);
    const rows = datasetRows(opts);
    const exported = Math.max(...rows.map((r) => r.prompt.reduce((n, m) => n + m.content.length, 0)));
    expect(lengths.rows).toBe(6);
    expect(lengths.prompt.chars).toBeGreaterThanOrEqual(exported);
    const task = rows.find((r) => r.seed === lengths.response.seed)!.task;
    // Every seat speaks once a round and chooses once; it hears every teammate message of every round but
    // those before its first turn (in its prompt).
    expect(lengths.response.actions).toBe(task.rounds + 1);
    expect(lengths.total.teammateMessages).toBe(task.rounds * (task.agents - 1));
    expect(lengths.total.tokens).toBeLessThanOrEqual(lengths.prompt.tokens + lengths.response.tokens);
    // The last seat's first prompt already holds the teammates' opening messages.
    expect(lengths.prompt.teammateMessages).toBe(task.agents - 1);
    const { maxPromptLength, maxResponseLength, maxLen } = lengths.suggested;
    for (const [s, t] of [
      [maxPromptLength, lengths.prompt.tokens],
      [maxResponseLength, lengths.response.tokens],
      [maxLen, lengths.total.tokens],
    ] as const) {
      expect(s % 256).toBe(0);
      expect(s).toBeGreaterThanOrEqual(t);
      expect(s - t).toBeLessThan(256);
    }
  });

  it("grows by exactly the budgeted messages when tokensPerTurn grows", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1000 }), fc.integer({ min: 1, max: 1000 }), (a, b) => {
        const x = seatLengths({ ...opts, n: 2, tokensPerTurn: a });
        const y = seatLengths({ ...opts, n: 2, tokensPerTurn: b });
        const budgeted = (p: typeof x.response) => p.teammateMessages + p.actions;
        expect(y.response.tokens - x.response.tokens).toBe((b - a) * budgeted(x.response));
        expect(x.response.tokens).toBeGreaterThan(budgeted(x.response) * a + TEMPLATE_TOKENS_PER_MESSAGE);
      }),
      { numRuns: 20 },
    );
  });

  it("names a bad option", () => {
    expect(() => seatLengths({ ...opts, tokensPerTurn: 0 })).toThrow(InvalidArgumentError);
    expect(() => seatLengths({ ...opts, charsPerToken: Number.NaN })).toThrow(/charsPerToken/);
  });
});
