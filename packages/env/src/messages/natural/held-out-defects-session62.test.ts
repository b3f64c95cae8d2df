import { describe, expect, it } from "vitest";
import { loadNaturalCorpus } from "../../../bench/score-natural-corpus.mjs";
import type { NaturalTask } from "./sentence";
import { acts, ask, fence, manor, propose, share, stalls } from "./test-sentence";

const held = loadNaturalCorpus().heldOutTasks as Record<string, NaturalTask>;
const theft = held.theft as NaturalTask;
const pantry = held.pantry as NaturalTask;
const jobs = held.jobs as NaturalTask;
const apartments = held.apartments as NaturalTask;
const profile = held.heldoutProfile as NaturalTask;
const pass = { kind: "pass" } as const;

// Session 62's held-out wave (fresh213-fresh216): its wrong acts, read after the clean score, fixed as defects; then
// shapes tuned on its misses. The wave is in the corpus; these are the shapes, in sentences of our own.
describe("session 62's held-out wrong acts", () => {
  it("a level with an agent alone in parentheses after it is that agent's figure", () => {
    expect(acts("- Doctor Finch — poison bottle: 3 (Agent 1)", manor)).toEqual([pass]);
    expect(acts("Doctor Finch's poison bottle is 3 (Agent 1).", manor)).toEqual([pass]);
    // the speaker's own mark, or no mark, is the speaker's
    expect(acts("Doctor Finch's poison bottle is 3 (my notes).", manor)).toEqual([share(2, 3, 3)]);
    expect(acts("- Doctor Finch — poison bottle: 3", manor)).toEqual([share(2, 3, 3)]);
  });

  it("a long-format table reads the speaker's value column, never another agent's", () => {
    const head = "| option | attribute | my value | Agent 1's value |\n|---|---|---|---|\n";
    expect(acts(`${head}| Restaurant A | ambience | 2 | 4 |\n| Restaurant B | service | — | 5 |`)).toEqual([
      share(0, 2, 2),
    ]);
    expect(acts(`${head}| Restaurant A | ambience | 2 | 4 |\n| Restaurant B | service | 3 | 5 |`)).toEqual([
      share(0, 2, 2),
      share(1, 1, 3),
    ]);
    // "value" in the header is no attribute ("value for money") when every row names an option and an attribute
    const plain =
      "| option | attribute | value |\n|---|---|---|\n| Restaurant A | ambience | 2 |\n| Restaurant B | service | — |";
    expect(acts(plain)).toEqual([share(0, 2, 2)]);
    // a column numbering the rows holds no level
    const numbered =
      "| # | Suspect | Clue | Strength |\n|---|---|---|---|\n| 1 | Doctor Finch | poison bottle | 3 |\n| 2 | Lady Ashby | muddy boots | 0 |";
    expect(acts(numbered, manor)).toEqual([share(2, 3, 3), share(1, 0, 0)]);
    // a number is a level, never a shortened name: "9" is no "Monday 9am" (found by the table property test)
    const slots = { ...(held.meetings as NaturalTask), levels: [7, 11] as [number, number] };
    expect(acts("| Attribute | Monday 9am |\n|---|---|\n| Alice's availability | 9 |", slots)).toEqual([
      share(0, 0, 9),
    ]);
    // with two unmarked level columns a row is read only where one of them holds a level
    const two = "| option | attribute | a | b |\n|---|---|---|---|\n| Restaurant A | ambience | 2 | 4 |";
    expect(acts(two)).toEqual([pass]);
  });

  it("withdrawn keys in JSON give nothing, the corrected ones are read", () => {
    const text =
      '{"withdrawn": {"Restaurant C": {"ambience": 5}}, "corrected": {"Restaurant B": {"ambience": 5}, "Restaurant C": {"ambience": 2}}}';
    expect(acts(text)).toEqual([share(1, 2, 5), share(2, 2, 2)]);
    expect(
      acts('{"old_value": {"Restaurant C": {"ambience": 5}}, "new_value": {"Restaurant C": {"ambience": 2}}}'),
    ).toEqual([share(2, 2, 2)]);
  });

  it("a table cell credited to another agent after the table is taken back", () => {
    const table = "| Apt | rent | size |\n|---|---|---|\n| A | 4 | – |\n| D | – | 5 |";
    expect(acts(table, apartments)).toEqual([share(0, 0, 4), share(3, 1, 5)]);
    expect(acts(`${table}\n\nRow A is mine; the D size figure came from Agent 3.`, apartments)).toEqual([
      share(0, 0, 4),
    ]);
    expect(acts(`${table}\n\nThe D size value is Agent 2's.`, apartments)).toEqual([share(0, 0, 4)]);
  });

  it("the same question with no agent named goes to the agent the last one went to", () => {
    const text = "@Agent 2 what level do you have for Doctor Finch's torn glove? Same question for the poison bottle.";
    expect(acts(text, manor)).toEqual([ask(2, 1, 1), ask(2, 3, 1)]);
    expect(acts("Does anyone have Doctor Finch's torn glove? Same for the poison bottle.", manor)).toEqual([
      ask(2, 1),
      ask(2, 3),
    ]);
  });

  it("'That should have been -1' replaces the speaker's restated value", () => {
    const text = "Earlier I put Stall B's raffle tickets at 1. That should have been -1 — I misread the sign.";
    expect(acts(text, stalls)).toEqual([share(1, 1, -1)]);
  });

  it("'Strike that' with no level read after it withdraws the restated value; a named option after it does not", () => {
    const text =
      "I said Stall B's raffle tickets were 1. Strike that; it's 1 or 2, I can't tell. Stall A's cakes sold is 0.";
    expect(acts(text, stalls)).toEqual([share(0, 0, 0)]);
    expect(acts("Employee B's badge log is 1. Scratch that: Employee A.", theft)).toContainEqual(share(1, 0, 1));
  });
});

