import { describe, expect, it } from "vitest";
import { loadNaturalCorpus } from "../../../bench/score-natural-corpus.mjs";
import type { NaturalTask } from "./sentence";
import { acts, manor, share } from "./test-sentence";

// Session 60: the two wrong acts the older rules took in fresh205 and fresh206 (written at the session's start, scored
// clean after the session's corpus-only rules, then read), fixed as defects: a withdrawal opened by "but", and the
// readers after the cue rules (the slot reader's paired lists among them) under a doubting tail.
const held = loadNaturalCorpus().heldOutTasks as Record<string, NaturalTask>;
const bigTeam = held.bigTeam as NaturalTask;
const pass = { kind: "pass" } as const;

describe("held-out wrong acts, session 60", () => {
  it('"..., but scratch that, I misread the row.": the speaker\'s earlier figure taken back, none in its place', () => {
    const text =
      "Agent 3 says Miss Hartley's torn glove is 2. I'd earlier given her torn glove as 3, but scratch that, I misread the row. I don't have a replacement figure yet.";
    expect(acts(text, manor)).toEqual([pass]);
    expect(acts("Miss Hartley's torn glove is 3, but scratch that.", manor)).toEqual([pass]);
    // a new level after the withdrawal is still the speaker's
    expect(acts("Miss Hartley's torn glove is 3, but scratch that, it's 2.", manor)).not.toContainEqual(share(3, 1, 3));
    // without the withdrawal the figure stands
    expect(acts("Miss Hartley's torn glove is 3.", manor)).toEqual([share(3, 1, 3)]);
  });

  it('"A and B sit at 4 and 3 on cleanliness, though I\'ve lost track of which is which.": no level to either', () => {
    const pair = "Restaurant A and Restaurant B sit at 4 and 3 on cleanliness";
    expect(acts(`${pair}, though I've lost track of which is which.`, bigTeam)).toEqual([pass]);
    expect(acts(`${pair}.`, bigTeam)).toEqual([share(0, 4, 4), share(1, 4, 3)]);
  });
});
