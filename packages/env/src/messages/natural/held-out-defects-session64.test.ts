import { describe, expect, it } from "vitest";
import { loadNaturalCorpus } from "../../../bench/score-natural-corpus.mjs";
import type { NaturalTask } from "./sentence";
import { acts, by, fence, manor, stalls } from "./test-sentence";

const held = loadNaturalCorpus().heldOutTasks as Record<string, NaturalTask>;
const meetings = held.meetings as NaturalTask;
const apartments = held.apartments as NaturalTask;
const profile = held.heldoutProfile as NaturalTask;
const jobs = held.jobs as NaturalTask;
const big = held.bigTeam as NaturalTask;
const theft = held.theft as NaturalTask;
const pantry = held.pantry as NaturalTask;
/** What a message of no act reads as. */
const none = [{ kind: "pass" }];

// Session 64: shapes the sixth wave (fresh241-fresh244, 1.000 / 0.931 at arrival once three labels were brought to the
// corpus's conventions) and the fifth's misses showed, read after both were scored. The waves are in the corpus;
// these are the shapes, in sentences of our own.
describe("session 64's paired lists", () => {
  const j = by(jobs);
  const a = by(apartments);
  it("levels before the names, 'respectively' pairing them in order", () => {
    expect(acts("Communication reads 3, 1 and 5 for Candidates B, C and D respectively.", jobs)).toEqual([
      j.share("Candidate B", "communication", 3),
      j.share("Candidate C", "communication", 1),
      j.share("Candidate D", "communication", 5),
    ]);
    expect(
      acts("Teamwork comes out at 4 and 2 for Candidate A and Candidate D respectively, on my sheet.", jobs),
    ).toEqual([j.share("Candidate A", "teamwork", 4), j.share("Candidate D", "teamwork", 2)]);
    // without "respectively" the order is not said; counts that differ pair nothing; someone else's word holds it back
    expect(acts("Communication reads 3, 1 and 5 for Candidates B, C and D.", jobs)).toEqual(none);
    expect(acts("Communication reads 3 and 1 for Candidates B, C and D respectively.", jobs)).toEqual(none);
    expect(
      acts("Communication reads 3, 1 and 5 for Candidates B, C and D respectively, or so Agent 1 says.", jobs),
    ).toEqual(none);
  });

  it("a clause after the list about another cell, with no level, leaves the list read", () => {
    expect(
      acts("Rent for Apartment B, C and D is 4, 1, 2 respectively; natural light I don't have.", apartments),
    ).toEqual([
      a.share("Apartment B", "rent", 4),
      a.share("Apartment C", "rent", 1),
      a.share("Apartment D", "rent", 2),
    ]);
    expect(
      acts("Rent for Apartment B, C and D is 4, 1, 2 respectively; quietness for those three I'm missing.", apartments),
    ).toEqual([
      a.share("Apartment B", "rent", 4),
      a.share("Apartment C", "rent", 1),
      a.share("Apartment D", "rent", 2),
    ]);
    // a clause that may touch the order, or gives a level, leaves it open
    expect(
      acts("Rent for Apartment B, C and D is 4, 1, 2 respectively; or the other way round for C.", apartments),
    ).toEqual(none);
    expect(acts("Rent for Apartment B, C and D is 4, 1, 2 respectively, unless I swapped two.", apartments)).toEqual(
      none,
    );
  });
});

describe("session 64's choices after others' word", () => {
  const p = by(profile);
  it("the speaker's own first-person choice after a lead built on what others said", () => {
    expect(acts("Working from what Agent 2 posted, I'm backing Restaurant D.", profile)).toEqual([
      p.propose("Restaurant D"),
    ]);
    expect(acts("Agent 3 said C's service is 5. Going by their figures, I pick Restaurant C.", profile)).toEqual([
      p.propose("Restaurant C"),
    ]);
    // negated, hedged or reported as another's choice: nothing
    expect(acts("Working from what Agent 2 posted, I'm not backing Restaurant D.", profile)).toEqual(none);
    expect(acts("Working from what Agent 2 posted, I'd maybe pick Restaurant D.", profile)).toEqual(none);
    expect(acts("Agent 2 said they pick Restaurant D.", profile)).toEqual(none);
  });
});

