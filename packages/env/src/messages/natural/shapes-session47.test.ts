import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loadNaturalCorpus } from "../../../bench/score-natural-corpus.mjs";
import { parseNatural } from "../parse-natural";
import type { NaturalTask } from "./sentence";
import { calls, manor, restaurants, share, stalls } from "./test-sentence";

// Session 47: the three wrong acts left in the corpus at session 46's end (fresh55, fresh60, fresh63; the last two
// from held-out batches, seen in the bench's list of wrong acts after they were scored).
const nothing = [{ kind: "pass" }];
const held = loadNaturalCorpus().heldOutTasks as Record<string, NaturalTask>;
const meetings = held.meetings as NaturalTask;
const bigTeam = held.bigTeam as NaturalTask;
const jobs = held.jobs as NaturalTask;
const { options, attributes } = restaurants.domain;
const pairArb = fc.tuple(fc.nat(options.length - 1), fc.nat(attributes.length - 1));
const levelArb = fc.integer({ min: 1, max: 5 });
/** Two different attributes of the restaurants task. */
const twoAttributes = fc.uniqueArray(fc.nat(attributes.length - 1), { minLength: 2, maxLength: 2 });

/** Each text (after its label) reads no act on the restaurants task, one test a text. */
function readsNothing(title: string, cases: readonly (readonly [string, string])[]): void {
  it.each(cases)(title, (_, text) => {
    expect(parseNatural(text, restaurants).acts).toEqual(nothing);
  });
}

describe("', and it's actually N' after the speaker's own earlier value replaces it (correctionAt's andOnly)", () => {
  it("reads the corrected value, not the one the speaker said before (fresh63's shape, property)", () => {
    fc.assert(
      fc.property(pairArb, levelArb, levelArb, ([o, a], said, actual) => {
        const pair = `${options[o]}'s ${attributes[a]}`;
        const text = `I said ${pair} was a ${said}, but I misread the row, and it's actually a ${actual}.`;
        expect(parseNatural(text, restaurants).acts).toEqual([share(o, a, actual)]);
      }),
      { numRuns: 25, seed: 47 },
    );
  });

  it("someone else's earlier value is not the speaker's to replace after ', and'", () => {
    const text = "Agent 2 said Restaurant A's service was a 2, and it's actually a 4.";
    expect(parseNatural(text, restaurants).acts).toEqual(nothing);
  });

  it("a plain share followed by ', and it's N for <attribute>' keeps the share", () => {
    // session 51: the clause after ", and" is read alone under the option the first shared (clause-split.ts)
    expect(parseNatural("Restaurant A's service is 2, and it's a 4 for ambience.", restaurants).acts).toEqual([
      share(0, 1, 2),
      share(0, 2, 4),
    ]);
  });
});

describe("'one' as a pronoun is no level (lone-share.ts' numberAt)", () => {
  it("'my number is the right one' after a contested claim reads no level 1 (fresh60)", () => {
    const text = "Agent 1 has Restaurant A's service at 2. I think my number is the right one.";
    expect(parseNatural(text, restaurants).acts).toEqual(nothing);
  });

  it("'that one', 'which one', 'the other one' read nothing; 'is one' still reads 1 (property)", () => {
    fc.assert(
      fc.property(pairArb, fc.constantFrom("that one", "the other one", "the right one", "this one"), ([o, a], one) => {
        const pair = `${options[o]}'s ${attributes[a]}`;
        expect(parseNatural(`${pair} is one.`, restaurants).acts).toEqual([share(o, a, 1)]);
        expect(parseNatural(`Agent 1 has ${pair} at 3. I'd go with ${one}.`, restaurants).acts).not.toContainEqual(
          share(o, a, 1),
        );
      }),
      { numRuns: 25, seed: 47 },
    );
  });
});

