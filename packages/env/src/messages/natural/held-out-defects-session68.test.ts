import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loadNaturalCorpus } from "../../../bench/score-natural-corpus.mjs";
import type { NaturalTask } from "./sentence";
import { acts, by, calls, manor, restaurants, stalls } from "./test-sentence";

const held = loadNaturalCorpus().heldOutTasks as Record<string, NaturalTask>;
const jobs = held.jobs as NaturalTask;
const apartments = held.apartments as NaturalTask;
const profile = held.heldoutProfile as NaturalTask;
const meetings = held.meetings as NaturalTask;
const big = held.bigTeam as NaturalTask;
/** What a message of no act reads as. */
const none = [{ kind: "pass" }];

// Session 68: the thirtieth clean wave's wrong acts and misses (fresh337-fresh340), read after the wave was scored, in
// sentences of our own.
describe("the thirtieth wave's wrong acts", () => {
  const r = by(restaurants);

  it("a '~' before a level is an estimate, as 'about' is: no share, on a list line or in prose", () => {
    expect(acts("Restaurant B  service ~4 (hard to read)")).toEqual(none);
    expect(acts("Restaurant B's service is ~4.")).toEqual(none);
    expect(acts("my column:\nRestaurant A  service 2\nRestaurant B  service ~4")).toEqual([
      r.share("Restaurant A", "service", 2),
    ]);
    // a struck "~~4~~" is no estimate: the level after it stands
    expect(acts("| Restaurant | service |\n|---|---|\n| Restaurant B | ~~4~~ 3 |")).toEqual([
      r.share("Restaurant B", "service", 3),
    ]);
  });

  it("reads '~N' as it reads 'about N' and 'N' as a share, for any cell (the oracle)", () => {
    const { options, attributes } = restaurants.domain;
    fc.assert(
      fc.property(
        fc.nat(options.length - 1),
        fc.nat(attributes.length - 1),
        fc.integer({ min: 1, max: 5 }),
        (o, a, l) => {
          const cell = `${options[o]}'s ${attributes[a]} is`;
          expect(acts(`${cell} ~${l}.`)).toEqual(acts(`${cell} about ${l}.`));
          expect(acts(`${cell} ~${l}.`)).toEqual(none);
          expect(acts(`${cell} ${l}.`)).toEqual([r.share(options[o] as string, attributes[a] as string, l)]);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("a JSON key 'question_for_agent_N' puts the question in its value to Agent N", () => {
    const json = '{"restaurant_a": {"service": 2}, "question_for_agent_3": "what is the ambience for Restaurant B?"}';
    expect(acts(json)).toEqual([r.share("Restaurant A", "service", 2), r.ask("Restaurant B", "ambience", 2)]);
    expect(acts('{"restaurant_a": {"service": 2}, "question": "what is the ambience for Restaurant B?"}')).toEqual([
      r.share("Restaurant A", "service", 2),
      r.ask("Restaurant B", "ambience"),
    ]);
  });

  it("'its actually N' without its apostrophe corrects as 'it's actually N' does", () => {
    const a = by(apartments);
    expect(acts("earlier i said B size 2, its actually 5.", apartments)).toEqual([a.share("Apartment B", "size", 5)]);
    expect(acts("earlier i said B size 2, it's actually 5.", apartments)).toEqual([a.share("Apartment B", "size", 5)]);
  });

  it("'please scratch that' after the speaker's earlier value withdraws it", () => {
    const m = by(manor);
    const said = `I put ${manor.domain.options[1]}'s ${manor.domain.attributes[0]} at 2 before`;
    expect(acts(`${said} — please scratch that.`, manor)).toEqual(none);
    expect(acts(`${said} — just scratch that. I back ${manor.domain.options[0]}.`, manor)).toEqual([
      m.propose(manor.domain.options[0] as string),
    ]);
    expect(acts(`${said}.`, manor)).toEqual([
      m.share(manor.domain.options[1] as string, manor.domain.attributes[0] as string, 2),
    ]);
  });
});

describe("the thirtieth wave's misses: columns and pairs asked back", () => {
  it("'you two' / 'you guys' / 'you both' is the team a column is asked of", () => {
    const a = by(apartments);
    const column = apartments.domain.options.map((o) => a.ask(o, "quietness"));
    for (const who of ["you two", "you guys", "you all"])
      expect(acts(`What do ${who} have for quietness?`, apartments)).toEqual(column);
    // "you two" with a level is no request
    expect(acts("you two have quietness 3?", apartments)).not.toContainEqual(a.ask("Apartment A", "quietness"));
  });

  it("two columns named as lacking, then a request pointing back to them, after a dash or a comma", () => {
    const r = by(restaurants);
    const both = ["ambience", "service"].flatMap((at) => restaurants.domain.options.map((o) => r.ask(o, at)));
    expect(acts("I'm blank on ambience and service — can someone post those for all three?")).toEqual(both);
    expect(acts("no ambience or service on my sheet, could anyone fill them in for all three")).toEqual(both);
    // an option or a level in the lacking clause: it is no column
    expect(acts("I'm blank on Restaurant A's ambience, can someone post those for all three?")).not.toContainEqual(
      r.ask("Restaurant B", "ambience"),
    );
    expect(acts("ambience is 3, can someone post those for all three?")).not.toContainEqual(
      r.ask("Restaurant A", "ambience"),
    );
  });

  it("a plural pointer asks each pair the sentence before named without a level", () => {
    const j = by(jobs);
    expect(
      acts("Still blank: Candidate A's teamwork and Candidate C's leadership. Could anyone share those?", jobs),
    ).toEqual([j.ask("Candidate A", "teamwork"), j.ask("Candidate C", "leadership")]);
    // a level in the sentence before: those are shares, nothing is asked back
    expect(
      acts("Candidate A's teamwork is 4 and Candidate C's leadership is 2. Could anyone share those?", jobs),
    ).toEqual([j.share("Candidate A", "teamwork", 4), j.share("Candidate C", "leadership", 2)]);
    // "it" points to one pair only
    expect(
      acts("Still blank: Candidate A's teamwork and Candidate C's leadership. Could anyone share it?", jobs),
    ).toEqual(none);
  });

  it("'My sheet agrees —' before the speaker's own statement is a lead, the statement read", () => {
    const p = by(profile);
    const reported = "Agent 3 said Restaurant D's location is 2.";
    expect(acts(`${reported} My sheet agrees — I have it at 2 too.`, profile)).toEqual([
      p.share("Restaurant D", "location", 2),
    ]);
    expect(acts(`${reported} I have it at 2 too.`, profile)).toEqual([p.share("Restaurant D", "location", 2)]);
  });
});

// The thirty-first wave (fresh341-fresh344), scored on d55b478 before it was read.
describe("the thirty-first wave's wrong acts: corrections in clipped words", () => {
  const j = by(jobs);
  const p = by(profile);

  it("'earlier i say X 2' is the speaker's past word: 'it is 3' after it corrects it", () => {
    expect(acts("sorry earlier i say Candidate B teamwork 4. it is 2.", jobs)).toEqual([
      j.share("Candidate B", "teamwork", 2),
    ]);
    // "i say" with no word of the past before it is no earlier value: nothing to correct, the new value stands alone
    expect(acts("Candidate B teamwork 4, i say.", jobs)).toEqual([j.share("Candidate B", "teamwork", 4)]);
  });

  it("'wrong. is 3' after the speaker's earlier value: the subject left out, the level replaces it", () => {
    expect(acts("i said D location 4 before. wrong. is 2", profile)).toEqual([p.share("Restaurant D", "location", 2)]);
    expect(acts("i said D location 4 before. wrong. it is 2", profile)).toEqual([
      p.share("Restaurant D", "location", 2),
    ]);
    // "is 2" with no earlier value of the speaker's before it states nothing
    expect(acts("is 2", profile)).toEqual(none);
  });
});

describe("the thirty-first wave's misses", () => {
  it("'light' names natural light, and a log's or records' kind alone names the log or records", () => {
    const a = by(apartments);
    expect(acts("also Apartment C light 2", apartments)).toEqual([a.share("Apartment C", "natural light", 2)]);
    const theft = held.theft as NaturalTask;
    const t = by(theft);
    expect(acts("Employee D parking 0, phone 1", theft)).toEqual([
      t.share("Employee D", "parking log", 0),
      t.share("Employee D", "phone records", 1),
    ]);
  });

  it("a lean keeps its option when the next sentence opens with 'Could' or 'Would' (its own clause weighs it)", () => {
    const { options } = profile.domain;
    fc.assert(
      fc.property(fc.nat(options.length - 1), fc.constantFrom("Could", "Would"), (o, modal) => {
        const lean = `I'm leaning toward ${options[o]}.`;
        expect(acts(`${lean} ${modal} you check?`, profile)).toEqual(acts(lean, profile));
        expect(acts(lean, profile)).toEqual([by(profile).propose(options[o] as string)]);
      }),
      { numRuns: 20 },
    );
    // the gerund's own clause still weighs it
    expect(acts("Going with Restaurant B could be a mistake.", profile)).toEqual(none);
  });

  it("'<attribute> results:' heads the list under it", () => {
    const theft = held.theft as NaturalTask;
    const t = by(theft);
    expect(acts("Desk search results:\n- Employee B = 0\n- Employee F = 1", theft)).toEqual([
      t.share("Employee B", "desk search", 0),
      t.share("Employee F", "desk search", 1),
    ]);
  });

  it("a plain remark in parentheses after a listed level leaves it standing; a doubt or a source does not", () => {
    const m = by(meetings);
    for (const remark of ["(dentist appointment)", "(ouch)", "(gym class)"])
      expect(acts(`Bob: Monday 9am = 1, Monday 2pm = 0 ${remark}.`, meetings)).toEqual([
        m.share("Monday 9am", "Bob's availability", 1),
        m.share("Monday 2pm", "Bob's availability", 0),
      ]);
    for (const remark of ["(hard to read)", "(from memory)", "(per Agent 2)", "(or 1)", "(maybe)", "(not sure)"])
      expect(acts(`Bob: Monday 9am = 1, Monday 2pm = 0 ${remark}.`, meetings)).not.toContainEqual(
        m.share("Monday 2pm", "Bob's availability", 0),
      );
  });
});

// The thirty-second wave (fresh345-fresh348), written after b7dcfad and scored on it before it was read.
describe("the thirty-second wave's wrong acts: corrections and a tag after a question to the team", () => {
  const p = by(profile);

  it("'(the) correct number is N' after the speaker's restated earlier value replaces it", () => {
    for (const said of ["I previously said Restaurant C's service was 2.", "I said Restaurant C's service is 2."])
      for (const fix of ["The correct number is 5.", "Correct value is 5.", "The right figure is 5."])
        expect(acts(`${said} ${fix}`, profile)).toEqual([p.share("Restaurant C", "service", 5)]);
    // with no earlier value of the speaker's, a lone "correct value" names no cell
    expect(acts("The correct value is 5.", profile)).toEqual(none);
  });

  it("'my earlier message had X as N' is the speaker's own earlier value, which 'that's wrong' and a level replace", () => {
    const a = by(apartments);
    expect(
      acts("My earlier message had Apartment C's size as 2 — that's wrong. The correct value is 4.", apartments),
    ).toEqual([a.share("Apartment C", "size", 4)]);
    expect(acts("My last post listed Apartment C's size as 2. It's 4.", apartments)).toEqual([
      a.share("Apartment C", "size", 4),
    ]);
  });

  it("the counted attribute's noun after the corrected value ('it's actually 2 onions') still corrects it", () => {
    const pantry = held.pantry as NaturalTask;
    const s = by(pantry);
    expect(acts("earlier I wrote Shelf B has 1 onion — it's actually 3 onions.", pantry)).toEqual([
      s.share("Shelf B", "onions", 3),
    ]);
    // another attribute's noun corrects nothing: the earlier value stands as it was written
    expect(acts("earlier I wrote Shelf B has 1 onion — it's actually 3 apples.", pantry)).toEqual([
      s.share("Shelf B", "onions", 1),
    ]);
  });

  it("after a question to the team, '@Agent N I also need <person> for <slot>' is that agent's, and a new column", () => {
    const m = by(meetings);
    expect(
      acts(
        "Does anyone have Bob's availability for the Tuesday slots? @Agent 2 I also need Erin for Monday 2pm.",
        meetings,
      ),
    ).toEqual([
      m.ask("Tuesday 9am", "Bob's availability"),
      m.ask("Tuesday 11am", "Bob's availability"),
      m.ask("Monday 2pm", "Erin's availability", 1),
    ]);
    expect(acts("I still need Erin for Monday 2pm.", meetings)).toEqual([m.ask("Monday 2pm", "Erin's availability")]);
    // a sentence naming another person does not narrow the column asked before it to its options
    expect(acts("Who has Bob's row? Specifically Monday 2pm, and Erin.", meetings)).toContainEqual(
      m.ask("Monday 9am", "Bob's availability"),
    );
    expect(acts("Who has Bob's row? Specifically Monday 2pm.", meetings)).toEqual([
      m.ask("Monday 2pm", "Bob's availability"),
    ]);
    expect(acts("@Agent 2 I also need Erin's availability for Monday 2pm.", meetings)).toEqual([
      m.ask("Monday 2pm", "Erin's availability", 1),
    ]);
  });
});

describe("the thirty-second wave's misses: shares inside a proposal", () => {
  it("a closing 'it <wins>' clause says where the option stands: the shares before it are read", () => {
    const s = by(held.pantry as NaturalTask);
    const pantry = held.pantry as NaturalTask;
    for (const tail of ["it already totals more than A does", "it beats A", "it edges out the other shelf"])
      expect(acts(`Let's pick Shelf A — with 4 apples and 2 onions on my side, ${tail}.`, pantry)).toEqual([
        s.propose("Shelf A"),
        s.share("Shelf A", "apples", 4),
        s.share("Shelf A", "onions", 2),
      ]);
    // a number or an attribute in the clause: it says more than where the option stands, and is read as before
    expect(acts("Let's pick Shelf A — with 4 apples on my side, it beats B by 3 onions.", pantry)).toEqual([
      s.propose("Shelf A"),
    ]);
  });
});

// The thirty-third wave (fresh349-fresh352), written after 8aa54cb and scored on it before it was read; and the
// thirty-second's misses of several cells asked in one request.
describe("the thirty-third wave's wrong acts, and requests of several cells", () => {
  it("a withdrawal after a semicolon takes the share back, and the clauses are not read again alone", () => {
    const a = by(apartments);
    expect(acts("I previously said B's size was 3; please disregard that, I misread the row.", apartments)).toEqual(
      none,
    );
    // the level the next sentence gives alone is the withdrawn cell's
    expect(acts("I previously said B's size was 3; please disregard that. It's 5.", apartments)).toEqual([
      a.share("Apartment B", "size", 5),
    ]);
  });

  it("a word of one option's name alone picks that option of a column asked of the team", () => {
    const c = by(calls);
    expect(acts("Anyone have Lena's calendar at evening?", calls)).toEqual([
      c.ask("Monday evening", "Lena's calendar"),
    ]);
    // a word two options share narrows the column to them, as before
    expect(acts("Anyone have Lena's calendar for the morning slots?", calls)).toEqual([
      c.ask("Monday morning", "Lena's calendar"),
      c.ask("Tuesday morning", "Lena's calendar"),
    ]);
  });

  it("a request put to someone may ask two to four cells ('X for C and D, anybody?', 'A's Y and Z, please')", () => {
    const a = by(apartments);
    expect(acts("Size for B and D, anybody?", apartments)).toEqual([
      a.ask("Apartment B", "size"),
      a.ask("Apartment D", "size"),
    ]);
    expect(acts("Agent 2: Apartment C's rent and quietness, please.", apartments)).toEqual([
      a.ask("Apartment C", "rent", 1),
      a.ask("Apartment C", "quietness", 1),
    ]);
    // a note of the speaker's gaps, put to no one, asks nothing of several cells
    expect(acts("Still need B's size and C's rent.", apartments)).toEqual(none);
  });
});

// The thirty-fourth wave (fresh353-fresh356), written after 7f2a5b7 and scored on it before it was read.
describe("the thirty-fourth wave's wrong acts", () => {
  it("'<slot>: free / busy' states availability, never a proposal; under a person's heading it is their level", () => {
    const m = by(meetings);
    const { options } = meetings.domain;
    fc.assert(
      fc.property(fc.nat(options.length - 1), fc.constantFrom("free", "busy", "available", "unavailable"), (o, w) => {
        expect(acts(`${options[o]}: ${w}`, meetings).some((a) => a.kind === "propose")).toBe(false);
      }),
      { numRuns: 40 },
    );
    expect(acts("Dan:\n- Monday 9am: busy\n- Tuesday 11am: free", meetings)).toEqual([
      m.share("Monday 9am", "Dan's availability", 0),
      m.share("Tuesday 11am", "Dan's availability", 1),
    ]);
    // on a 0..2 calendar "free" is no level of its own: nothing is read
    expect(acts("Omar:\n- Monday noon: free", calls)).toEqual(none);
  });

  it("'I'm dropping my (earlier) vote for X' takes the choice back", () => {
    const a = by(apartments);
    expect(acts("I'm dropping my vote for Apartment C.", apartments)).toEqual(none);
    expect(acts("I'm dropping my earlier vote for C and leaning toward Apartment A now.", apartments)).toEqual([
      a.propose("Apartment A"),
    ]);
    expect(acts("My vote is for Apartment C.", apartments)).toEqual([a.propose("Apartment C")]);
  });

  it("a slip remark naming the row it came from ('I was reading the D row') leaves the correction standing", () => {
    const a = by(apartments);
    const said = "Wait, I gave Apartment B's rent as 2 before.";
    for (const remark of ["I was reading the D row", "I misread Apartment D's row", "I was reading the wrong row"])
      expect(acts(`${said} It's actually 4 — ${remark}.`, apartments)).toEqual([a.share("Apartment B", "rent", 4)]);
    // a remark naming a cell is no slip remark: the sentence is read as before
    expect(acts(`${said} It's actually 4 — I was reading D's size.`, apartments)).not.toContainEqual(
      a.share("Apartment B", "rent", 4),
    );
  });
});

describe("the thirty-fourth wave's misses: columns asked of the team", () => {
  it("'please' closes a column request to the team; 'every slot' is the whole column", () => {
    const a = by(apartments);
    expect(acts("Everyone: size column please.", apartments)).toEqual(
      apartments.domain.options.map((o) => a.ask(o, "size")),
    );
    const c = by(calls);
    expect(acts("could everyone share Omar's calendar for every slot?", calls)).toEqual(
      calls.domain.options.map((o) => c.ask(o, "Omar's calendar")),
    );
    // "that slot" still points at one option: no whole column
    expect(acts("could everyone share Omar's calendar for that slot?", calls)).toEqual(none);
  });
});

// The thirty-fifth wave (fresh357-fresh360), written after 2bd68a9 and scored on it: no wrong act; its misses read.
describe("the thirty-fifth wave's misses", () => {
  it("two availability statements joined by 'and' or a semicolon are each read", () => {
    const m = by(meetings);
    const both = [m.share("Monday 11am", "Alice's availability", 0), m.share("Tuesday 9am", "Dan's availability", 1)];
    expect(acts("Alice is busy Monday 11am and Dan is free Tuesday 9am.", meetings)).toEqual(both);
    expect(acts("On my side Alice is busy Monday 11am; Dan is free Tuesday 9am.", meetings)).toEqual(both);
    // one half someone else's word: nothing, as for either half alone
    expect(acts("Alice is busy Monday 11am and Agent 2 says Dan is free Tuesday 9am.", meetings)).not.toContainEqual(
      m.share("Tuesday 9am", "Dan's availability", 1),
    );
  });

  it("'<attribute> from me:' heads a list; 'raffle' alone names raffle tickets", () => {
    const theft = held.theft as NaturalTask;
    const t = by(theft);
    expect(acts("phone records from me:\nA 0\nD 1", theft)).toEqual([
      t.share("Employee A", "phone records", 0),
      t.share("Employee D", "phone records", 1),
    ]);
    const s = by(stalls);
    expect(acts("- Stall C: raffle 2", stalls)).toEqual([s.share("Stall C", "raffle tickets", 2)]);
  });

  it("a request of several cells offering alternatives or pointing to one asks none of them", () => {
    expect(acts("Agent 3, Candidate C's teamwork or experience, if you have it.", jobs)).toEqual(none);
    expect(acts("Agent 3, I'm missing Candidate C's teamwork and experience — could you fill it in?", jobs)).toEqual(
      none,
    );
  });
});

// The thirty-sixth wave (fresh361-fresh364), written after 6f4401d and scored on it: its one wrong act; and a defect
// the round-trip property found in this session's CI (a latent one of session 67).
describe("the thirty-sixth wave's wrong act, and a name holding a word of correction", () => {
  it("'agent3' written as one word is the agent's tag: what follows is that agent's word", () => {
    const r = by(restaurants);
    expect(acts("agent1 says Restaurant C's food quality is 5, agent3 has Restaurant B's service at 1.")).toEqual(none);
    expect(acts("@agent2 what's Restaurant B's service?")).toEqual([r.ask("Restaurant B", "service", 1)]);
  });

  it("'wait time' is no word of correction: a cell shared twice around it keeps both levels, as rendered", () => {
    const b = by(big);
    const text = "Restaurant A has location 2. Restaurant A has wait time 3. Restaurant A has location 4.";
    expect(acts(text, big)).toEqual([
      b.share("Restaurant A", "location", 2),
      b.share("Restaurant A", "wait time", 3),
      b.share("Restaurant A", "location", 4),
    ]);
    // a real word of correction still keeps the later level only
    expect(acts("Restaurant A has location 2. Sorry, Restaurant A has location 4.", big)).toEqual([
      b.share("Restaurant A", "location", 4),
    ]);
  });
});

// The thirty-seventh wave (fresh365-fresh368), written after 6a328e1 and scored on it (its recall missed the target).
describe("the thirty-seventh wave's wrong act", () => {
  it("a lowercase line of a label and an arrow after a line closed on a number starts a sentence of its own", () => {
    const m = by(manor);
    const [lord, lady, doctor] = manor.domain.options as [string, string, string];
    const [first, second] = manor.domain.attributes as [string, string];
    expect(acts(`${first} -> ${lord} 1, ${lady} 2\n${second} -> ${doctor} 3`, manor)).toEqual([
      m.share(lord, first, 1),
      m.share(lady, first, 2),
      m.share(doctor, second, 3),
    ]);
  });
});
