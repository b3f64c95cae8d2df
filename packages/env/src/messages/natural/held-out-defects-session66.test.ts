import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loadNaturalCorpus } from "../../../bench/score-natural-corpus.mjs";
import type { Act } from "../act";
import type { NaturalTask } from "./sentence";
import { acts, by, calls, fence, manor, restaurants } from "./test-sentence";

const held = loadNaturalCorpus().heldOutTasks as Record<string, NaturalTask>;
const meetings = held.meetings as NaturalTask;
const apartments = held.apartments as NaturalTask;
const jobs = held.jobs as NaturalTask;
const pantry = held.pantry as NaturalTask;
const theft = held.theft as NaturalTask;
const big = held.bigTeam as NaturalTask;
/** What a message of no act reads as. */
const none = [{ kind: "pass" }];
/** Acts in a fixed order, to compare readings whose order may differ. */
const sorted = (list: readonly Act[]): Act[] =>
  [...list].sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));

// Session 66: the twentieth clean wave's wrong acts (fresh297-fresh300, left unread in session 65) and the
// twenty-first's (fresh301-fresh304, 0.993 / 0.885 at arrival), read after the waves were scored, in sentences of our
// own.
describe("a count before its noun, then a comma and the next item", () => {
  const p = by(pantry);
  it("keeps the count for its own cell (it had given the cell the next item's level)", () => {
    expect(sorted(acts("3 onions on Shelf A, 1 apple.", pantry))).toEqual(
      sorted([p.share("Shelf A", "onions", 3), p.share("Shelf A", "apples", 1)]),
    );
    expect(sorted(acts("5 rice bags on Shelf B, 0 apples on Shelf A.", pantry))).toEqual(
      sorted([p.share("Shelf B", "rice bags", 5), p.share("Shelf A", "apples", 0)]),
    );
    // a level after the option with no count before the noun is still that cell's
    expect(acts("Apples on Shelf B, 2.", pantry)).toEqual([p.share("Shelf B", "apples", 2)]);
  });

  it("reads each item as the sentence split at the comma reads it (the oracle), for any two cells and counts", () => {
    const { options, attributes } = pantry.domain;
    const cell = fc.record({ o: fc.nat(options.length - 1), a: fc.nat(attributes.length - 1), n: fc.nat(5) });
    fc.assert(
      fc.property(cell, cell, (x, y) => {
        fc.pre(x.o !== y.o || x.a !== y.a);
        const item = (c: typeof x) => `${c.n} ${attributes[c.a]} on ${options[c.o]}`;
        const whole = acts(`${item(x)}, ${item(y)}.`, pantry);
        const oracle = [...acts(`${item(x)}.`, pantry), ...acts(`${item(y)}.`, pantry)];
        expect(sorted(whole)).toEqual(sorted(oracle));
        expect(whole).toHaveLength(2);
      }),
      { numRuns: 80 },
    );
  });
});

describe("a withdrawal is no backing, and a heading is no vote", () => {
  const t = by(meetings);
  it("'walk back' takes nothing and proposes nothing", () => {
    for (const text of [
      "I have to walk back Tuesday 11am for Carol, sorry.",
      "Walking back Monday 2pm for Erin until I recheck.",
      "I took back Monday 9am for Dan.",
    ])
      expect(acts(text, meetings), text).toEqual(none);
    // "back" alone still backs
    expect(acts("I back Monday 2pm.", meetings)).toEqual([t.propose("Monday 2pm")]);
  });

  it("'<option> for me:' over levels heads them; closing its clause it still votes", () => {
    expect(acts("Tuesday 11am for me: Carol's availability 1, Dan's availability 0.", meetings)).toEqual([
      t.share("Tuesday 11am", "Carol's availability", 1),
      t.share("Tuesday 11am", "Dan's availability", 0),
    ]);
    expect(acts("Monday 2pm is out; Tuesday 11am for me.", meetings)).toEqual([t.propose("Tuesday 11am")]);
  });
});

describe("the address of a tag after a question to the whole team", () => {
  const p = by(pantry);
  it("goes to the question the tag opens", () => {
    expect(acts("Does anyone know Shelf B's onions? @Agent 2 and what about Shelf A's rice bags?", pantry)).toEqual([
      p.ask("Shelf B", "onions"),
      p.ask("Shelf A", "rice bags", 1),
    ]);
  });

  it("and to the question before where the tag opens none (the rendering's 'What is X? @Agent 3')", () => {
    expect(acts("Can anybody tell me Shelf B's onions? @Agent 2", pantry)).toEqual([p.ask("Shelf B", "onions", 1)]);
    expect(acts("What is the onions of Shelf B? @Agent 2 What is the apples of Shelf A?", pantry)).toEqual([
      p.ask("Shelf B", "onions", 1),
      p.ask("Shelf A", "apples"),
    ]);
  });
});

