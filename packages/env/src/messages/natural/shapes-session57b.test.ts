import { describe, expect, it } from "vitest";
import { loadNaturalCorpus } from "../../../bench/score-natural-corpus.mjs";
import type { NaturalTask } from "./sentence";
import { acts, calls, propose, share } from "./test-sentence";

// Session 57, second tuner: the shapes of fresh189 (proposals, numbers, hedges) and fresh191 (addressed questions,
// reported claims, hedges), written before these rules, each read by a rule with its limits.
const corpus = loadNaturalCorpus();
const held = corpus.heldOutTasks as Record<string, NaturalTask>;
const pantry = held.pantry as NaturalTask;
const bigTeam = held.bigTeam as NaturalTask;
const pass = { kind: "pass" };

describe("wrong acts fixed", () => {
  it("\"..., and Priya's for Monday noon is 0\": a person's \"'s\" names the clause's own attribute", () => {
    expect(
      acts(
        "Lena's calendar for Tuesday morning is maxed out at 2, and Priya's for Monday noon is a big fat zero.",
        calls,
      ),
    ).toEqual([share(3, 2, 2), share(1, 0, 0)]);
    // a clause naming no attribute still takes the one before it
    expect(
      acts("Lena's calendar for Tuesday morning is maxed out at 2, and Monday noon is a big zero.", calls),
    ).toEqual([share(3, 2, 2), share(1, 2, 0)]);
  });

  it('"a big fat zero", "a big 2": degree adjectives before a level', () => {
    expect(acts("Priya's for Monday noon is a big fat zero.", calls)).toEqual([share(1, 0, 0)]);
    expect(acts("Priya's for Monday noon is a big surprise.", calls)).toEqual([pass]);
  });

  it('"Building on Agent 4\'s point: they put X at 3.": "they" and a verb of saying or rating is the agent\'s word', () => {
    expect(
      acts(
        "Building on Agent 4's point: they put Restaurant A's service at 3. My figure is 4, so we differ. Restaurant A gets my vote.",
        bigTeam,
      ),
    ).toEqual([share(0, 1, 4), propose(0)]);
    expect(acts("Building on Agent 4's point: they said Restaurant A's service is 3.", bigTeam)).toEqual([pass]);
    // no agent named before the pronoun: left to the other readers
    expect(acts("Building on that: Restaurant A's service is 3.", bigTeam)).toEqual([share(0, 1, 3)]);
    expect(acts("Building on Agent 4's point: Restaurant A's service is 3.", bigTeam)).toEqual([share(0, 1, 3)]);
  });

  it('"I have no data there": no data on the cell named before, no pass', () => {
    expect(
      acts("Agent 1 also said E had cleanliness 5; I have no data there. Restaurant A gets my vote.", bigTeam),
    ).toEqual([propose(0)]);
    // with no pointer back it is still a pass
    expect(acts("Restaurant A gets my vote. I have no data to add.", bigTeam)).toEqual([propose(0), pass]);
  });

  it("\"Shelf B has 3 rice bags, give or take.\": an estimate's tail closing the sentence after the count's noun", () => {
    expect(acts("Shelf B has 3 rice bags, give or take. Shelf A definitely holds 1 onion, though.", pantry)).toEqual([
      share(0, 1, 1),
    ]);
    expect(acts("Shelf B has 3 rice bags, more or less.", pantry)).toEqual([pass]);
    // not closing the sentence: the share stands ("give or take" belongs to nothing)
    expect(acts("Shelf B has 3 rice bags.", pantry)).toEqual([share(1, 2, 3)]);
  });
});
