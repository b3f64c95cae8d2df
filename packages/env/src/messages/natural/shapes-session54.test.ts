import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loadNaturalCorpus } from "../../../bench/score-natural-corpus.mjs";
import type { NaturalTask } from "./sentence";
import { acts, ask, calls, manor, propose, share, stalls } from "./test-sentence";

// Session 54: the shapes of fresh143-fresh146 (written before these rules, session 49's brief), each read by a rule
// with its limits.
const corpus = loadNaturalCorpus();
const held = corpus.heldOutTasks as Record<string, NaturalTask>;
const meetings = held.meetings as NaturalTask;
const theft = held.theft as NaturalTask;
const bigTeam = held.bigTeam as NaturalTask;
const apartments = held.apartments as NaturalTask;
const pass = { kind: "pass" };

describe("a pointer that proposes the option of the sentence before", () => {
  it("\"Let's lock it in unless someone objects\": the team's consent closes it with no pause before", () => {
    expect(acts("Monday 2pm is the only slot left. Let's lock it in unless someone objects.", meetings)).toEqual([
      propose(2),
    ]);
    // one named person's objection is a real condition
    expect(acts("Monday 2pm is the only slot left. Let's lock it in unless Bob objects.", meetings)).toEqual([pass]);
  });

  it('"lock that in", "choose him this round", "lock it in now": a particle or a time after the pointer', () => {
    expect(acts("Monday 2pm is the one slot. I'd recommend we lock that in.", meetings)).toEqual([propose(2)]);
    expect(acts("Monday 2pm is the one slot. Let's lock that in.", meetings)).toEqual([propose(2)]);
    expect(acts("Doctor Finch fits. I'd like all of us to choose him this round.", manor)).toEqual([propose(2)]);
    expect(acts("Doctor Finch fits. Let's lock it in now.", manor)).toEqual([propose(2)]);
    // "that" after "propose" before "we" is the conjunction, as before
    expect(acts("I propose that we go with Restaurant B.")).toEqual([propose(1)]);
    // a word other than a particle or a time after the pointer: no proposal
    expect(acts("Monday 2pm is the one slot. Let's lock that in the calendar first.", meetings)).toEqual([pass]);
  });

  it('"I\'m going to say X": a choice only where the option closes the clause', () => {
    expect(acts("Unless anyone objects, I'm going to say Restaurant B.")).toEqual([propose(1)]);
    expect(acts("I'm going to say Restaurant B, since its food quality is 5.")).toEqual([propose(1), share(1, 0, 5)]);
    expect(acts("I'm going to say Restaurant B has food quality 4.")).toEqual([pass]);
    expect(acts("Agent 2 is going to say Restaurant B.")).toEqual([pass]);
  });
});

describe("an echo of a level before the speaker's closing pointer", () => {
  it('"..., and so does the poison bottle — that\'s my pick": the echo ends before the dash', () => {
    expect(acts("Doctor Finch's library key scores 3, and so does the poison bottle — that's my pick.", manor)).toEqual(
      [share(2, 2, 3), propose(2), share(2, 3, 3)],
    );
    expect(
      acts(
        "I'm pointing the finger at Doctor Finch. The library key scores 3 for him, and so does the poison bottle — that's my pick.",
        manor,
      ),
    ).toEqual([propose(2), share(2, 2, 3), share(2, 3, 3)]);
  });

  it("a tail after the dash that names a cell or a number is no pointer: no echo", () => {
    expect(
      acts("Doctor Finch's library key scores 3, and so does the poison bottle — Lady Ashby has 2 there.", manor),
    ).not.toContainEqual(share(2, 3, 3));
  });
});

