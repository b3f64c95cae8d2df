import { describe, expect, it } from "vitest";
import { loadNaturalCorpus } from "../../../bench/score-natural-corpus.mjs";
import { parseNatural } from "../parse-natural";
import type { NaturalTask } from "./sentence";
import { acts, ask, calls, manor, propose, share, stalls } from "./test-sentence";

// Session 56, second tuner: the shapes of fresh181 (number forms, proposals) and fresh183 (hedges, addressed
// questions, reported claims), written before these rules, each read by a rule with its limits.
const corpus = loadNaturalCorpus();
const held = corpus.heldOutTasks as Record<string, NaturalTask>;
const bigTeam = held.bigTeam as NaturalTask;
const pantry = held.pantry as NaturalTask;
const pass = { kind: "pass" };

describe("proposals and passes", () => {
  it('"I\'d been leaning toward B earlier, but ...": the past perfect is a leaning given up (a wrong act)', () => {
    expect(
      acts(
        "Count me in for Restaurant F. I'd been leaning toward B earlier, but F's food quality is a 5 and B can't match that.",
        bigTeam,
      ),
    ).toEqual([propose(5), share(5, 0, 5)]);
    expect(acts("I'd been leaning toward Restaurant B.", bigTeam)).toEqual([pass]);
    // "I'd lean toward" (would) and "I've been leaning toward" (still so) propose
    expect(acts("I'd lean toward Restaurant B.", bigTeam)).toEqual([propose(1)]);
  });

  it('"Sticking with Restaurant B.": keeping a choice chooses it', () => {
    expect(acts("Sticking with Restaurant B. No further info from me.")).toEqual([propose(1), pass]);
    expect(acts("Staying with Restaurant B.")).toEqual([propose(1)]);
    // a condition or a question keeps it unproposed
    expect(acts("If we stick with Restaurant B, we lose on service.")).toEqual([pass]);
    expect(acts("Should we stick with Restaurant B?")).toEqual([pass]);
  });

  it("\"That's everything I've got — over to you.\": \"I've got\" as the speaker's holding", () => {
    expect(acts("Shelf B: 1 rice bag. That's everything I've got — over to you.", pantry)).toEqual([
      share(1, 2, 1),
      pass,
    ]);
    // a pass read, not a failed parse (which also lists a pass)
    expect(parseNatural("That's all I've got.", pantry).error).toBeUndefined();
    // a scope after it narrows it to one topic: no pass
    expect(parseNatural("That's all I've got on Shelf B.", pantry).error).toBeDefined();
  });
});

describe("asks", () => {
  const apartments = held.apartments as NaturalTask;

  it('"Anyone know how many rice bags are sitting on Shelf B?": "sitting" / "stored" between the noun and "on"', () => {
    expect(
      acts(
        "Shelf A has 3 apples and 0 onions on my side. Anyone know how many rice bags are sitting on Shelf B?",
        pantry,
      ),
    ).toEqual([share(0, 0, 3), share(0, 1, 0), ask(1, 2)]);
    expect(acts("Does anyone know how many rice bags are stored on Shelf B?", pantry)).toEqual([ask(1, 2)]);
    // whether there are any, no count asked for
    expect(acts("Anyone know if rice bags are sitting on Shelf B?", pantry)).toEqual([pass]);
  });

  it('"Could someone share A\'s service before I commit?": the speaker\'s own step, as "before we decide"', () => {
    expect(
      acts("It's between Restaurant A and Restaurant C for me. Could someone share A's service before I commit?"),
    ).toEqual([ask(0, 1)]);
    // "before" and anything else is a condition: no ask
    expect(acts("Could someone share A's service before I tell you mine?")).toEqual([pass]);
  });

  it("\"I'm missing A's size and neighbourhood — could you fill those in?\": a plural pointer takes each pair", () => {
    expect(
      acts(
        "Thanks both! Agent 3, I'm missing Apartment A's size and neighbourhood — could you fill those in? On my end, Apartment A's natural light is a 4.",
        apartments,
      ),
    ).toEqual([ask(0, 1, 2), ask(0, 2, 2), share(0, 3, 4)]);
    expect(acts("I'm missing Apartment A's size and Apartment B's rent — can you share them?", apartments)).toEqual([
      ask(0, 1),
      ask(1, 0),
    ]);
    // a singular pointer after two pairs points to neither
    expect(
      acts("Agent 3, I'm missing Apartment A's size and neighbourhood — could you fill it in?", apartments),
    ).toEqual([pass]);
  });
});