describe("a correction's value may name the claim's pair again after it (correction.ts' restatedNames)", () => {
  it("'I see 0 for <the same pair>' corrects the claim; another option or attribute corrects nothing (property)", () => {
    fc.assert(
      fc.property(pairArb, levelArb, levelArb, ([o, a], claimed, own) => {
        const pair = `${options[o]}'s ${attributes[a]}`;
        const claim = `Agent 1 has ${pair} at ${claimed} but I see ${own}`;
        const other = options[(o + 1) % options.length] as string;
        const otherAttribute = attributes[(a + 1) % attributes.length] as string;
        expect(parseNatural(`${claim} for ${pair}.`, restaurants).acts).toEqual([share(o, a, own)]);
        expect(parseNatural(`${claim} for ${attributes[a]}.`, restaurants).acts).toEqual([share(o, a, own)]);
        expect(parseNatural(`${claim} for ${attributes[a]} at ${options[o]}.`, restaurants).acts).toEqual([
          share(o, a, own),
        ]);
        expect(parseNatural(`${claim} for ${other}'s ${attributes[a]}.`, restaurants).acts).toEqual(nothing);
        expect(parseNatural(`${claim} for ${options[o]}'s ${otherAttribute}.`, restaurants).acts).toEqual(nothing);
      }),
      { numRuns: 25, seed: 47 },
    );
  });

  it("the next sentence's 'I see N for <option>' corrects only a claim on that option", () => {
    const claim = "Agent 1 has Restaurant A's service at 2.";
    expect(parseNatural(`${claim} I see 4 for Restaurant A.`, restaurants).acts).toEqual([share(0, 1, 4)]);
    expect(parseNatural(`${claim} I see 4 for Restaurant B.`, restaurants).acts).toEqual(nothing);
  });
});

describe("a bare level answering the speaker's own question may close on 'from where I'm sitting' (fresh55)", () => {
  it("reads the level as the speaker's answer; a doubt in its place keeps the question", () => {
    expect(parseNatural("Service at Restaurant B? Solid 4 from where I'm sitting.", restaurants).acts).toEqual([
      share(1, 1, 4),
    ]);
    expect(parseNatural("Service at Restaurant B? 4, I'm not sure.", restaurants).acts).toEqual([
      { kind: "ask", option: 1, attribute: 1 },
    ]);
  });
});

// From fresh64 (tuned on; scored first at 0.985 / 0.736) and fresh65 (scored first at 1.000 / 0.824, again at the
// same figure after fresh64's rules, then tuned on).
/** The index of a name in a list, failing the test when it is not there. */
function at(names: readonly string[], name: string): number {
  const k = names.indexOf(name);
  if (k < 0) throw new Error(`no ${name} in ${names.join(", ")}`);
  return k;
}
const cal = (name: string) => at(calls.domain.attributes, `${name}'s calendar`);
const slot = (name: string) => at(calls.domain.options, name);
const avail = (name: string) => at(meetings.domain.attributes, `${name}'s availability`);
const meeting = (name: string) => at(meetings.domain.options, name);

describe("another agent named as the source of the last clause makes it theirs (correction.ts' reportedLead)", () => {
  it("'..., and according to Agent 3, Omar's is 0 there' reads nothing (it had read Tomas's calendar 0)", () => {
    const text = "Agent 1 says Monday evening has Tomas's calendar at 2, and according to Agent 3, Omar's is 0 there.";
    expect(parseNatural(text, calls).acts).toEqual(nothing);
  });

  it("the speaker's own value in the last clause still corrects the claim", () => {
    const text = "Agent 1 says Monday evening has Tomas's calendar at 2, but in my view, it's 0.";
    expect(parseNatural(text, calls).acts).toEqual([share(slot("Monday evening"), cal("Tomas"), 0)]);
  });
});

