import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loadNaturalCorpus } from "../../../bench/score-natural-corpus.mjs";
import type { NaturalTask } from "./sentence";
import { acts, by, fence } from "./test-sentence";

const held = loadNaturalCorpus().heldOutTasks as Record<string, NaturalTask>;
const theft = held.theft as NaturalTask;
const meetings = held.meetings as NaturalTask;
const pantry = held.pantry as NaturalTask;
const bigTeam = held.bigTeam as NaturalTask;
const profile = held.heldoutProfile as NaturalTask;
const jobs = held.jobs as NaturalTask;
const apartments = held.apartments as NaturalTask;
const none = [{ kind: "pass" }];

// Session 70: the wrong acts (and a few misses) of waves 52-62 (fresh425-fresh468), each read after its wave was
// scored at arrival, in sentences of our own.
describe("corrections and withdrawals", () => {
  const b = by(bigTeam);
  const t = by(theft);

  it("any verb of the speaker's own slip admits the value wrong, so the next sentence's level corrects it", () => {
    for (const verb of ["misstated", "mistyped", "misremembered", "miscopied"])
      expect(acts(`I ${verb} Restaurant C's wait time earlier. It's 1, not 4.`, bigTeam)).toEqual([
        b.share("Restaurant C", "wait time", 1),
      ]);
  });

  it("'I take that back' / 'I'm taking it back' withdraws the share before it; another agent's wish does not", () => {
    expect(acts("I said Employee F's email records was 1 earlier. I'm taking that back.", theft)).toEqual(none);
    expect(acts("Employee F's email records is 1. I take it back.", theft)).toEqual(none);
    expect(acts("Employee F's email records is 1. Agent 2 wants to take that back.", theft)).toEqual([
      t.share("Employee F", "email records", 1),
    ]);
    expect(acts("Employee F's email records is 1. I won't take that back.", theft)).toEqual([
      t.share("Employee F", "email records", 1),
    ]);
  });

  it("withdraws any cell's level, said first, by taking it back, withdrawing it or treating it as unknown (the oracle: the plain share)", () => {
    const { options, attributes } = theft.domain;
    fc.assert(
      fc.property(
        fc.nat(options.length - 1),
        fc.nat(attributes.length - 1),
        fc.integer({ min: 0, max: 1 }),
        fc.constantFrom(
          "I'm taking that back.",
          "Withdrawing that, I misread the sheet.",
          "So please treat it as unknown.",
        ),
        (o, a, l, after) => {
          const said = `I said ${options[o]}'s ${attributes[a]} was ${l} earlier.`;
          expect(acts(said, theft)).toEqual([t.share(options[o] as string, attributes[a] as string, l)]);
          expect(acts(`${said} ${after}`, theft)).toEqual(none);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("'Should be 0.' after the speaker's restated value is the value it has", () => {
    expect(acts("I wrote Employee E parking log 1 earlier. Should be 0.", theft)).toEqual([
      t.share("Employee E", "parking log", 0),
    ]);
    expect(acts("I wrote Employee E parking log 1 earlier. It should read 0.", theft)).toEqual([
      t.share("Employee E", "parking log", 0),
    ]);
  });

  it("'on my half' closes a correction's level as the speaker's own source", () => {
    const p = by(pantry);
    expect(acts("I said Shelf B holds 4 rice bags, but it's actually 3 on my half.", pantry)).toEqual([
      p.share("Shelf B", "rice bags", 3),
    ]);
  });

  it("'I need to fix X's Y.' asks nothing and admits the value wrong; 'I wrote 4, but it's a 2.' then corrects it", () => {
    const r = by(profile);
    expect(acts("I need to fix Restaurant C's food quality.", profile)).toEqual(none);
    expect(acts("I need to fix Restaurant C's food quality. I wrote 4, but it's a 2.", profile)).toEqual([
      r.share("Restaurant C", "food quality", 2),
    ]);
    expect(acts("I need Restaurant C's food quality.", profile)).toEqual([r.ask("Restaurant C", "food quality")]);
  });

  it("'my earlier <cell> of N was wrong; it's M' corrects to M; 'my earlier number for ...' and 'my earlier post' as before", () => {
    const r = by(profile);
    expect(acts("Oops, my earlier Restaurant D ambience of 4 was wrong; it's 2.", profile)).toEqual([
      r.share("Restaurant D", "ambience", 2),
    ]);
    expect(
      acts(
        "Retracting my earlier number for Restaurant C's value for money — I had it as 4; the correct figure is 3.",
        profile,
      ),
    ).toEqual([r.share("Restaurant C", "value for money", 3)]);
  });

  it("the speaker's old entry closing a correction is no value of theirs now", () => {
    expect(acts("My mistake — Employee B's badge log should read 0; I typed a 1.", theft)).toEqual([
      t.share("Employee B", "badge log", 0),
    ]);
  });
});

describe("other agents' lists and blocks", () => {
  it("a reported list's last item is the claim's, not the speaker's contrast", () => {
    expect(acts("Agent 1 reported: Monday 9am has Alice 1, Carol 1, Erin 0.", meetings)).toEqual(none);
  });

  it("a sentence calling the figures before it someone else's takes back the block's shares, not the prose's", () => {
    const j = by(jobs);
    const json = fence('{"Candidate B": {"experience": 5, "leadership": 4}}', "json");
    expect(acts(`${json}\nCandidate C's communication is 3.`, jobs)).toEqual([
      j.share("Candidate B", "experience", 5),
      j.share("Candidate B", "leadership", 4),
      j.share("Candidate C", "communication", 3),
    ]);
    expect(acts(`${json}\nNone of those are my own numbers. Candidate C's communication is 3.`, jobs)).toEqual([
      j.share("Candidate C", "communication", 3),
    ]);
    expect(acts(`${json}\nThose numbers came from the other two agents, so I'm just relaying them.`, jobs)).toEqual(
      none,
    );
  });

  it("a disclaimer after any YAML map of cells leaves none of them (the oracle: the map alone)", () => {
    const { options, attributes } = jobs.domain;
    const j = by(jobs);
    fc.assert(
      fc.property(
        fc.nat(options.length - 1),
        fc.uniqueArray(fc.nat(attributes.length - 1), { minLength: 1, maxLength: 3 }),
        fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 3, maxLength: 3 }),
        fc.constantFrom("None of these are mine.", "I'm only relaying them.", "These are not my own."),
        (o, as, ls, disclaimer) => {
          const body = `${options[o]}:\n${as.map((a, k) => `  ${attributes[a]}: ${ls[k]}`).join("\n")}`;
          const map = fence(body);
          expect(acts(map, jobs)).toEqual(
            as.map((a, k) => j.share(options[o] as string, attributes[a] as string, ls[k] as number)),
          );
          expect(acts(`${map}\n${disclaimer}`, jobs)).toEqual(none);
        },
      ),
      { numRuns: 40 },
    );
  });

  it("'val' / 'lvl' are a record's level keys, never the attribute 'value for money'", () => {
    const b = by(bigTeam);
    expect(
      acts(
        '[{"option": "Restaurant A", "attr": "service", "val": 3}, {"option": "Restaurant F", "attr": "value for money", "lvl": 2}]',
        bigTeam,
      ),
    ).toEqual([b.share("Restaurant A", "service", 3), b.share("Restaurant F", "value for money", 2)]);
  });
});

describe("passes, proposals and asks", () => {
  it("'<attribute>: no data' under an option's heading is no pass, nor is 'but nothing else' closing a clause", () => {
    const j = by(jobs);
    expect(acts("- **Candidate C** — leadership 5\n- **Candidate D** — leadership: no data", jobs)).toEqual([
      j.share("Candidate C", "leadership", 5),
    ]);
    expect(
      acts("Can anyone confirm Candidate B's teamwork? I've seen a 1 from Agent 2 but nothing else.", jobs),
    ).toEqual([j.ask("Candidate B", "teamwork")]);
    // a pass said plainly stays one
    expect(acts("Candidate C's leadership is 5. Nothing else from me.", jobs)).toEqual([
      j.share("Candidate C", "leadership", 5),
      { kind: "pass" },
    ]);
  });

  it("what the speaker's notes leave out is no proposal", () => {
    expect(acts("My sheet skips Restaurant B entirely.", profile)).toEqual(none);
    expect(acts("My notes lack Restaurant D.", profile)).toEqual(none);
  });

  it("'What do others have for X?' asks the column", () => {
    const r = by(profile);
    expect(acts("What do others have for value for money?", profile)).toEqual(
      profile.domain.options.map((o) => r.ask(o, "value for money")),
    );
  });

  it("clipped questions after an 'Agent N:' lead all go to that agent; after a comma lead only the first", () => {
    const { options, attributes } = bigTeam.domain;
    const b = by(bigTeam);
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5 }),
        // (not Restaurant A: a clipped "A value for money?" opens on the article "a")
        fc.integer({ min: 1, max: options.length - 1 }),
        fc.uniqueArray(fc.nat(attributes.length - 1), { minLength: 2, maxLength: 3 }),
        (agent, o, as) => {
          const letter = (options[o] as string).slice(-1);
          const questions = as.map((a) => `${letter} ${attributes[a]}?`).join(" ");
          const asked = as.map((a) => b.ask(options[o] as string, attributes[a] as string, agent - 1));
          expect(acts(`Agent ${agent}: ${questions}`, bigTeam)).toEqual(asked);
        },
      ),
      { numRuns: 40 },
    );
    expect(acts("Agent 1, D cleanliness? D location?", bigTeam)).toEqual([
      b.ask("Restaurant D", "cleanliness", 0),
      b.ask("Restaurant D", "location"),
    ]);
  });
});

