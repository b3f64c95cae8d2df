import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loadNaturalCorpus } from "../../../bench/score-natural-corpus.mjs";
import type { NaturalTask } from "./sentence";
import { acts, calls, manor, share, stalls } from "./test-sentence";

const held = loadNaturalCorpus().heldOutTasks as Record<string, NaturalTask>;
const profile = held.heldoutProfile as NaturalTask;
const meetings = held.meetings as NaturalTask;

describe("the disputed claim (disputed-claim.ts)", () => {
  it("reads the speaker's other level after another agent's claim, in the same sentence or the next (corpus shapes)", () => {
    expect(acts("Agent 1 lists Restaurant A's cleanliness as 4; my copy of that cell says 1.", profile)).toEqual([
      share(0, 4, 1),
    ]);
    expect(
      acts("Agent 2 put Omar's calendar for Monday noon at 2, but what I have says 0 — he's fully booked then.", calls),
    ).toEqual([share(1, 1, 0)]);
    expect(
      acts("Agent 3 reported Stall D's cakes sold as 2. That doesn't match mine: I have -2 for D's cakes.", stalls),
    ).toEqual([share(3, 0, -2)]);
    expect(
      acts("Agent 2 has Doctor Finch at 3 on the poison bottle. My reading for Finch on that clue is 1.", manor),
    ).toEqual([share(2, 3, 1)]);
    expect(
      acts("**Correction:** Agent 1 listed Stall B's cakes sold as 2, but my view shows **0** there.", stalls),
    ).toEqual([share(1, 0, 0)]);
  });

  it("reads nothing where the speaker's level is doubted, withdrawn, earlier, another cell's or the claim's own", () => {
    // another person named beside the level (a held-out defect of the first version: "Alice at 0")
    expect(
      acts(
        "Agent 2 said Dan's free Monday 11am. I've got Alice at 0 for that slot though, so Monday 11am doesn't work.",
        meetings,
      ),
    ).not.toContainEqual(share(1, 3, 0));
    for (const text of [
      "Agent 3 told us A's ambience is 3. I'd posted 4 for it earlier, but scratch that — I misread my row.",
      "Agent 3 told us A's ambience is 3. I'd have said 4, but I could well be misremembering.",
      "Agent 3 told us A's ambience is 3. My sheet says 4, right?",
      "Agent 3 told us A's ambience is 3. Restaurant B's is 4 on my sheet.",
    ])
      expect(acts(text, profile)).not.toContainEqual(share(0, 2, 4));
    // a hedge after the level that gives none
    expect(acts("Agent 3 told us A's ambience is 3. My sheet says 4, if memory serves.", profile)).not.toContainEqual(
      share(0, 2, 4),
    );
  });

  it("any claimed level and any other own level of one cell: the speaker's (property, stalls)", () => {
    const level = fc.integer({ min: -2, max: 2 });
    fc.assert(
      fc.property(
        level,
        level,
        fc.integer({ min: 0, max: 3 }),
        fc.integer({ min: 0, max: 3 }),
        (claimed, own, o, a) => {
          fc.pre(claimed !== own);
          const option = `Stall ${"ABCD"[o]}`;
          const attribute = stalls.domain.attributes[a] as string;
          const text = `Agent 2 has ${option}'s ${attribute} at ${claimed}; my sheet says ${own}.`;
          expect(acts(text, stalls)).toEqual([share(o, a, own)]);
        },
      ),
      { numRuns: 60 },
    );
  });
});