describe("availability in words", () => {
  const meetings = held.meetings as NaturalTask;

  it('"Carol is most likely available (1)": "most likely" states it, as "likely" does', () => {
    expect(acts("Monday 2pm: Carol is most likely available (1).", meetings)).toEqual([share(2, 2, 1)]);
    // "most" alone is no hedge word of this form
    expect(acts("Monday 2pm: Carol is most available (1).", meetings)).toEqual([pass]);
  });

  it('"Bob is free then (1) per my calendar": the speaker\'s own source closing it', () => {
    expect(
      acts("Does anyone know Erin's availability on Tuesday 9am? Bob is free then (1) per my calendar.", meetings),
    ).toEqual([ask(4, 4), share(4, 1, 1)]);
    expect(acts("Bob is free on Tuesday 9am (1) per my calendar.", meetings)).toEqual([share(4, 1, 1)]);
    // another's source is no tail of the speaker's
    expect(acts("Bob is free on Tuesday 9am (1) per Agent 2's calendar.", meetings)).toEqual([pass]);
  });

  it('"Erin is free then (1) and so is Carol (1)": another person of the same state', () => {
    expect(acts("Let's go with Monday 9am — Erin is free then (1) and so is Carol (1).", meetings)).toEqual([
      propose(0),
      share(0, 4, 1),
      share(0, 2, 1),
    ]);
    expect(acts("Erin is free on Monday 9am and so is Carol.", meetings)).toEqual([share(0, 4, 1), share(0, 2, 1)]);
    // another level restated for the second person, or a hedge after it, reads nothing
    expect(acts("Erin is free on Monday 9am and so is Carol (0).", meetings)).toEqual([pass]);
    expect(acts("Erin is free on Monday 9am and so is Carol, maybe.", meetings)).toEqual([pass]);
  });
});

describe("numbers", () => {
  it("\"Priya's Monday noon shows 1 on my end\": the person's possessive before the slot", () => {
    expect(
      acts(
        "Is Lena's calendar a 2 on Monday noon? I'd want that confirmed before anything else. For what it's worth, Priya's Monday noon shows 1 on my end.",
        calls,
      ),
    ).toEqual([share(1, 0, 1)]);
    expect(acts("Priya's Monday noon is 1 in my notes.", calls)).toEqual([share(1, 0, 1)]);
    // a modal, a condition, two levels or another's word read nothing
    expect(acts("Priya's Monday noon might be 1.", calls)).toEqual([pass]);
    expect(acts("If Priya's Monday noon is 1, we go.", calls)).toEqual([pass]);
    expect(acts("Priya's Monday noon shows 1 or 2.", calls)).toEqual([pass]);
    expect(acts("Agent 2 says Priya's Monday noon is 1.", calls)).toEqual([pass]);
  });
});

describe("reported claims", () => {
  it("\"Agent 3 says X is 0, and I can confirm it's 0 from my own view\": the speaker's own confirmation", () => {
    expect(
      acts("Agent 3 says Priya's calendar for Tuesday morning is 0, and I can confirm it's 0 from my own view.", calls),
    ).toEqual([share(3, 0, 0)]);
    expect(acts("Agent 3 says Priya's calendar for Tuesday morning is 0; I can confirm it's 1.", calls)).toEqual([
      share(3, 0, 1),
    ]);
    // no level of the speaker's, a negation, or a condition: the claim stays another's
    expect(acts("Agent 3 says Priya's calendar for Tuesday morning is 0, and I can confirm that.", calls)).toEqual([
      pass,
    ]);
    expect(acts("Agent 3 says Priya's calendar for Tuesday morning is 0, and I can't confirm it's 0.", calls)).toEqual([
      pass,
    ]);
    expect(
      acts("If Agent 3 says Priya's calendar for Tuesday morning is 0, and I can confirm it's 0, we go.", calls),
    ).toEqual([pass]);
  });
});

describe("hedges", () => {
  it('"cleanliness probably 4, wait time about 2, location 5": an estimate inside a list, the items after it', () => {
    expect(acts("Restaurant E: cleanliness probably 4, wait time about 2, location 5. I'd back E.", bigTeam)).toEqual([
      share(4, 4, 4),
      share(4, 5, 5),
      propose(4),
    ]);
    expect(acts("Restaurant E: cleanliness 4, wait time maybe 2 I think, location 5.", bigTeam)).toEqual([
      share(4, 4, 4),
      share(4, 5, 5),
    ]);
    // with no pause after the estimate, what follows may be under it: the list ends there
    expect(acts("Restaurant E has cleanliness 4, wait time about 2 and location 5.", bigTeam)).toEqual([
      share(4, 4, 4),
    ]);
  });
});

describe("the scale's end named before the level", () => {
  const apartments = held.apartments as NaturalTask;

  it('"Quietness for Apartment B is the maximum, 5, and ...": the appositive before the level read around', () => {
    expect(
      acts(
        "Quietness for Apartment B is the maximum, 5, and its neighbourhood scores 3. B's size is the gap for me — Agent 1, do you have it?",
        apartments,
      ),
    ).toEqual([share(1, 4, 5), share(1, 2, 3), ask(1, 1, 0)]);
    expect(acts("Apartment B's quietness is the minimum, 1.", apartments)).toEqual([share(1, 4, 1)]);
    // a level that is not the end named, a modal or another's word: nothing from that clause
    expect(acts("Quietness for Apartment B is the maximum, 4, and its neighbourhood scores 3.", apartments)).toEqual([
      share(1, 2, 3),
    ]);
    expect(acts("Quietness for Apartment B might be the maximum, 5.", apartments)).toEqual([pass]);
    expect(acts("Quietness for Apartment B is the maximum, 5, according to Agent 2.", apartments)).toEqual([pass]);
  });
});