describe("session 64's YAML and JSON asks and values", () => {
  const r = by(big);
  const m = by(meetings);
  const p = by(profile);
  const t = by(theft);
  it("asks under 'who_has' and 'ask_everyone', and a question object's 'target' and 'want'", () => {
    expect(acts(fence("restaurant_c:\n  service: 2\nwho_has:\n  - Restaurant D cleanliness"), big)).toEqual([
      r.ask("Restaurant D", "cleanliness"),
      r.share("Restaurant C", "service", 2),
    ]);
    expect(acts(fence("ask_everyone: Dan on Monday 2pm?"), meetings)).toEqual([
      m.ask("Monday 2pm", "Dan's availability"),
    ]);
    expect(acts(fence("questions:\n  - target: Agent 3\n    want: Restaurant A ambience"), profile)).toEqual([
      p.ask("Restaurant A", "ambience", 2),
    ]);
    // a target naming no agent addresses no one
    expect(acts(fence("questions:\n  - target: everyone\n    want: Restaurant A ambience"), profile)).toEqual([
      p.ask("Restaurant A", "ambience"),
    ]);
  });

  it("'preferred:' proposes, and a level after 'probably' or 'I think' is stated; after 'maybe' it is not", () => {
    expect(acts(fence("preferred: Restaurant B"), profile)).toEqual([p.propose("Restaurant B")]);
    expect(acts(fence("employee_b:\n  phone_records: I think 0\n  badge_log: maybe 1"), theft)).toEqual([
      t.share("Employee B", "phone records", 0),
    ]);
    expect(acts(fence('{"Restaurant D": {"location": "probably 4", "service": "3 or 4"}}', "json"), profile)).toEqual([
      p.share("Restaurant D", "location", 4),
    ]);
    // a word of doubt that is no near-certainty keeps the value out
    expect(acts(fence('{"Restaurant D": {"location": "guessing 4"}}', "json"), profile)).toEqual(none);
  });
});

// The seventh wave (fresh245-fresh248, written after 4c8f8d6): its wrong acts fixed as defects, and shapes of its
// misses; with two rules written before it was read (a table's option on the line over it, marks after list items).
describe("session 64's seventh wave: wrong acts", () => {
  const r = by(big);
  const s = by(stalls);
  it("a plain-text grid's source column keeps only the speaker's rows", () => {
    const grid = fence(
      "Option        Attr          Level  From\nRestaurant B  location      2      Agent 4\nRestaurant E  service       5      me",
      "",
    );
    expect(acts(grid, big)).toEqual([r.share("Restaurant E", "service", 5)]);
  });

  it("the speaker withdrawing the value before ('let me withdraw it', 'I retract that'), not another agent's wish", () => {
    const before = "Earlier I put Stall B's cakes sold at 2.";
    expect(acts(`${before} That was a guess, so let me withdraw it.`, stalls)).toEqual(none);
    expect(acts(`${before} I'd like to retract that.`, stalls)).toEqual(none);
    expect(acts(`${before} Agent 2 wants to withdraw it.`, stalls)).toEqual([s.share("Stall B", "cakes sold", 2)]);
    expect(acts(`${before} I won't withdraw it.`, stalls)).toEqual([s.share("Stall B", "cakes sold", 2)]);
  });

  it("two agents set off before a question address neither alone", () => {
    const p = by(profile);
    expect(acts("Agent 2, Agent 3 — what do you have for Restaurant B's location?", profile)).toEqual([
      p.ask("Restaurant B", "location"),
    ]);
    expect(acts("Agent 2, what do you have for Restaurant B's location?", profile)).toEqual([
      p.ask("Restaurant B", "location", 1),
    ]);
  });

  it("', should be N' after the speaker's earlier value corrects it", () => {
    expect(acts("Earlier I wrote E service 3, should be 1.", big)).toEqual([r.share("Restaurant E", "service", 1)]);
    expect(acts("Earlier I wrote E service 3.", big)).toEqual([r.share("Restaurant E", "service", 3)]);
  });
});

describe("session 64's seventh wave: tables and lists", () => {
  const t = by(theft);
  const s = by(stalls);
  it("a two-column table under a line naming one option alone gives that option's cells", () => {
    const table = "| clue | value | source |\n|---|---|---|\n| badge log | 1 | me |\n| parking log | 0 | Agent 2 |";
    expect(acts(`Employee C:\n\n${table}`, theft)).toEqual([t.share("Employee C", "badge log", 1)]);
    expect(acts(`Here's Employee C on my side:\n\n${table}`, theft)).toEqual([t.share("Employee C", "badge log", 1)]);
    // two options, or an attribute, on the line over it: no option for the rows
    expect(acts(`Employee C and Employee D:\n\n${table}`, theft)).toEqual(none);
  });

  it("a mark after a list item's level says whose it is; another agent's item leaves the heading standing", () => {
    const list = "Books sold:\n- Stall A: 2 (Agent 3)\n- Stall B: 1 (mine)\n- Stall C: 0";
    expect(acts(list, stalls)).toEqual([s.share("Stall B", "books sold", 1), s.share("Stall C", "books sold", 0)]);
  });
});

