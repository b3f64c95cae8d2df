import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loadNaturalCorpus } from "../../../bench/score-natural-corpus.mjs";
import { parseNatural } from "../parse-natural";
import type { NaturalTask } from "./sentence";
import { acts, ask, calls, fence, manor, propose, share, stalls } from "./test-sentence";

// Session 52: the shapes of fresh119-fresh121 (written before these rules: a standard mix in small models' voices;
// proposals and paired lists; numbers, corrections, YAML and JSON), each read by a rule with its limits.
const nothing = [{ kind: "pass" }];
const corpus = loadNaturalCorpus();
const held = corpus.heldOutTasks as Record<string, NaturalTask>;
const bigTeam = held.bigTeam as NaturalTask;
const apartments = held.apartments as NaturalTask;
const meetings = held.meetings as NaturalTask;
const jobs = held.jobs as NaturalTask;
const theft = held.theft as NaturalTask;
const heldoutProfile = held.heldoutProfile as NaturalTask;

describe("clauses read one by one (session 52's carries)", () => {
  it('"all" over the clause\'s own attributes carries the option; a list\'s last ", and" stays in its clause', () => {
    const text =
      "Restaurant C's food quality and service are 5 and 5, while its ambience, value for money, cleanliness, and location are all 1.";
    expect(acts(text, heldoutProfile)).toEqual([
      share(2, 0, 5),
      share(2, 1, 5),
      share(2, 2, 1),
      share(2, 3, 1),
      share(2, 4, 1),
      share(2, 5, 1),
    ]);
    // a list "and" closed already ends at the comma: the next "and" opens a clause (fresh118's, read before)
    expect(acts("Plants sold is -1 for A, B and D, and C has 2 there.", stalls)).toEqual([
      share(0, 3, -1),
      share(1, 3, -1),
      share(3, 3, -1),
    ]);
  });

  it('"both of them" / "both slots" carry the options of the clauses before, and only them', () => {
    expect(
      acts(
        "Restaurant A and Restaurant B have ambience scores of 5 and 5, respectively, while value for money is a 1 for both of them.",
      ),
    ).toEqual([share(0, 2, 5), share(1, 2, 5), share(0, 3, 1), share(1, 3, 1)]);
    expect(
      acts(
        "Monday 11am: Bob 1, Carol 1, Dan 1; Tuesday 9am: Bob 1, Carol 1, Dan 1 — and Alice is 0 for both slots.",
        meetings,
      ),
    ).toContainEqual(share(1, 0, 0));
    // options carried are the clauses' own: none is added
    const both = acts(
      "Restaurant A and Restaurant B have ambience scores of 5 and 5, respectively, while value for money is a 1 for both of them.",
    );
    expect(both.every((a) => a.kind !== "share" || a.option < 2)).toBe(true);
  });

  it('a signed level ("+2") counts as a clause\'s level; a level over another scale does not', () => {
    expect(acts("Stall A sits at -1 on plants sold, whereas Stall C is at +2.", stalls)).toEqual([
      share(0, 3, -1),
      share(2, 3, 2),
    ]);
  });

  it("a hedge in the last clause over a cell it names takes back that clause alone", () => {
    const text =
      "Miss Hartley's library key and poison bottle clues come to 3 and 2; her broken watch is 0, and Lord Ashby's broken watch might be 2 — I only caught a glimpse of that one.";
    expect(acts(text, manor)).toEqual([share(3, 2, 3), share(3, 3, 2), share(3, 4, 0)]);
    // a hedge whose clause names no cell of its own reaches over the whole sentence
    expect(acts("Miss Hartley's library key is 3, and her broken watch is 0, but I might be wrong.", manor)).toEqual(
      nothing,
    );
    for (const tail of [
      "and Lord Ashby could be higher",
      "and Lord Ashby's could be 2",
      "and the torn glove might be 1",
    ])
      expect(
        acts(`Miss Hartley's library key and poison bottle are 3 and 2; her broken watch is 0, ${tail}.`, manor),
      ).toEqual(nothing);
    expect(
      acts(
        "Lord Ashby's broken watch might be 2, while Miss Hartley's library key is 3 and Miss Hartley's broken watch is 0.",
        manor,
      ),
    ).toEqual([share(3, 2, 3), share(3, 4, 0)]);
  });

  it('"for E they\'re 5 and 5" gives E the attributes of the clause before, in its order', () => {
    expect(
      acts("Location and menu variety for Restaurant D are 4 and 5; for Restaurant E they're 2 and 3.", bigTeam),
    ).toEqual([share(3, 5, 4), share(3, 6, 5), share(4, 5, 2), share(4, 6, 3)]);
    expect(
      acts(
        "Omar's and Tomas's calendars for Monday evening are 0 and 2, respectively; for Monday morning they're 2 and 0.",
        calls,
      ),
    ).toEqual([share(2, 1, 0), share(2, 3, 2), share(0, 1, 2), share(0, 3, 0)]);
    // levels over another scale than the task's are none
    expect(
      acts("Location and menu variety for Restaurant D are 4 and 5; for Restaurant E they're 2/10 and 3/10.", bigTeam),
    ).toEqual([share(3, 5, 4), share(3, 6, 5)]);
    // no pointer back ("they", "those"), nothing added
    expect(
      acts("Location and menu variety for Restaurant D are 4 and 5; Restaurant E has 2 and 3 stars.", bigTeam),
    ).toEqual([share(3, 5, 4), share(3, 6, 5)]);
    // as many levels as attributes, or nothing added
    expect(
      acts("Location and menu variety for Restaurant D are 4 and 5; for Restaurant E they're 2.", bigTeam),
    ).toEqual([share(3, 5, 4), share(3, 6, 5)]);
  });

  it('a property: any two levels after "they\'re" land on the attributes of the clause before, in order', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 1, max: 5 }),
        (a, b, c, d) => {
          const text = `Location and menu variety for Restaurant D are ${a} and ${b}; for Restaurant E they're ${c} and ${d}.`;
          expect(acts(text, bigTeam)).toEqual([share(3, 5, a), share(3, 6, b), share(4, 5, c), share(4, 6, d)]);
        },
      ),
      { numRuns: 40 },
    );
  });

  it("a level over a scale other than the task's is no clause's level", () => {
    expect(acts("Restaurant C's food quality is 5. Service is 3/10, but ambience is 1.", heldoutProfile)).toEqual([
      share(2, 0, 5),
      share(2, 2, 1),
    ]);
    expect(acts("Restaurant C's food quality is 5. Service is 3/5, but ambience is 1.", heldoutProfile)).toEqual([
      share(2, 0, 5),
      share(2, 1, 3),
      share(2, 2, 1),
    ]);
  });

  it('"Both B and C have X at 4, whereas A and D sit at 2": the contrast\'s options take one level alike', () => {
    expect(
      acts(
        "Both Candidate B and Candidate C have leadership at 4, whereas Candidate A and Candidate D sit at 2.",
        jobs,
      ),
    ).toEqual([share(1, 4, 4), share(2, 4, 4), share(0, 4, 2), share(3, 4, 2)]);
    // not after a clause of one option, nor with two levels or a doubt in the contrast
    expect(acts("Candidate B has leadership at 4, whereas Candidate A and Candidate D sit at 2.", jobs)).toEqual([
      share(1, 4, 4),
    ]);
    expect(
      acts(
        "Both Candidate B and Candidate C have leadership at 4, whereas Candidate A and Candidate D sit at 2 or 3.",
        jobs,
      ),
    ).toEqual([share(1, 4, 4), share(2, 4, 4)]);
    expect(
      acts(
        "Both Candidate B and Candidate C have leadership at 4, whereas Candidate A and Candidate D sit at 2 and 1.",
        jobs,
      ),
    ).toEqual([share(1, 4, 4), share(2, 4, 4), share(0, 4, 2), share(3, 4, 1)]);
  });

  it('"C\'s X and Y are both 0, while Z and W come back 1": a list of attributes after one that gathered attributes', () => {
    expect(
      acts(
        "Employee C's desk search and parking log are both 0, while the badge log and email records come back 1.",
        theft,
      ),
    ).toEqual([share(2, 2, 0), share(2, 4, 0), share(2, 0, 1), share(2, 3, 1)]);
    // not after a clause of one attribute, nor for a clause that names another option
    expect(acts("Employee C's desk search is 0, while the badge log and email records come back 1.", theft)).toEqual([
      share(2, 2, 0),
    ]);
    expect(
      acts(
        "Employee C's desk search and parking log are both 0, while Employee D's badge log and email records come back 1.",
        theft,
      ),
    ).toEqual([share(2, 2, 0), share(2, 4, 0)]);
  });

  it("a clause that proposes the one option it names carries it to the next clause's shares", () => {
    expect(acts("Tuesday morning is the best slot so far; Priya's calendar shows a 2 there.", calls)).toEqual([
      propose(3),
      share(3, 0, 2),
    ]);
  });

  it("a clause that names one option with no act carries it; a dash before a list of levels opens a clause", () => {
    expect(acts("Tuesday morning looks best — Priya 2, Omar 2 on my side.", calls)).toEqual([
      share(3, 0, 2),
      share(3, 1, 2),
    ]);
    expect(
      acts(
        "Employee A is the only one with a 1 in every column — badge log, camera footage and desk search are all 1.",
        theft,
      ),
    ).toEqual([share(0, 0, 1), share(0, 1, 1), share(0, 2, 1)]);
    // a clause that names two options carries neither; a dash before words is no cut
    expect(acts("Tuesday morning and Monday noon look best — Priya 2, Omar 2.", calls)).toEqual(nothing);
    expect(acts("Tuesday morning looks best — no doubt, Priya 2.", calls)).toEqual(nothing);
  });

  it("a sentence that names no option starts from the option the talk is about", () => {
    expect(
      acts(
        "Restaurant C gets full marks on food quality. Service is a solid 4/5, but ambience is the weak spot at just 1 star.",
      ),
    ).toEqual([share(2, 0, 5), share(2, 1, 4), share(2, 2, 1)]);
  });
});

