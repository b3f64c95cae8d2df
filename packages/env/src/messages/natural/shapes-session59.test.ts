import { describe, expect, it } from "vitest";
import { loadNaturalCorpus } from "../../../bench/score-natural-corpus.mjs";
import type { NaturalTask } from "./sentence";
import { acts, manor, propose, share, stalls } from "./test-sentence";

// Session 59: the speaker's own value after another agent's claim, as session 58's second wave (fresh197-fresh200,
// read once it had been scored twice) wrote it. Every rule here was written on the corpus; the session's held-out
// wave (fresh201-fresh204) was only scored.
const corpus = loadNaturalCorpus();
const held = corpus.heldOutTasks as Record<string, NaturalTask>;
const pantry = held.pantry as NaturalTask;
const theft = held.theft as NaturalTask;
const pass = { kind: "pass" } as const;
const claim = "Agent 3 said Stall C's cakes sold is -2.";

describe("the speaker's value after another's claim, with more after it", () => {
  it('"I have it at -1, and X\'s plants sold is 0": the corrected level, then the clause after it read alone', () => {
    expect(acts(`${claim} I have it at -1, and Stall C's plants sold is 0.`, stalls)).toEqual([
      share(2, 0, -1),
      share(2, 3, 0),
    ]);
    const hartley = "Agent 3 mentioned that Miss Hartley's muddy boots sit at 2.";
    expect(
      acts(`${hartley} In my notes it's a 1 — and her broken watch is a 3. I'd name Miss Hartley.`, manor),
    ).toEqual([share(3, 0, 1), share(3, 4, 3), propose(3)]);
    // the sentence alone (no claim before it) gives no value to "it"
    expect(acts("I have it at -1, and Stall C's plants sold is 0.", stalls)).not.toContainEqual(share(2, 0, -1));
    // a doubt, condition or another's word after the level leaves the whole sentence unread (precision first)
    for (const rest of ["but maybe Stall C's plants sold is 0", "and if Agent 2 is right Stall C's plants sold is 0"])
      expect(acts(`${claim} I have it at -1, ${rest}.`, stalls)).toEqual([pass]);
  });

  it('"I count 2 on Shelf A, so one of us has got it wrong": the option said again, then a consequence', () => {
    const reckons = "Agent 2 reckons Shelf A has 5 apples.";
    expect(acts(`${reckons} I count 2 on Shelf A, so one of us has got it wrong.`, pantry)).toEqual([share(0, 0, 2)]);
    expect(acts(`${reckons} I count 2, so one of us has got it wrong.`, pantry)).toEqual([share(0, 0, 2)]);
    // another agent's word ("reckons") is no share of the speaker's; another option said again is no correction
    expect(acts(reckons, pantry)).toEqual([pass]);
    expect(acts(`${reckons} I count 2 on Shelf B.`, pantry)).not.toContainEqual(share(0, 0, 2));
    // a doubt after the level takes it back
    expect(acts(`${reckons} I count 2 on Shelf A, but I might be wrong.`, pantry)).not.toContainEqual(share(0, 0, 2));
  });

  it('"Agent 3 flagged X\'s cakes sold as -2. I have it at -1.": the pair named before "as" is the claim', () => {
    expect(acts("Agent 3 flagged Stall C's cakes sold as -2.", stalls)).toEqual([pass]);
    expect(acts("Agent 3 flagged Stall C's cakes sold as -2. I have it at -1.", stalls)).toEqual([share(2, 0, -1)]);
    expect(acts("Agent 1 reported Employee A's badge log as 1. I see a 0 there.", theft)).toContainEqual(
      share(0, 0, 0),
    );
    // two pairs before "as": no one claim to correct
    const two = "Agent 3 flagged Stall C's cakes sold and Stall D's cakes sold as -2. I have it at -1.";
    expect(acts(two, stalls)).not.toContainEqual(share(2, 0, -1));
  });
});
