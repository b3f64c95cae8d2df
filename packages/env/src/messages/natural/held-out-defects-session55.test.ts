import { describe, expect, it } from "vitest";
import { loadNaturalCorpus } from "../../../bench/score-natural-corpus.mjs";
import type { NaturalTask } from "./sentence";
import { acts, share } from "./test-sentence";

// Session 55: the three wrong acts of the held-out batches (fresh176, fresh169, fresh171), read after the batches
// were scored (only the wrong acts, never their misses) and fixed as defects: each kept the speaker's own earlier
// value that the message went on to correct.
const corpus = loadNaturalCorpus();
const held = corpus.heldOutTasks as Record<string, NaturalTask>;
const jobs = held.jobs as NaturalTask;
const theft = held.theft as NaturalTask;

describe("the speaker's own earlier value, corrected (held-out wrong acts)", () => {
  it('"That was a slip — it\'s 3": a slip calls the restated value wrong, and the bare level replaces it', () => {
    expect(acts("I wrote Candidate B's teamwork as 5. That was a slip — it's 3.", jobs)).toEqual([share(1, 3, 3)]);
    // with no level after it the restated value is withdrawn (session 57: a value its speaker calls a slip is not
    // left standing; until then it stayed)
    expect(acts("I wrote Candidate B's teamwork as 5. That was a slip.", jobs)).toEqual([{ kind: "pass" }]);
  });

  it("\"Scratch that — they're 0\": a plural attribute's pronoun after a retraction, across sentences and within one", () => {
    expect(acts("I said Employee F's email records were 1. Scratch that — they're 0.", theft)).toEqual([
      share(5, 3, 0),
    ]);
    expect(acts("Employee F's email records are 1 — no wait, they are 0.", theft)).toEqual([share(5, 3, 0)]);
    // a plain "They are 0." after someone's plain share is no retraction: the first value stays
    expect(acts("Employee F's email records are 1. They are 0.", theft)).toEqual([share(5, 3, 1)]);
  });

  it('", but on re-reading my notes it is 2": the speaker\'s second look sources the value after it', () => {
    expect(acts("I listed Restaurant C's service as 4, but on re-reading my notes it is 2.")).toEqual([share(2, 1, 2)]);
    expect(acts("I said Restaurant C's service was 4, but looking again it's 2.")).toEqual([share(2, 1, 2)]);
    expect(acts("I said Restaurant C's service was 4, but on a second look, it's 2.")).toEqual([share(2, 1, 2)]);
    expect(acts("Agent 2 says Restaurant C's service is 4, but after double-checking the table it's 2.")).toEqual([
      share(2, 1, 2),
    ]);
    // a second look that names no new value leaves the first one
    expect(acts("I listed Restaurant C's service as 4, but on re-reading my notes I'm not sure.")).not.toContainEqual(
      share(2, 1, 2),
    );
  });
});
