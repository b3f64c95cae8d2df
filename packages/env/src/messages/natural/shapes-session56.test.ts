import { describe, expect, it } from "vitest";
import { loadNaturalCorpus } from "../../../bench/score-natural-corpus.mjs";
import type { NaturalTask } from "./sentence";
import { acts, ask, calls, manor, share, stalls } from "./test-sentence";

// Session 56: the shapes of fresh177 (paired lists) and fresh179 (corrections), written before these rules, each
// read by a rule with its limits.
const corpus = loadNaturalCorpus();
const held = corpus.heldOutTasks as Record<string, NaturalTask>;
const bigTeam = held.bigTeam as NaturalTask;
const theft = held.theft as NaturalTask;
const apartments = held.apartments as NaturalTask;
const jobs = held.jobs as NaturalTask;
const pass = { kind: "pass" };

describe("wrong acts fixed: the speaker's restated value doubted or withdrawn", () => {
  it('"I said X was a 2 — that was too generous, ...": a slip called in the same sentence, no new level', () => {
    expect(
      acts(
        "I said Monday evening was a 2 on Lena's calendar — that was too generous, and I'm no longer sure what the real value is.",
        calls,
      ),
    ).toEqual([pass]);
    // a new level in the next sentence replaces it, as before
    expect(acts("I said Restaurant B's service was 5 — that was too generous. It's 3.")).toEqual([share(1, 1, 3)]);
    // a plain restatement stays the speaker's value
    expect(acts("I said Restaurant B's service was 5 — that one I'm sure of.")).toEqual([share(1, 1, 5)]);
  });

  it('"I said X was 0 earlier; it might actually be -1, I\'m not certain": another level only guessed at', () => {
    expect(
      acts("I said Stall A's books sold was 0 earlier; it might actually be -1, I'm not certain.", stalls),
    ).toEqual([pass]);
    expect(acts("I said Restaurant B's service was 5, and I'm no longer sure.")).toEqual([pass]);
    // a share of the speaker's own now (no earlier entry) is left to the hedge rules as before
    expect(acts("Stall A's books sold is 0.", stalls)).toEqual([share(0, 2, 0)]);
  });

  it('"Earlier I said X was 1. If that turns out to be wrong, ...": the next sentence doubts it', () => {
    expect(
      acts(
        "Earlier I said Employee B's camera footage was 1. If that turns out to be wrong, it's probably a 0, but I'll wait for Agent 3 to confirm before changing anything.",
        theft,
      ),
    ).toEqual([pass]);
    // a condition on something else leaves it
    expect(acts("Earlier I said Employee B's camera footage was 1. If Agent 3 disagrees, let's talk.", theft)).toEqual([
      share(1, 1, 1),
    ]);
  });

  it('"X is 4 — scratch that, I was looking at D\'s row": withdrawn inside the sentence', () => {
    expect(
      acts(
        "Restaurant F's menu variety is 4 — scratch that, I was looking at Restaurant D's row. D's menu variety is 4; I don't have F's.",
        bigTeam,
      ),
    ).toEqual([share(3, 6, 4)]);
    // a new level after it replaces the share, as before
    expect(acts("Restaurant F's menu variety is 4 — scratch that, it's 3.", bigTeam)).toEqual([share(5, 6, 3)]);
  });
});