describe("a sentence read under the option the talk is about", () => {
  it("an attribute and a level with no option take the option of the sentence before", () => {
    expect(
      acts("Candidate C scores a 4/5 on communication. Experience is the weak spot: only one out of five.", jobs),
    ).toEqual([share(2, 2, 4), share(2, 0, 1)]);
    expect(acts("I accuse **Doctor Finch**. The poison bottle evidence is a 3 for him.", manor)).toEqual([
      propose(2),
      share(2, 3, 3),
    ]);
  });

  it("not past the option (the others, a weight, another agent), nor after a sentence of several options", () => {
    expect(
      acts("Proposal: Candidate D. Strongest technical profile — and technical skill carries weight 3.", jobs),
    ).toEqual([propose(3)]);
    expect(acts("Candidate C scores a 4/5 on communication. Experience is 1 for the others.", jobs)).toEqual([
      share(2, 2, 4),
    ]);
    expect(acts("Candidate C scores a 4/5 on communication. Agent 2 says experience is 1.", jobs)).toEqual([
      share(2, 2, 4),
    ]);
    expect(acts("Candidates B and C both score 4 on communication. Experience is the weak spot: 1.", jobs)).toEqual([
      share(1, 2, 4),
      share(2, 2, 4),
    ]);
  });
});

