import { describe, expect, it } from "vitest";
import { loadNaturalCorpus } from "../../../bench/score-natural-corpus.mjs";
import { parseNatural } from "../parse-natural";
import type { NaturalTask } from "./sentence";
import { acts, by, calls, fence, manor, stalls } from "./test-sentence";

const held = loadNaturalCorpus().heldOutTasks as Record<string, NaturalTask>;
const theft = held.theft as NaturalTask;
const pantry = held.pantry as NaturalTask;
const meetings = held.meetings as NaturalTask;
const apartments = held.apartments as NaturalTask;
const profile = held.heldoutProfile as NaturalTask;
const jobs = held.jobs as NaturalTask;
const pass = { kind: "pass" } as const;

// Session 63's held-out wave (fresh221-fresh224): its two wrong acts, read after the clean score, fixed as defects;
// then shapes tuned on its misses. The wave is in the corpus; these are the shapes, in sentences of our own.
describe("session 63's held-out wrong acts", () => {
  const p = by(profile);
  it("a level placed before the cell or on another name after it leaves the share open", () => {
    // "Zero for Erin's availability at Monday 4pm, one for Carol's at the same slot." read Erin's as 1
    expect(parseFails("Zero for Erin's availability at Monday 4pm, one for Carol's at the same slot.", meetings)).toBe(
      true,
    );
    expect(parseFails("B's service, five for C.")).toBe(true);
    expect(parseFails("B's service is 5 for C.")).toBe(true);
    // each level with its own cell still reads, and a clause after a semicolon is its own
    expect(acts("Two for B's service, five for C's food quality.", profile)).toEqual([
      p.share("Restaurant B", "service", 2),
      p.share("Restaurant C", "food quality", 5),
    ]);
    expect(acts("Restaurant B has ambience 2; for value for money it's 1.", profile)).toEqual([
      p.share("Restaurant B", "ambience", 2),
      p.share("Restaurant B", "value for money", 1),
    ]);
    expect(acts("Restaurant B has service 4 on my sheet.", profile)).toEqual([p.share("Restaurant B", "service", 4)]);
  });

  it("'Please strike that' withdraws the sentence before it", () => {
    const text =
      "Earlier I gave Stall D's cakes sold as 2. Please strike that; I was reading last year's sheet and don't have a current value.";
    expect(parseFails(text, stalls)).toBe(true);
    expect(parseFails("Stall D's cakes sold is 2. Actually, scratch that.", stalls)).toBe(true);
    // a new value after the withdrawal is the speaker's
    expect(acts("Stall D's cakes sold is 2. Please strike that — it's 1.", stalls)).toEqual([
      by(stalls).share("Stall D", "cakes sold", 1),
    ]);
  });
});

