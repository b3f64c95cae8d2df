import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loadNaturalCorpus } from "../../../bench/score-natural-corpus.mjs";
import type { NaturalTask } from "./sentence";
import { acts, by, calls, fence, manor, restaurants, stalls } from "./test-sentence";

const held = loadNaturalCorpus().heldOutTasks as Record<string, NaturalTask>;
const meetings = held.meetings as NaturalTask;
const jobs = held.jobs as NaturalTask;
const pantry = held.pantry as NaturalTask;
const big = held.bigTeam as NaturalTask;
/** Two options, one attribute (or person) and two levels up to `top`: the arbitraries of the two-sentence oracles. */
const twoCells = (options: number, attributes: number, top: number) =>
  [fc.nat(options - 1), fc.nat(options - 1), fc.nat(attributes - 1), fc.nat(top), fc.nat(top)] as const;
/** What a message of no act reads as. */
const none = [{ kind: "pass" }];

// Session 67: the twenty-fifth clean wave's misses (fresh317-fresh320, left unread in session 66) and the wrong acts
// and misses of the twenty-sixth and twenty-seventh (fresh321-fresh328), read after the waves were scored, in
// sentences of our own.
describe("a lean or a 'go' with the subject or 'with' left out", () => {
  const j = by(jobs);
  it("'leaning D' opening its clause is the speaker's lean; another agent's lean is none", () => {
    expect(acts("Leaning C, its teamwork is what matters most.", jobs)).toEqual([j.propose("Candidate C")]);
    expect(acts("still leaning towards Candidate A.", jobs)).toEqual([j.propose("Candidate A")]);
    expect(acts("Agent 3 is leaning C.", jobs)).toEqual(none);
    expect(acts("They're leaning Candidate A.", jobs)).toEqual(none);
  });

  it("'I'd go <option>' proposes, before a closing 'unless' too; 'go' before anything else proposes nothing", () => {
    const m = by(meetings);
    expect(acts("I'd go Monday 2pm unless someone has a 0 there.", meetings)).toEqual([m.propose("Monday 2pm")]);
    expect(acts("Unless somebody is out, I'd go Monday 4pm.", meetings)).toEqual([m.propose("Monday 4pm")]);
    expect(acts("Let's go over Monday 2pm's numbers first.", meetings)).toEqual(none);
    expect(acts("We could go Monday 2pm or Monday 4pm.", meetings)).toEqual(none);
  });
});

describe("'whoever' puts a question to the team", () => {
  it("after an @Agent question with no act of its own, the next question to 'whoever has it' has no addressee", () => {
    const j = by(jobs);
    expect(
      acts("@Agent 2 does Candidate C have teamwork 3? Also need C's leadership from whoever has it.", jobs),
    ).toEqual([j.ask("Candidate C", "leadership")]);
    // with no "whoever" the address still carries
    expect(acts("@Agent 2 does Candidate C have teamwork 3? Also need C's leadership.", jobs)).toEqual([
      j.ask("Candidate C", "leadership", 1),
    ]);
  });
});