describe('"That\'s all I have"', () => {
  it("after the speaker's own acts closes them; alone it is a pass", () => {
    expect(acts("Tuesday morning: Priya 2, Omar 2, Lena 2, Tomas 1. That is all I have.", calls)).toEqual([
      share(3, 0, 2),
      share(3, 1, 2),
      share(3, 2, 2),
      share(3, 3, 1),
    ]);
    expect(acts("That is all I have.", calls)).toEqual([{ kind: "pass" }]);
    expect(acts("Nothing new from me. That's all I have.", calls)).toEqual([{ kind: "pass" }, { kind: "pass" }]);
  });
});

describe("JSON and YAML as fresh121 wrote them", () => {
  it('"who": "Agent 1" addresses the ask; a word that is no agent does not', () => {
    const json = (who: string) => `{"ask": {"who": "${who}", "suspect": "Lady Ashby", "clue": "poison bottle"}}`;
    expect(acts(json("Agent 1"), manor)).toEqual([ask(1, 3, 0)]);
    // "who" naming the suspect asked about is no addressee, and no error
    const named = parseNatural('{"ask": {"who": "Lady Ashby", "clue": "poison bottle"}}', manor);
    expect(named.acts).toEqual([ask(1, 3)]);
    expect((named.unparsed ?? []).some((u) => u.includes("ask.to"))).toBe(false);
  });

  it("an ask to an agent the team lacks stands, put to no one", () => {
    const text = fence(
      '[\n  {"type": "share", "slot": "Monday morning", "person": "Omar", "level": 2},\n  {"type": "ask", "slot": "Monday evening", "person": "Priya", "to": "Agent 5"}\n]',
      "json",
    );
    const result = parseNatural(text, calls);
    expect(result.acts).toEqual([share(0, 1, 2), ask(2, 0)]);
    expect(result.unparsed?.some((u) => u.includes("agent 5"))).toBe(true);
  });

  it("a share act whose attribute is its key; a proposal's evidence map is the proposed option's", () => {
    const yaml = fence(
      "- act: share\n  apartment: Apartment C\n  quietness: 5\n- act: share\n  apartment: Apartment C\n  natural light: 4\n- act: propose\n  apartment: Apartment C",
    );
    expect(acts(yaml, apartments)).toEqual([share(2, 4, 5), share(2, 3, 4), propose(2)]);
    const json = fence(
      '{\n  "act": "propose",\n  "target": "Employee A",\n  "evidence": {"badge log": 1, "camera footage": 1}\n}',
      "json",
    );
    expect(acts(json, theft)).toEqual([propose(0), share(0, 0, 1), share(0, 1, 1)]);
    // with no option named, the evidence names none: nothing is guessed
    const bare = fence('{"act": "share", "evidence": {"badge log": 1}}', "json");
    expect(acts(bare, theft)).toEqual(nothing);
  });

  it('"data:" under a kind holds that kind\'s acts; "Employee A / phone records?" is a cell asked', () => {
    const yaml = fence(
      "message:\n  type: share\n  data:\n    - restaurant: B\n      food quality: 1\n      ambience: 5\n  question:\n    to: Agent 3\n    restaurant: D\n    attribute: location",
    );
    expect(acts(yaml, bigTeam)).toEqual([share(1, 0, 1), share(1, 2, 5), ask(3, 5, 2)]);
    const asks = fence('questions:\n  - "Employee A / phone records?"\n  - "Employee Z / phone records?"');
    expect(acts(asks, theft)).toEqual([ask(0, 5)]);
    const request = fence("request:\n  - Employee C / camera footage\n  - Employee C / desk search / badge log");
    expect(acts(request, theft)).toEqual([ask(2, 1)]);
  });

  it('"missing_please_share:" / "need_from_team:" hold asks; "Shelf A onions" names a cell in words', () => {
    const pantry = held.pantry as NaturalTask;
    const yaml = fence(
      "shelf_a:\n  apples: 1\nmissing_please_share:\n  - Shelf A onions\n  - Shelf B's apples?\n  - Shelf C onions\n  - onions",
    );
    expect(acts(yaml, pantry)).toEqual([ask(0, 1), ask(1, 0), share(0, 0, 1)]);
    expect(acts(fence("need_from_team:\n  - Shelf B rice bags"), pantry)).toEqual([ask(1, 2)]);
    // a key that only begins like one holds no asks ("needless_detail")
    expect(acts(fence("needless_detail:\n  - Shelf B rice bags"), pantry)).toEqual(nothing);
  });
});