describe("session 62's held-out misses, tuned on", () => {
  it("tables: a plain-text rule joined by '+', a struck-through figure beside the level", () => {
    const grid =
      "```\ncandidate    | experience | teamwork\n-------------+------------+---------\nCandidate A  |     5      |    2\nCandidate D  |     3      |    —\n```";
    expect(acts(grid, jobs)).toEqual([share(0, 0, 5), share(0, 3, 2), share(3, 0, 3)]);
    const struck = "| stall | cakes sold |\n|---|---|\n| Stall B | ~~2~~ 1 |\n| Stall D | 0 |";
    expect(acts(struck, stalls)).toEqual([share(1, 0, 1), share(3, 0, 0)]);
    // struck through alone: nothing
    expect(acts("| stall | cakes sold |\n|---|---|\n| Stall B | ~~2~~ |", stalls)).toEqual([pass]);
  });

  it("JSON with the speaker's part named in the intro and another's set apart by its key", () => {
    const json = fence(
      '{"mine": {"Candidate C": {"experience": 2}}, "agent3_claims": {"Candidate A": {"teamwork": 4}}}',
      "json",
    );
    const intro = "My own cells are under `mine`; the `agent3_claims` block is Agent 3's numbers.";
    expect(acts(`${intro}\n${json}`, jobs)).toEqual([share(2, 0, 2)]);
    // an intro crediting the value to another agent, naming nothing of the speaker's, still refuses its shares
    expect(acts(`Here are Agent 3's numbers:\n${fence('{"Candidate C": {"experience": 2}}', "json")}`, jobs)).toEqual([
      pass,
    ]);
  });

  it("YAML asks keyed by agent or option, an 'about' cell, votes by yes and no, block scalars, unfenced runs", () => {
    expect(acts(fence("asking:\n  Agent 1: Shelf A onions\n  Agent 3: Shelf B apples"), pantry)).toEqual([
      ask(0, 1, 0),
      ask(1, 0, 2),
    ]);
    expect(acts(fence("open_questions:\n  Lady Ashby: torn glove?\n  Lord Ashby: broken watch?"), manor)).toEqual([
      ask(1, 1),
      ask(0, 4),
    ]);
    expect(acts(fence("questions:\n  - to: Agent 3\n    about: Shelf A onions"), pantry)).toEqual([ask(0, 1, 2)]);
    expect(acts(fence("votes:\n  Restaurant B: yes\n  Restaurant A: no"))).toEqual([propose(1)]);
    // two yeses pick nothing
    expect(acts(fence("votes:\n  Restaurant B: yes\n  Restaurant A: yes"))).toEqual([pass]);
    const notes = "employee_c:\n  desk_search: 1\nnotes: >\n  If Agent 1's badge log for F is really 1,\n  F is it.";
    expect(acts(fence(notes), theft)).toEqual([share(2, 2, 1)]);
    const later = "Here's mine, in YAML:\n\n    restaurant_b:\n      ambience: 1\n      service: 3\n\nThat's all.";
    expect(acts(later)).toEqual([share(1, 2, 1), share(1, 1, 3)]);
  });

  it("comparison tails: 'clear of', 'trailing', 'double' and 'twice' (which must hold), a difference in points", () => {
    expect(acts("Shelf A has 4 apples — double the 2 sitting on Shelf B.", pantry)).toEqual([
      share(0, 0, 4),
      share(1, 0, 2),
    ]);
    expect(acts("Shelf A has 4 apples — double the 3 sitting on Shelf B.", pantry)).toEqual([share(0, 0, 4)]);
    expect(acts("Candidate A's technical skill of 4 is twice Candidate C's 2.", jobs)).toEqual([
      share(0, 1, 4),
      share(2, 1, 2),
    ]);
    expect(acts("Stall C's plants sold is +2, a full four points ahead of Stall A at -2.", stalls)).toEqual([
      share(2, 3, 2),
      share(0, 3, -2),
    ]);
    expect(acts("Stall C's plants sold is +2, a full three points ahead of Stall A at -2.", stalls)).toEqual([
      share(2, 3, 2),
    ]);
    expect(
      acts("Apartment D's natural light is 5 — two points clear of Apartment A, which I have at 3.", apartments),
    ).toEqual([share(3, 3, 5), share(0, 3, 3)]);
    expect(acts("Rice bags: Shelf B has 5, one more than Shelf A's 4.", pantry)).toEqual([
      share(1, 2, 5),
      share(0, 2, 4),
    ]);
    // a consequence after the tail's option is still no level of it
    expect(acts("Apartment D's natural light is 5, ahead of Apartment A, which settles it.", apartments)).toEqual([
      share(3, 3, 5),
    ]);
  });

  it("a short elliptical question after an ask asks it again of another option, to the same agent", () => {
    expect(acts("Agent 2, cleanliness for Restaurant C? And for D?", profile)).toEqual([ask(2, 4, 1), ask(3, 4, 1)]);
    expect(acts("Does anyone have Restaurant C's cleanliness? What about D?", profile)).toEqual([ask(2, 4), ask(3, 4)]);
    // after a share it asks nothing; with a level it is no repeat
    expect(acts("Restaurant C's cleanliness is 4. And D?", profile)).toEqual([share(2, 4, 4)]);
    expect(acts("Agent 2, what's Restaurant C's cleanliness? And D is 3?", profile)).toEqual([ask(2, 4, 1)]);
  });

  it("a wish put to a named agent asks it", () => {
    expect(acts("I'd love to hear from Agent 1 on Stall C's plants sold — my sheet is blank there.", stalls)).toEqual([
      ask(2, 3, 0),
    ]);
    expect(acts("I'd like Agent 2's number for Restaurant C's service.")).toEqual([ask(2, 1, 1)]);
    // a level in it, or no whole cell, and it asks nothing
    expect(acts("I'd love to hear from Agent 1 on Stall C's plants sold being 2.", stalls)).toEqual([pass]);
    expect(acts("I'd love to hear from Agent 1 on Stall C.", stalls)).toEqual([pass]);
    // "can you check" asks; the speaker's own checking does not
    expect(acts("Agent 1, can you check Shelf A's rice bags?", pantry)).toEqual([ask(0, 2, 0)]);
    expect(acts("I checked Shelf A's rice bags.", pantry)).toEqual([pass]);
  });

  it("a level in words glossed with its number reads as the number, only where the two agree", () => {
    expect(acts("**Doctor Finch**\n- muddy boots: 3\n- torn glove: nothing (0)", manor)).toEqual([
      share(2, 0, 3),
      share(2, 1, 0),
    ]);
    expect(acts("Doctor Finch's torn glove is full marks (3).", manor)).toEqual([share(2, 1, 3)]);
    expect(acts("Doctor Finch's torn glove: none (2).", manor)).toEqual([pass]);
    expect(acts("Doctor Finch's torn glove is full marks (2).", manor)).toEqual([pass]);
  });

  it("table cells marked '(mine)' are read, cells marked '(Agent 2)' are not", () => {
    const table =
      "| Shelf | Apples | Onions |\n|---|---|---|\n| A | 2 (mine) | 4 (Agent 2) |\n| B | 3 (from Agent 3) | 0 (mine) |";
    expect(acts(table, pantry)).toEqual([share(0, 0, 2), share(1, 1, 0)]);
  });

  it("a list item held back as someone else's word leaves the heading over the items after it", () => {
    const calls = "Notes for Tuesday morning:\n* Priya: 2\n* Omar: 0 — Agent 1's figure\n* Tomas: 1";
    const read = acts(calls, held.meetings as NaturalTask);
    expect(read).not.toContainEqual(expect.objectContaining({ kind: "share", level: 0 }));
    const pantryList = "Shelf B:\n- apples: 2\n- onions: 4 (Agent 2)\n- rice bags: 5";
    expect(acts(pantryList, pantry)).toEqual([share(1, 0, 2), share(1, 2, 5)]);
  });
});

