import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loadNaturalCorpus } from "../../../bench/score-natural-corpus.mjs";
import { parseNatural } from "../parse-natural";
import type { NaturalTask } from "./sentence";
import { acts, ask, calls, fence, manor, share, stalls } from "./test-sentence";

// Session 51: the shapes of fresh112 and fresh113 (written before these rules: a standard mix in newer models'
// voices; paired lists, YAML and corrections), each read by a rule with its limits.
const nothing = [{ kind: "pass" }];
const corpus = loadNaturalCorpus();
const held = corpus.heldOutTasks as Record<string, NaturalTask>;
const bigTeam = held.bigTeam as NaturalTask;
const apartments = held.apartments as NaturalTask;
const meetings = held.meetings as NaturalTask;
const jobs = held.jobs as NaturalTask;

describe("a value withdrawn, and time clauses that pass nothing", () => {
  it('"please ignore that" after the speaker\'s own earlier value withdraws it, with no new value', () => {
    expect(
      acts(
        "Earlier I said Apartment D's quietness was 3 — please ignore that, I don't actually have D's quietness.",
        apartments,
      ),
    ).toEqual(nothing);
    expect(acts("Restaurant A's service is 3 — just disregard that one.")).toEqual(nothing);
    // a correction with a new value still replaces it; a value with no withdrawal stays
    expect(acts("Restaurant A's service is 3 — sorry, I meant 4.")).toEqual([share(0, 1, 4)]);
    expect(acts("Restaurant A's service is 3, ignore the ambience for now.")).toEqual([share(0, 1, 3)]);
  });

  it('"before posting anything else" is a time clause, not a pass', () => {
    expect(acts("I'll double-check before posting anything else.", stalls)).toEqual(nothing);
    expect(parseNatural("I'll double-check before posting anything else.", stalls).error).toBeDefined();
    expect(acts("Nothing else from me.", stalls)).toEqual([{ kind: "pass" }]);
    expect(parseNatural("Nothing else from me.", stalls).error).toBeUndefined();
  });
});

describe("an address carried to a question to 'you' in the next sentence", () => {
  it("goes to the agent the sentence before was put to, though that sentence had acts of its own", () => {
    const text =
      "Agent 2, I don't think Stall D's books sold is 0 — I have it at 2. What do you have for Stall D's plants sold?";
    expect(acts(text, stalls)).toEqual([share(3, 2, 2), ask(3, 3, 1)]);
    // with no address before, or a question to everyone, or an agent of its own (even one the task lacks): no carry
    expect(acts("Stall D's books sold is 2. What do you have for Stall D's plants sold?", stalls)).toEqual([
      share(3, 2, 2),
      ask(3, 3),
    ]);
    expect(acts("Agent 2, Stall D's books sold is 2. Does anyone have Stall D's plants sold?", stalls)).toEqual([
      share(3, 2, 2),
      ask(3, 3),
    ]);
    expect(
      acts(
        "Question for Agent 1: what's Restaurant A's service? And Agent 5, can you confirm Restaurant B's ambience?",
      ),
    ).toEqual([ask(0, 1, 0), ask(1, 2)]);
  });
});

describe("leads holding 'one', and full marks after a plural's verb", () => {
  it('"Quick one:" opens a sentence without a level; "earn full marks" is the top', () => {
    expect(acts("Quick one: Stall A's raffle tickets earn full marks.", stalls)).toEqual([share(0, 1, 2)]);
    expect(acts("Quick one: Stall A's raffle tickets look good.", stalls)).toEqual(nothing);
    expect(acts("One more thing: Stall A's raffle tickets are 2.", stalls)).toEqual([share(0, 1, 2)]);
    // "one" as a level where it is one
    expect(acts("Stall A's raffle tickets are one.", stalls)).toEqual([share(0, 1, 1)]);
  });
});