describe("paired lists and passes", () => {
  it('"Cleanliness, for the ones I hold: A 3, B 5, ...": an aside in the speaker\'s voice before the colon', () => {
    expect(acts("Cleanliness, for the ones I hold: A 3, B 5, E 1, F 4.", bigTeam)).toEqual([
      share(0, 4, 3),
      share(1, 4, 5),
      share(4, 4, 1),
      share(5, 4, 4),
    ]);
    // another agent's holding, or a recollection, is no aside of the speaker's
    expect(acts("Cleanliness, for the ones Agent 2 holds: A 3, B 5.", bigTeam)).toEqual([pass]);
    expect(acts("Cleanliness, if I recall: A 3, B 5.", bigTeam)).toEqual([pass]);
  });

  it('"That\'s everything I hold.": "everything" as "all", closing the sentence', () => {
    expect(acts("Employee C's phone records: 1. That's everything I hold.", theft)).toEqual([share(2, 5, 1), pass]);
    expect(acts("That's everything from me.", theft)).toEqual([pass]);
    // a scope after it (as the corpus labels it) is no pass
    expect(acts("Employee C's phone records: 1. That's everything I have this round.", theft)).toEqual([
      share(2, 5, 1),
    ]);
  });

  it('"...: 2 and 5 respectively; neighbourhood for both is 3": an attribute "for both" of the two named', () => {
    const both = [share(0, 3, 2), share(3, 3, 5), share(0, 2, 3), share(3, 2, 3)];
    expect(acts("Natural light for A and D: 2 and 5 respectively; neighbourhood for both is 3.", apartments)).toEqual(
      both,
    );
    expect(acts("Natural light for A and D: 2 and 5 respectively. Neighbourhood for both is 3.", apartments)).toEqual(
      both,
    );
    // one option named before it is no "both"
    expect(acts("Natural light for A: 2; neighbourhood for both is 3.", apartments)).toEqual([share(0, 3, 2)]);
  });

  it('"Candidate B / C / D — teamwork: 3/5/2": names set apart by spaced slashes, then as many levels', () => {
    expect(acts("Candidate B / C / D — teamwork: 3/5/2. Agent 2, what's B's leadership?", jobs)).toEqual([
      share(1, 3, 3),
      share(2, 3, 5),
      share(3, 3, 2),
      ask(1, 4, 1),
    ]);
    expect(acts("Candidate B / C / D — teamwork: 3 / 5 / 2.", jobs)).toEqual([
      share(1, 3, 3),
      share(2, 3, 5),
      share(3, 3, 2),
    ]);
    // counts that differ, or a hedge, read nothing
    expect(acts("Candidate B / C — teamwork: 3/5/2.", jobs)).toEqual([pass]);
    expect(acts("Candidate B / C / D — teamwork might be 3/5/2.", jobs)).toEqual([pass]);
  });

  it('"Library key / poison bottle / muddy boots →" over "Doctor Finch: 1 / 3 / 0": slashed columns, rows', () => {
    expect(
      acts("Library key / poison bottle / muddy boots →\nDoctor Finch: 1 / 3 / 0\nMiss Hartley: 2 / 0 / 1", manor),
    ).toEqual([share(2, 2, 1), share(2, 3, 3), share(2, 0, 0), share(3, 2, 2), share(3, 3, 0), share(3, 0, 1)]);
    // a row with fewer levels than columns, or with no heading over it, reads nothing
    expect(acts("Library key / poison bottle / muddy boots →\nDoctor Finch: 1 / 3", manor)).toEqual([pass]);
    expect(acts("Doctor Finch: 1 / 3 / 0", manor)).toEqual([pass]);
  });
  it('"Ambience and value for money — A: 3 and 5, B: 1 and 4": attributes, then each option\'s levels in order', () => {
    expect(acts("Ambience and value for money — A: 3 and 5, B: 1 and 4.")).toEqual([
      share(0, 2, 3),
      share(0, 3, 5),
      share(1, 2, 1),
      share(1, 3, 4),
    ]);
    // a row short of a level, or a hedge, reads nothing
    expect(acts("Ambience and value for money — A: 3 and 5, B: 1.")).toEqual([pass]);
    expect(acts("Ambience and value for money might be — A: 3 and 5, B: 1 and 4.")).toEqual([pass]);
  });
  it('"Desk search results, employees A through F: 0, 0, 1, ...": a plural noun of the values after the attribute', () => {
    expect(acts("Desk search results, employees A through F: 0, 0, 1, 0, 0, 1.", theft)).toEqual([
      share(0, 2, 0),
      share(1, 2, 0),
      share(2, 2, 1),
      share(3, 2, 0),
      share(4, 2, 0),
      share(5, 2, 1),
    ]);
    expect(acts("Desk search results: A 0, B 1.", theft)).toEqual([share(0, 2, 0), share(1, 2, 1)]);
    // a hedge still reads nothing
    expect(acts("Desk search results might be: A 0, B 1.", theft)).toEqual([pass]);
  });
});