describe("corrections and asides", () => {
  it('"Typo in my earlier message —" leads the speaker\'s value as "Correction:" does', () => {
    expect(
      acts("Typo in my earlier message — Lady Ashby's torn glove should be 2. I accidentally typed 3.", manor),
    ).toEqual([share(1, 1, 2)]);
    expect(acts("Typo: Lady Ashby's torn glove should be 2.", manor)).toEqual([share(1, 1, 2)]);
    // "should be" with no correction lead stays unread
    expect(acts("Lady Ashby's torn glove should be 2.", manor)).toEqual(nothing);
  });

  it("the speaker's value after a claim may close with a dash and a plain aside", () => {
    expect(
      acts("Agent 4 gave Restaurant B's wait time as 3. I have it at 1 — it's the slowest place on my list.", bigTeam),
    ).toEqual([share(1, 7, 1)]);
    // an aside with a doubt, a number or a name is no plain aside
    expect(
      acts("Agent 4 gave Restaurant B's wait time as 3. I have it at 1 — though I may be wrong.", bigTeam),
    ).toEqual(nothing);
    expect(acts("Agent 4 gave Restaurant B's wait time as 3. I have it at 1 — or 2.", bigTeam)).toEqual(nothing);
  });

  it("\"clue\" after a clue's name is the attribute's noun", () => {
    expect(acts("Lady Ashby gets my vote. Her poison bottle clue is at 2 and the muddy boots at 2.", manor)).toEqual([
      propose(1),
      share(1, 3, 2),
      share(1, 0, 2),
    ]);
  });
});