describe("a whole column asked, then the options wanted 'before we <step>'", () => {
  const a = by(apartments);
  it("asks the column at the options named, the team's step no condition", () => {
    for (const step of ["before we decide", "before we narrow it down", "before I commit"])
      expect(acts(`Who has the quietness column? I'd like it for Apartments A and C ${step}.`, apartments)).toEqual([
        a.ask("Apartment A", "quietness"),
        a.ask("Apartment C", "quietness"),
      ]);
  });
});

describe("a number pointed to names a level said before", () => {
  const j = by(jobs);
  it("'that 4', 'this 2' state nothing for the talk's option", () => {
    expect(acts("Candidate B's teamwork is 3. Given that 4 in leadership, I'd back Candidate B.", jobs)).toEqual([
      j.share("Candidate B", "teamwork", 3),
      j.propose("Candidate B"),
    ]);
    expect(acts("Candidate B's teamwork is 3. With this 2 in experience, though?", jobs)).toEqual([
      j.share("Candidate B", "teamwork", 3),
    ]);
    // the same clause without the pointer states the level
    expect(acts("Candidate B's teamwork is 3. 4 in leadership, too.", jobs)).toContainEqual(
      j.share("Candidate B", "leadership", 4),
    );
  });
});

describe("a YAML comment line naming another agent as the source of the entries under it", () => {
  const j = by(jobs);
  it("leaves those entries unread, up to the next comment line", () => {
    const body = [
      "Candidate B:",
      "  teamwork: 3",
      "# from Agent 3",
      "Candidate C:",
      "  leadership: 4",
      "# my own again",
      "Candidate D:",
      "  experience: 1",
    ].join("\n");
    expect(acts(fence(body), jobs)).toEqual([
      j.share("Candidate B", "teamwork", 3),
      j.share("Candidate D", "experience", 1),
    ]);
    for (const comment of ["# per Agent 1", "# Agent 2's numbers", "# Agent 4 reported"])
      expect(acts(fence(`${comment}\nCandidate C:\n  leadership: 4`), jobs), comment).not.toContainEqual(
        j.share("Candidate C", "leadership", 4),
      );
    // a comment that names no source leaves them the speaker's
    expect(acts(fence("# mine\nCandidate C:\n  leadership: 4"), jobs)).toEqual([
      j.share("Candidate C", "leadership", 4),
    ]);
  });
});

describe("the twenty-first and twenty-second waves' shapes", () => {
  const t = by(theft);
  it("a what's question with no mark after an '@Agent N' tag, closing the message", () => {
    expect(acts("I have Employee B at 1 for phone records. @Agent 3 whats Employee D's email records", theft)).toEqual([
      t.share("Employee B", "phone records", 1),
      t.ask("Employee D", "email records", 2),
    ]);
  });

  it("YAML proposals by 'accused:' and by an option written as a key", () => {
    expect(acts(fence("Employee B:\n  phone records: 1\naccused: Employee B"), theft)).toContainEqual(
      t.propose("Employee B"),
    );
    const c = by(calls);
    expect(acts(fence("omar:\n  monday_noon: 1\nvote: tuesday_morning"), calls)).toContainEqual(
      c.propose("Tuesday morning"),
    );
  });

  it("two columns asked together, and 'for these' after a table", () => {
    const r = by(restaurants);
    const all = (attribute: string) => restaurants.domain.options.map((o) => r.ask(o, attribute));
    expect(sorted(acts("Does anyone have service or ambience?", restaurants))).toEqual(
      sorted([...all("service"), ...all("ambience")]),
    );
    // a part of one option's name narrows nothing: no whole column
    expect(acts("Does anyone have service or ambience for 2pm?", restaurants)).toEqual(none);
    const table =
      "| Restaurant | food quality |\n|---|---|\n| A | 4 |\n| C | 5 |\n\nCan someone fill in service for these?";
    expect(acts(table, restaurants)).toEqual([
      r.share("Restaurant A", "food quality", 4),
      r.share("Restaurant C", "food quality", 5),
      r.ask("Restaurant A", "service"),
      r.ask("Restaurant C", "service"),
    ]);
  });

  it("a vote held back, an option weighed, and claims listed as not the speaker's", () => {
    expect(acts("I'll hold my vote on Lady Ashby until the glove numbers are in.", manor)).toEqual(none);
    const p = by(pantry);
    expect(sorted(acts("Going with Shelf A: its 4 onions and 2 apples outweigh B.", pantry))).toEqual(
      sorted([p.propose("Shelf A"), p.share("Shelf A", "onions", 4), p.share("Shelf A", "apples", 2)]),
    );
    expect(acts("What I've heard (not mine): Agent 2 → D service 4, Agent 4 → E ambience 2.", big)).toEqual(none);
  });
});