describe("YAML: doubted values, inline maps, wrappers, dotted cells, corrections and wanted cells", () => {
  it("a doubted or missing value in a fenced block is no act and does not end the list (property)", () => {
    fc.assert(
      fc.property(fc.constantFrom("2?", "unknown", "n/a", "tbd", "?", "-"), fc.boolean(), (doubt, comment) => {
        const body = `ambience: 5\ncleanliness: 4\nlocation: ${doubt}${comment ? "   # not sure, might be 3" : ""}`;
        expect(acts(`Restaurant B, from my columns:\n\n${fence(body)}`, bigTeam)).toEqual([
          share(1, 2, 5),
          share(1, 4, 4),
        ]);
      }),
    );
    // a comment after a sure value leaves the value
    expect(acts(`Restaurant B:\n\n${fence("ambience: 5   # checked twice\ncleanliness: 4")}`, bigTeam)).toEqual([
      share(1, 2, 5),
      share(1, 4, 4),
    ]);
  });

  it("an inline map is read as the block it stands for", () => {
    const text = fence(
      "clues:\n  Doctor Finch: {poison bottle: 3, broken watch: 3}\n  Miss Hartley: {broken watch: 0}\nvote: Doctor Finch",
    );
    const got = acts(text, manor);
    expect(got).toHaveLength(4);
    expect(got).toContainEqual({ kind: "propose", option: 2 });
    expect(got).toContainEqual(share(3, 4, 0));
    // a broken inline map is not YAML: the line is left to the sentence reader, which reads it as words
    expect(acts(fence("clues:\n  Doctor Finch: {poison bottle 3}"), manor)).toEqual([share(2, 3, 3)]);
  });

  it('"message:" over groups, and "to:" beside them addressing the questions ("agent:" is the speaker)', () => {
    const body =
      "message:\n  share:\n    Restaurant E:\n      location: 5\n  request:\n    - {option: Restaurant A, attribute: cleanliness}\n  to: Agent 4";
    expect(acts(fence(body), bigTeam)).toEqual([share(4, 5, 5), ask(0, 4, 3)]);
    expect(
      acts(fence("agent: Agent 2\nrequest:\n  - {option: Restaurant A, attribute: cleanliness}"), bigTeam),
    ).toEqual([ask(0, 4)]);
  });

  it("a whole message of nested YAML with no fence, and cells as dotted paths", () => {
    const text =
      "candidate_b:\n  communication: 5\ncandidate_a:\n  experience: 1\nquestions:\n  - candidate_d.leadership";
    const got = acts(text, jobs);
    expect(got).toHaveLength(3);
    expect(got).toContainEqual(ask(3, 4));
    expect(got).toContainEqual(share(1, 2, 5));
    const [rent, quietness] = ["rent", "quietness"].map((a) => apartments.domain.attributes.indexOf(a));
    // a reading with no act but a refused one stays the sentence reader's, which reads the line it can
    expect(acts("vote: Restaurant Q\nRestaurant A:\n  - service 4")).toContainEqual(share(0, 1, 4));
    // prose over an ask list stays the line reader's
    expect(
      acts("I'm missing a couple of cells:\n\nasks:\n  - Apartment B: rent\n  - Apartment D: quietness", apartments),
    ).toEqual([ask(1, rent as number), ask(3, quietness as number)]);
  });

  it("a correction block shares the new value, never the old", () => {
    const body = "correction:\n  option: Candidate D\n  attribute: technical skill\n  old: 3\n  new: 5";
    expect(acts(`Fixing my earlier post:\n\n${fence(body)}`, jobs)).toEqual([share(3, 1, 5)]);
  });

  it('"need:" and "open_question:" hold the cells wanted, keyed by option or as items', () => {
    expect(acts(fence("proposal: Monday 2pm\nopen_question:\n  Monday 2pm: Erin's availability"), meetings)).toEqual([
      { kind: "propose", option: 2 },
      ask(2, 4),
    ]);
    // a key that names no option asks nothing, nor do the others beside it
    expect(acts(fence("open_question:\n  lunch: Erin's availability"), meetings)).toEqual(nothing);
    expect(
      acts(fence("open_question:\n  Monday 2pm: Erin's availability\n  lunch: Bob's availability"), meetings),
    ).toEqual(nothing);
  });
});

