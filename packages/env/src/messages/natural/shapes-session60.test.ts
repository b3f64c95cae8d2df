import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loadNaturalCorpus } from "../../../bench/score-natural-corpus.mjs";
import type { NaturalTask } from "./sentence";
import { acts, ask, stalls } from "./test-sentence";

// Session 60's request shapes (issue 26), written on the corpus (fresh192, fresh196, fresh204), never on the
// session's held-out wave.

const held = loadNaturalCorpus().heldOutTasks as Record<string, NaturalTask>;
const jobs = held.jobs as NaturalTask;
const bigTeam = held.bigTeam as NaturalTask;
const pass = { kind: "pass" } as const;

describe("the request reader: another address after an ask, closing courtesies", () => {
  it("an address with the cell alone right after a sentence that asked is the same request", () => {
    expect(acts("@Agent 3 — ambience for Restaurant B, please. @Agent 5 — food quality for C.", bigTeam)).toEqual([
      ask(1, 2, 2),
      ask(2, 0, 4),
    ]);
    // with no ask before it, an address with a cell alone may be a heading's item: nothing, as before
    expect(acts("@Agent 5 — food quality for C.", bigTeam)).toEqual([pass]);
  });

  it('"if you have it", "when you get a chance" close a request; a level or a doubt still refuses it', () => {
    expect(
      acts(
        "Agent 2, what's Candidate A's technical skill? And Agent 3 — Candidate C's teamwork, if you have it.",
        jobs,
      ),
    ).toEqual([ask(0, 1, 1), ask(2, 3, 2)]);
    expect(acts("Agent 3, Candidate C's teamwork, when you get a chance.", jobs)).toEqual([ask(2, 3, 2)]);
    expect(acts("Agent 3, Candidate C's teamwork maybe, if you have it.", jobs)).toEqual([pass]);
    expect(acts("Agent 3, Candidate C's teamwork or experience, if you have it.", jobs)).toEqual([pass]);
  });

  it("'Agent N, <cell>, if you have it.' asks agent N for the cell; without the courtesy nothing (property)", () => {
    const { options, attributes } = stalls.domain;
    fc.assert(
      fc.property(fc.nat(3), fc.nat(3), fc.integer({ min: 1, max: stalls.agents }), (o, a, n) => {
        const cell = `${options[o]}'s ${attributes[a]}`;
        expect(acts(`Agent ${n}, ${cell}, if you have it.`, stalls)).toEqual([ask(o, a, n - 1)]);
        // the oracle: the same request as a question
        expect(acts(`Agent ${n}, what's ${cell}?`, stalls)).toEqual([ask(o, a, n - 1)]);
        expect(acts(`Agent ${n}, ${cell}.`, stalls)).toEqual([pass]);
      }),
      { numRuns: 40 },
    );
  });
});