describe("taking up a teammate's proposal is a proposal (proposal-cues.ts' othersSuggestion)", () => {
  it("every verb of support before 'Agent N's <suggestion> of X' proposes X (property)", () => {
    fc.assert(
      fc.property(
        fc.nat(options.length - 1),
        fc.constantFrom("endorse", "second", "agree with", "support", "back"),
        fc.constantFrom("suggestion of", "proposal of", "pick of", "recommendation of"),
        fc.integer({ min: 1, max: 3 }),
        (o, verb, noun, agent) => {
          const text = `I ${verb} Agent ${agent}'s ${noun} ${options[o]}.`;
          expect(parseNatural(text, restaurants).acts).toEqual([{ kind: "propose", option: o }]);
        },
      ),
      { numRuns: 30, seed: 47 },
    );
  });

  readsNothing("no proposal in %s", [
    ["agreement with an agent alone", "I agree with Agent 2."],
    ["'I second that'", "I second that."],
    ["another agent seconding", "Agent 2 seconds Agent 1's suggestion of Restaurant B."],
    ["agreement with a fact", "I agree with Restaurant B's score."],
  ]);

  it("'we should name X' proposes X without 'as' (fresh64); 'name X's boots' does not", () => {
    const finch = at(manor.domain.options, "Doctor Finch");
    expect(
      parseNatural("Having gone through my notes twice, I think we should name Doctor Finch.", manor).acts,
    ).toEqual([{ kind: "propose", option: finch }]);
    expect(parseNatural("I think we should name Doctor Finch's boots first.", manor).acts).toEqual(nothing);
  });
});

describe("more items after one (share-items.ts' continuation)", () => {
  it("past the speaker's source, a pointer or the level said again, the next item is the same option's (property)", () => {
    fc.assert(
      fc.property(
        fc.nat(options.length - 1),
        twoAttributes,
        levelArb,
        levelArb,
        fc.constantFrom(" in my view,", " there", ", there,", " — a {1} —", " (a {1})"),
        (o, [a, b], l1, l2, between) => {
          const gap = between.replace("{1}", String(l1));
          const text = `${options[o]}'s ${attributes[a as number]} is a ${l1}${gap} and ${attributes[b as number]} a ${l2}.`;
          expect(parseNatural(text, restaurants).acts).toEqual([share(o, a as number, l1), share(o, b as number, l2)]);
        },
      ),
      { numRuns: 40, seed: 47 },
    );
  });

  it("a level said again that differs is not skipped", () => {
    const text = "Restaurant A's service is a 5 — a 4 — and ambience is a 3.";
    // session 51: the clause after "— and" is read alone under the option the first shared (clause-split.ts)
    expect(parseNatural(text, restaurants).acts).toEqual([share(0, 1, 5), share(0, 2, 3)]);
  });

  it("'and so does Omar's' gives the last item's level to another person's attribute", () => {
    const tuesday = slot("Tuesday morning");
    expect(
      parseNatural("Let's settle on Tuesday morning. Lena's calendar shows 2 for it, and so does Omar's.", calls).acts,
    ).toEqual([{ kind: "propose", option: tuesday }, share(tuesday, cal("Lena"), 2), share(tuesday, cal("Omar"), 2)]);
    for (const pointer of ["for it", "for that slot"])
      expect(parseNatural(`Let's settle on Tuesday morning. Lena's calendar shows 2 ${pointer}.`, calls).acts).toEqual([
        { kind: "propose", option: tuesday },
        share(tuesday, cal("Lena"), 2),
      ]);
    expect(parseNatural("Tuesday morning has Lena's calendar at 2, and so does Lena's.", calls).acts).toEqual([
      share(tuesday, cal("Lena"), 2),
    ]);
  });

  it("'is at the top of the scale' and 'is its weak spot (1)' are items; a doubt in the parenthesis is not", () => {
    const d = at(jobs.domain.options, "Candidate D");
    const [tech, team, lead] = ["technical skill", "teamwork", "leadership"].map((n) => at(jobs.domain.attributes, n));
    const text = "Candidate D's technical skill is at the top of the scale — a 5 — and teamwork is a five as well.";
    expect(parseNatural(`${text} Leadership is a more modest 2.`, jobs).acts).toEqual([
      share(d, tech as number, 5),
      share(d, team as number, 5),
      share(d, lead as number, 2),
    ]);
    const wait = at(bigTeam.domain.attributes, "wait time");
    expect(parseNatural("Restaurant B is my pick. Wait time is its weak spot (1).", bigTeam).acts).toEqual([
      { kind: "propose", option: 1 },
      share(1, wait, 1),
    ]);
    expect(parseNatural("Restaurant B's wait time is maybe its weak spot (1).", bigTeam).acts).toEqual(nothing);
    expect(parseNatural("Restaurant B's wait time is its weak spot (1 or 2).", bigTeam).acts).toEqual(nothing);
  });
});

