import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { actSpans } from "./act-spans";

const SEP = 7;

describe("actSpans", () => {
  it("gives each act its tokens, the separator to the act it opens and the end token to the last act", () => {
    // SHARE o1 a0 3 ; SHARE o1 a0 3 <eos>
    const tokens = [10, 11, 12, 13, SEP, 10, 11, 12, 13, 2];
    const spans = actSpans(tokens, 0.4, [0.45, -0.05], SEP);
    expect(spans.rewards).toEqual([0.45, -0.05]);
    expect(spans.tokenAct).toEqual([0, 0, 0, 0, 1, 1, 1, 1, 1, 1]);
  });

  it("keeps the action whole when the pieces do not match the scored acts", () => {
    expect(actSpans([10, SEP, 11, SEP], 1, [0.5, 0.5], SEP)).toEqual({ rewards: [1], tokenAct: [0, 0, 0, 0] });
    expect(actSpans([10, 11], 1, undefined, SEP)).toEqual({ rewards: [1], tokenAct: [0, 0] });
    expect(actSpans([10, SEP, 11], 1, [0.2, 0.8], undefined)).toEqual({ rewards: [1], tokenAct: [0, 0, 0] });
  });

  it("round trip: token pieces cut at the separator, re-joined, give the completion; act indices never decrease", () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.integer({ min: 8, max: 30 }), { minLength: 1, maxLength: 5 }), {
          minLength: 1,
          maxLength: 4,
        }),
        (pieces) => {
          const tokens = pieces.flatMap((p, i) => (i === 0 ? p : [SEP, ...p]));
          const rewards = pieces.map((_, i) => i / 10);
          const spans = actSpans(tokens, 9, rewards, SEP);
          expect(spans.rewards).toEqual(pieces.length === 1 ? [9] : rewards);
          const rebuilt = pieces.map((_, a) => tokens.filter((_, j) => spans.tokenAct[j] === a));
          if (pieces.length > 1)
            rebuilt.forEach((r, a) => expect(r).toEqual(a === 0 ? pieces[0] : [SEP, ...pieces[a]!]));
          for (let j = 1; j < tokens.length; j++)
            expect(spans.tokenAct[j]).toBeGreaterThanOrEqual(spans.tokenAct[j - 1]!);
        },
      ),
    );
  });
});