describe("fresh119's smaller shapes", () => {
  const pantry = held.pantry as NaturalTask;

  it('a parenthesis of an attribute and its level ("(quietness 5)") after a description', () => {
    expect(
      acts(
        "I'd suggest Apartment C. It's very quiet (quietness 5) and roomy (size 5), and rent sits at 2.",
        apartments,
      ),
    ).toEqual([propose(2), share(2, 4, 5), share(2, 1, 5), share(2, 0, 2)]);
    expect(acts("Apartment C is very quiet (quietness 5) and roomy (size: 5).", apartments)).toEqual([
      share(2, 4, 5),
      share(2, 1, 5),
    ]);
    // a word after the level, two options, or a doubt: nothing from the parenthesis
    expect(acts("Apartment C is very quiet (quietness 5 or so).", apartments)).toEqual(nothing);
    expect(acts("Apartment C is very quiet (quietness 5 last week).", apartments)).toEqual(nothing);
    expect(acts("Apartment C is quiet (not sure, quietness 5).", apartments)).toEqual(nothing);
    expect(acts("Apartment C beats Apartment B on quiet (quietness 5).", apartments)).toEqual(nothing);
  });

  it("a person available at a slot named right after the state, the level restated after it", () => {
    expect(acts("Bob is available Tuesday 9am (1).", meetings)).toEqual([share(4, 1, 1)]);
    expect(acts("Bob is available Tuesday 9am.", meetings)).toEqual([share(4, 1, 1)]);
    // a restated level that contradicts the state: nothing; a second slot is read too (session 65, fresh289)
    expect(acts("Bob is free Tuesday 9am (0).", meetings)).toEqual(nothing);
    expect(acts("Bob is available Tuesday 9am and Monday 2pm.", meetings)).toEqual([share(4, 1, 1), share(2, 1, 1)]);
  });

  it("a sentence closed by a tail in the speaker's voice is read without it", () => {
    expect(acts("Zero rice bags on Shelf A, from what I can see.", pantry)).toEqual([share(0, 2, 0)]);
    // someone else's word, or a doubt, in the sentence: nothing
    expect(acts("Three apples on Shelf B, or so Agent 2 says.", pantry)).toEqual(nothing);
    expect(acts("Maybe three apples on Shelf B, from what I can see.", pantry)).toEqual(nothing);
    expect(acts("Three apples on Shelf B, from what Agent 2 can see.", pantry)).toEqual(nothing);
    // "..., I think" is an opinion, not a source (sold-count.test.ts: "Correction: Stall D sold 2 cakes, not 1, I think.")
  });
});

describe("an attribute put first, then the options the speaker holds (topical-shares.ts)", () => {
  it("reads 'Service I only have for B, which is 3' and its list forms, at a sentence's, clause's or line's start", () => {
    expect(acts("Food quality: A=2, B=1, C=5. Service I only have for B, which is 3.")).toEqual([
      share(0, 0, 2),
      share(1, 0, 1),
      share(2, 0, 5),
      share(1, 1, 3),
    ]);
    expect(acts("Quietness for Apartment A is 3; neighbourhood I only have for D, and it's a 5.", apartments)).toEqual([
      share(0, 4, 3),
      share(3, 2, 5),
    ]);
    expect(acts("Raffle tickets I have for B and C only — 0 and -1.", stalls)).toEqual([
      share(1, 1, 0),
      share(2, 1, -1),
    ]);
    expect(acts("Location I only have for A, 2.", heldoutProfile)).toEqual([share(0, 5, 2)]);
    expect(
      acts(
        "Cleanliness is unknown to me\nLocation I only have A and C, which are 2 and 1 respectively.",
        heldoutProfile,
      ),
    ).toEqual([share(0, 5, 2), share(2, 5, 1)]);
  });

  it("exact or nothing: as many levels as options, no negation, no doubt, no other speaker", () => {
    for (const text of [
      "Location I only have for A and C, which are 2.",
      "Location I don't have for A, which is 2.",
      "Location I only have for A, which might be 2.",
      "Location I have for A and C, which are 2, 1 and 3.",
      "Location I only have for A, which is 2 or 3.",
      "Location I only have for A, which is 2, though I'm not sure.",
      "Location I only have for A, which is 2 from what Agent 2 said.",
    ])
      expect(acts(text, heldoutProfile)).toEqual(nothing);
    // without the comma the grammar's reading of the shape stops; the slot reader (session 58) reads the one option,
    // attribute and level the sentence holds
    expect(acts("Location I only have for A which is 2.", heldoutProfile)).toEqual([share(0, 5, 2)]);
  });

  it("a property: any levels in range land on the listed options in order", () => {
    fc.assert(
      fc.property(fc.integer({ min: -2, max: 2 }), fc.integer({ min: -2, max: 2 }), (b, c) => {
        expect(acts(`Raffle tickets I have for B and C only — ${b} and ${c}.`, stalls)).toEqual([
          share(1, 1, b),
          share(2, 1, c),
        ]);
      }),
      { numRuns: 25 },
    );
  });
});