describe("the twenty-third wave's wrong act and shapes", () => {
  const r = by(restaurants);
  it("a capital 'A' before a vowel is the option, no article", () => {
    expect(acts("Restaurant C's service is 3. A ambience 2", restaurants)).toEqual([
      r.share("Restaurant C", "service", 3),
      r.share("Restaurant A", "ambience", 2),
    ]);
    // before a consonant it may be the article: no share of A's
    expect(acts("Restaurant C's service is 3. A service of 2 is low.", restaurants)).not.toContainEqual(
      r.share("Restaurant A", "service", 2),
    );
  });

  it("'double-check' asks as 'check' does; 'What I can say is that ...' states", () => {
    expect(acts("Could Agent 2 double-check Restaurant B's service?", restaurants)).toEqual([
      r.ask("Restaurant B", "service", 1),
    ]);
    expect(acts("What I can say for sure is that Restaurant B's ambience is 4.", restaurants)).toEqual([
      r.share("Restaurant B", "ambience", 4),
    ]);
    // the lead leaves the statement's own hedge standing
    expect(acts("What I can say is that Restaurant B's ambience might be 4.", restaurants)).toEqual(none);
  });

  it("whole columns: 'who has X col', 'everyone ... their', a leading 'before we settle', a column pointed back to", () => {
    const b = by(big);
    const all = (attribute: string) => big.domain.options.map((o) => b.ask(o, attribute));
    expect(acts("who has wait time col", big)).toEqual(all("wait time"));
    expect(acts("Could everyone post their location numbers?", big)).toEqual(all("location"));
    expect(acts("Before we decide, could someone post the location column?", big)).toEqual(all("location"));
    expect(acts("Location is still missing — does anybody hold it?", big)).toEqual(all("location"));
    // after one option named, "it" may be that option's cell: nothing
    expect(acts("Restaurant B looks good. Location is still missing — does anybody hold it?", big)).toEqual(none);
    const m = by(manor);
    expect(acts("Who has the torn glove column? Agent 3, I also need Lady Ashby's muddy boots.", manor)).toContainEqual(
      m.ask("Lady Ashby", "muddy boots", 2),
    );
  });
});

describe("the twenty-fourth wave's wrong acts", () => {
  it("a table whose 'Agent' column names who reported each row gives no share", () => {
    const b = by(big);
    const table = [
      "| Agent | Restaurant | Attribute | Level |",
      "|---|---|---|---|",
      "| Agent 3 | Restaurant C | location | 4 |",
      "| Agent 4 | Restaurant E | service | 2 |",
      "",
      "Mine: Restaurant D's service is 1.",
    ].join("\n");
    expect(acts(table, big)).toEqual([b.share("Restaurant D", "service", 1)]);
  });

  it("a question to 'who' after an '@Agent N' question is put to the team", () => {
    const m = by(manor);
    expect(
      acts("@Agent 2 — could you give us Lady Ashby's torn glove? Also, who has the muddy boots column?", manor),
    ).toEqual([m.ask("Lady Ashby", "torn glove", 1), ...manor.domain.options.map((o) => m.ask(o, "muddy boots"))]);
  });

  it("an unfenced YAML block ends at a line of prose, and a hedged value in it refuses nothing else", () => {
    const m = by(manor);
    const yaml = "doctor_finch:\n  torn_glove: 2\n  muddy_boots: 1 or so\nThat's all I have.";
    expect(acts(yaml, manor)).toEqual([m.share("Doctor Finch", "torn glove", 2)]);
    for (const hedged of ["about 3", "~3", "3?", "2-3", "maybe 1"])
      expect(acts(`doctor_finch:\n  torn_glove: 2\n  muddy_boots: ${hedged}`, manor), hedged).toEqual([
        m.share("Doctor Finch", "torn glove", 2),
      ]);
  });
});

describe("the twenty-fifth wave's wrong acts", () => {
  it("a YAML line whose comment doubts its value gives no share", () => {
    const r = by(restaurants);
    for (const doubt of ["if memory serves", "not sure", "unconfirmed", "roughly"])
      expect(acts(fence(`restaurant_b:\n  service: 4   # ${doubt}\n  ambience: 2`), restaurants), doubt).toEqual([
        r.share("Restaurant B", "ambience", 2),
      ]);
  });

  it("'before anyone votes' after the options a column is wanted at is no condition", () => {
    const t = by(theft);
    expect(
      acts("Who has the desk search column? I'd like it for Employee B and Employee D before anyone votes.", theft),
    ).toEqual([t.ask("Employee B", "desk search"), t.ask("Employee D", "desk search")]);
  });

  it("a person's level after 'is actually' (so a closing 'That's all I have.' closes a share, no pass)", () => {
    const c = by(calls);
    expect(acts("Omar for Monday noon is actually 2. That's all I have.", calls)).toEqual([
      c.share("Monday noon", "Omar's calendar", 2),
    ]);
  });
});