describe("a person alone names the person's attribute in an item (share-items.ts)", () => {
  it("'Alice is at 1', 'Tomas gives it a full 2', 'a zero for Omar' read the person's attribute", () => {
    const nine = meeting("Monday 9am");
    const asked = "Agent 2 — do you have Bob's availability for Monday 9am? On my side, Alice is at 1 for that slot.";
    expect(parseNatural(asked, meetings).acts).toEqual([
      { kind: "ask", option: nine, attribute: avail("Bob"), to: 1 },
      share(nine, avail("Alice"), 1),
    ]);
    const evening = slot("Monday evening");
    const text = "Monday evening is a zero for Omar and a zero for Lena; Tomas gives it a full 2.";
    expect(parseNatural(text, calls).acts).toEqual([
      share(evening, cal("Omar"), 0),
      share(evening, cal("Lena"), 0),
      share(evening, cal("Tomas"), 2),
    ]);
  });

  it("a person alone opening a sentence with no option talked about reads nothing", () => {
    expect(parseNatural("Alice is at 1.", meetings).acts).toEqual(nothing);
  });
});

describe("one level for a list of attributes, and the same option's items after a paired list (paired-shares.ts)", () => {
  it("'has both A and B at 5', 'has A and B at 5' give each the level; 'at 5 and 3' pairs them (property)", () => {
    fc.assert(
      fc.property(
        fc.nat(options.length - 1),
        twoAttributes,
        levelArb,
        fc.constantFrom("both ", ""),
        (o, [a, b], level, both) => {
          const names = `${attributes[a as number]} and ${attributes[b as number]}`;
          expect(parseNatural(`${options[o]} has ${both}${names} at ${level}.`, restaurants).acts).toEqual([
            share(o, a as number, level),
            share(o, b as number, level),
          ]);
        },
      ),
      { numRuns: 30, seed: 47 },
    );
  });

  it("'are both 0, while Erin's is 1' and '..., respectively; Erin's is 1' read the third person too", () => {
    const four = meeting("Monday 4pm");
    const expected = [share(four, avail("Carol"), 0), share(four, avail("Dan"), 0), share(four, avail("Erin"), 1)];
    const both = "Carol's and Dan's availability for Monday 4pm are both 0, while Erin's is 1 — so that slot is out.";
    expect(parseNatural(both, meetings).acts).toEqual(expected);
    const paired = "For Monday 4pm, Carol's and Dan's availability are 0 and 0, respectively; Erin's is 1.";
    expect(parseNatural(paired, meetings).acts).toEqual(expected);
  });

  it("'Cleanliness for C, D, E → 4, 2, 5 respectively' pairs them in order; a count mismatch reads nothing", () => {
    const clean = at(bigTeam.domain.attributes, "cleanliness");
    expect(parseNatural("Cleanliness for C, D, E → 4, 2, 5 respectively.", bigTeam).acts).toEqual([
      share(2, clean, 4),
      share(3, clean, 2),
      share(4, clean, 5),
    ]);
    expect(parseNatural("Cleanliness for C, D, E → 4, 2 respectively.", bigTeam).acts).toEqual(nothing);
  });
});

