import { describe, expect, it } from "vitest";
import { loadNaturalCorpus } from "../../../bench/score-natural-corpus.mjs";
import type { NaturalTask } from "./sentence";
import { acts, ask, calls, propose, share, stalls } from "./test-sentence";

// Session 57, second tuner: the shapes of fresh189 (proposals, numbers, hedges) and fresh191 (addressed questions,
// reported claims, hedges), written before these rules, each read by a rule with its limits.
const corpus = loadNaturalCorpus();
const held = corpus.heldOutTasks as Record<string, NaturalTask>;
const pantry = held.pantry as NaturalTask;
const jobs = held.jobs as NaturalTask;
const meetings = held.meetings as NaturalTask;
const bigTeam = held.bigTeam as NaturalTask;
const pass = { kind: "pass" };

describe("wrong acts fixed", () => {
  it("\"..., and Priya's for Monday noon is 0\": a person's \"'s\" names the clause's own attribute", () => {
    expect(
      acts(
        "Lena's calendar for Tuesday morning is maxed out at 2, and Priya's for Monday noon is a big fat zero.",
        calls,
      ),
    ).toEqual([share(3, 2, 2), share(1, 0, 0)]);
    // a clause the reader cannot read alone that names its person takes no attribute from the clause before
    expect(
      acts("Lena's calendar for Tuesday morning is maxed out at 2, and Priya's for Monday noon is a huge zero.", calls),
    ).toEqual([share(3, 2, 2)]);
    // a clause naming no attribute still takes the one before it
    expect(
      acts("Lena's calendar for Tuesday morning is maxed out at 2, and Monday noon is a big zero.", calls),
    ).toEqual([share(3, 2, 2), share(1, 2, 0)]);
  });

  it('"a big fat zero", "a big 2": degree adjectives before a level', () => {
    expect(acts("Priya's for Monday noon is a big fat zero.", calls)).toEqual([share(1, 0, 0)]);
    expect(acts("Priya's for Monday noon is a big surprise.", calls)).toEqual([pass]);
  });

  it('"Building on Agent 4\'s point: they put X at 3.": "they" and a verb of saying or rating is the agent\'s word', () => {
    expect(
      acts(
        "Building on Agent 4's point: they put Restaurant A's service at 3. My figure is 4, so we differ. Restaurant A gets my vote.",
        bigTeam,
      ),
    ).toEqual([share(0, 1, 4), propose(0)]);
    expect(acts("Building on Agent 4's point: they said Restaurant A's service is 3.", bigTeam)).toEqual([pass]);
    // no agent named before the pronoun: left to the other readers
    expect(acts("Building on that: Restaurant A's service is 3.", bigTeam)).toEqual([share(0, 1, 3)]);
    expect(acts("Building on Agent 4's point: Restaurant A's service is 3.", bigTeam)).toEqual([share(0, 1, 3)]);
  });

  it('"I have no data there": no data on the cell named before, no pass', () => {
    expect(
      acts("Agent 1 also said E had cleanliness 5; I have no data there. Restaurant A gets my vote.", bigTeam),
    ).toEqual([propose(0)]);
    // with no pointer back it is still a pass
    expect(acts("Restaurant A gets my vote. I have no data to add.", bigTeam)).toEqual([propose(0), pass]);
  });

  it("\"Shelf B has 3 rice bags, give or take.\": an estimate's tail closing the sentence after the count's noun", () => {
    expect(acts("Shelf B has 3 rice bags, give or take. Shelf A definitely holds 1 onion, though.", pantry)).toEqual([
      share(0, 1, 1),
    ]);
    expect(acts("Shelf B has 3 rice bags, more or less.", pantry)).toEqual([pass]);
    // not closing the sentence: the share stands ("give or take" belongs to nothing)
    expect(acts("Shelf B has 3 rice bags.", pantry)).toEqual([share(1, 2, 3)]);
  });
});