describe("session 64's seventh wave: asks and joins", () => {
  const t = by(theft);
  const b = by(big);
  it("a column asked for, then the options the speaker needs", () => {
    expect(acts("Who has the phone records column? I need Employee A and Employee E.", theft)).toEqual([
      t.ask("Employee A", "phone records"),
      t.ask("Employee E", "phone records"),
    ]);
    expect(acts("Anyone holding phone records? I'd like Employee C's value.", theft)).toEqual([
      t.ask("Employee C", "phone records"),
    ]);
    // another agent's need is no ask of the speaker's: the request for the whole column stands (session 65)
    const options = ["Employee A", "Employee B", "Employee C", "Employee D", "Employee E", "Employee F"];
    expect(acts("Who has phone records? Agent 2 needs Employee C.", theft)).toEqual(
      options.map((o) => t.ask(o, "phone records")),
    );
  });

  it("'resp.' for 'respectively', and '+' / '&' joining names as 'and'", () => {
    expect(acts("Restaurants C, D: wait time 1, 5 resp.", big)).toEqual([
      b.share("Restaurant C", "wait time", 1),
      b.share("Restaurant D", "wait time", 5),
    ]);
    expect(acts("Agent 2, could you check Employee D's badge log + parking log?", theft)).toEqual([
      t.ask("Employee D", "badge log", 1),
      t.ask("Employee D", "parking log", 1),
    ]);
    expect(acts("Employee D's badge log & parking log are 1 and 0.", theft)).toEqual([
      t.share("Employee D", "badge log", 1),
      t.share("Employee D", "parking log", 0),
    ]);
  });
});

// The eighth wave (fresh249-fresh252, written after b934dde): its six wrong acts fixed as defects, with three rules
// written before it was read (a scale's gloss, none after a count's place, nothing lost otherwise).
describe("session 64's eighth wave: wrong acts", () => {
  const s = by(stalls);
  const a = by(apartments);
  const p = by(pantry);
  const r = by(profile);
  const t = by(theft);
  it("struck text is taken back", () => {
    expect(acts("- ~~Stall C cakes sold: 2~~ → Stall C cakes sold: 0", stalls)).toEqual([
      s.share("Stall C", "cakes sold", 0),
    ]);
    expect(acts("~~Stall C cakes sold: 2~~", stalls)).toEqual(none);
  });

  it("nothing on one option labelled before it is no pass", () => {
    expect(acts("* Apartment B: size 2\n* Apartment C: no data", apartments)).toEqual([
      a.share("Apartment B", "size", 2),
    ]);
    expect(acts("No data from me.", apartments)).toEqual([{ kind: "pass" }]);
  });

  it("a '?' followed by an aside saying the speaker lacks the value is a blank, no question", () => {
    expect(acts("- Employee B: parking log ? (unknown)\n- Employee C: parking log 1", theft)).toEqual([
      t.share("Employee C", "parking log", 1),
    ]);
    expect(acts("Employee B's parking log?", theft)).toEqual([t.ask("Employee B", "parking log")]);
  });

  it("the speaker's earlier value corrected by a second look or by 'none'", () => {
    expect(acts("I gave Apartment D's rent a 2 before, but it's a 5 on a second look.", apartments)).toEqual([
      a.share("Apartment D", "rent", 5),
    ]);
    expect(acts("I wrote that Shelf B had 3 apples, but my section has none.", pantry)).toEqual([
      p.share("Shelf B", "apples", 0),
    ]);
  });

  it("a value the speaker takes back in the same sentence is no share", () => {
    expect(
      acts("I have to take back Restaurant A's service of 4. It's Restaurant B's: B's service is 4.", profile),
    ).toEqual([r.share("Restaurant B", "service", 4)]);
    expect(acts("I'm retracting my 2 for Restaurant A's service.", profile)).toEqual(none);
  });
});