describe("smaller forms from fresh64 and fresh65", () => {
  it("YAML items of a slot, a person and the attribute's noun as the level's key", () => {
    const text = "```yaml\nshares:\n  - slot: Tuesday 11am\n    person: Dan\n    availability: 0\n```";
    expect(parseNatural(text, meetings).acts).toEqual([share(meeting("Tuesday 11am"), avail("Dan"), 0)]);
  });

  it("'a single star' is 1; 'a single' before another noun is no level", () => {
    expect(parseNatural("Restaurant B earns just a single star for food quality.", restaurants).acts).toEqual([
      share(1, 0, 1),
    ]);
    expect(parseNatural("Restaurant B has a single star.", restaurants).acts).toEqual(nothing);
  });

  it("a list line after a proposal may close on a parenthesis; a doubt in it takes the line back", () => {
    const d = at(stalls.domain.options, "Stall D");
    const plants = at(stalls.domain.attributes, "plants sold");
    expect(parseNatural("**Stall D gets my backing.**\n- Plants sold: −1 (the only drag)", stalls).acts).toEqual([
      { kind: "propose", option: d },
      share(d, plants, -1),
    ]);
    for (const doubt of ["not sure", "maybe", "unconfirmed"])
      expect(parseNatural(`Stall D gets my backing. Plants sold is 1 (${doubt}).`, stalls).acts).toEqual([
        { kind: "propose", option: d },
      ]);
  });
});

// From fresh66 (Qwen / DeepSeek voice) and fresh67 (mixed voices), each scored first after fresh64-65's rules
// (1.000 / 0.760 and 0.989 / 0.798), then tuned on.
const pantry = held.pantry as NaturalTask;
const apartments = held.apartments as NaturalTask;
const theft = held.theft as NaturalTask;

describe("questions (ask-cues.ts, sentence-address.ts)", () => {
  it("a past 'were' in the question is no condition; a subjunctive one still is", () => {
    const b = at(stalls.domain.options, "Stall B");
    const plants = at(stalls.domain.attributes, "plants sold");
    expect(parseNatural("How many plants were sold at Stall B?", stalls).acts).toEqual([
      { kind: "ask", option: b, attribute: plants },
    ]);
    expect(parseNatural("How many plants were sold if Stall B were open?", stalls).acts).toEqual(nothing);
  });

  it("a question to an agent the task does not have is read with no addressee (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 4, max: 9 }),
        fc.constantFrom("Question for Agent {n}:", "Agent {n},"),
        (n, lead) => {
          const text = `${lead.replace("{n}", String(n))} what's Restaurant B's service?`;
          expect(parseNatural(text, restaurants).acts).toEqual([{ kind: "ask", option: 1, attribute: 1 }]);
        },
      ),
      { numRuns: 12, seed: 47 },
    );
  });

  it("'before we lock it in' closing a request keeps the ask", () => {
    const d = at(jobs.domain.options, "Candidate D");
    const lead = at(jobs.domain.attributes, "leadership");
    expect(parseNatural("Could someone confirm Candidate D's leadership before we lock it in?", jobs).acts).toEqual([
      { kind: "ask", option: d, attribute: lead },
    ]);
  });
});