describe("session 63's shapes", () => {
  const a = by(apartments);
  it("a pass closed by a time or the speaker's side", () => {
    for (const text of [
      "Pass for now.",
      "That's all I have for this round.",
      "Nothing else from me for now.",
      "That's it from me.",
      "That's everything on my end.",
    ]) {
      expect(parseNatural(text, profile).error).toBeUndefined();
      expect(acts(text, profile)).toEqual([pass]);
    }
    // a scope of one topic is still no pass
    expect(parseFails("Nothing new for Restaurant C for now.")).toBe(true);
  });

  it("an ask split over two sentences: a column wanted, then a request pointing back to it", () => {
    expect(acts("Who has quietness? I need it for Apartments A and D.", apartments)).toEqual([
      a.ask("Apartment A", "quietness"),
      a.ask("Apartment D", "quietness"),
    ]);
    expect(acts("We're still missing rent for B and C. Could whoever has that column post it?", apartments)).toEqual([
      a.ask("Apartment B", "rent"),
      a.ask("Apartment C", "rent"),
    ]);
    expect(acts("Agent 2 — you had the size column, right? What does it show for Apartment C?", apartments)).toEqual([
      a.ask("Apartment C", "size", 1),
    ]);
    const m = by(meetings);
    expect(acts("Does anyone have Carol's row? Specifically Monday 2pm and Monday 4pm.", meetings)).toEqual([
      m.ask("Monday 2pm", "Carol's availability"),
      m.ask("Monday 4pm", "Carol's availability"),
    ]);
    // no request back to it (or a number in it): the first sentence's request for the whole column stands (session
    // 65's rule: a request for a column asks it at every option)
    const whole = ["Apartment A", "Apartment B", "Apartment C", "Apartment D"].map((o) => a.ask(o, "quietness"));
    expect(acts("Who has quietness? It matters for A and D.", apartments)).toEqual(whole);
    expect(acts("Who has quietness? I need 2 for A.", apartments)).toEqual(whole);
  });

  it("a lead that only announces the speaker's statement, and connective leads", () => {
    const m = by(meetings);
    expect(acts("I can tell you Dan is unavailable at Monday 4pm (0) but free at Monday 2pm (1).", meetings)).toEqual([
      m.share("Monday 4pm", "Dan's availability", 0),
      m.share("Monday 2pm", "Dan's availability", 1),
    ]);
    expect(parseFails("I can't tell you Dan is free at Monday 2pm.", meetings)).toBe(true);
    // after a semicolon the clause before may be another agent's: left as it was
    expect(
      acts("According to Agent 1, Apartment A has size 5; I can confirm Apartment A has rent 2.", apartments),
    ).toEqual([a.share("Apartment A", "rent", 2)]);
    expect(acts("On top of that, I have Monday 11am marked as available for Carol (1).", meetings)).toEqual([
      m.share("Monday 11am", "Carol's availability", 1),
    ]);
    const p = by(profile);
    expect(
      acts("Agent 2 — Restaurant B's location? And while you're at it, Restaurant D's cleanliness.", profile),
    ).toEqual([p.ask("Restaurant B", "location", 1), p.ask("Restaurant D", "cleanliness", 1)]);
  });

  it("counts listed before their place, and asks with more verbs and fillers", () => {
    const s = by(pantry);
    expect(acts("There are 4 apples and 2 onions on Shelf B.", pantry)).toEqual([
      s.share("Shelf B", "apples", 4),
      s.share("Shelf B", "onions", 2),
    ]);
    expect(acts("I count four apples and no onions on Shelf B.", pantry)).toEqual([
      s.share("Shelf B", "apples", 4),
      s.share("Shelf B", "onions", 0),
    ]);
    const t = by(theft);
    expect(acts("What do the phone records say for Employee C and Employee F?", theft)).toEqual([
      t.ask("Employee C", "phone records"),
      t.ask("Employee F", "phone records"),
    ]);
    expect(acts("Agent 2, can you send the badge log for Employee A and Employee B?", theft)).toEqual([
      t.ask("Employee A", "badge log", 1),
      t.ask("Employee B", "badge log", 1),
    ]);
    expect(acts("My copy says 0 for Employee B's phone records.", theft)).toEqual([
      t.share("Employee B", "phone records", 0),
    ]);
    // someone else's copy says nothing of the speaker's
    expect(parseFails("Agent 2's copy says 0 for Employee B's phone records.", theft)).toBe(true);
  });

  it("YAML: a key naming option and attribute together, an own key beside another agent's, a verdict", () => {
    const t = by(theft);
    const yaml = fence(
      "reported_by_agent_1:\n  Employee C camera footage: 1\nmine:\n  Employee C phone records: 1\nverdict: Employee C",
    );
    expect(acts(yaml, theft)).toEqual([t.propose("Employee C"), t.share("Employee C", "phone records", 1)]);
    // with no key of the speaker's own, the block is another agent's and gives nothing
    expect(parseFails(fence("reported_by_agent_1:\n  Employee C camera footage: 1"), theft)).toBe(true);
  });
});