describe("fresh126's shapes", () => {
  it("a line that opens with a capitalised label, or with a capital after a number, starts a new sentence", () => {
    expect(acts("Service: A 3 | B 3 | C 4\nValue for money: A 1 | B 1 | C 3")).toEqual([
      share(0, 1, 3),
      share(1, 1, 3),
      share(2, 1, 4),
      share(0, 3, 1),
      share(1, 3, 1),
      share(2, 3, 3),
    ]);
    expect(acts("Restaurant A has service 3\nRestaurant B has service 4")).toEqual([share(0, 1, 3), share(1, 1, 4)]);
    expect(acts("Service: A 3, B 3 and C 4 so far\nValue for money: A 1, B 1")).toEqual([
      share(0, 3, 1),
      share(1, 3, 1),
    ]);
    // joined, the second line's option was read as the first's: a wrong act
    expect(acts("Restaurant A has service 3\nThe ambience is 5 for Restaurant B")).toEqual([
      share(0, 1, 3),
      share(1, 2, 5),
    ]);
    // a line that goes on in lower case is the same sentence
    expect(acts("Restaurant A has service\n3 and ambience 5")).toEqual([share(0, 1, 3), share(0, 2, 5)]);
    expect(acts("Restaurant A and Restaurant B have service 3\nand 4")).toEqual([share(0, 1, 3), share(1, 1, 4)]);
  });

  it('"the service and menu variety levels for Restaurant F" asks both', () => {
    expect(acts("Agent 5, could you share the service and menu variety levels for Restaurant F?", bigTeam)).toEqual([
      ask(5, 1, 4),
      ask(5, 6, 4),
    ]);
  });

  it("\"I'd put X at 2, but on rechecking it's 1\": the speaker's earlier value, taken back", () => {
    expect(acts("I'd put Omar's calendar for Monday noon at 2, but on rechecking it's 1.", calls)).toEqual([
      share(1, 1, 1),
    ]);
    // "I'd put" alone is the speaker's value; a "but" over another cell takes nothing back
    expect(acts("I'd put Omar's calendar for Monday noon at 2.", calls)).toEqual([share(1, 1, 2)]);
    expect(acts("I'd put Omar's calendar for Monday noon at 2, but Lena's at 1.", calls)).toEqual([
      share(1, 1, 2),
      share(1, 2, 1),
    ]);
  });

  it('"... whereas service is 1, 5 and 5 for the same three" gives the options of the clause before, in order', () => {
    expect(
      acts(
        "Food quality for Restaurant A, Restaurant C and Restaurant D is 4, 5 and 2, whereas service is 1, 5 and 5 for the same three.",
        heldoutProfile,
      ),
    ).toEqual([share(0, 0, 4), share(2, 0, 5), share(3, 0, 2), share(0, 1, 1), share(2, 1, 5), share(3, 1, 5)]);
    expect(
      acts("Lord Ashby's and Lady Ashby's muddy boots are 1 and 2; their broken watch values are 2 and 1.", manor),
    ).toEqual([share(0, 0, 1), share(1, 0, 2), share(0, 4, 2), share(1, 4, 1)]);
    // as many levels as options, and a pointer, or nothing added
    expect(
      acts(
        "Food quality for Restaurant A and Restaurant C is 4 and 5, whereas service is 1, 5 and 5 for the same ones.",
        heldoutProfile,
      ),
    ).toEqual([share(0, 0, 4), share(2, 0, 5)]);
    // with no pointer, the paired list carried from the clause before reads it (readCarriedPairs, session 47)
    expect(
      acts("Food quality for Restaurant A and Restaurant C is 4 and 5, whereas service is 1 and 5.", heldoutProfile),
    ).toEqual([share(0, 0, 4), share(2, 0, 5), share(0, 1, 1), share(2, 1, 5)]);
  });
});