describe("proposals (proposal-cues.ts)", () => {
  it("'the best choice should be X', 'our pick is X' propose; a condition, a hedge or an attribute holds them back", () => {
    const c = at(apartments.domain.options, "Apartment C");
    for (const text of [
      "So the best choice should be Apartment C.",
      "The best choice is Apartment C since it's quiet.",
    ])
      expect(parseNatural(text, apartments).acts).toEqual([{ kind: "propose", option: c }]);
    for (const text of [
      "If rent matters, the best choice is Apartment C.",
      "The best choice is maybe Apartment C.",
      "The best choice for rent is Apartment C.",
      "The choice is Apartment C.",
      "I'm not sure the best choice is Apartment C.",
      "Not sure, but the best choice is Apartment C.",
      "Perhaps, the best choice is Apartment C.",
    ])
      expect(parseNatural(text, apartments).acts).toEqual(nothing);
  });

  it("'I'll commit: X' proposes X", () => {
    expect(
      parseNatural("I've been going back and forth on this, but I'll commit: Restaurant B.", bigTeam).acts,
    ).toEqual([{ kind: "propose", option: 1 }]);
  });

  it("'nothing else on my sheet comes close' compares, it does not pass; 'nothing else on my sheet' passes", () => {
    const d = at(stalls.domain.options, "Stall D");
    const books = at(stalls.domain.attributes, "books sold");
    const text = "Stall D gets my backing! 🎉 Its books sold is +2 — nothing else on my sheet comes close.";
    expect(parseNatural(text, stalls).acts).toEqual([{ kind: "propose", option: d }, share(d, books, 2)]);
    expect(parseNatural("Nothing else on my sheet.", stalls).acts).toEqual([{ kind: "pass" }]);
  });
});

describe("items and lists (share-items.ts, paired-shares.ts, carried-share.ts, structured-acts.ts)", () => {
  it("full-width punctuation separates as ASCII does (property)", () => {
    fc.assert(
      fc.property(fc.nat(options.length - 1), twoAttributes, levelArb, levelArb, (o, [a, b], l1, l2) => {
        const text = `${options[o]}：${attributes[a as number]} ${l1}，${attributes[b as number]} ${l2}。`;
        expect(parseNatural(text, restaurants).acts).toEqual([share(o, a as number, l1), share(o, b as number, l2)]);
      }),
      { numRuns: 25, seed: 47 },
    );
  });

  it("'full marks in my notes', 'on it, and zero rice bags', '1 apple (rice bags I cannot see)'", () => {
    const hartley = at(manor.domain.options, "Miss Hartley");
    const glove = at(manor.domain.attributes, "torn glove");
    expect(parseNatural("Miss Hartley's torn glove gets full marks in my notes.", manor).acts).toEqual([
      share(hartley, glove, 3),
    ]);
    const [apples, onions, rice] = ["apples", "onions", "rice bags"].map((n) => at(pantry.domain.attributes, n));
    expect(parseNatural("Shelf A has 5 onions on it, and zero rice bags.", pantry).acts).toEqual([
      share(0, onions as number, 5),
      share(0, rice as number, 0),
    ]);
    expect(parseNatural("Shelf A: 5 onions, 1 apple (rice bags I cannot see).", pantry).acts).toEqual([
      share(0, onions as number, 5),
      share(0, apples as number, 1),
    ]);
    expect(parseNatural("Shelf A has 1 apple (maybe).", pantry).acts).toEqual(nothing);
  });

  it("a sentence of no act about an attribute keeps the option talked about for the next", () => {
    const f = 5;
    const [service, wait] = ["service", "wait time"].map((n) => at(bigTeam.domain.attributes, n));
    const text = "What I can tell for Restaurant F: service 4. Menu variety maybe 3. Wait time likely 4.";
    expect(parseNatural(text, bigTeam).acts).toEqual([share(f, service as number, 4), share(f, wait as number, 4)]);
  });

  it("paired lists: 'respectively on <attribute>', ', while A's is 1', ', and Erin's is 1', 'Its A and B are both 5'", () => {
    const comm = at(jobs.domain.attributes, "communication");
    expect(parseNatural("Candidates A and C score 1 and 4 respectively on communication.", jobs).acts).toEqual([
      share(0, comm, 1),
      share(2, comm, 4),
    ]);
    const camera = at(theft.domain.attributes, "camera footage");
    const text = "Employees B and C have camera footage 0 and 0 respectively, while A's is 1.";
    expect(parseNatural(text, theft).acts).toEqual([share(1, camera, 0), share(2, camera, 0), share(0, camera, 1)]);
    const four = meeting("Monday 4pm");
    const erin = "Carol's and Dan's availability for Monday 4pm are 0 and 0, and Erin's is 1, so that slot is out.";
    expect(parseNatural(erin, meetings).acts).toEqual([
      share(four, avail("Carol"), 0),
      share(four, avail("Dan"), 0),
      share(four, avail("Erin"), 1),
    ]);
    const [food, ambience] = ["food quality", "ambience"].map((n) => at(bigTeam.domain.attributes, n));
    expect(parseNatural("Let's go with Restaurant B. Its food quality and ambience are both 5.", bigTeam).acts).toEqual(
      [{ kind: "propose", option: 1 }, share(1, food as number, 5), share(1, ambience as number, 5)],
    );
  });

  it("a person alone before the level, or before 'shows', under an option's label", () => {
    const text =
      "- **Monday 2pm**: Alice 1, Bob 1, Carol 1 from my view — no conflicts\n- **Tuesday 11am**: Dan shows 0";
    const two = meeting("Monday 2pm");
    expect(parseNatural(text, meetings).acts).toEqual([
      share(two, avail("Alice"), 1),
      share(two, avail("Bob"), 1),
      share(two, avail("Carol"), 1),
      share(meeting("Tuesday 11am"), avail("Dan"), 0),
    ]);
    expect(parseNatural("Alice 1.", meetings).acts).toEqual(nothing);
  });

  it("YAML with the kind named once over a list of facts", () => {
    const text =
      "```yaml\naction: share\nfacts:\n  - option: Restaurant C\n    attribute: wait time\n    level: 5\n```";
    expect(parseNatural(text, bigTeam).acts).toEqual([share(2, at(bigTeam.domain.attributes, "wait time"), 5)]);
  });
});