// Session 63's second wave (fresh225-fresh228, written after the rules above): its wrong acts fixed as defects, then
// shapes tuned on its misses.
describe("session 63's second wave", () => {
  const j = by(jobs);
  it("a choice after 'otherwise' or an option pushed down proposes nothing", () => {
    expect(
      acts("If so, B and D are neck and neck; otherwise I'd back D. For the record, B's teamwork is 3.", jobs),
    ).toEqual([j.share("Candidate B", "teamwork", 3)]);
    expect(parseFails("That pushes D to the bottom for me.", stalls)).toBe(true);
    // backing an option is still a choice
    expect(acts("I'll throw my weight behind Candidate B.", jobs)).toEqual([j.propose("Candidate B")]);
  });

  it("a level placed before its cell, in a clause that does not open the sentence", () => {
    expect(acts("ok so three for C's experience, five for C's technical skill.", jobs)).toEqual([
      j.share("Candidate C", "experience", 3),
      j.share("Candidate C", "technical skill", 5),
    ]);
    // a number named ("my 2") is the withdrawn one, not placed
    expect(acts("Scrap my 2 for Miss Hartley's torn glove; 0 is where it belongs.", manor)).toEqual([
      by(manor).share("Miss Hartley", "torn glove", 0),
    ]);
  });

  it("JSON asks as a cell in words, addressed by question_for; an own reply after another agent's claim", () => {
    const p = by(profile);
    expect(acts('{"need": "Restaurant C service", "question_for": "Agent 2"}', profile)).toEqual([
      p.ask("Restaurant C", "service", 1),
    ]);
    const c = by(calls);
    expect(acts(`{"asking": "Omar's calendar for Monday evening"}`, calls)).toEqual([
      c.ask("Monday evening", "Omar's calendar"),
    ]);
    const s = by(pantry);
    const reply = 'Agent 1 reported Shelf A at 3 apples; my count differs.\n{"Shelf A": {"apples": 2}}';
    expect(acts(reply, pantry)).toEqual([s.share("Shelf A", "apples", 2)]);
    expect(parseFails('Agent 1 reported these:\n{"Shelf A": {"apples": 2}}', pantry)).toBe(true);
  });

  it("a table whose cell column names option and attribute together, with a source column", () => {
    const big = held.bigTeam as NaturalTask;
    const b = by(big);
    const table =
      "| cell | value | source |\n|---|---|---|\n| B value for money | 2 | Agent 1 |\n| B wait time | 3 | me |";
    expect(acts(table, big)).toEqual([b.share("Restaurant B", "wait time", 3)]);
    const board = "| Cell | Value |\n|---|---|\n| Restaurant A wait time | 2 |\n| Restaurant F food quality | ? |";
    expect(acts(board, big)).toEqual([b.share("Restaurant A", "wait time", 2)]);
  });

  it("counts of none first, the team addressed, a past question, a list of gaps", () => {
    expect(acts("I see no onions on Shelf B at all.", pantry)).toEqual([by(pantry).share("Shelf B", "onions", 0)]);
    expect(acts("For everyone: Apartment C on my end is rent 2, size 5.", apartments)).toEqual([
      by(apartments).share("Apartment C", "rent", 2),
      by(apartments).share("Apartment C", "size", 5),
    ]);
    expect(acts("Agent 2, what were Stall C's raffle tickets?", stalls)).toEqual([
      by(stalls).ask("Stall C", "raffle tickets", 1),
    ]);
    const gaps =
      "Two gaps on my side:\n1. Candidate B's communication\n2. Candidate A's teamwork\n\nCan anyone fill these in?";
    expect(acts(gaps, jobs)).toEqual([j.ask("Candidate B", "communication"), j.ask("Candidate A", "teamwork")]);
  });
});