describe("fresh127's shapes", () => {
  it("a recollection leading the sentence ('If memory serves, ...') states no level, as a closing one does", () => {
    expect(acts("Doctor Finch has muddy boots at 0. If memory serves, Lady Ashby's torn glove is 2.", manor)).toEqual([
      share(2, 0, 0),
    ]);
    expect(acts("If I recall correctly, Lady Ashby's torn glove is 2.", manor)).toEqual(nothing);
    // a condition on the value is no recollection (read as before: nothing); "if" over a proposal's consent neither
    expect(acts("If Lady Ashby's torn glove is 2, I'd accuse her.", manor)).toEqual(nothing);
    expect(acts("If nobody objects, Lady Ashby's torn glove is 2 and I accuse her.", manor)).not.toEqual(nothing);
  });

  it("a sentence that shares one option's cells without naming it keeps it what 'it' points to", () => {
    expect(
      acts(
        "Tuesday morning works best. Priya's calendar there is 2, Omar's is 2, and Lena's is 2. Let's book it.",
        calls,
      ),
    ).toEqual([share(3, 0, 2), share(3, 1, 2), share(3, 2, 2), propose(3)]);
  });
});

describe("a cell, then its level in a relative clause (relative-share.ts)", () => {
  const pantry = held.pantry as NaturalTask;

  it("reads '..., which is 1' closing a sentence that names one cell", () => {
    expect(acts("I only have the apple count for Shelf A, which is 1.", pantry)).toEqual([share(0, 0, 1)]);
    expect(
      acts(
        "Apartment C was my top pick last round, but since then I've seen its neighbourhood score, which is 3.",
        apartments,
      ),
    ).toEqual([share(2, 2, 3)]);
    expect(acts("Right now all I have on D is the email records, which are 1.", theft)).toEqual([share(3, 3, 1)]);
    expect(acts("Apartment C is my pick. I've seen its neighbourhood score, which is 3.", apartments)).toEqual([
      propose(2),
      share(2, 2, 3),
    ]);
  });

  it("exact or nothing: another agent, a comparison, a doubt, two cells, more words after the level", () => {
    for (const text of [
      "Agent 2 gave Apartment C's neighbourhood score, which is 3.",
      "Apartment C beats Apartment B on neighbourhood, which is 3.",
      "I might have Apartment C's neighbourhood score, which is 3.",
      "I have Apartment C's neighbourhood and size, which is 3.",
      "I have Apartment C's neighbourhood score, which is 3 or 4.",
      "I have Apartment C's neighbourhood score, which is 3 on a good day.",
      "I have Apartment C's and Apartment D's neighbourhood score, which is 3.",
      "Apartment C is better on neighbourhood, which is 3.",
      "I have 2 notes on Apartment C's neighbourhood score, which is 3.",
    ])
      expect(acts(text, apartments)).toEqual(nothing);
  });
});

describe("a cell under a condition is still the topic a pointer question asks about", () => {
  it("'If X's Y turns out to be 3, she'd be my pick! Does anyone know it?' asks X's Y", () => {
    expect(
      acts("If Miss Hartley's poison bottle turns out to be 3, she'd be my pick! Does anyone know it?", manor),
    ).toEqual([ask(3, 3)]);
    expect(acts("Miss Hartley's poison bottle isn't 3. What is it?", manor)).toEqual([ask(3, 3)]);
    // a number the sentence states (here as a range) leaves no topic: the pointer has nothing to ask
    expect(acts("Miss Hartley's poison bottle is 3 or 4. Does anyone know it?", manor)).toEqual(nothing);
    expect(acts("Miss Hartley's poison bottle is 3. Does anyone know it?", manor)).toEqual([share(3, 3, 3)]);
  });
});

describe("thanks to one agent, then a question to 'you'", () => {
  it("puts the question to that agent; without 'you', or to an agent the task lacks, to no one", () => {
    expect(
      acts("Thanks, Agent 1. A follow-up for you: how does the poison bottle clue stand for Doctor Finch?", manor),
    ).toEqual([ask(2, 3, 0)]);
    expect(acts("Thank you, Agent 2! Could you share Doctor Finch's poison bottle?", manor)).toEqual([ask(2, 3, 1)]);
    expect(acts("Thanks, Agent 1. How does the poison bottle clue stand for Doctor Finch?", manor)).toEqual([
      ask(2, 3),
    ]);
    expect(acts("Thanks, Agent 7. Could you share Doctor Finch's poison bottle?", manor)).toEqual([ask(2, 3)]);
    expect(acts("Thanks, Agent 1, for the tip. Could you share Doctor Finch's poison bottle?", manor)).toEqual([
      ask(2, 3),
    ]);
  });
});