describe("number forms and lists", () => {
  it('"full marks from me": the speaker as the giver closes the top level', () => {
    expect(acts("Miss Hartley's torn glove gets full marks from me.", manor)).toEqual([share(3, 1, 3)]);
    expect(acts("Miss Hartley's torn glove gets full marks from me and Agent 2.", manor)).toEqual([pass]);
  });

  it('"for location and for menu variety": the preposition said again before the second name', () => {
    expect(acts("Restaurant E gets full marks for location and for menu variety.", bigTeam)).toEqual([
      share(4, 5, 5),
      share(4, 6, 5),
    ]);
    expect(acts("Restaurant E gets 4 for location and for the menu variety.", bigTeam)).toEqual([
      share(4, 5, 4),
      share(4, 6, 4),
    ]);
    // another preposition is another item, not the pair's
    expect(acts("Restaurant E gets 4 for location and on menu variety.", bigTeam)).toEqual([share(4, 5, 4)]);
  });

  it('"two broken watch clues and zero on the poison bottle": the counted noun after the attribute', () => {
    expect(acts("For Lord Ashby I found two broken watch clues and zero on the poison bottle.", manor)).toEqual([
      share(0, 4, 2),
      share(0, 3, 0),
    ]);
    expect(acts("Lord Ashby has two broken watch clues and one torn glove clue.", manor)).toEqual([
      share(0, 4, 2),
      share(0, 1, 1),
    ]);
  });

  it('"X for A and B is 0 in both cases": one level for each option, only with a word that gives it to each', () => {
    expect(acts("Camera footage for Employee C and Employee E is 0 in both cases.", theft)).toEqual([
      share(2, 1, 0),
      share(4, 1, 0),
    ]);
    expect(acts("Camera footage for Employee C and Employee E is 1 apiece.", theft)).toEqual([
      share(2, 1, 1),
      share(4, 1, 1),
    ]);
    expect(acts("Camera footage for Employee C and Employee E is 0.", theft)).toEqual([pass]);
  });

  it("property: the level for each option is the one stated, for any two options and level", () => {
    const names = ["Employee A", "Employee B", "Employee C", "Employee D", "Employee E", "Employee F"];
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5 }),
        fc.integer({ min: 0, max: 5 }),
        fc.integer({ min: 0, max: 1 }),
        (x, y, level) => {
          fc.pre(x !== y);
          const got = acts(`Desk search for ${names[x]} and ${names[y]} is ${level} in both cases.`, theft);
          expect(got).toEqual([share(x, 2, level), share(y, 2, level)]);
        },
      ),
      { numRuns: 40 },
    );
  });

  it("\"In my view it's +2 on cakes sold and +2 on books sold\": the speaker's view leads the items", () => {
    expect(acts("Let's back Stall D. In my view it's +2 on cakes sold and +2 on books sold.", stalls)).toEqual([
      propose(3),
      share(3, 0, 2),
      share(3, 2, 2),
    ]);
  });
});

describe("people pointed to and asked by name", () => {
  it('"My notes give him a 3 for ...": "him" as the person the sentence before spoke about', () => {
    expect(
      acts("I'm naming Doctor Finch. My notes give him a 3 for the library key and a 3 for the poison bottle.", manor),
    ).toEqual([propose(2), share(2, 2, 3), share(2, 3, 3)]);
    // someone else's notes, a condition, or no person before: nothing
    expect(acts("I'm naming Doctor Finch. Agent 2 gives him a 3 for the library key.", manor)).toEqual([propose(2)]);
    expect(acts("I'm naming Doctor Finch. If my notes give him a 3 for the library key, fine.", manor)).toEqual([
      propose(2),
    ]);
    expect(acts("My notes give him a 3 for the library key.", manor)).toEqual([pass]);
    // two pronouns: which is which is not said
    expect(
      acts(
        "I'm naming Doctor Finch. My notes give him a 3 for the library key and her a 3 for the poison bottle.",
        manor,
      ),
    ).toEqual([propose(2)]);
  });

  it('"What does Lena have for Tuesday morning?": the person as the subject of a verb of holding', () => {
    expect(acts("What does Lena have for Tuesday morning?", calls)).toEqual([ask(3, 2)]);
    expect(acts("What did Bob have for Monday 9am?", meetings)).toEqual([ask(0, 1)]);
    // a person who owns no attribute asks nothing
    expect(acts("What does Zoe have for Tuesday morning?", calls)).toEqual([pass]);
  });

  it('"Monday 2pm works: Alice, Bob and Carol are all available then": the lead\'s option for "then"', () => {
    expect(acts("Monday 2pm works: Alice, Bob and Carol are all available then.", meetings)).toEqual([
      share(2, 0, 1),
      share(2, 1, 1),
      share(2, 2, 1),
    ]);
    expect(acts("Monday 2pm looks good: Alice, Bob and Carol are all available.", meetings)).toEqual([
      share(2, 0, 1),
      share(2, 1, 1),
      share(2, 2, 1),
    ]);
    // two options in the lead: no one option to carry
    expect(acts("Monday 2pm or Monday 4pm: Alice is available then.", meetings)).toEqual([pass]);
  });

  it('"I\'m torn between A and C; both show size 5": "both" over the pair a clause of no act named', () => {
    expect(acts("I'm torn between Apartment A and Apartment C; both show size 5.", apartments)).toEqual([
      share(0, 1, 5),
      share(2, 1, 5),
    ]);
    // three options named: "both" gathers none of them
    expect(
      acts("I'm torn between Apartment A, Apartment B and Apartment C; both show size 5.", apartments),
    ).not.toContainEqual(share(0, 1, 5));
  });
});
