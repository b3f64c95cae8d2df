import { describe, expect, it } from "vitest";
import { loadNaturalCorpus } from "../../../bench/score-natural-corpus.mjs";
import type { NaturalTask } from "./sentence";
import { acts, ask, manor, propose, share, stalls } from "./test-sentence";

// Session 59: the seven wrong acts the readers took in session 58's second held-out wave (fresh197-fresh200), read at
// this session's start once the wave had been scored twice, fixed as defects. Each test holds the sentence, a near
// miss the fix must still read, and fails with its fix removed.
const corpus = loadNaturalCorpus();
const held = corpus.heldOutTasks as Record<string, NaturalTask>;
const pantry = held.pantry as NaturalTask;
const meetings = held.meetings as NaturalTask;
const jobs = held.jobs as NaturalTask;
const profile = held.heldoutProfile as NaturalTask;
const pass = { kind: "pass" } as const;

describe("held-out wrong acts, session 59", () => {
  it('"Rice bags on Shelf A: 4 and 1.": one cell given two levels states neither', () => {
    expect(acts("Rice bags on Shelf A: 4 and 1.", pantry)).toEqual([pass]);
    // two attributes for the two levels, in order, still read (exact or nothing)
    expect(acts("Onions, then rice bags, on Shelf A: 4 and 1.", pantry)).toEqual([share(0, 1, 4), share(0, 2, 1)]);
    expect(acts("Shelf A has 4 apples and 1 onion.", pantry)).toEqual([share(0, 0, 4), share(0, 1, 1)]);
    expect(acts("Rice bags on Shelf A: 4.", pantry)).toEqual([share(0, 2, 4)]);
  });

  it('"One of Monday 2pm / Monday 4pm has Dan at 0": which one stays open past the slash', () => {
    const open = "One of Monday 2pm / Monday 4pm has Dan at 0 and the other at 1 — I've muddled my notes.";
    expect(acts(`${open} Erin's availability at Monday 2pm is 1, though.`, meetings)).toEqual([share(2, 4, 1)]);
    // after a clause break the speaker's own clause is read
    expect(acts("One of Monday 2pm / Monday 4pm suits Dan, but Monday 4pm has Dan at 0.", meetings)).toEqual([
      share(3, 3, 0),
    ]);
  });

  it('"..., and Erin\'s is 0 for Monday 4pm": an item placed on its own option leaves the list', () => {
    expect(acts("Bob's availability for Tuesday 11am is 1, and Erin's is 0 for Monday 4pm.", meetings)).toEqual([
      share(5, 1, 1),
      share(3, 4, 0),
    ]);
    // with no option of its own, the item keeps the list's
    expect(acts("Bob's availability for Tuesday 11am is 1, and Erin's is 0.", meetings)).toEqual([
      share(5, 1, 1),
      share(5, 4, 0),
    ]);
  });

  it('"or so I heard — that\'s second-hand", "I have a vague sense that", "I wouldn\'t put weight on it"', () => {
    expect(acts("C's service is 2, or so I heard — that's second-hand.", profile)).toEqual([pass]);
    expect(acts("A's food quality is 2 — that's second-hand.", profile)).toEqual([pass]);
    expect(acts("A's food quality is 2 — it's hearsay.", profile)).toEqual([pass]);
    const vague = "I have a vague sense that A's food quality is 2, but I wouldn't put weight on it.";
    expect(acts(`${vague} On balance I'm leaning toward Restaurant C.`, profile)).toEqual([propose(2)]);
    expect(acts("I vaguely recall A's food quality is 2.", profile)).toEqual([pass]);
    expect(acts("A's food quality is 2, but I wouldn't put much weight on it.", profile)).toEqual([pass]);
    // the plain statements and a sure clause after the doubt are read
    expect(acts("A's food quality is 2.", profile)).toEqual([share(0, 0, 2)]);
    expect(acts("I have a vague sense of B, but A's food quality is 2.", profile)).toEqual([share(0, 0, 2)]);
    expect(acts("A's food quality is 2, and I'd put weight on it.", profile)).toEqual([share(0, 0, 2)]);
  });

  it('"... Candidate C\'s teamwork before committing. Agent 2, do you have it?": the open ask goes to Agent 2', () => {
    const wanted = "I'd want to hear Candidate C's teamwork before committing.";
    expect(acts(`${wanted} Agent 2, do you have it?`, jobs)).toEqual([ask(2, 3, 1)]);
    expect(acts("Candidate C's teamwork? Agent 3, any idea?", jobs)).toEqual([ask(2, 3, 2)]);
    // a question with names of its own is its own ask; no open ask, nothing to address
    expect(acts(`${wanted} Agent 2, do you have Candidate D's teamwork?`, jobs)).toEqual([ask(2, 3), ask(3, 3, 1)]);
    expect(acts("Agent 2, do you have it?", jobs)).toEqual([pass]);
  });

  it('"First, from Agent 3 — what level is ...?": "from Agent N" opening a question addresses it', () => {
    const text = "First, from Agent 3 — what level is Doctor Finch's poison bottle clue?";
    expect(acts(text, manor)).toEqual([ask(2, 3, 2)]);
    expect(acts("From Agent 1 — what is Lord Ashby's broken watch?", manor)).toEqual([ask(0, 4, 0)]);
    // a source, not an address, when the sentence is no question
    expect(acts("From Agent 1 — Lord Ashby's broken watch is 2.", manor)).not.toContainEqual(share(0, 4, 2));
  });
});

describe("the held-out wave's one wrong act (fresh204), read at the session's end", () => {
  it('"And is Stall C\'s cakes sold really +2, Agent 1?": a question stating a signed level asks nothing', () => {
    expect(acts("And is Stall C's cakes sold really +2, Agent 1?", stalls)).toEqual([pass]);
    expect(acts("Agent 1, is Stall C's cakes sold really -1?", stalls)).toEqual([pass]);
    // the same question with no level asks for the cell
    expect(acts("Agent 1, what's Stall C's cakes sold?", stalls)).toEqual([ask(2, 0, 0)]);
  });
});
