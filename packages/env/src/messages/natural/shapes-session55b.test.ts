import { describe, expect, it } from "vitest";
import { loadNaturalCorpus } from "../../../bench/score-natural-corpus.mjs";
import type { NaturalTask } from "./sentence";
import { acts, manor, share } from "./test-sentence";

// Session 55, second tuner: the shapes of fresh173, fresh174 and fresh175 (corrections, paired lists and number
// forms, written before these rules), each read by a rule with its limits.
const corpus = loadNaturalCorpus();
const held = corpus.heldOutTasks as Record<string, NaturalTask>;
const jobs = held.jobs as NaturalTask;
const bigTeam = held.bigTeam as NaturalTask;

describe("wrong acts fixed: corrections", () => {
  it("\"It's 0 — I'd copied it from the wrong column.\": a closing remark on the slip leaves the new value", () => {
    expect(acts("I posted Lady Ashby's torn glove as 2. It's 0 — I'd copied it from the wrong column.", manor)).toEqual(
      [share(1, 1, 0)],
    );
    expect(
      acts("Earlier I said D's menu variety was 2. Typo; it's 5, which moves D from also-ran to contender.", bigTeam),
    ).toEqual([share(3, 6, 5)]);
    // a doubt in the remark replaces nothing
    expect(acts("I posted Lady Ashby's torn glove as 2. It's 0 — I might be wrong.", manor)).toEqual([share(1, 1, 2)]);
  });

  it('"earlier I told everyone X was a 4. ...; it\'s actually a 2": "told" is the speaker\'s own earlier entry', () => {
    expect(
      acts(
        "Earlier I told everyone Restaurant B's service was a 4. That was a misread of my notes; it's actually a 2.",
      ),
    ).toEqual([share(1, 1, 2)]);
    // someone else who told it is no entry of the speaker's
    expect(
      acts("Agent 2 told everyone Restaurant B's service was a 4. That was a misread of my notes; it's actually a 2."),
    ).not.toContainEqual(share(1, 1, 4));
  });

  it("\"..., but the value I'm holding is 3\": the progressive holding verb names the speaker's value", () => {
    expect(acts("They have Candidate C's communication at 5, but the value I'm holding is 3.", jobs)).toEqual([
      share(2, 2, 3),
    ]);
    expect(acts("They have Candidate C's communication at 5, but what I'm seeing is 3.", jobs)).toEqual([
      share(2, 2, 3),
    ]);
    // a negated holding names no value
    expect(acts("They have Candidate C's communication at 5, but the value I'm not holding is 3.", jobs)).toEqual([
      share(2, 2, 5),
    ]);
  });
});