describe("session 64's eighth wave: rules written before it was read", () => {
  const r = by(profile);
  const p = by(pantry);
  it("a gloss of the task's own scale in brackets is no level; another range is a hedged one", () => {
    expect(acts("Service (1-5) from my side: Restaurant C gets a four.", profile)).toEqual([
      r.share("Restaurant C", "service", 4),
    ]);
    expect(acts("Restaurant C's service (3-4).", profile)).toEqual(none);
  });

  it("'and no <count>' after a count's place is that count at 0 there", () => {
    expect(acts("I count two rice bags on Shelf B and no apples there.", pantry)).toEqual([
      p.share("Shelf B", "rice bags", 2),
      p.share("Shelf B", "apples", 0),
    ]);
    expect(acts("I count two rice bags on Shelf B and no apples on Shelf A.", pantry)).toEqual([
      p.share("Shelf B", "rice bags", 2),
    ]);
  });
});

// The ninth wave (fresh253-fresh256, written after 2ccb709; 0.992 / 0.947 at arrival): its wrong acts fixed as defects,
// with one rule written before it was read (a closing clause on what no one has reported).
describe("session 64's ninth wave", () => {
  const m = by(meetings);
  const b = by(big);
  const st = by(stalls);
  it("a closing clause on what no one has reported leaves the sentence's own facts read", () => {
    expect(acts("Stall B it is. Cakes sold at 2 carry it, and nobody has posted a negative for B.", stalls)).toEqual([
      st.propose("Stall B"),
      st.share("Stall B", "cakes sold", 2),
    ]);
    expect(acts("Let's go with Monday 2pm. Dan is at 1 there, and I haven't seen a 0 from anyone.", meetings)).toEqual([
      m.propose("Monday 2pm"),
      m.share("Monday 2pm", "Dan's availability", 1),
    ]);
    // a closing clause naming a cell is kept: a later "it" may point to it
    expect(
      acts("Agent 2 seems to prefer Stall C, but I haven't seen C's cakes sold myself. Can someone share it?", stalls),
    ).toEqual([st.ask("Stall C", "cakes sold")]);
  });

  it("'free' and 'busy' as YAML values of a 0..1 availability task are its levels", () => {
    expect(acts(fence("erin:\n  Monday 9am: free\n  Tuesday 11am: busy"), meetings)).toEqual([
      m.share("Monday 9am", "Erin's availability", 1),
      m.share("Tuesday 11am", "Erin's availability", 0),
    ]);
    // on another scale they are no level
    expect(acts(fence("restaurant_b:\n  service: free"), big)).toEqual(none);
  });

  it("an aside calling the speaker's earlier value wrong states nothing", () => {
    expect(acts("Restaurant D (the wait time 5 I gave earlier was wrong): wait time is 1.", big)).toEqual([
      b.share("Restaurant D", "wait time", 1),
    ]);
    // an aside with no earlier saying of the speaker's is read as before
    expect(acts("Restaurant D's wait time is 1 (on my sheet).", big)).toEqual([
      b.share("Restaurant D", "wait time", 1),
    ]);
  });
});

// The tenth wave (fresh257-fresh260, written after fe12554; 1.000 / 0.910 at arrival, no wrong act): shapes of the
// ninth's and its misses.
describe("session 64's tenth wave: shapes of misses", () => {
  const p = by(pantry);
  const b = by(big);
  it("'none' in a table cell is 0 on a scale from 0, a blank on a scale from 1", () => {
    const table = "| | apples | onions |\n|---|---|---|\n| Shelf A | 2 | none |";
    expect(acts(table, pantry)).toEqual([p.share("Shelf A", "apples", 2), p.share("Shelf A", "onions", 0)]);
    const rated = "| | service | ambience |\n|---|---|---|\n| Restaurant A | 2 | none |";
    expect(acts(rated, big)).toEqual([b.share("Restaurant A", "service", 2)]);
  });

  it("an aside glossing the scale's direction is no level", () => {
    expect(acts("Wait time: A 5, C 1 (higher = shorter wait).", big)).toEqual([
      b.share("Restaurant A", "wait time", 5),
      b.share("Restaurant C", "wait time", 1),
    ]);
  });
});