// Session 63's third wave (fresh229-fresh232, written after the second wave's rules): its wrong acts and shapes.
describe("session 63's third wave", () => {
  const j = by(jobs);
  it("a weight said in a message is no level", () => {
    expect(parseFails("Given leadership carries a weight of 5, that C number worries me.", jobs)).toBe(true);
    expect(parseFails("Candidate D's leadership has weight 5.", jobs)).toBe(true);
    expect(acts("Since leadership carries weight 5, I'm backing D.", jobs)).toEqual([j.propose("Candidate D")]);
    // a level beside a weighting is still read
    expect(acts("Candidate D's leadership is 4, weighted x5 that's 20.", jobs)).toEqual([
      j.share("Candidate D", "leadership", 4),
    ]);
  });

  it("a paired list led by its slot, and a list announced under its attribute", () => {
    const m = by(meetings);
    expect(acts("At Monday 4pm I have Alice, Dan and Erin at 1, 1 and 0 respectively.", meetings)).toEqual([
      m.share("Monday 4pm", "Alice's availability", 1),
      m.share("Monday 4pm", "Dan's availability", 1),
      m.share("Monday 4pm", "Erin's availability", 0),
    ]);
    // levels that do not pair with the names read nothing
    expect(parseFails("At Monday 4pm I have Alice, Dan and Erin at 1 and 0 respectively.", meetings)).toBe(true);
    const big = held.bigTeam as NaturalTask;
    const b = by(big);
    expect(acts("Menu variety, listed:\n\n1. Restaurant B — 2\n2. Restaurant C — 5", big)).toEqual([
      b.share("Restaurant B", "menu variety", 2),
      b.share("Restaurant C", "menu variety", 5),
    ]);
  });
});

// Session 63's fourth wave (fresh233-fresh236, written after the third wave's rules): its two wrong acts, and one shape.
describe("session 63's fourth wave", () => {
  it("an option killed, or a vote withdrawn, proposes nothing; the choice after it does", () => {
    expect(parseFails("That kills Monday 4pm as far as I'm concerned.", meetings)).toBe(true);
    const a = by(apartments);
    const text =
      "Sorry — I'm withdrawing my vote for Apartment B; I mixed up B and C. Going with Apartment D instead, since D's neighbourhood is 5.";
    expect(acts(text, apartments)).toEqual([a.propose("Apartment D"), a.share("Apartment D", "neighbourhood", 5)]);
    expect(parseFails("I'm taking back my vote for Apartment B.", apartments)).toBe(true);
  });

  it("a JSON value's 'now' beside its withdrawn 'was' is the level", () => {
    const t = by(theft);
    expect(acts('{"Employee E": {"parking log": {"was": 1, "now": 0}}}', theft)).toEqual([
      t.share("Employee E", "parking log", 0),
    ]);
    expect(parseFails('{"Employee E": {"parking log": {"was": 1}}}', theft)).toBe(true);
  });
});

// Session 63's fifth wave (fresh237-fresh240, written after the fourth wave's rules): its wrong acts fixed as defects.
describe("session 63's fifth wave", () => {
  it("a YAML value its comment credits to another agent, and lines relaying another agent by an arrow, are not the speaker's", () => {
    const j = by(jobs);
    const yaml = fence("candidate_b:\n  teamwork: 5\ncandidate_c:\n  experience: 2   # per Agent 3, not mine");
    expect(acts(yaml, jobs)).toEqual([j.share("Candidate B", "teamwork", 5)]);
    const big = held.bigTeam as NaturalTask;
    const relayed =
      "```\nAgent 1  ->  E service 4\nAgent 3  ->  A ambience 2\n```\n\nMy own sheet adds Restaurant C's cleanliness at 3.";
    expect(acts(relayed, big)).toEqual([by(big).share("Restaurant C", "cleanliness", 3)]);
    // an address with a colon is still a question put to that agent
    expect(acts("Agent 1: what's Restaurant E's service?", big)).toEqual([by(big).ask("Restaurant E", "service", 0)]);
  });

  it("'I'd typed a 5 ..., but the real score is 2' is the 2; a JSON question goes to its question_for", () => {
    const j = by(jobs);
    expect(acts("I'd typed a 5 for Candidate A's technical skill, but the real score is 2.", jobs)).toEqual([
      j.share("Candidate A", "technical skill", 2),
    ]);
    const c = by(calls);
    const json = `{"Monday noon": {"Lena's calendar": 1}, "question_for": "Agent 2", "question": "Tuesday morning, Lena's calendar?"}`;
    expect(acts(json, calls)).toEqual([
      c.share("Monday noon", "Lena's calendar", 1),
      c.ask("Tuesday morning", "Lena's calendar", 1),
    ]);
  });
});

/** Does the text give no act (a failed reading, not a pass said in words)? */
function parseFails(text: string, task: NaturalTask = profile): boolean {
  return parseNatural(text, task).error !== undefined;
}
