import { describe, expect, it } from "vitest";
import { loadNaturalCorpus } from "../../../bench/score-natural-corpus.mjs";
import type { NaturalTask } from "./sentence";
import { acts, ask, manor, propose, restaurants, share, stalls } from "./test-sentence";

const held = loadNaturalCorpus().heldOutTasks as Record<string, NaturalTask>;
const theft = held.theft as NaturalTask;
const meetings = held.meetings as NaturalTask;
const bigTeam = held.bigTeam as NaturalTask;
const profile = held.heldoutProfile as NaturalTask;
const apartments = held.apartments as NaturalTask;
const pantry = held.pantry as NaturalTask;
const jobs = held.jobs as NaturalTask;
const pass = { kind: "pass" } as const;

// Session 61's held-out wave (fresh209-fresh212): its six wrong acts, read after the clean score, fixed as defects;
// then shapes tuned on its misses. The wave is in the corpus; these are the shapes, in sentences of our own.
describe("session 61's held-out wrong acts", () => {
  it("a dispute over an option is no choice of it", () => {
    expect(acts("We disagree on Stall A. I'm confident in my figure.", stalls)).not.toContainEqual(propose(0));
    expect(acts("We disagree on A.", stalls)).toEqual([pass]);
  });

  it("a cell withdrawn by name after a table takes that cell's share back, and only it", () => {
    const table = "| Employee | badge log | phone records |\n|---|---|---|\n| B | 1 | 0 |\n| C | 0 | 1 |";
    const read = [share(1, 0, 1), share(1, 5, 0), share(2, 0, 0), share(2, 5, 1)];
    expect(acts(table, theft)).toEqual(read);
    expect(acts(`${table}\n\nScratch the C phone records entry, I misread the row.`, theft)).toEqual(read.slice(0, 3));
    // a phrase naming no one cell withdraws nothing
    expect(acts(`${table}\n\nScratch the C entry, I misread the row.`, theft)).toEqual(read);
  });

  it("a JSON act sourced to another agent is relayed, not the speaker's", () => {
    const relayed = '{"source": "Agent 3", "option": "Miss Hartley", "attribute": "broken watch", "level": 3}';
    expect(acts(`Passing this on:\n${relayed}\nNothing of my own to add.`, manor)).toEqual([pass]);
    // without the source it is the speaker's
    const own = '{"option": "Miss Hartley", "attribute": "broken watch", "level": 3}';
    expect(acts(own, manor)).toEqual([share(3, 4, 3)]);
  });

  it("a YAML key that addresses an agent keeps its addressee for a question in words", () => {
    const text =
      "Restaurant A:\n  cleanliness: 3\n  location: 4\nquestion_for_agent_2: what is Restaurant D's ambience?";
    expect(acts(text, profile)).toEqual([share(0, 4, 3), share(0, 5, 4), ask(3, 2, 1)]);
  });

  it("'Otherwise X.' after a condition is the choice if the condition fails, no proposal", () => {
    const text = "If Carol is free, Tuesday 9am would be best. Otherwise Monday 11am.";
    expect(acts(text, meetings)).not.toContainEqual(expect.objectContaining({ kind: "propose" }));
  });

  it("'Agents 1 and 4 both flagged X as 1' is their word, not the speaker's", () => {
    const text = "Agents 1 and 4 both flagged Restaurant F's wait time as 1. Restaurant D's location is 4 on my side.";
    expect(acts(text, bigTeam)).toEqual([share(3, 5, 4)]);
  });
});

describe("session 61's held-out misses, tuned on", () => {
  it("comparisons: 'edges out B, 4 to 3', 'D's (2)' by a margin, 'and B only 3', a count with its own noun", () => {
    expect(acts("On service, Restaurant A edges out Restaurant C, 4 to 3.", profile)).toEqual([
      share(0, 1, 4),
      share(2, 1, 3),
    ]);
    expect(acts("Apartment B's size (4) beats Apartment A's (1) by a wide margin.", apartments)).toEqual([
      share(1, 1, 4),
      share(0, 1, 1),
    ]);
    const elliptical = acts(
      "On service, Restaurant C scores 5 and Restaurant B only 3, so I'm backing C.",
      restaurants,
    );
    expect(elliptical).toHaveLength(3);
    expect(elliptical).toEqual(expect.arrayContaining([share(2, 1, 5), share(1, 1, 3), propose(2)]));
    expect(acts("Shelf B has 5 onions, versus Shelf A's 2 rice bags.", pantry)).toEqual([
      share(1, 1, 5),
      share(0, 2, 2),
    ]);
  });

  it("a paired list's order stands past a clause about other options with no level", () => {
    expect(acts("A and C are 2 and 4 on teamwork, respectively; I don't have B or D.", jobs)).toEqual([
      share(0, 3, 2),
      share(2, 3, 4),
    ]);
    // a clause that doubts the order still refuses the list
    expect(acts("A and C are 2 and 4 on teamwork; I don't have the order right.", jobs)).toEqual([pass]);
  });

  it("YAML: a correction's value now under 'actual', and unfenced YAML followed by prose after a blank line", () => {
    const correction = "correction:\n  option: Restaurant A\n  attribute: ambience\n  previously_said: 2\n  actual: 4";
    expect(acts(correction, profile)).toEqual([share(0, 2, 4)]);
    const blocks = "shelf_b:\n  apples: 5\n  rice bags: 1\nshelf_a:\n  onions: 2";
    expect(acts(`${blocks}\n\nnothing else from me`, pantry)).toEqual([
      share(1, 0, 5),
      share(1, 2, 1),
      share(0, 1, 2),
      pass,
    ]);
    // (session 66: prose at the margin with no blank line before it now ends the block too, as fresh313's writer
    // labelled it; this had asserted that it kept the whole message from being read as YAML. The closing pass is
    // still read only after a blank line: left, noted in the env README)
    expect(acts(`${blocks}\nnothing else from me`, pantry)).toEqual([share(1, 0, 5), share(1, 2, 1), share(0, 1, 2)]);
  });

  it("a request closed by ', Agent N.' is put to that agent", () => {
    expect(acts("Tell me Restaurant A's service, Agent 2.", profile)).toEqual([ask(0, 1, 1)]);
    // a statement closed the same way stays a statement
    expect(acts("Restaurant A's service is 4, Agent 2.", profile)).toEqual([share(0, 1, 4)]);
  });
});