// The eleventh wave (fresh261-fresh264, written after 8ec457b; 0.994 / 0.949 at arrival): its wrong acts fixed as
// defects.
describe("session 64's eleventh wave", () => {
  const t = by(theft);
  const st = by(stalls);
  it("a heading crediting the list under it to another agent keeps its items from being the speaker's", () => {
    const list = "- Employee C — parking log: 0\n- Employee C — phone records: 1";
    expect(acts(`Per Agent 2's notes:\n\n${list}\n\nMine: Employee A's badge log is 1.`, theft)).toEqual([
      t.share("Employee A", "badge log", 1),
    ]);
    // the speaker's own corrections under another agent's name are read
    expect(acts(`Two fixes to Agent 2's list:\n\n${list}`, theft)).toEqual([
      t.share("Employee C", "parking log", 0),
      t.share("Employee C", "phone records", 1),
    ]);
  });

  it("a bare level after a name's label in a reported sentence is no contrast with the claim", () => {
    expect(acts("Agent 3 reported: Stall C plants sold = 2, books sold = -2.", stalls)).toEqual(none);
    // the speaker's own contrast after a claim still reads
    expect(acts("Agent 3 reported Stall C's plants sold as 2 — I have 0.", stalls)).toEqual([
      st.share("Stall C", "plants sold", 0),
    ]);
  });
});

// The twelfth wave (fresh265-fresh268, written after 79f0d59; 0.996 / 0.925 at arrival): its wrong acts fixed as
// defects.
describe("session 64's twelfth wave", () => {
  const b = by(big);
  const st = by(stalls);
  it("a plain-text row whose cell names another agent alone is theirs", () => {
    const grid = fence(
      "Restaurant C  service    2   (Agent 4)\nRestaurant C  ambience   5   (Agent 2)\nRestaurant D  location   3   (mine)",
      "",
    );
    expect(acts(grid, big)).toEqual([b.share("Restaurant D", "location", 3)]);
  });

  it("'..., when it's actually N' corrects the speaker's earlier value", () => {
    expect(acts("I listed Stall C's books sold as 2, when it's actually -1.", stalls)).toEqual([
      st.share("Stall C", "books sold", -1),
    ]);
    expect(acts("Stall C's books sold is 2 when it rains.", stalls)).toEqual([st.share("Stall C", "books sold", 2)]);
  });
});

describe("session 64: 'X it is, imo'", () => {
  it("a one-word view after 'X it is' closes the choice", () => {
    const p = by(pantry);
    expect(acts("Shelf B it is, imo.", pantry)).toEqual([p.propose("Shelf B")]);
    expect(acts("Shelf B it is imo, 4 onions there by my count.", pantry)).toEqual([
      p.propose("Shelf B"),
      p.share("Shelf B", "onions", 4),
    ]);
    expect(acts("Shelf B it is not, imo.", pantry)).toEqual(none);
  });
});

// The fourteenth wave (fresh273-fresh276, written after 09e50b2; 0.986 / 0.897 at arrival): its four wrong acts
// fixed as defects.
describe("session 64's fourteenth wave", () => {
  const j = by(jobs);
  const r = by(profile);
  it("a sentence of asks opening with 'and' goes on to the agent the ask before went to, unless it asks others", () => {
    expect(acts("@Agent 2 can you share Candidate C leadership? and experience for C too pls", jobs)).toEqual([
      j.ask("Candidate C", "leadership", 1),
      j.ask("Candidate C", "experience", 1),
    ]);
    expect(acts("@Agent 2 can you share Candidate C leadership? And does anyone have C's experience?", jobs)).toEqual([
      j.ask("Candidate C", "leadership", 1),
      j.ask("Candidate C", "experience"),
    ]);
  });

  it("dot leaders between a name and its number label it", () => {
    const m = by(manor);
    expect(acts("Doctor Finch, from my card:\n\n  muddy boots .. 2\n  library key ...... 0", manor)).toEqual([
      m.share("Doctor Finch", "muddy boots", 2),
      m.share("Doctor Finch", "library key", 0),
    ]);
  });

  it("'That's X in full' is the speaker's data, no choice; 'That's X for me' still chooses", () => {
    const p = by(pantry);
    expect(acts("That's Shelf B in full from my side.", pantry)).toEqual(none);
    expect(acts("That's Shelf B for me.", pantry)).toEqual([p.propose("Shelf B")]);
  });

  it("a numbered line relaying another agent by an arrow is theirs; 'one of mine' is the speaker's", () => {
    const text = "Heard so far:\n1. Agent 3 → Restaurant B service 2\n\nOne of mine: Restaurant C's location is 5.";
    expect(acts(text, profile)).toEqual([r.share("Restaurant C", "location", 5)]);
  });
});