describe("several clauses of facts read one by one (clause-split.ts)", () => {
  const heldoutProfile = held.heldoutProfile as NaturalTask;
  const theft = held.theft as NaturalTask;

  it("cuts at while / whereas / but and carries the attribute the clauses before shared", () => {
    const text = "On value for money, A scores 4 while B scores 5, but C and D are both stuck at 1.";
    expect(acts(text, heldoutProfile)).toEqual([share(0, 3, 4), share(1, 3, 5), share(2, 3, 1), share(3, 3, 1)]);
    expect(acts("Camera footage is 1 for Employee A and Employee D but 0 for B and C.", theft)).toEqual([
      share(0, 1, 1),
      share(3, 1, 1),
      share(1, 1, 0),
      share(2, 1, 0),
    ]);
  });

  it("carries the option the clauses before shared to a clause that names none", () => {
    expect(acts("Restaurant C earns full marks for food quality, but its ambience only gets 1 star out of 5.")).toEqual(
      [share(2, 0, 5), share(2, 2, 1)],
    );
    expect(acts("I see zero for Lord Ashby on the poison bottle, and his broken watch is a two.", manor)).toEqual([
      share(0, 3, 0),
      share(0, 4, 2),
    ]);
  });

  it("carries no option to a clause of several; 'them' is one where options are people", () => {
    expect(acts("Restaurant A has service 2; both score 4 on ambience.")).toEqual([share(0, 1, 2)]);
    expect(acts("Restaurant A has service 2; they score 4 on ambience.")).toEqual([share(0, 1, 2)]);
    expect(
      acts("Candidate A rates a 4 on teamwork from what I can see; technical skill is only a 3 for them.", jobs),
    ).toEqual([share(0, 3, 4), share(0, 1, 3)]);
  });

  it("carries nothing to a clause that names its own option or attribute, even inside a joined word", () => {
    expect(acts("Restaurant C has food quality 5, but Restaurant B, ambience-wise, lands at 1.")).toEqual([
      share(2, 0, 5),
    ]);
    // a clause naming its option but not its attribute takes the attribute: "for B it lands at 1" is B's food quality
    expect(acts("Restaurant C has food quality 5, but for Restaurant B it lands at 1.")).toEqual([
      share(2, 0, 5),
      share(1, 0, 1),
    ]);
  });

  it("tries clauses where two hold a level, though the whole reading had as many shares as level words", () => {
    // one level word for three shares, then a clause the whole reading missed
    expect(acts("Menu variety: A, D and E each get a 5; B is a 4 and C only a 2.", bigTeam)).toEqual([
      share(0, 6, 5),
      share(3, 6, 5),
      share(4, 6, 5),
      share(1, 6, 4),
      share(2, 6, 2),
    ]);
  });

  it("levels placed on options after a comma or 'and' open their own clauses; a label's colon does not", () => {
    const pantry = held.pantry as NaturalTask;
    const rice = pantry.domain.attributes.indexOf("rice bags");
    for (const text of [
      "Rice bags: zero on Shelf A, one on Shelf B.",
      "Rice bags: 0 for Shelf A, 1 for Shelf B.",
      "Rice bags are 0 on Shelf A and 1 on Shelf B.",
    ])
      expect(acts(text, pantry)).toEqual([share(0, rice, 0), share(1, rice, 1)]);
    // a paired list keeps its "and" between levels (no clause at "4 and 5")
    expect(acts("Apartment A and Apartment D have quietness 2 and 4 and 5 respectively.", apartments)).toEqual(nothing);
  });

  it("a clause governed by another's condition, negation, hedge or report takes no attribute from it", () => {
    for (const text of [
      "If A scores 4 on value for money while B scores 5, C and D are both stuck at 1.",
      "Agent 2 says A scores 4 on value for money while B scores 5.",
      "On value for money, A might score 4 while B scores 5.",
      "On value for money, A doesn't score 4 while B scores 5.",
    ]) {
      // the second clause is governed by the first's condition, report or hedge: no share from either
      expect(acts(text, heldoutProfile).filter((a) => a.kind === "share")).toEqual([]);
    }
    // a hedge reaching over the clauses, and a correction whose clauses only make sense together: read whole
    expect(acts("Priya's calendar for Monday noon is 0, I think, but don't quote me.", calls)).toEqual(nothing);
    expect(acts("Service: Restaurant E 4, Restaurant F 1, but I may have swapped them.", bigTeam)).toEqual(nothing);
    const fix = "Small fix: I wrote Restaurant C's service as 4 earlier, but that was actually its food quality.";
    expect(acts(`${fix} Service for C is 1.`, bigTeam)).toEqual([share(2, 1, 1)]);
    // a clause read alone that would give a cell a second level: the whole reading is kept
    expect(acts("On value for money, A scores 4 while A scores 5.", heldoutProfile)).not.toContainEqual(share(0, 3, 5));
  });

  it("reads clauses alone no deeper than once, and a sentence it reads whole is left as it is (property)", () => {
    fc.assert(
      fc.property(fc.nat(3), fc.nat(3), fc.integer({ min: 1, max: 5 }), (o, a, l) => {
        const { options, attributes } = heldoutProfile.domain;
        const text = `${options[o]}'s ${attributes[a]} is ${l}.`;
        expect(acts(text, heldoutProfile)).toEqual([share(o, a, l)]);
      }),
    );
  });
});