describe("addressed questions", () => {
  it('"Agent 3, same question for C\'s ambience.": "the same [question] for" and names after a question', () => {
    expect(
      acts("Agent 2 — what did you get for Restaurant B's service? Agent 3, same question for C's ambience."),
    ).toEqual([ask(1, 1, 1), ask(2, 2, 2)]);
    expect(
      acts(
        "Agent 1, please send Omar's calendar for Monday noon. Agent 2, the same for Lena on Tuesday morning.",
        calls,
      ),
    ).toEqual([ask(1, 1, 0), ask(3, 2, 1)]);
    // after a share, "the same for" asks nothing
    expect(acts("Restaurant A's service is 4. Agent 3, same for C's ambience.")).toEqual([share(0, 1, 4)]);
  });

  it('"Agent 1 please send X", "Agent 2 can you share X?": the address with no comma before a request', () => {
    expect(acts("Agent 1 please send Omar's calendar for Monday noon.", calls)).toEqual([ask(1, 1, 0)]);
    expect(acts("Agent 2 can you share Candidate D's leadership score?", jobs)).toEqual([ask(3, 4, 1)]);
    // "Agent 2 can confirm ..." reports the agent's word: no address, no share
    expect(acts("Agent 2 can confirm Candidate D's leadership is 4.", jobs)).toEqual([pass]);
  });

  it('"@Agent 1 ...\n@Agent 3 ... pls\nI\'ve got ...": a line opening with a tag, or after one closed by "pls"', () => {
    expect(
      acts(
        "@Agent 1 can you share Candidate D's leadership score\n@Agent 3 Candidate B technical skill pls\nI've got C at 5 on communication",
        jobs,
      ),
    ).toEqual([ask(3, 4, 0), ask(1, 1, 2), share(2, 2, 5)]);
    // a line not closed by "pls" runs on
    expect(acts("@Agent 3 Candidate B technical skill\nI've got C at 5 on communication", jobs)).toEqual([
      share(2, 2, 5),
    ]);
  });

  it('"Agent 3 — Dan at Monday 4pm, 0 or 1?": names and the levels offered at the close', () => {
    expect(acts("Agent 3 — Dan at Monday 4pm, 0 or 1?", meetings)).toEqual([ask(3, 3, 2)]);
    expect(acts("Agent 2, Tomas's calendar on Monday morning: 0, 1 or 2?", calls)).toEqual([ask(0, 3, 1)]);
    // one number is a value asked about, no ask
    expect(acts("Agent 3 — Dan at Monday 4pm, 1?", meetings)).toEqual([pass]);
  });

  it('"Agent 3, what about Erin on Monday 4pm?": "what about" before names only', () => {
    expect(acts("Agent 3, what about Erin on Monday 4pm?", meetings)).toEqual([ask(3, 4, 2)]);
    // a proposal's "how about" names no attribute: no ask
    expect(acts("Agent 3, what about Erin?", meetings)).toEqual([pass]);
  });
});

describe("reported claims", () => {
  it('"Per Agent 1, X is 2. Mine agrees: 2.": the speaker\'s agreement closed by a colon, then its own value', () => {
    expect(acts("Per Agent 1, Omar's calendar on Tuesday morning is 2. Mine agrees: 2.", calls)).toEqual([
      share(3, 1, 2),
    ]);
    expect(
      acts(
        "Agent 1 told us Priya's calendar for Monday morning is 0. That matches mine: 0 for Priya on Monday morning.",
        calls,
      ),
    ).toEqual([share(0, 0, 0)]);
    // the names said again must be the claim's
    expect(
      acts(
        "Agent 1 told us Priya's calendar for Monday morning is 0. That matches mine: 0 for Omar on Monday morning.",
        calls,
      ),
    ).toEqual([pass]);
    // agreement with no value of its own states none
    expect(acts("Agent 1 told us Priya's calendar for Monday morning is 0. That matches mine.", calls)).toEqual([pass]);
  });
});

describe("proposals and the talk's option", () => {
  it('"X gets my vote. Y is a 2 there and Z\'s is a 1; W has ...": clauses before any named option read "there"', () => {
    expect(
      acts(
        "Monday evening gets my vote. Omar's calendar is a 2 there and Lena's is a 1; Monday noon has Tomas at 0.",
        calls,
      ),
    ).toEqual([propose(2), share(2, 1, 2), share(2, 2, 1), share(1, 3, 0)]);
    // after the sentence names an option, "there" is that option
    expect(
      acts(
        "Monday evening gets my vote. Monday noon has Tomas at 0, and Lena's is a 1 there; Omar's calendar is a 2.",
        calls,
      ),
    ).toEqual([propose(2), share(1, 3, 0), share(1, 2, 1), share(1, 1, 2)]);
  });

  it('"Agreeing with Agent 1 on Stall B.", "I\'m leaning Restaurant A for now.": choice words', () => {
    expect(acts("Agreeing with Agent 1 on Stall B.", stalls)).toEqual([propose(1)]);
    expect(acts("I'm leaning Restaurant A for now.")).toEqual([propose(0)]);
    // "I'd pick it" after the one option named in the sentence
    expect(acts("Shelf B is better stocked; I'd pick it.", pantry)).toEqual([propose(1)]);
    expect(acts("Shelf B has 3 apples; I'd pick it up later.", pantry)).toEqual([share(1, 0, 3)]);
    // leaning on someone's numbers is no choice
    expect(acts("I'm leaning on Agent 2's numbers for Stall B.", stalls)).toEqual([pass]);
  });
});
