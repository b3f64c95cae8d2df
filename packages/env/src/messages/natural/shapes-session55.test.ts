import { describe, expect, it } from "vitest";
import { loadNaturalCorpus } from "../../../bench/score-natural-corpus.mjs";
import type { NaturalTask } from "./sentence";
import { acts, ask, calls, manor, propose, share, stalls } from "./test-sentence";

// Session 55: the shapes of fresh163, fresh165 and fresh166 (written before these rules, session 49's brief), each
// read by a rule with its limits.
const corpus = loadNaturalCorpus();
const held = corpus.heldOutTasks as Record<string, NaturalTask>;
const meetings = held.meetings as NaturalTask;
const theft = held.theft as NaturalTask;
const apartments = held.apartments as NaturalTask;
const jobs = held.jobs as NaturalTask;
const profile = held.heldoutProfile as NaturalTask;
const pass = { kind: "pass" };

describe("wrong acts fixed", () => {
  it('"That\'s a real drag on A as far as I\'m concerned": a mark against the option is no choice of it', () => {
    expect(acts("That's a real drag on A as far as I'm concerned.")).toEqual([pass]);
    expect(acts("That's the downside of B, for me.")).toEqual([pass]);
    // the speaker's voice with no such word still proposes, as before
    expect(acts("Apartment A is home, as far as I'm concerned.", apartments)).toEqual([propose(0)]);
  });

  it('"..., and the value I actually hold is 2": the value named as the speaker\'s replaces the earlier one', () => {
    expect(
      acts("Earlier I gave Candidate A's experience as 4; I misread the row, and the value I actually hold is 2.", jobs),
    ).toEqual([share(0, 0, 2)]);
    expect(acts("Earlier I gave Candidate A's experience as 4; I misread it, and the correct value is 2.", jobs)).toEqual(
      [share(0, 0, 2)],
    );
    expect(acts("Earlier I said Candidate A's experience was 4; the value I hold is 2.", jobs)).toEqual([
      share(0, 0, 2),
    ]);
    // another agent's holding replaces nothing
    expect(acts("Candidate A's experience is 4, and the value Agent 2 holds is 2.", jobs)).toEqual([share(0, 0, 4)]);
  });
});

describe("questions and requests", () => {
  it('"Hey Agent 1 whats X\'s Y." closed by a full stop: a "what\'s" question all the same', () => {
    expect(acts("Hey Agent 1 whats Tomas's calendar on monday morning. Nothing else from me", calls)).toEqual([
      ask(0, 3, 0),
      pass,
    ]);
    expect(acts("What is Tomas's calendar on Monday morning.", calls)).toEqual([ask(0, 3)]);
    // a level in it, or a pause after the verb: a statement
    expect(acts("What's more, Tomas's calendar on monday morning is 2.", calls)).toEqual([share(0, 3, 2)]);
    expect(acts("What is clear: Tomas's calendar on monday morning is 2.", calls)).toEqual([share(0, 3, 2)]);
  });

  it('"also anyone have the rent of D" with no question mark: a request to the team', () => {
    expect(acts("also anyone have the rent of D", apartments)).toEqual([ask(3, 0)]);
    expect(acts("Anyone have the rent of D, I have it at 3.", apartments)).toEqual([pass]);
  });

  it('"agent 2 what is X for Y??": a question word right after the number sets the address off', () => {
    expect(acts("agent 2 what is quietness for apartment D??", apartments)).toEqual([ask(3, 4, 1)]);
    expect(acts("Hey Agent 2 what's the quietness of apartment D?", apartments)).toEqual([ask(3, 4, 1)]);
    // with no question mark the number is no address: "Agent 2 what ..." stays unread
    expect(acts("Agent 2 said what the quietness of apartment D is.", apartments)).toEqual([pass]);
  });
});