describe("slashed names and levels, arrows and dots between items", () => {
  const heldoutProfile = held.heldoutProfile as NaturalTask;

  it("names joined by slashes take the levels joined by slashes, in order (property, against a table oracle)", () => {
    const { options, attributes } = heldoutProfile.domain;
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.nat(options.length - 1), { minLength: 2, maxLength: 4 }),
        fc.nat(attributes.length - 1),
        fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 4, maxLength: 4 }),
        (os, a, ls) => {
          const letters = os.map((o) => (options[o] as string).slice(-1)).join("/");
          const levels = os.map((_, n) => ls[n]).join("/");
          const text = `${attributes[a]} ${letters} = ${levels}.`;
          expect(acts(text, heldoutProfile)).toEqual(os.map((o, n) => share(o, a, ls[n] as number)));
        },
      ),
    );
  });

  it("attributes (people) joined by slashes for one option; counts that differ, hedges and negations give none", () => {
    expect(acts("Alice/Bob for Monday 9am: 1/0.", meetings)).toEqual([share(0, 0, 1), share(0, 1, 0)]);
    expect(acts("Value for money A/B/C/D = 4/5/1.", heldoutProfile)).toEqual(nothing);
    expect(acts("Value for money A/B/C/D might be 4/5/1/1.", heldoutProfile)).toEqual(nothing);
    expect(acts("Value for money A/B/C/D isn't 4/5/1/1.", heldoutProfile)).toEqual(nothing);
    // a level out of the range is no pair; a name twice states neither level
    expect(acts("Value for money A/B = 4/9.", heldoutProfile)).toEqual(nothing);
    expect(acts("Value for money A/A = 4/5.", heldoutProfile)).toEqual(nothing);
  });

  it("an arrow ends a label as a colon does; middle dots part the items", () => {
    expect(acts("Cakes sold → Stall B 2, Stall C -1.", stalls)).toEqual([share(1, 0, 2), share(2, 0, -1)]);
    expect(acts("Size → A 5 · B 1 · C 5 · D 4", apartments)).toEqual([
      share(0, 1, 5),
      share(1, 1, 1),
      share(2, 1, 5),
      share(3, 1, 4),
    ]);
    expect(acts("Dan's availability → Monday 4pm: 0, Monday 11am: 1.", meetings)).toEqual([
      share(3, 3, 0),
      share(1, 3, 1),
    ]);
  });

  it("two levels for a plural pointer are a pair, never one item's level", () => {
    expect(acts("Doctor Finch; broken watch is 1 and 3 for them.", manor)).toEqual(nothing);
    expect(acts("Doctor Finch; broken watch is 1.", manor)).toEqual([share(2, 4, 1)]);
  });
});

