import { describe, expect, it } from "vitest";
import { loadNaturalCorpus } from "../../../bench/score-natural-corpus.mjs";
import type { NaturalTask } from "./sentence";
import { acts, ask, calls, manor, propose, share, stalls } from "./test-sentence";

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

describe("the request reader (request-reader.ts): asks of one cell a part of the sentence puts to one agent or anyone", () => {
  const bigTeam = held.bigTeam as NaturalTask;
  const jobs = held.jobs as NaturalTask;
  const profile = held.heldoutProfile as NaturalTask;

  it("one ask per part, each to its own agent, by a question word, a word of request or the address alone", () => {
    const two =
      "Agent 4, what's Restaurant E's wait time, and Agent 5, please give us Restaurant F's cleanliness level.";
    expect(acts(two, bigTeam)).toEqual([ask(4, 7, 3), ask(5, 4, 4)]);
    expect(acts("And Agent 1, Candidate A's experience would help too.", jobs)).toEqual([ask(0, 0, 0)]);
    expect(acts("Second, Agent 1, Candidate A's experience.", jobs)).toEqual([ask(0, 0, 0)]);
    expect(acts("Anyone holding B's service?", profile)).toEqual([ask(1, 1)]);
    expect(acts("And, for whoever has it, Candidate B's teamwork.", jobs)).toEqual([ask(1, 3)]);
    expect(acts("Anyone know how many rice bags Shelf A has?", pantry)).toEqual([ask(0, 2)]);
  });

  it("refuses a part with no request, no cell or two, a number, the speaker's own doing, an opinion or an event", () => {
    for (const text of [
      "Candidate A's experience, for what it's worth.", // no request, no address, no question
      "Agent 1, Candidate A's experience and Candidate B's teamwork.", // two cells in one part
      "Agent 1, Candidate A's experience is 4?", // a number
      "Agent 2, I'll cover Candidate A's experience.", // the speaker's own doing
      "Agent 2, do you think Candidate A's experience matters?", // an opinion, not a level
      "Agent 2, did you see Candidate A with the teamwork?", // an event
      "Agent 4, what's Restaurant E's wait time, and Agent 5, Restaurant F is my pick.", // a part with no cell
      "Agent 2, isn't Candidate A's experience enough?", // a negation
    ])
      expect(
        acts(text, text.includes("Restaurant") ? bigTeam : jobs).filter((a) => a.kind === "ask"),
        text,
      ).toEqual([]);
  });

  it("a cell another reader asks for too is one ask, with the request's address where the other has none", () => {
    expect(acts("Agent 1, I'm missing Candidate C's experience. Got it handy?", jobs)).toEqual([ask(2, 0, 0)]);
    expect(acts("Still need Candidate C's teamwork. Anyone?", jobs)).toEqual([ask(2, 3)]);
  });
});

describe("the slot reader: \"can't make\" as a person's lowest availability (slot-reader.ts)", () => {
  const meetings = held.meetings as NaturalTask;

  it('"Alice can\'t make Tuesday 11am (0)" gives 0; a level that disagrees, none at all, or a condition gives nothing', () => {
    expect(acts("Alice can't make Tuesday 11am (0).", meetings)).toEqual([share(5, 0, 0)]);
    expect(acts("And Erin can't do Monday 11am — that's a 0.", meetings)).toEqual([share(1, 4, 0)]);
    for (const text of [
      "Alice can't make Tuesday 11am (1).",
      "Alice can't make Tuesday 11am.",
      "If Alice can't make Tuesday 11am (0), we pick Monday.",
    ])
      expect(
        acts(text, meetings).filter((a) => a.kind === "share"),
        text,
      ).toEqual([]);
    // only where the attributes are availabilities: "can't make" states nothing of a count
    expect(acts("Shelf A can't make 2 apples.", pantry)).toEqual([pass]);
  });
});

describe('"switching to" as a verb of choosing (natural-cues.ts), "torn" as a choice not made (proposal-cues.ts)', () => {
  const apartments = held.apartments as NaturalTask;

  it("reads the present choice after a past one; a past, conditional or torn switch proposes nothing", () => {
    expect(acts("I was pushing for Apartment A earlier, but I'm switching to D now.", apartments)).toEqual([
      propose(3),
    ]);
    for (const text of [
      "I was switching to Apartment D.",
      "If B's rent is 2, I'd switch to Apartment D.",
      "Now I'm torn between sticking with it and switching to Apartment B.",
    ])
      expect(acts(text, apartments), text).toEqual([pass]);
  });
});

describe('the slot reader: a paired list closed by "respectively" (slot-reader.ts)', () => {
  it('"Stall A, Stall B, Stall C, Stall D on plants sold: 0, -1, 2, -2 respectively." reads as without the word', () => {
    const listed = "Stall A, Stall B, Stall C, Stall D on plants sold: 0, -1, 2, -2";
    const expected = [share(0, 3, 0), share(1, 3, -1), share(2, 3, 2), share(3, 3, -2)];
    expect(acts(`${listed} respectively.`, stalls)).toEqual(expected);
    expect(acts(`${listed}.`, stalls)).toEqual(expected);
    expect(acts("Stalls A, B, C, D on plants sold: 0, -1, 2, -2 respectively.", stalls)).toEqual(expected);
    // one level short: exact or nothing
    expect(acts("Stall A, Stall B, Stall C, Stall D on plants sold: 0, -1, 2 respectively.", stalls)).toEqual([pass]);
  });
});

describe('"... lines up with my own: <the speaker\'s value>": the report ends at "mine:" / "my own:" (sentence.ts)', () => {
  it("reads the speaker's own clause after the label, and nothing of the report before it", () => {
    const report = "Agent 2's figure for Priya on Monday morning (0)";
    expect(acts(`${report} lines up with my own: Priya's calendar for Monday morning is 0.`, calls)).toEqual([
      share(0, 0, 0),
    ]);
    expect(acts(`${report} doesn't match mine: Priya's calendar for Monday morning is 1.`, calls)).toEqual([
      share(0, 0, 1),
    ]);
    // no label: the report holds to the clause break, and nothing is the speaker's
    expect(acts(`${report} lines up with Priya's calendar for Monday morning at 0.`, calls)).toEqual([pass]);
  });
});
