import { describe, expect, it } from "vitest";
import { loadNaturalCorpus } from "../../../bench/score-natural-corpus.mjs";
import type { NaturalTask } from "./sentence";
import { acts, propose, share, stalls } from "./test-sentence";

// Session 57: the shapes of fresh185 (corrections, reported claims, numbers) and fresh187 (paired lists, proposals),
// written before these rules, each read by a rule with its limits.
const corpus = loadNaturalCorpus();
const held = corpus.heldOutTasks as Record<string, NaturalTask>;
const pantry = held.pantry as NaturalTask;
const jobs = held.jobs as NaturalTask;
const apartments = held.apartments as NaturalTask;
const pass = { kind: "pass" };

describe("wrong acts fixed: the speaker's restated value corrected in the next words", () => {
  it('"I told you all X had zero Y. It\'s got 2.": "it has" / "it\'s got" and a level alone', () => {
    expect(acts("Ugh, my bad — I told you all Shelf A had zero rice bags. It's got 2.", pantry)).toEqual([
      share(0, 2, 2),
    ]);
    expect(acts("I said Shelf A had 0 rice bags. It has 2.", pantry)).toEqual([share(0, 2, 2)]);
    // no restated value before it: nothing to correct
    expect(acts("Shelf A is the fuller shelf. It's got 2.", pantry)).toEqual([pass]);
    // a hedged count replaces nothing
    expect(acts("I told you all Shelf A had zero rice bags. It's got 2 or so.", pantry)).toEqual([share(0, 2, 0)]);
  });

  it('"Earlier I wrote \'X 5\'. Should have been 3.": the subject left out before "should have been"', () => {
    expect(acts("Earlier I wrote 'Candidate B technical skill 5'. Should have been 3.", jobs)).toEqual([
      share(1, 1, 3),
    ]);
    expect(acts("Earlier I wrote Candidate B's technical skill as 5. Should have been higher.", jobs)).toEqual([
      share(1, 1, 5),
    ]);
  });

  it("\"I said X was 2. It's -1 on my sheet.\": the speaker's own source closing the correction", () => {
    expect(acts("I said Stall B's plants sold was 2. It's -1 on my sheet.", stalls)).toEqual([share(1, 3, -1)]);
    // another agent's sheet is no source of the speaker's
    expect(acts("I said Stall B's plants sold was 2. It's -1 on Agent 2's sheet.", stalls)).toEqual([share(1, 3, 2)]);
  });

  it('"I\'ve made a hash of X. I said Y was 2; it\'s -1 on my sheet.": a clause of "it\'s" and a level is no split', () => {
    expect(
      acts(
        "Right, I've made a hash of Stall B. I said plants sold was 2; it's -1 on my sheet. I'd back Stall A.",
        stalls,
      ),
    ).toEqual([share(1, 3, -1), propose(0)]);
    expect(acts("Stall B is the one. I said plants sold was 2; it's -1.", stalls)).toEqual([share(1, 3, -1)]);
    // clauses of their own levels are still read apart
    expect(acts("Stall B is the one. Plants sold is 2; raffle tickets are -1.", stalls)).toEqual([
      share(1, 3, 2),
      share(1, 1, -1),
    ]);
  });

  it("\"I said X was a 5, but looking at my data again it's a 3\": a second look at the speaker's own data", () => {
    expect(acts("I said Restaurant C's ambience was a 5, but looking at my data again it's a 3.")).toEqual([
      share(2, 2, 3),
    ]);
    expect(acts("I said Restaurant C's ambience was a 5, but looking at Agent 2's data again it's a 3.")).toEqual([
      share(2, 2, 5),
    ]);
  });

  it('"... 4 and 3 respectively — actually scratch that, I mixed them up": "actually" before the withdrawal', () => {
    expect(
      acts(
        "Neighbourhood for B and C is 4 and 3 respectively — actually scratch that, I mixed them up with another listing. Rent for B is 2, though, that's solid.",
        apartments,
      ),
    ).toEqual([share(1, 0, 2)]);
    expect(acts("Neighbourhood for B and C is 4 and 3 respectively — actually that's solid.", apartments)).toEqual([
      share(1, 2, 4),
      share(2, 2, 3),
    ]);
  });

  it('"..., but I\'ve lost track of which stall was which": the levels given to no one option', () => {
    expect(
      acts(
        "Right, slightly embarrassing: between Stall A and Stall C the plants sold came out as 1 and -2, but I've lost track of which stall was which.",
        stalls,
      ),
    ).toEqual([pass]);
    expect(
      acts(
        "Plants sold for Stall A and Stall C are 1 and -2 respectively, but I've lost track of which was which.",
        stalls,
      ),
    ).toEqual([pass]);
    expect(
      acts("Plants sold for Stall A and Stall C are 1 and -2 respectively, but I've lost track of the rest.", stalls),
    ).toEqual([share(0, 3, 1), share(2, 3, -2)]);
  });
});

describe("paired lists", () => {
  it('"Leadership, in order A, B, C, D: 2, 5, 3, 1.": words of the order between the attribute and the options', () => {
    expect(acts("Leadership, in order A, B, C, D: 2, 5, 3, 1.", jobs)).toEqual([
      share(0, 4, 2),
      share(1, 4, 5),
      share(2, 4, 3),
      share(3, 4, 1),
    ]);
    expect(acts("Value for money, ranked as A, B, C: 3, 3, 5.")).toEqual([
      share(0, 3, 3),
      share(1, 3, 3),
      share(2, 3, 5),
    ]);
    // a hedge among the levels keeps the list unread
    expect(acts("Leadership, in order A, B, C, D: 2, 5, maybe 3, 1.", jobs)).toEqual([pass]);
  });
});

describe("the speaker calling its last value wrong in the next sentence (fresh185's last wrong act, the lead)", () => {
  const meetings = held.meetings as NaturalTask;
  const said = "In my last message Erin's availability for Tuesday 11am came out as 1.";
  it('"That\'s backwards: ..., so it\'s 0." replaces the value; "That was a typo." withdraws it', () => {
    expect(
      acts(
        `${said} That's backwards: she can't make it, so it's 0. Tuesday 9am still works for everyone I can see, so I'd go with Tuesday 9am.`,
        meetings,
      ),
    ).toEqual([share(5, 4, 0), propose(4)]);
    expect(acts("Erin's availability for Tuesday 11am is 1. That was a typo.", meetings)).toEqual([pass]);
    expect(acts("Erin's availability for Tuesday 11am is 1. That was a typo. It's 0.", meetings)).toEqual([
      share(5, 4, 0),
    ]);
    // a negated dispute keeps the value; a remark naming no slip keeps it too
    expect(acts("Erin's availability for Tuesday 11am is 1. That's no typo.", meetings)).toEqual([share(5, 4, 1)]);
    expect(acts("Erin's availability for Tuesday 11am is 1. That's settled.", meetings)).toEqual([share(5, 4, 1)]);
  });
});

describe("the speaker's view closing a count with no pause before it (found by the second tuner, the lead)", () => {
  it('"Shelf A has 4 apples from what I can see." reads as with the comma', () => {
    expect(acts("Shelf A has 4 apples from what I can see.", pantry)).toEqual([share(0, 0, 4)]);
    expect(acts("Shelf A has 4 apples from what I have.", pantry)).toEqual([share(0, 0, 4)]);
    // a hedge in the core still takes the share away
    expect(acts("Shelf A has maybe 4 apples from what I can see.", pantry)).toEqual([pass]);
  });
});