// From fresh68 (Gemini / Gemma voice; 1.000 / 0.775 unseen after fresh64-67's rules) and fresh69 (Mistral / Command R;
// 0.984 / 0.750), tuned on; fresh70 and fresh71 are held out.
describe("from fresh68 and fresh69", () => {
  it("'For cleanliness, Restaurants B, C and D come in at 4, 1 and 4, respectively': the options' plural noun", () => {
    const clean = at(bigTeam.domain.attributes, "cleanliness");
    const text = "For cleanliness, Restaurants B, C and D come in at 4, 1 and 4, respectively.";
    expect(parseNatural(text, bigTeam).acts).toEqual([share(1, clean, 4), share(2, clean, 1), share(3, clean, 4)]);
  });

  it("'Still need X's Y, if anyone has it' asks; 'We need X's Y before deciding' asks no one", () => {
    const service = at(bigTeam.domain.attributes, "service");
    for (const text of [
      "Still need Restaurant A's service, if anyone has it.",
      "I still need Restaurant A's service, if anyone has it.",
    ])
      expect(parseNatural(text, bigTeam).acts).toEqual([{ kind: "ask", option: 0, attribute: service }]);
    expect(parseNatural("We need Restaurant A's service before deciding.", bigTeam).acts).toEqual(nothing);
  });

  it("'X. Final answer from me.' proposes X; alone, or after two options, it proposes nothing", () => {
    const c = at(apartments.domain.options, "Apartment C");
    expect(parseNatural("Apartment C. Final answer from me.", apartments).acts).toEqual([
      { kind: "propose", option: c },
    ]);
    expect(parseNatural("Final answer from me.", apartments).acts).toEqual(nothing);
    expect(parseNatural("Apartment C and Apartment D are close. Final answer from me.", apartments).acts).toEqual(
      nothing,
    );
  });

  it("JSON under 'shared' and 'recommendation'", () => {
    const text =
      '```json\n{"shared": [{"slot": "Tuesday 9am", "person": "Alice\'s availability", "value": 0}], "questions": [], "recommendation": "Monday 2pm"}\n```';
    expect(parseNatural(text, meetings).acts).toEqual([
      share(meeting("Tuesday 9am"), avail("Alice"), 0),
      { kind: "propose", option: meeting("Monday 2pm") },
    ]);
  });

  it("'are both 1 for that slot' after a proposal; 'top of the scale' said again; 'scores the top of the scale on Y'", () => {
    const two = meeting("Monday 2pm");
    const text = "**Monday 2pm** gets my vote. Alice's availability and Bob's availability are both 1 for that slot.";
    expect(parseNatural(text, meetings).acts).toEqual([
      { kind: "propose", option: two },
      share(two, avail("Alice"), 1),
      share(two, avail("Bob"), 1),
    ]);
    expect(
      parseNatural("Alice's availability and Bob's availability are both 1 for that slot.", meetings).acts,
    ).toEqual(nothing);
    const d = at(stalls.domain.options, "Stall D");
    const [books, cakes] = ["books sold", "cakes sold"].map((n) => at(stalls.domain.attributes, n));
    const stall = "Stall D gets my backing. Books sold is +2 — top of the scale — and cakes sold is 2 as well.";
    expect(parseNatural(stall, stalls).acts).toEqual([
      { kind: "propose", option: d },
      share(d, books as number, 2),
      share(d, cakes as number, 2),
    ]);
    const hood = at(apartments.domain.attributes, "neighbourhood");
    expect(parseNatural("Apartment D scores the top of the scale on neighbourhood.", apartments).acts).toEqual([
      share(3, hood, 5),
    ]);
  });

  it("a prediction of the others' choice proposes nothing; the speaker's own 'will' does", () => {
    expect(
      parseNatural("I suspect the others will lean toward Shelf A — it looks like the fuller shelf.", pantry).acts,
    ).toEqual(nothing);
    expect(parseNatural("They'll pick Shelf A.", pantry).acts).toEqual(nothing);
    expect(parseNatural("We will pick Shelf A.", pantry).acts).toEqual([{ kind: "propose", option: 0 }]);
  });

  it("'he' / 'she' as the subject where the options are people; not where they are not", () => {
    const finch = at(manor.domain.options, "Doctor Finch");
    const [poison, key] = ["poison bottle", "library key"].map((n) => at(manor.domain.attributes, n));
    const text = "My accusation goes to Doctor Finch. On my sheet he holds poison bottle 3 and library key 3.";
    expect(parseNatural(text, manor).acts).toEqual([
      { kind: "propose", option: finch },
      share(finch, poison as number, 3),
      share(finch, key as number, 3),
    ]);
    expect(parseNatural("Restaurant A is my pick. He has service 3.", restaurants).acts).toEqual([
      { kind: "propose", option: 0 },
    ]);
  });

  it("'Cleanliness: a single star' is 1; a question to an agent the task lacks, opening its line, has no addressee", () => {
    const clean = at(bigTeam.domain.attributes, "cleanliness");
    expect(parseNatural("Restaurant C is my pick. Cleanliness: a single star.", bigTeam).acts).toEqual([
      { kind: "propose", option: 2 },
      share(2, clean, 1),
    ]);
    const poison = at(manor.domain.attributes, "poison bottle");
    expect(parseNatural("Agent 4: Lord Ashby's poison bottle?", manor).acts).toEqual([
      { kind: "ask", option: 0, attribute: poison },
    ]);
  });
});

describe("a count before its noun does not run across a line (fresh73's one wrong act, a defect of an older rule)", () => {
  it("'B=0' closing a line is no count of the next line's 'Rice bags'; on one line it still is", () => {
    const rice = at(pantry.domain.attributes, "rice bags");
    const text = "Quick tally from my view:\nOnions: A=5, B=0\nRice bags: A=0, B=1";
    expect(parseNatural(text, pantry).acts).not.toContainEqual(share(1, rice, 0));
    expect(parseNatural("Shelf B has 0 rice bags.", pantry).acts).toEqual([share(1, rice, 0)]);
  });
});