// The session's second wave (fresh217-fresh220, written after the first wave's rules and scored clean at arrival): its
// wrong acts fixed as defects, then shapes tuned on its misses.
describe("session 62's second wave", () => {
  const meetings = held.meetings as NaturalTask;

  it("'That was wrong.' withdraws the share before it; 'That was not wrong.' keeps it", () => {
    expect(acts("Shelf A has 4 onions. That was wrong.", pantry)).toEqual([pass]);
    expect(acts("Shelf A has 4 onions. That was wrong, it's 2.", pantry)).toEqual([share(0, 1, 2)]);
    expect(acts("Shelf A has 4 onions. That was not wrong.", pantry)).toEqual([share(0, 1, 4)]);
    const text =
      "I told everyone Shelf A had 4 onions. That was wrong, I was looking at the wrong row. Shelf A actually has 1 onion.";
    expect(acts(text, pantry)).toEqual([share(0, 1, 1)]);
  });

  it("'Dear Agent 2,' addresses the question after it", () => {
    expect(acts("Dear Agent 2, could you please share the location of Restaurant D?", profile)).toEqual([ask(3, 5, 1)]);
  });

  it("'they' saying or giving a level after an agent named in an earlier sentence is that agent's word", () => {
    const text =
      "Agent 3's numbers for B look off to me. They gave B's ambience a 2; my rating for B's ambience is 4. They also said B's value for money is 3.";
    expect(acts(text, profile)).toEqual([share(1, 2, 4)]);
    // with no agent named, "they" is no report
    expect(acts("Restaurant B's ambience is 4.", profile)).toEqual([share(1, 2, 4)]);
  });

  it("a list under a heading that credits it to another agent gives no share; the speaker's own list does", () => {
    const text =
      "Mine:\n- Restaurant C, service: 4\n\nRelayed from Agent 1 (not verified by me):\n- Restaurant B, location: 5\n\nI'll hold my vote.";
    expect(acts(text, profile)).toEqual([share(2, 1, 4)]);
    expect(acts("**Agent 1's figures:**\n- Restaurant B, location: 5", profile)).toEqual([pass]);
    expect(acts("My figures:\n- Restaurant B, location: 5", profile)).toEqual([share(1, 5, 5)]);
    // a report closing a sentence before the speaker's own heading does not make that heading another's
    expect(acts("Agent 1 reported Stall D's plants sold as 2. What I have:\n- Stall D books sold: -1", stalls)).toEqual(
      [share(3, 2, -1)],
    );
  });

  it("a proposal in YAML and the same one in prose under it is one proposal; another in prose stays", () => {
    const yaml = fence("shares:\n  - {option: Apartment D, attribute: size, level: 5}\nproposal: Apartment D");
    expect(acts(`${yaml}\nRoomy flat; I still back D.`, apartments)).toEqual([share(3, 1, 5), propose(3)]);
    expect(acts(`${yaml}\nActually, I back Apartment C.`, apartments)).toEqual([
      share(3, 1, 5),
      propose(3),
      propose(2),
    ]);
  });

  it("YAML under a 'retracted' key gives nothing, and its text is not read as prose", () => {
    const text = fence("retracted:\n  - {option: Restaurant C, attribute: location, level: 5}");
    expect(acts(`Updated block:\n${text}\nThat 5 was a misread on my part.`, profile)).toEqual([pass]);
  });

  it("'the 5 for A's quietness ... please ignore it' after a table takes that cell back", () => {
    const table = "| Apt | Rent | Quietness |\n|---|---|---|\n| A | 2 | 5 |\n| C | 4 | 3 |";
    const note =
      "Correction to the table above: the 5 for A's quietness was pasted from an old listing, please ignore it.";
    expect(acts(`${table}\n\n${note}`, apartments)).toEqual([share(0, 0, 2), share(2, 0, 4), share(2, 4, 3)]);
  });

  it("a plain-text grid in long format reads the speaker's column only", () => {
    const grid =
      "```\nEmployee  Evidence        Me   Agent 2 says\nC         camera footage  1    1\nC         badge log       0    -\nF         phone records   -    1\n```";
    expect(acts(grid, theft)).toEqual([share(2, 1, 1), share(2, 0, 0)]);
  });

  it("stars and check marks in prose read as a table's cells do", () => {
    expect(acts("Service at Restaurant C: ★★★★☆\nValue for money: ★★☆☆☆", profile)).toEqual([
      share(2, 1, 4),
      share(2, 3, 2),
    ]);
    // stars that do not add up to the scale's top are no level
    expect(acts("Restaurant C's service: ★★★★★★", profile)).toEqual([pass]);
    expect(acts("Monday 4pm — Carol ✓, Dan ✗, Alice ✓.", meetings)).toEqual(
      acts("Monday 4pm: Carol 1, Dan 0, Alice 1.", meetings),
    );
    expect(acts("Monday 4pm — Carol ✓, Dan ✗, Alice ✓.", meetings)).toHaveLength(3);
    // the marks are the table cells' own list, "✔️" (with its variation selector) among them
    expect(acts("Monday 4pm — Carol ✔️, Dan ✗.", meetings)).toEqual(acts("Monday 4pm: Carol 1, Dan 0.", meetings));
  });

  it("a YAML block's 'question_for: Agent 2' addresses its question in words", () => {
    const block =
      "my_evidence:\n  Miss Hartley:\n    torn glove: 0\nquestion_for: Agent 2\nquestion: What's Lady Ashby's poison bottle level?";
    expect(acts(fence(block), manor)).toEqual([share(3, 1, 0), ask(1, 3, 1)]);
    const open = "my_evidence:\n  Miss Hartley:\n    torn glove: 0\nquestion: What's Lady Ashby's poison bottle level?";
    expect(acts(fence(open), manor)).toEqual([share(3, 1, 0), ask(1, 3)]);
  });

  it("seconding an agent on an option, a colon and its facts after it, is agreement on facts, no choice", () => {
    expect(acts("Seconding Agent 1 on Candidate C: I also see communication at 4 for C.", jobs)).toEqual([
      share(2, 2, 4),
    ]);
    expect(acts("Seconding Agent 1 on Candidate C.", jobs)).toEqual([propose(2)]);
    expect(acts("I agree with Agent 2 on Candidate D: it's the best fit.", jobs)).toEqual([propose(3)]);
  });

  it("the same question to another agent: 'Bob, same slot?', and an agent with one name after an ask", () => {
    expect(acts("Agent 2 — Carol, Monday 11am? Agent 3 — Bob, same slot?", meetings)).toEqual([
      ask(1, 2, 1),
      ask(1, 1, 2),
    ]);
    expect(acts("Agent 3, what's Restaurant B's service? Agent 2 — cleanliness, please.", profile)).toEqual([
      ask(1, 1, 2),
      ask(1, 4, 1),
    ]);
    expect(acts("Agent 3, what's Restaurant B's service? Agent 2, Restaurant C?", profile)).toEqual([
      ask(1, 1, 2),
      ask(2, 1, 1),
    ]);
    // after a share, no question to repeat
    expect(acts("Restaurant B's service is 3. Agent 2 — cleanliness, please.", profile)).toEqual([share(1, 1, 3)]);
  });
});