describe("people listed for one option, headings with the speaker's own source", () => {
  it("a person alone names their attribute in a list; 'all N' takes the option a lead placed", () => {
    expect(acts("Carol, Dan and Erin are all 1 for Monday 2pm.", meetings)).toEqual([
      share(2, 2, 1),
      share(2, 3, 1),
      share(2, 4, 1),
    ]);
    expect(acts("For Monday 2pm, Alice, Bob and Carol are all 1.", meetings)).toEqual([
      share(2, 0, 1),
      share(2, 1, 1),
      share(2, 2, 1),
    ]);
    // a lead that names two options places nothing
    expect(acts("For Monday 2pm or Monday 4pm, Alice, Bob and Carol are all 1.", meetings)).toEqual(nothing);
  });

  it("'according to my <source>' closes a clause as the speaker's own; 'according to Agent 2' is a report", () => {
    const text = "Good news on Monday 2pm: Carol, Dan and Erin are all 1 there according to my calendar view.";
    expect(acts(text, meetings)).toEqual([share(2, 2, 1), share(2, 3, 1), share(2, 4, 1)]);
    expect(acts(text.replace("my calendar view", "Agent 2"), meetings)).toEqual(nothing);
    expect(acts(text.replace("my calendar view", "their calendar view"), meetings)).toEqual(nothing);
  });

  it("an attribute heading may close with the speaker's own source ('from my slice of the table:')", () => {
    const text = "Cleanliness from my slice of the table:\n- Restaurant C: 4\n- Restaurant E: 5";
    expect(acts(text, bigTeam)).toEqual([share(2, 4, 4), share(4, 4, 5)]);
    // a source that names another attribute (or an option) is no heading of one attribute
    expect(acts("Cleanliness from my slice on service:\n- Restaurant C: 4", bigTeam)).toEqual(nothing);
    expect(acts("Cleanliness from my notes on Restaurant A:\n- Restaurant C: 4", bigTeam)).toEqual(nothing);
  });
});

describe("levels and names joined by 'vs' (slash-pairs.ts' vsPairs)", () => {
  const pantry = held.pantry as NaturalTask;
  const theft = held.theft as NaturalTask;

  it("pairs a chain of levels with a chain of as many names, either order, the other name from the sentence", () => {
    const apples = pantry.domain.attributes.indexOf("apples");
    expect(acts("- apples: 1 vs 3 (A vs B)", pantry)).toEqual([share(0, apples, 1), share(1, apples, 3)]);
    const [parking, email] = ["parking log", "email records"].map((a) => theft.domain.attributes.indexOf(a));
    expect(acts("For Employee C, parking log vs email records: 0 vs 1.", theft)).toEqual([
      share(2, parking as number, 0),
      share(2, email as number, 1),
    ]);
  });

  it("chains of different lengths, a level out of range, no other name, or a hedge give nothing", () => {
    for (const text of [
      "- apples: 1 vs 3 vs 2 (A vs B)",
      "- apples: 1 vs 30 (A vs B)",
      "1 vs 3 (A vs B)",
      "- apples: maybe 1 vs 3 (A vs B)",
      "- apples: 1 vs 3 (A vs A)",
    ])
      expect(acts(text, pantry)).toEqual(nothing);
  });
});

describe("a gerund's choice weighed by another verb is no proposal", () => {
  it('"Going with X seems risky" proposes nothing; "Going with X." and "Going with X is my plan" propose', () => {
    expect(acts("Going with Apartment D seems risky to me.", apartments)).toEqual(nothing);
    expect(acts("Going with Apartment D would be a mistake.", apartments)).toEqual(nothing);
    expect(acts("Going with Apartment D.", apartments)).toEqual([{ kind: "propose", option: 3 }]);
    expect(acts("Going with Apartment D is my plan.", apartments)).toEqual([{ kind: "propose", option: 3 }]);
  });
});
