import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loadNaturalCorpus } from "../../../bench/score-natural-corpus.mjs";
import { agreementLevels } from "./confirmation-reading";
import type { NaturalTask } from "./sentence";
import { acts, calls, cellArbitraries, propose, restaurants, share, stalls } from "./test-sentence";

const held = loadNaturalCorpus().heldOutTasks as Record<string, NaturalTask>;
const pantry = held.pantry as NaturalTask;
const theft = held.theft as NaturalTask;
const pass = { kind: "pass" } as const;

describe("agreementLevels: a clause made of agreement's words alone", () => {
  it("known answers", () => {
    expect(agreementLevels("and I agree")).toEqual([]);
    expect(agreementLevels("I have it at 5 as well")).toEqual([5]);
    expect(agreementLevels("I can confirm, I see 5 as well.")).toEqual([5]);
    expect(agreementLevels("I have the same figure, -1.")).toEqual([-1]);
    expect(agreementLevels("that matches mine, I also see a 1 there.")).toEqual([1]);
    // a negation, a doubt, a name, or no word of agreement: none
    expect(agreementLevels("I can't confirm that")).toBeNull();
    expect(agreementLevels("I think I have 5 too")).toBeNull();
    expect(agreementLevels("I have Stall B at 5 too")).toBeNull();
    expect(agreementLevels("I have it at 5")).toBeNull();
  });
});

describe("the confirmation reading (confirmation-reading.ts)", () => {
  it("reads the cell of another agent's claim the speaker confirms with its level (corpus shapes, session 60)", () => {
    expect(acts("Agent 1 said Restaurant B's food quality is 5, and I agree — I have it at 5 too.")).toEqual([
      share(1, 0, 5),
    ]);
    expect(acts("Agent 1 counted 5 apples on Shelf B — I can confirm, I see 5 as well.", pantry)).toEqual([
      share(1, 0, 5),
    ]);
    expect(
      acts("Agent 1 reported Employee A's badge log as 1 — that matches mine, I also see a 1 there.", theft),
    ).toEqual([share(0, 0, 1)]);
    expect(acts("Echoing Agent 1: Stall D's cakes sold is -1 — that matches my own cell exactly.", stalls)).toEqual([
      share(3, 0, -1),
    ]);
    expect(acts("On raffle tickets, Agent 3 and I both have Stall B at 1.", stalls)).toEqual([share(1, 1, 1)]);
    expect(acts("Agent 1 and I agree on Monday noon: Priya's calendar is 1 there.", calls)).toEqual([share(1, 0, 1)]);
    const echo =
      "Just to echo Agent 3 on Stall D's raffle tickets being 0 — I hold the same cell and it's 0 for me as well.";
    expect(acts(`${echo} I'm voting Stall C.`, stalls)).toEqual([share(3, 1, 0), propose(2)]);
    // written after fresh205 was scored (its misses read): the lead names the cell, the agreement its level
    const apartments = held.apartments as NaturalTask;
    expect(acts("Totally agree with Agent 3 on Apartment B's neighbourhood — I have it at 5 too!", apartments)).toEqual(
      [share(1, 2, 5)],
    );
    expect(acts("Agent 1 flagged Employee D's badge log as 1; my copy says 1 as well.", theft)).toEqual([
      share(3, 0, 1),
    ]);
    // after a lead of agreement, the speaker's own choice; a doubt still holds it back
    expect(acts("Seconding Agent 4 — Restaurant C it is.")).toEqual([propose(2)]);
    expect(acts("Seconding Agent 4 — Restaurant C it is, maybe.")).toEqual([pass]);
    // the claim in one sentence, the agreement with its level in the next
    expect(acts("Agent 2 told us Stall B's plants sold is -1. I have the same figure, -1.", stalls)).toEqual([
      share(1, 3, -1),
    ]);
  });

  it("takes nothing where the agreement states no level, another level, a doubt or a negation", () => {
    // "That matches mine." after a claim states no value of the speaker's (session 57's rule), in one sentence too
    expect(acts("Agent 3 says Restaurant B's service is 1, and that matches my notes.")).toEqual([pass]);
    expect(acts("Agent 3's 2 for Stall D's raffle tickets matches mine.", stalls)).toEqual([pass]);
    expect(acts("Agent 1 said Restaurant B's food quality is 5, and I agree — I have it at 4 too.")).not.toContainEqual(
      share(1, 0, 5),
    );
    expect(acts("Agent 1 said Restaurant B's food quality is 5, and I think I agree — I have it at 5 too.")).toEqual([
      pass,
    ]);
    expect(acts("Agent 1 said Stall B's plants sold is -1, and I can't confirm that one.", stalls)).toEqual([pass]);
    expect(acts("Agent 2 told us Stall B's plants sold is -1. I have the same figure, 2.", stalls)).not.toContainEqual(
      share(1, 3, -1),
    );
    // "they" left in the claim keeps it the other agent's
    expect(acts("Just to echo Agent 2: they have Stall B's plants sold at 1.", stalls)).toEqual([pass]);
  });

  it("'Agent 2 said <cell> is L, and I agree — I have it at L too' gives the cell; at M != L nothing (property)", () => {
    const { options, attributes } = restaurants.domain;
    fc.assert(
      fc.property(...cellArbitraries(restaurants), fc.integer({ min: 1, max: 5 }), (o, a, l, m) => {
        const cell = `${options[o]}'s ${attributes[a]}`;
        expect(acts(`Agent 2 said ${cell} is ${l}, and I agree — I have it at ${l} too.`)).toEqual([share(o, a, l)]);
        // the oracle: the speaker's plain statement of the cell
        expect(acts(`${cell} is ${l}.`)).toEqual([share(o, a, l)]);
        expect(acts(`Agent 2 said ${cell} is ${l}, and that matches my notes.`)).toEqual([pass]);
        if (m !== l)
          expect(acts(`Agent 2 said ${cell} is ${l}, and I agree — I have it at ${m} too.`)).not.toContainEqual(
            share(o, a, l),
          );
      }),
      { numRuns: 60 },
    );
  });
});
