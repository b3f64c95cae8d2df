import { describe, expect, it } from "vitest";
import { loadNaturalCorpus } from "../../../bench/score-natural-corpus.mjs";
import type { NaturalTask } from "./sentence";
import { acts, calls, manor, share } from "./test-sentence";

// Session 55, second tuner: the shapes of fresh173, fresh174 and fresh175 (corrections, paired lists and number
// forms, written before these rules), each read by a rule with its limits.
const corpus = loadNaturalCorpus();
const held = corpus.heldOutTasks as Record<string, NaturalTask>;
const jobs = held.jobs as NaturalTask;
const bigTeam = held.bigTeam as NaturalTask;
const profile = held.heldoutProfile as NaturalTask;
const pantry = held.pantry as NaturalTask;
const apartments = held.apartments as NaturalTask;
const pass = { kind: "pass" };

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

describe("wrong acts fixed: a restated value, the listener's entry, a contrast, a hedged forecast", () => {
  it("the speaker's own earlier value gives way to another level of the same cell in the next sentence", () => {
    expect(
      acts(
        "In round one I gave C's value for money as 5 — I was reading the service column by mistake. C's value for money is actually 3.",
        profile,
      ),
    ).toEqual([share(2, 3, 3)]);
    // the same level again, or another's level, leaves it
    expect(acts("I said C's value for money was 5. C's value for money is 5, to be clear.", profile)).toContainEqual(
      share(2, 3, 5),
    );
    expect(acts("I said C's value for money was 5. Agent 2 thinks C's value for money is 3.", profile)).toEqual([
      share(2, 3, 5),
    ]);
  });

  it('"the 5 is C\'s service", "the 5 I\'m holding is D\'s teamwork": a level named by "the", then its cell', () => {
    expect(acts("The 5 is C's service.", profile)).toEqual([share(2, 1, 5)]);
    expect(acts("The 5 I have is D's teamwork.", jobs)).toEqual([share(3, 3, 5)]);
    expect(acts("C's value for money is actually 3, and the 5 is C's service.", profile)).toEqual([
      share(2, 3, 3),
      share(2, 1, 5),
    ]);
    // an alternative after the cell reads nothing
    expect(acts("The 5 is C's service or D's.", profile)).toEqual([pass]);
  });

  it('"You put D\'s leadership at 5; ...": the listener\'s entry is their claim, and the clause after ";" is read', () => {
    expect(acts("You put D's leadership at 5.", jobs)).toEqual([pass]);
    expect(acts("Your recap listed D's leadership as 5.", jobs)).toEqual([pass]);
    expect(acts("You put D's leadership at 5; the 5 I'm holding is D's teamwork.", jobs)).toEqual([share(3, 3, 5)]);
    expect(acts("D's leadership isn't 5; D's teamwork is 5.", jobs)).toEqual([share(3, 3, 5)]);
    // the speaker's own entry is theirs; another's report over the semicolon keeps the sentence unread
    expect(acts("I put D's leadership at 5.", jobs)).toEqual([share(3, 4, 5)]);
    expect(acts("Agent 2 says D's leadership is 5; D's teamwork is 5.", jobs)).toEqual([pass]);
  });

  it('"that\'s vibes, not data": "not" and a bare noun after a pause set one thing against another, no pass', () => {
    expect(acts("A's service is 4. I'd give the place seven out of ten overall, but that's vibes, not data.")).toEqual([
      share(0, 1, 4),
    ]);
    expect(acts("Not data.")).toEqual([pass]);
    // "not" with a word of newness after a pause still passes
    expect(acts("A's service is 4. Honestly, not new info.")).toEqual([share(0, 1, 4), pass]);
  });

  it('"X is probably where we land": a hedged forecast chooses nothing', () => {
    expect(acts("If nobody objects, Tuesday morning is probably where we land.", calls)).toEqual([pass]);
    expect(acts("Tuesday morning is likely where we land.", calls)).toEqual([pass]);
    // without the hedge it is a choice, as before
    expect(acts("If nobody objects, Tuesday morning is where we land.", calls)).toEqual([
      { kind: "propose", option: 3 },
    ]);
  });
});