describe("the sixty-third wave's wrong acts", () => {
  it("a YAML value whose comment offers another level, or says the notes disagree, is no share", () => {
    const j = by(jobs);
    const yaml = (comment: string) => fence(`Candidate D:\n  technical skill: 2\n  communication: 4${comment}`);
    expect(acts(yaml(""), jobs)).toEqual([
      j.share("Candidate D", "technical skill", 2),
      j.share("Candidate D", "communication", 4),
    ]);
    expect(acts(yaml("   # or 5, the notes disagree"), jobs)).toEqual([j.share("Candidate D", "technical skill", 2)]);
    expect(acts(yaml("   # sources conflict"), jobs)).toEqual([j.share("Candidate D", "technical skill", 2)]);
  });

  it("'confirm it' asks no column, though a column names who is asked; 'post it' still does", () => {
    const m = by(meetings);
    expect(acts("Could someone who sees Dan's column confirm it?", meetings)).toEqual(none);
    expect(acts("Could someone who has Dan's column post it?", meetings)).toEqual(
      meetings.domain.options.map((o) => m.ask(o, "Dan's availability")),
    );
  });
});

describe("read from the misses", () => {
  it("a direct question of one attribute at options joined by 'and' asks each; options taken together ask none", () => {
    const j = by(jobs);
    expect(acts("What experience do you have for Candidate A and Candidate C?", jobs)).toEqual([
      j.ask("Candidate A", "experience"),
      j.ask("Candidate C", "experience"),
    ]);
    expect(acts("What's the difference in experience between Candidate A and Candidate C?", jobs)).toEqual(none);
    expect(acts("What experience do you have for Candidate A or Candidate C?", jobs)).toEqual(none);
  });

  it("asks the same of any two or three options as of each alone (the oracle: one question an option)", () => {
    const { options, attributes } = bigTeam.domain;
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.nat(options.length - 1), { minLength: 2, maxLength: 3 }),
        fc.nat(attributes.length - 1),
        (os, a) => {
          const joined = os.map((o) => options[o]).join(" and ");
          const each = os.flatMap((o) => acts(`What ${attributes[a]} do you have for ${options[o]}?`, bigTeam));
          expect(each).toHaveLength(os.length);
          expect(acts(`What ${attributes[a]} do you have for ${joined}?`, bigTeam)).toEqual(each);
        },
      ),
      { numRuns: 50 },
    );
  });
});

describe("apartments", () => {
  it("'please treat it as unknown' after a claim walked back leaves nothing", () => {
    expect(
      acts(
        "Walking back something: I claimed Apartment D's size was 5. I can't actually find that in my data, so please treat it as unknown.",
        apartments,
      ),
    ).toEqual(none);
  });
});