describe("corrections", () => {
  it('"Scratch my last figure for X\'s Y. The correct level ... is 1.": the withdrawn pair takes the next level', () => {
    expect(
      acts("Scratch my last figure for Lord Ashby's poison bottle. The correct level from my notes is 1.", manor),
    ).toEqual([share(0, 3, 1)]);
    expect(acts("Scratch my earlier rent figure for Apartment D. It's actually a 4.", apartments)).toEqual([
      share(3, 0, 4),
    ]);
    // another agent's figure scratched is not the speaker's to restate
    expect(acts("Scratch Agent 2's figure for Lord Ashby's poison bottle. It's 1.", manor)).toEqual([pass]);
  });

  it('"It\'s Employee E, not Employee D, whose parking log is 1.": a cleft names the option', () => {
    expect(
      acts("Apologies, I mixed up rows before. It's Employee E, not Employee D, whose parking log is 1.", theft),
    ).toEqual([share(4, 4, 1)]);
    expect(
      acts(
        "Correcting myself: Employee D's parking log is 0. I'd confused D with F — it's Employee F whose parking log is 1.",
        theft,
      ),
    ).toEqual([share(3, 4, 0), share(5, 4, 1)]);
    // under a condition, a hedge or another agent's word it states nothing
    expect(acts("If it's Employee F whose parking log is 1, then F is out.", theft)).toEqual([pass]);
    expect(acts("Maybe it's Employee F whose parking log is 1.", theft)).toEqual([pass]);
    expect(acts("Agent 2 says — it's Employee F whose parking log is 1.", theft)).toEqual([pass]);
  });

  it('"X\'s Y — which I previously listed as 5 — is really a 3", "(I wrote 4 earlier by mistake)": an aside on the speaker\'s earlier entry', () => {
    expect(
      acts(
        "Candidate D's communication — which I previously listed as 5 — is really a 3, so D drops a bit in my ranking. Candidate A still gets my vote.",
        jobs,
      ),
    ).toEqual([share(3, 2, 3), { kind: "propose", option: 0 }]);
    expect(acts("Let me amend that: Apartment C's quietness is 1 (I wrote 4 earlier by mistake).", apartments)).toEqual(
      [share(2, 4, 1)],
    );
    // another agent's entry, or a doubt in the aside, reads nothing
    expect(acts("Candidate D's communication — which Agent 2 listed as 5 — is really a 3.", jobs)).toEqual([pass]);
    expect(acts("Apartment C's quietness is 1 (I wrote 4 earlier, not sure which is right).", apartments)).toEqual([
      pass,
    ]);
  });

  it('"Priya on Tuesday morning is a 2 rather than 0, and ...": "rather than" rejects a level as ", not" does', () => {
    expect(
      acts(
        "Apologies, I misread my calendar grid. Priya on Tuesday morning is a 2 rather than 0, and Lena on Monday evening is 0. That makes Tuesday morning my pick.",
        calls,
      ),
    ).toEqual([share(3, 0, 2), share(2, 2, 0), { kind: "propose", option: 3 }]);
    expect(acts("Priya on Tuesday morning is a 2 rather than 0.", calls)).toEqual([share(3, 0, 2)]);
    // a hedge or another agent's word still reads nothing
    expect(acts("Priya on Tuesday morning might be a 2 rather than 0.", calls)).toEqual([pass]);
    expect(acts("Agent 2 says Priya on Tuesday morning is a 2 rather than 0.", calls)).toEqual([pass]);
  });
  it("\"I got the sign wrong on X's Y: the +1 should have been -1\": the speaker's figure and the right one", () => {
    expect(
      acts(
        "Re my last post, I got the sign wrong on Stall B's cakes sold: the +1 should have been -1. Stall B's plants sold stays at 2. Nothing further from me.",
        stalls,
      ),
    ).toEqual([share(1, 0, -1), share(1, 3, 2), pass]);
    // another agent's slip, a hedge, or two levels after it read nothing
    expect(acts("Agent 2 got the sign wrong on Stall B's cakes sold: the +1 should have been -1.", stalls)).toEqual([
      pass,
    ]);
    expect(acts("I got the sign wrong on Stall B's cakes sold: the +1 might have been -1.", stalls)).toEqual([pass]);
    expect(acts("I got the sign wrong on Stall B's cakes sold: the +1 should have been -1 or -2.", stalls)).toEqual([
      pass,
    ]);
  });
});

describe("numbers", () => {
  it('"Tomas is at 2 for Tuesday morning": a person as the subject, "at" before the level', () => {
    expect(acts("Tomas is at 2 for Tuesday morning.", calls)).toEqual([share(3, 3, 2)]);
    // a negation or a condition states nothing; no slot named is no share
    expect(acts("Tomas is not at 2 for Tuesday morning.", calls)).toEqual([pass]);
    expect(acts("If Tomas is at 2 for Tuesday morning, we pick it.", calls)).toEqual([pass]);
    expect(acts("Tomas is at 2.", calls)).toEqual([pass]);
  });
});

describe("proposals", () => {
  it('"Tuesday 9am still looks best to me, though, and I\'m backing it": "it" after a verb of support', () => {
    const meetings = held.meetings as NaturalTask;
    expect(acts("Tuesday 9am still looks best to me, though, and I'm backing it.", meetings)).toEqual([
      { kind: "propose", option: 4 },
    ]);
    // negated, conditioned, or with two options before it, no choice
    expect(acts("Tuesday 9am looks best, but I'm not backing it.", meetings)).toEqual([pass]);
    expect(acts("If Tuesday 9am holds up, I'm backing it.", meetings)).toEqual([pass]);
    expect(acts("Tuesday 9am or Monday 2pm look fine, and I'm backing it.", meetings)).toEqual([pass]);
  });
});

describe("questions", () => {
  it('"Could whoever holds X confirm it?": "whoever" asks everyone, as "someone who" does', () => {
    expect(
      acts(
        "I said Monday evening was a 2 on Lena's calendar — that was too generous, and I'm no longer sure what the real value is. Could whoever holds Lena's Monday evening confirm it?",
        calls,
      ),
    ).toEqual([ask(2, 2)]);
    // a statement about whoever holds it asks nothing
    expect(acts("Whoever holds Lena's Monday evening wins.", calls)).toEqual([pass]);
  });
});
