import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loadNaturalCorpus } from "../../../bench/score-natural-corpus.mjs";
import { correctedText } from "./correction-reading";
import type { NaturalTask } from "./sentence";
import { acts, calls, cellArbitraries, propose, restaurants, share, stalls } from "./test-sentence";

const held = loadNaturalCorpus().heldOutTasks as Record<string, NaturalTask>;
const pantry = held.pantry as NaturalTask;
const meetings = held.meetings as NaturalTask;
const pass = { kind: "pass" } as const;

describe("correctedText: the old value's marks taken out", () => {
  it("known answers", () => {
    expect(correctedText("Make that 2 rice bags on Shelf A, not 4 — I misread my own notes.")).toBe(
      "2 rice bags on Shelf A",
    );
    expect(correctedText("Stall C's raffle tickets should read -2, not 2.")).toBe("Stall C's raffle tickets is -2.");
    expect(correctedText("Carol is available Monday 11am (1); I had written 0.")).toBe(
      "Carol is available Monday 11am (1)",
    );
    expect(correctedText("Omar is 2 for Monday morning and 0 for Monday evening, not the other way round.")).toBe(
      "Omar is 2 for Monday morning and 0 for Monday evening.",
    );
    // a change of value: the new one; the lead "Editing my earlier figure:" only labels the sentence
    expect(correctedText("Editing my earlier figure: Apartment B's neighbourhood goes from 4 to 2.")).toBe(
      "Apartment B's neighbourhood is 2.",
    );
    expect(correctedText("Apartment B's neighbourhood went from 4 to 2 if I recall.")).toBeNull();
    // no mark of a correction, a doubt or someone else's word: not read again
    expect(correctedText("Stall C's raffle tickets are -2.")).toBeNull();
    expect(correctedText("Stall C's raffle tickets should read -2, not 2, if I'm right.")).toBeNull();
    expect(correctedText("Agent 2 says it should read -2, not 2.")).toBeNull();
    expect(correctedText("Make that 2 — scratch that, I misread.")).toBeNull();
  });
});

describe("the correction reading (correction-reading.ts)", () => {
  it("reads the new value of a correction no reader before took", () => {
    const make = "Make that 2 rice bags on Shelf A, not 4 — I misread my own notes. Shelf B has 5 apples.";
    expect(acts(make, pantry)).toEqual([share(0, 2, 2), share(1, 0, 5)]);
    const minus = "Correction: I dropped a minus sign earlier. Stall C's raffle tickets should read -2, not 2.";
    expect(acts(`${minus} So I'd back Stall A.`, stalls)).toEqual([share(2, 1, -2), propose(0)]);
    const swapped =
      "Swapped two numbers in my earlier table: Omar's calendar is 2 for Monday morning and 0 for Monday evening, not the other way round.";
    expect(acts(swapped, calls)).toEqual([share(0, 1, 2), share(2, 1, 0)]);
    expect(
      acts("Wait, I need to fix something. Carol is available Monday 11am (1); I had written 0.", meetings),
    ).toEqual([share(1, 2, 1)]);
  });

  it("takes nothing where the order is left open, the value withdrawn, or anything is left unread", () => {
    expect(
      acts("Shelf B has 4 apples and 2 onions — actually, scratch that, I was reading the wrong column.", pantry),
    ).toEqual([pass]);
    expect(
      acts("Restaurants A and B have service 4 and 2 — or the other way round, I mixed up my columns.", restaurants),
    ).toEqual([pass]);
    // "it" names no attribute: left unread, so nothing
    expect(acts("I had it down as 5, it should read 3.", restaurants)).not.toContainEqual(share(0, 0, 3));
  });

  it("'<option>'s <attribute> should read N, not M' gives N for any cell and two levels (property, stalls)", () => {
    const { options, attributes } = stalls.domain;
    fc.assert(
      fc.property(...cellArbitraries(stalls), fc.integer({ min: -2, max: 2 }), (o, a, level, old) => {
        fc.pre(old !== level);
        const cell = `${options[o]}'s ${attributes[a]}`;
        const sign = (n: number) => (n > 0 ? `+${n}` : `${n}`);
        expect(acts(`Correction: ${cell} should read ${sign(level)}, not ${sign(old)}.`, stalls)).toEqual([
          share(o, a, level),
        ]);
        expect(acts(`Editing my earlier figure: ${cell} goes from ${sign(old)} to ${sign(level)}.`, stalls)).toEqual([
          share(o, a, level),
        ]);
        // the oracle: the same sentence said plainly
        expect(acts(`${cell} is ${sign(level)}.`, stalls)).toEqual([share(o, a, level)]);
        // withdrawn with no value: nothing
        expect(
          acts(`Correction: ${cell} should read ${sign(level)}, not ${sign(old)} — scratch that.`, stalls),
        ).toEqual([pass]);
      }),
      { numRuns: 60 },
    );
  });
});