describe("an option carried from the sentence before", () => {
  it('"The torn glove is at 3 in my notes and nothing else comes close.": a closing comparison read around', () => {
    expect(
      acts("Let's lock in Doctor Finch. The torn glove is at 3 in my notes and nothing else comes close.", manor),
    ).toEqual([propose(2), share(2, 1, 3)]);
    expect(acts("Let's lock in Doctor Finch. The torn glove is at 3 and nobody else comes close.", manor)).toEqual([
      propose(2),
      share(2, 1, 3),
    ]);
    // a hedge, or a number after the comparison, leaves the sentence unread
    expect(acts("Let's lock in Doctor Finch. The torn glove is maybe 3 and nothing else comes close.", manor)).toEqual([
      propose(2),
    ]);
    expect(
      acts("Let's lock in Doctor Finch. The torn glove is at 3 and nothing else comes close to 2.", manor),
    ).toEqual([propose(2)]);
  });

  it('"**Why:** books sold is +2 (the max) and raffle tickets sit at 1": "sit" as "sits"', () => {
    expect(
      acts("**Proposal:** Stall C\n**Why:** books sold is +2 (the max) and raffle tickets sit at 1.", stalls),
    ).toEqual([propose(2), share(2, 2, 2), share(2, 1, 1)]);
    expect(acts("Stall C's books sold is 2 and raffle tickets sit at 1.", stalls)).toEqual([
      share(2, 2, 2),
      share(2, 1, 1),
    ]);
  });
});

describe("corrections", () => {
  it('"Earlier I put X at +2 for Y — scratch that, .... It\'s actually -1.": the withdrawn pair takes the next level', () => {
    expect(
      acts("Earlier I put Stall D at +2 for cakes sold — scratch that, I misread the row. It's actually -1.", stalls),
    ).toEqual([share(3, 0, -1)]);
    expect(
      acts(
        "Restaurant F's menu variety is 4 — scratch that, I was looking at the wrong row. It's actually 2.",
        bigTeam,
      ),
    ).toEqual([share(5, 6, 2)]);
    // a hedged or reported level after it gives nothing
    expect(
      acts("Restaurant F's menu variety is 4 — scratch that, I was looking at the wrong row. It might be 2.", bigTeam),
    ).toEqual([pass]);
    expect(
      acts("Restaurant F's menu variety is 4 — scratch that, I was looking at the wrong row. Agent 2 says 2.", bigTeam),
    ).toEqual([pass]);
  });
});

describe("an option described on an attribute", () => {
  it('"A is rock-bottom on ambience (a 1), yet ...": "A" before a verb is the letter; the level in parentheses', () => {
    expect(
      acts("A is rock-bottom on ambience (a 1), yet its food quality gets top marks. Odd combination, honestly."),
    ).toEqual([share(0, 2, 1), share(0, 0, 5)]);
    expect(acts("A scores 1 on ambience.")).toEqual([share(0, 2, 1)]);
    expect(acts("Restaurant B is strong in service (4) and ambience is 3.")).toEqual([share(1, 1, 4), share(1, 2, 3)]);
    // a hedge, a negation, two levels or a condition read nothing
    expect(acts("A is maybe weak on ambience (1).")).toEqual([pass]);
    expect(acts("A is not great on ambience (1).")).toEqual([pass]);
    expect(acts("A is weak on ambience (1 or 2).")).toEqual([pass]);
    expect(acts("If A is weak on ambience (1), we skip it.")).toEqual([pass]);
    // "A" as an article opening a sentence is still no option
    expect(acts("A 4 on service for Restaurant B.")).toEqual([share(1, 1, 4)]);
  });
});

describe("a count pointing back to the option", () => {
  it('"Five apples on it though, no doubt about that.": "though" closing it and the speaker\'s certainty', () => {
    expect(
      acts(
        "Shelf B's got either 2 or 3 onions, I honestly can't recall which. Five apples on it though, no doubt about that.",
        pantry,
      ),
    ).toEqual([share(1, 0, 5)]);
    expect(acts("Shelf B: 5 apples on it though.", pantry)).toEqual([share(1, 0, 5)]);
    // "though" opening a clause of its own is no tail
    expect(acts("Shelf B: 5 apples on it though I'm not sure.", pantry)).toEqual([pass]);
  });
});

describe("a level and a scale's end that contradict it", () => {
  it('"are at minus one, the very bottom of the range" (from -2): the sentence contradicts itself, no share', () => {
    expect(acts("Stall C's raffle tickets are at minus one, the very bottom of the range.", stalls)).toEqual([pass]);
    // the end that is the level stays read
    expect(acts("Stall C's raffle tickets are at minus two, the very bottom of the range.", stalls)).toEqual([
      share(2, 1, -2),
    ]);
  });
});