describe("fresh127's number words in clauses", () => {
  const pantry = held.pantry as NaturalTask;

  it('"full marks", "a flat zero" and "a single bag of rice" count as a clause\'s levels; "plus" opens a clause', () => {
    expect(
      acts("Lord Ashby's torn glove clue is at full marks, while his poison bottle is a flat zero.", manor),
    ).toEqual([share(0, 1, 3), share(0, 3, 0)]);
    expect(acts("I count 3 apples on Shelf B, plus a single bag of rice.", pantry)).toEqual([
      share(1, 0, 3),
      share(1, 2, 1),
    ]);
    // "plus" with no level after it adds nothing; a "single" with no article is no count
    expect(acts("I count 3 apples on Shelf B, plus some rice.", pantry)).toEqual([share(1, 0, 3)]);
  });
});

describe("people gathered after a dash, under the slot the clause before named", () => {
  it("'Monday 2pm works for everyone I can see — Alice, Bob and Carol are all 1' gives each their availability", () => {
    expect(acts("Monday 2pm works for everyone I can see — Alice, Bob and Carol are all 1.", meetings)).toEqual([
      share(2, 0, 1),
      share(2, 1, 1),
      share(2, 2, 1),
    ]);
    expect(
      acts("Monday 2pm works for everyone on my side — Alice, Bob and Carol are all available (1).", meetings),
    ).toEqual([share(2, 0, 1), share(2, 1, 1), share(2, 2, 1)]);
    // two slots named before the dash: no slot to carry
    expect(acts("Monday 2pm and Monday 4pm work — Alice and Bob are both 1.", meetings)).toEqual(nothing);
  });
});

describe("a level put first: 'Three is what I have for A's technical skill' (relative-share.ts)", () => {
  it("reads the cell after 'is what I have / see'", () => {
    expect(acts("Three is what I have for Candidate A's technical skill.", jobs)).toEqual([share(0, 1, 3)]);
    expect(acts("2 is what I see for Apartment D's rent, and its natural light is a 1 out of 5.", apartments)).toEqual([
      share(3, 0, 2),
      share(3, 3, 1),
    ]);
  });

  it("nothing for another agent's word, a doubt, a level out of range, two cells or a question", () => {
    for (const text of [
      "2 is what Agent 2 sees for Apartment D's rent.",
      "2 is what I see for Apartment D's rent, maybe.",
      "Nine is what I have for Apartment D's rent.",
      "2 is what I see for Apartment D's rent and size.",
      "2 is what I see for Apartment D's and Apartment C's rent.",
      "Is 2 what I see for Apartment D's rent?",
      "2 is what I see for Apartment D's rent, roughly speaking.",
      "2 is what I see for Apartment D Apartment C rent.",
      "2 is what I see for Apartment D's rent size.",
    ])
      expect(acts(text, apartments)).toEqual(nothing);
    // a level out of range is no level here (no range error for the message)
    expect(parseNatural("Nine is what I have for Apartment D's rent.", apartments).error).not.toMatch(/out of range/);
  });
});

describe('people named with "\'s", three or more, or with the noun left out', () => {
  it("'Alice's, Bob's and Carol's availability ... are 1, 1 and 1' and 'Carol's and Dan's are both 0'", () => {
    expect(
      acts("Alice's, Bob's and Carol's availability for Monday 2pm are 1, 0 and 1 respectively.", meetings),
    ).toEqual([share(2, 0, 1), share(2, 1, 0), share(2, 2, 1)]);
    expect(acts("For Monday 4pm, Carol's and Dan's are both 0.", meetings)).toEqual([share(3, 2, 0), share(3, 3, 0)]);
    // a name that is no person of the task, or a possessive option: no attribute list
    expect(acts("For Monday 4pm, Carol's and Zed's are both 0.", meetings)).toEqual(nothing);
  });
});

describe("clearing a suspect is no accusation", () => {
  it("'That clears D on my end.' proposes nothing (fresh123, held out: a wrong act fixed as a defect)", () => {
    expect(acts("Employee D's parking log is 0. That clears D on my end.", theft)).toEqual([share(3, 4, 0)]);
    expect(acts("That points to D, so I accuse Employee D.", theft)).toEqual([propose(3)]);
  });
});