describe("a heading of one column: the word 'column', the speaker's part of it, a person", () => {
  const b = by(big);
  it("'<attribute> column, my half:', '<attribute> (mine):', '<person> column, partial:' head the lines under them", () => {
    expect(acts("Location column, my half:\n\nB: 2\nE: 5", big)).toEqual([
      b.share("Restaurant B", "location", 2),
      b.share("Restaurant E", "location", 5),
    ]);
    expect(acts("wait time (mine):\nC: 1\nD: 3", big)).toEqual([
      b.share("Restaurant C", "wait time", 1),
      b.share("Restaurant D", "wait time", 3),
    ]);
    const c = by(calls);
    expect(acts("Lena column, partial:\n- Monday evening: 2", calls)).toEqual([
      c.share("Monday evening", "Lena's calendar", 2),
    ]);
    const m = by(meetings);
    expect(acts("my column (Carol):\n- Mon 9am → 0\n- Tue 9am → 1", meetings)).toEqual([
      m.share("Monday 9am", "Carol's availability", 0),
      m.share("Tuesday 9am", "Carol's availability", 1),
    ]);
    // a name no attribute of the task is owned by heads nothing
    expect(acts("Zed column:\n- Mon 9am: 0", meetings)).toEqual(none);
  });

  it("reads the lines under any such heading as under the attribute's own heading (the oracle)", () => {
    const { options, attributes } = big.domain;
    const tails = [" column", " column, my half", " (mine)", ", my part", " column, partial", " col"];
    fc.assert(
      fc.property(
        fc.nat(attributes.length - 1),
        fc.uniqueArray(fc.nat(options.length - 1), { minLength: 1, maxLength: 4 }),
        fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 4, maxLength: 4 }),
        fc.constantFrom(...tails),
        (a, chosen, levels, tail) => {
          const lines = chosen.map((o, k) => `${(options[o] as string).slice(-1)}: ${levels[k]}`).join("\n");
          const plain = acts(`${attributes[a]}:\n${lines}`, big);
          expect(plain).toHaveLength(chosen.length);
          expect(acts(`${attributes[a]}${tail}:\n${lines}`, big)).toEqual(plain);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("a line of only 'A' and a number under a heading is option A; 'A 5' after a question stays the article", () => {
    const r = by(restaurants);
    expect(acts("Service:\nA  2\nC  4", restaurants)).toEqual([
      r.share("Restaurant A", "service", 2),
      r.share("Restaurant C", "service", 4),
    ]);
    expect(acts("Service at Restaurant C? A 5.", restaurants)).toEqual([r.share("Restaurant C", "service", 5)]);
  });
});

describe("one message giving a cell two levels keeps the later one", () => {
  const p = by(pantry);
  it("a correction in a later sentence replaces the earlier level; the same level twice stays two acts", () => {
    expect(acts("Shelf A has 2 onions. Shelf A has 4 onions.", pantry)).toEqual([
      p.share("Shelf A", "onions", 2),
      p.share("Shelf A", "onions", 4),
    ]);
    expect(acts("Shelf A has 2 onions. Sorry, there are actually 4 onions on Shelf A.", pantry)).toEqual([
      p.share("Shelf A", "onions", 4),
    ]);
    expect(acts("There are actually no apples on Shelf B.", pantry)).toEqual([p.share("Shelf B", "apples", 0)]);
    expect(acts("Shelf A has 2 onions. Shelf A has 2 onions.", pantry)).toEqual([
      p.share("Shelf A", "onions", 2),
      p.share("Shelf A", "onions", 2),
    ]);
  });

  it("for any cell and two levels, a correction reads as its last sentence alone when they differ (the oracle)", () => {
    const { options, attributes } = pantry.domain;
    fc.assert(
      fc.property(
        fc.nat(options.length - 1),
        fc.nat(attributes.length - 1),
        fc.nat(5),
        fc.nat(5),
        (o, a, first, second) => {
          const say = (n: number) => `${options[o]}'s ${attributes[a]} count is ${n}.`;
          const last = acts(say(second), pantry);
          expect(last).toEqual([p.share(options[o] as string, attributes[a] as string, second)]);
          const both = acts(`${say(first)} Sorry, ${say(second)}`, pantry);
          expect(both).toEqual(first === second ? [...last, ...last] : last);
          // with no word of correction both levels stay (a rendered act list may hold them)
          expect(acts(`${say(first)} ${say(second)}`, pantry)).toEqual([...acts(say(first), pantry), ...last]);
        },
      ),
      { numRuns: 80 },
    );
  });
});

describe("JSON requests and relayed lists", () => {
  const r = by(restaurants);
  it("a request object's 'from' names the agent asked", () => {
    const text = '{"requests": [{"option": "Restaurant B", "attribute": "ambience", "from": "Agent 2"}]}';
    expect(acts(text, restaurants)).toEqual([r.ask("Restaurant B", "ambience", 1)]);
    // an agent outside the team: the question stands, put to no one
    const five = '{"requests": [{"option": "Restaurant B", "attribute": "ambience", "from": "Agent 5"}]}';
    expect(acts(five, restaurants)).toEqual([r.ask("Restaurant B", "ambience")]);
  });

  it("a list under 'recap of what Agents 2 and 3 posted:' is theirs; the speaker's own line after it stands", () => {
    const text =
      "Recap of what Agents 2 and 3 posted:\n- Restaurant A service 5\n- Restaurant C ambience 2\n\nMine: Restaurant B service 4.";
    expect(acts(text, restaurants)).toEqual([r.share("Restaurant B", "service", 4)]);
    expect(acts("What Agent 1 said:\n- Restaurant A service 5", restaurants)).toEqual(none);
    expect(acts("What I posted:\n- Restaurant A service 5", restaurants)).toEqual([
      r.share("Restaurant A", "service", 5),
    ]);
  });
});

describe("the speaker's own value after another agent's claim or their own slip, in the next sentence", () => {
  const st = by(stalls);
  it("'My sheet says -1 for that one', '... for it though', '..., so I'm with Agent 1' give the claimed cell", () => {
    expect(acts("Agent 2 claimed Stall B's books sold was 2. My sheet says -1 for that one.", stalls)).toEqual([
      st.share("Stall B", "books sold", -1),
    ]);
    expect(acts("Agent 2 reported 2 for Stall B's books sold. My sheet says 1, so I'm with Agent 3.", stalls)).toEqual([
      st.share("Stall B", "books sold", 1),
    ]);
    // a level for another pair is no correction of the claim
    expect(acts("Agent 2 claimed Stall B's books sold was 2. My sheet says -1 for raffle tickets.", stalls)).toEqual(
      none,
    );
  });

  it("'I double-checked and it's 0', '... and the log shows 0' replace the speaker's own earlier value", () => {
    const t = by(held.theft as NaturalTask);
    for (const again of ["I double-checked and it's 0.", "I checked again and the log shows 0.", "The log shows 0."])
      expect(acts(`Earlier I listed Employee C's badge log as 1. ${again}`, held.theft as NaturalTask)).toEqual([
        t.share("Employee C", "badge log", 0),
      ]);
  });

  it("'<level> but meant <level>' gives the level meant, the option from a heading too", () => {
    const b = by(big);
    expect(acts("Correction on Restaurant B: I typed cleanliness 2 but meant 5.", big)).toEqual([
      b.share("Restaurant B", "cleanliness", 5),
    ]);
    // a level meant outside the range takes nothing, never the slip
    expect(acts("Correction on Restaurant B: I typed cleanliness 2 but meant 9.", big)).toEqual(none);
  });

  it("a clause telling what the speaker had said, in a correction, gives nothing; 'I'd put it at 4' is theirs", () => {
    const p = by(pantry);
    // (the clause after the semicolon is left unread: nothing, never the withdrawn 3)
    expect(
      acts("Correction — I'd said Shelf A had 3 apples; there are actually no apples on Shelf A.", pantry),
    ).toEqual(none);
    expect(acts("I'd said Shelf A had 3 apples.", pantry)).toEqual([p.share("Shelf A", "apples", 3)]);
    expect(acts("Correction: I'd said Shelf A had 3 apples; it's actually 1.", pantry)).toEqual([
      p.share("Shelf A", "apples", 1),
    ]);
    expect(acts("Agent 1's count of apples on Shelf A is off. I'd put it at 4.", pantry)).toEqual([
      p.share("Shelf A", "apples", 4),
    ]);
  });
});

describe("a question to one agent right above a structured block", () => {
  it("puts the block's asks to that agent; to anyone, to no one", () => {
    const b = by(big);
    const block = fence('{"missing": {"Restaurant C": ["location", "wait time"]}}', "json");
    expect(acts(`Agent 4, can you fill the missing field?\n${block}`, big)).toEqual([
      b.ask("Restaurant C", "location", 3),
      b.ask("Restaurant C", "wait time", 3),
    ]);
    expect(acts(`Can anyone fill the missing field?\n${block}`, big)).toEqual([
      b.ask("Restaurant C", "location"),
      b.ask("Restaurant C", "wait time"),
    ]);
    // an agent outside the team names no one
    expect(acts(`Agent 9, can you fill the missing field?\n${block}`, big)).toEqual([
      b.ask("Restaurant C", "location"),
      b.ask("Restaurant C", "wait time"),
    ]);
  });
});

describe("the twenty-eighth wave's wrong act and shapes read from the misses", () => {
  const r = by(restaurants);
  it("an ask in a JSON block and the same question in the prose under it are one ask", () => {
    const block = fence('{"mine": {"Restaurant A": {"service": 4}}, "missing": ["Restaurant B ambience"]}', "json");
    expect(acts(`${block}\nDoes anyone have B's ambience?`, restaurants)).toEqual([
      r.share("Restaurant A", "service", 4),
      r.ask("Restaurant B", "ambience"),
    ]);
    // two different questions stay two
    expect(acts(`${block}\nDoes anyone have C's ambience?`, restaurants)).toHaveLength(3);
  });

  it("'Pass from me', and 'otherwise' after other acts, pass; 'nothing new on my end otherwise' still only closes", () => {
    const st = by(stalls);
    expect(acts("Pass from me this round.", stalls)).toEqual(none);
    expect(acts("I back Stall C. Pass from me otherwise.", stalls)).toEqual([st.propose("Stall C"), { kind: "pass" }]);
    expect(acts("I back Stall C. Nothing new on my end otherwise.", stalls)).toEqual([st.propose("Stall C")]);
  });

  it("a top-level 'suspect' over maps of levels is the pick; beside plain levels it only names whose they are", () => {
    const theft = held.theft as NaturalTask;
    const t = by(theft);
    expect(acts("badge_log:\n  Employee A: 1\n  Employee C: 0\nsuspect: Employee A", theft)).toEqual([
      t.propose("Employee A"),
      t.share("Employee A", "badge log", 1),
      t.share("Employee C", "badge log", 0),
    ]);
    expect(acts('{"suspect": "Employee C", "badge log": 0, "desk search": 1}', theft)).toEqual([
      t.share("Employee C", "badge log", 0),
      t.share("Employee C", "desk search", 1),
    ]);
    expect(acts('{"my_accusation": "Employee B"}', theft)).toEqual([t.propose("Employee B")]);
  });

  it("'still B for me', 'B it is — <clause>' propose; clipped attribute words name their attribute", () => {
    const j = by(jobs);
    expect(acts("Still C for me.", jobs)).toEqual([j.propose("Candidate C")]);
    expect(acts("Candidate C it is — its tech skill is 5.", jobs)).toEqual([
      j.propose("Candidate C"),
      j.share("Candidate C", "technical skill", 5),
    ]);
    expect(acts("Candidate A - exp 4, comms 2.", jobs)).toEqual([
      j.share("Candidate A", "experience", 4),
      j.share("Candidate A", "communication", 2),
    ]);
  });

  it("an option and a level alone after a sentence of one attribute's shares is that attribute's", () => {
    const m = by(manor);
    expect(acts("Lady Ashby has torn glove 3. Finch 1.", manor)).toEqual([
      m.share("Lady Ashby", "torn glove", 3),
      m.share("Doctor Finch", "torn glove", 1),
    ]);
    // after two attributes, or a longer sentence, nothing is guessed
    expect(acts("Lady Ashby has torn glove 3 and broken watch 2. Finch 1.", manor)).toHaveLength(2);
    expect(acts("Lady Ashby has torn glove 3. Then I would put Finch at 1.", manor)).toHaveLength(1);
  });

  it("reads 'O2 L2.' after 'O1 has A L1.' as the comma-joined sentence reads it (the oracle)", () => {
    const { options, attributes } = manor.domain;
    fc.assert(
      fc.property(...twoCells(options.length, attributes.length, 3), (o1, o2, a, l1, l2) => {
        fc.pre(o1 !== o2);
        const first = `${options[o1]} has ${attributes[a]} ${l1}`;
        expect(acts(`${first}. ${options[o2]} ${l2}.`, manor)).toEqual(acts(`${first}, ${options[o2]} ${l2}.`, manor));
      }),
      { numRuns: 60 },
    );
  });

  it("'need <column> from someone' asks it at every option; from one agent it is no column request", () => {
    const p = by(pantry);
    expect(acts("need apples from someone", pantry)).toEqual([p.ask("Shelf A", "apples"), p.ask("Shelf B", "apples")]);
    expect(acts("I need the onions column from anyone who has it.", pantry)).toEqual([
      p.ask("Shelf A", "onions"),
      p.ask("Shelf B", "onions"),
    ]);
    expect(acts("I need apples.", pantry)).toEqual(none);
  });
});

describe("the twenty-ninth wave's wrong acts, and a pronoun for the person whose attribute the talk is about", () => {
  it("'Agent 1 do u have X for B and D?' is put to Agent 1, as 'Agent 1, do you have ...?' is", () => {
    const theft = held.theft as NaturalTask;
    const t = by(theft);
    for (const text of ["Agent 2 do you have desk search for C?", "Agent 2 do u have desk search for C?"])
      expect(acts(text, theft)).toEqual([t.ask("Employee C", "desk search", 1)]);
    // a statement after "Agent 2" with no question stays unaddressed
    expect(acts("Agent 2 do you have desk search for C.", theft)).not.toContainEqual(
      t.ask("Employee C", "desk search", 1),
    );
  });

  it("the option after 'beats' is the one set against, so a lone count takes no option from it", () => {
    const p = by(pantry);
    expect(acts("Four apples, beats anything I saw on B.", pantry)).toEqual(none);
    expect(acts("Shelf A gets my pick. Four apples there, beats anything I saw on B.", pantry)).toEqual([
      p.propose("Shelf A"),
    ]);
    expect(acts("Four apples on Shelf A.", pantry)).toEqual([p.share("Shelf A", "apples", 4)]);
  });

  it("'she's' / 'he is' / 'from him' stand for the one person named just before, where a level follows", () => {
    const m = by(meetings);
    expect(acts("I have Carol at 1 for Monday 2pm. She's a 0 for Tuesday 9am.", meetings)).toEqual([
      m.share("Monday 2pm", "Carol's availability", 1),
      m.share("Tuesday 9am", "Carol's availability", 0),
    ]);
    const c = by(calls);
    expect(acts("I only have Omar: he's 2 at Monday evening.", calls)).toEqual([
      c.share("Monday evening", "Omar's calendar", 2),
    ]);
    expect(acts("Omar's calendar gives Monday noon a 1. Tuesday morning only gets a zero from him.", calls)).toEqual([
      c.share("Monday noon", "Omar's calendar", 1),
      c.share("Tuesday morning", "Omar's calendar", 0),
    ]);
    // two people, an agent, or no level: the pronoun stands for no one
    expect(acts("Omar and Lena are both 1 at Monday noon. She's 2 at Monday evening.", calls)).toHaveLength(2);
    expect(acts("Agent 2 has Omar at 1 for Monday noon. He's 2 at Monday evening.", calls)).toEqual(none);
    expect(acts("Monday 2pm for Carol is 0. She's unavailable then.", meetings)).toEqual([
      m.share("Monday 2pm", "Carol's availability", 0),
    ]);
  });

  it("reads the pronoun as the person's name reads, for any person and cells (the oracle)", () => {
    const { options, attributes } = meetings.domain;
    const people = attributes.map((a) => a.replace(/'s availability$/, ""));
    fc.assert(
      fc.property(...twoCells(options.length, people.length, 1), (o1, o2, p, l1, l2) => {
        const first = `I have ${people[p]} at ${l1} for ${options[o1]}.`;
        const named = acts(`${first} ${people[p]} is a ${l2} for ${options[o2]}.`, meetings);
        expect(acts(`${first} She's a ${l2} for ${options[o2]}.`, meetings)).toEqual(named);
      }),
      { numRuns: 60 },
    );
  });
});
