import { describe, expect, it } from "vitest";
import { loadNaturalCorpus } from "../../../bench/score-natural-corpus.mjs";
import type { NaturalTask } from "./sentence";
import { acts, share } from "./test-sentence";

// Session 58: two of the six wrong acts the older cue rules took in the held-out fresh193-fresh196, read at the
// session's end (only the wrong acts, never the misses) and fixed as defects: a slip called so in more than six words,
// and "but it should read / be N" after the speaker's own entered value.
const corpus = loadNaturalCorpus();
const held = corpus.heldOutTasks as Record<string, NaturalTask>;
const apartments = held.apartments as NaturalTask;
const bigTeam = held.bigTeam as NaturalTask;
const pass = { kind: "pass" } as const;

describe("held-out wrong acts, session 58", () => {
  it('"That was a slip of the keyboard — it\'s 4.": a lead of up to eight words calling the value wrong', () => {
    const wrote = "Earlier I wrote that Apartment D's rent scores 1.";
    expect(acts(`${wrote} That was a slip of the keyboard — it's 4.`, apartments)).toEqual([share(3, 0, 4)]);
    expect(acts(`${wrote} That was a slip of the keyboard.`, apartments)).toEqual([pass]);
    // a lead naming an option is no admission about the value before: nothing replaces it
    expect(acts(`${wrote} That was a slip of the keyboard on Apartment C — it's 4.`, apartments)).not.toContainEqual(
      share(3, 0, 4),
    );
  });

  it('"I typed X as 5, but it should read 2.": the value it should have, as "should have been" is read', () => {
    for (const verb of ["should read", "should be", "should have been"])
      expect(acts(`I typed Restaurant B's service as 5, but it ${verb} 2.`, bigTeam)).toEqual([share(1, 1, 2)]);
    // a condition on the right value keeps the speaker's stated one
    expect(acts("Restaurant B's service is 5, but it should be 2 if Agent 2 is right.", bigTeam)).toEqual([
      share(1, 1, 5),
    ]);
  });
});