describe("wrong acts fixed: a paired list withdrawn", () => {
  it('"... 0 and 3 respectively. Wait — scratch that, I was reading the onions line.": every share of it goes', () => {
    expect(
      acts(
        "Rice bags on A and B: 0 and 3 respectively. Wait — scratch that, I was reading the onions line. B actually has 4 rice bags.",
        pantry,
      ),
    ).toEqual([share(1, 2, 4)]);
    expect(acts("Shelf A has 2 apples. Scratch that, I misread.", pantry)).toEqual([pass]);
    // a lead with no verb that withdraws ("wait" alone) takes nothing back
    expect(acts("Rice bags on A and B: 0 and 3 respectively. Wait, I was reading the onions line.", pantry)).toEqual([
      share(0, 2, 0),
      share(1, 2, 3),
    ]);
  });
});

describe("corrections: the level named by 'the'", () => {
  it('"the 2 belongs to B\'s location": the level, then the cell it belongs to', () => {
    expect(acts("A's location is 4; the 2 belongs to B's location.", profile)).toEqual([
      share(0, 5, 4),
      share(1, 5, 2),
    ]);
    // a second name after the cell reads nothing
    expect(acts("The 2 belongs to B's location and C's.", profile)).toEqual([pass]);
  });

  it('"Miss Hartley\'s poison bottle is the 0.": a cell, then "is the <level>" closing the sentence', () => {
    expect(acts("Miss Hartley's poison bottle is the 0.", manor)).toEqual([share(3, 3, 0)]);
    expect(acts("Monday evening for Omar is the 0.", calls)).toEqual([share(2, 1, 0)]);
    // a hedge or a question before it reads nothing
    expect(acts("Monday evening for Omar is maybe the 0.", calls)).toEqual([pass]);
    expect(acts("Miss Hartley's poison bottle is the 0?", manor)).toEqual([pass]);
  });
});

describe("numbers: a level put first, then its cell", () => {
  it("\"Two — that's what Lena's calendar shows for Monday noon\": the cell's names after \"that's what\"", () => {
    expect(acts("Two — that's what Lena's calendar shows for Monday noon.", calls)).toEqual([share(1, 2, 2)]);
    expect(acts("Four — that's what Restaurant A earns for service.")).toEqual([share(0, 1, 4)]);
    expect(acts("Four stars for ambience — that's what Restaurant A gets from me.")).toEqual([share(0, 2, 4)]);
    // another's word after it reads nothing
    expect(acts("Four — that's what Restaurant A gets for service, says Agent 2.")).toEqual([pass]);
  });

  it('"Five — that\'s how many onions are sitting on Shelf B": the count put first', () => {
    expect(acts("Five — that's how many onions are sitting on Shelf B.", pantry)).toEqual([share(1, 1, 5)]);
    expect(acts("Five — that's how many onions might be on Shelf B.", pantry)).toEqual([pass]);
  });

  it('"..., the best possible": the scale\'s top said again after the cell closes it', () => {
    expect(acts("Two — that's what Lena's calendar shows for Monday noon, the best possible.", calls)).toEqual([
      share(1, 2, 2),
    ]);
    // a level that is not the scale's end is left unread
    expect(acts("One — that's what Lena's calendar shows for Monday noon, the best possible.", calls)).toEqual([pass]);
  });
});

describe("names: an attribute of several words joined by hyphens", () => {
  it('"value-for-money" is "value for money"', () => {
    expect(acts("Restaurant A's value-for-money is 4.")).toEqual([share(0, 3, 4)]);
    expect(acts("Value-for-money: C and D sit at 1 and 4 respectively.", profile)).toEqual([
      share(2, 3, 1),
      share(3, 3, 4),
    ]);
    // a hyphen joining other words names nothing
    expect(acts("Restaurant A's value-for-the-money is 4.")).toEqual([pass]);
  });
});

describe('proposals: an option\'s "\'s" before "my"', () => {
  it('"B\'s my pick!": "\'s" before "my" is "is"', () => {
    expect(acts("Apartments A and B have quietness of 2 and 5. B's my pick!", apartments)).toEqual([
      share(0, 4, 2),
      share(1, 4, 5),
      { kind: "propose", option: 1 },
    ]);
    expect(acts("Apartment B's our best bet.", apartments)).toEqual([{ kind: "propose", option: 1 }]);
    // a possessive before its noun stays one
    expect(acts("Apartment B's rent is my pick of the lot.", apartments)).not.toContainEqual({
      kind: "propose",
      option: 1,
    });
  });
});
