import { describe, expect, it } from "vitest";
import { loadNaturalCorpus } from "../../../bench/score-natural-corpus.mjs";
import type { NaturalTask } from "./sentence";
import { acts, ask, calls, propose, share, stalls } from "./test-sentence";

// Session 57: the four messages with wrong acts in the held-out batches (fresh186, fresh188, fresh190, fresh192), read
// after the batches were scored with both tuners' rules (only the wrong acts, never their misses) and fixed as
// defects: a withdrawn restated value kept, one level given to both of "one of" two options, a paired list's verb
// phrase read as one cell, questions under a heading put to "you" left unaddressed.
const corpus = loadNaturalCorpus();
const held = corpus.heldOutTasks as Record<string, NaturalTask>;
const jobs = held.jobs as NaturalTask;
const pass = { kind: "pass" } as const;

describe("held-out wrong acts, session 57", () => {
  it('"I previously gave X as 2. Please ignore that; ...": "ignore that" opening the next sentence withdraws it', () => {
    const gave = "I previously gave Tomas's calendar on Tuesday morning as 2.";
    expect(acts(`${gave} Please ignore that; it was a guess, not something I actually have.`, calls)).toEqual([pass]);
    expect(acts(`${gave} Disregard that.`, calls)).toEqual([pass]);
    // a level after it replaces the value, as after "scratch that"
    expect(acts(`${gave} Ignore that, it's 1.`, calls)).toEqual([share(3, 3, 1)]);
    // another cell's share after it stands; the withdrawn one goes
    expect(acts(`${gave} Ignore that, Omar's calendar on Monday noon is 1.`, calls)).toEqual([share(1, 1, 1)]);
    // no withdrawal, no change
    expect(acts(`${gave} I stand by that.`, calls)).toEqual([share(3, 3, 2)]);
  });

  it('"Communication and leadership for Candidate B come out at 3 and 4": plain verbs before a paired list', () => {
    expect(
      acts(
        "Communication and leadership for Candidate B come out at 3 and 4; for Candidate C they're 5 and 2. Weighing those, Candidate C is my pick.",
        jobs,
      ),
    ).toEqual([share(1, 2, 3), share(1, 4, 4), share(2, 2, 5), share(2, 4, 2), propose(2)]);
    expect(acts("Communication and leadership for Candidate B come out at 3 and 4.", jobs)).toEqual([
      share(1, 2, 3),
      share(1, 4, 4),
    ]);
    // the counts differ: nothing, never one of them to the wrong attribute
    expect(acts("Communication and leadership for Candidate B come out at 3, 4 and 5.", jobs)).toEqual([pass]);
  });

  it('"One of Stall C and Stall D is at +2 for cakes, the other at -1": which one is left open', () => {
    expect(
      acts(
        "One of Stall C and Stall D is at +2 for cakes, the other at -1 — I muddled my notes. Stall C's books sold is 0 though, that one I'm sure of.",
        stalls,
      ),
    ).toEqual([share(2, 2, 0)]);
    expect(acts("One of Stall C and Stall D has 2 cakes sold.", stalls)).toEqual([pass]);
    // "one of my" cells names the speaker's own, and the clause after the pause is read
    expect(acts("One of my cells, then: Stall C's books sold is 0.", stalls)).toEqual([share(2, 2, 0)]);
  });

  it('"Thanks, Agent 2. Two follow-ups for you:" puts the numbered questions after it to Agent 2', () => {
    expect(
      acts(
        "Thanks, Agent 2. Two follow-ups for you:\n1. Candidate A's experience level?\n2. Candidate D's technical skill?\nBoth are blanks in my view. Nothing else to share from my side.",
        jobs,
      ),
    ).toEqual([ask(0, 0, 1), ask(3, 1, 1), pass]);
    // a heading put to everyone, or to no one, addresses no one
    expect(acts("Thanks, Agent 2. Two follow-ups for everyone:\n1. Candidate A's experience level?", jobs)).toEqual([
      ask(0, 0),
    ]);
    expect(acts("Thanks, Agent 2. Two follow-ups:\n1. Candidate A's experience level?", jobs)).toEqual([ask(0, 0)]);
  });
});
