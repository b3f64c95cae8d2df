import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loadNaturalCorpus } from "../../../bench/score-natural-corpus.mjs";
import type { NaturalTask } from "./sentence";
import { acts, by, fence, manor, restaurants } from "./test-sentence";

const held = loadNaturalCorpus().heldOutTasks as Record<string, NaturalTask>;
const meetings = held.meetings as NaturalTask;
const apartments = held.apartments as NaturalTask;
const jobs = held.jobs as NaturalTask;
const big = held.bigTeam as NaturalTask;
const pantry = held.pantry as NaturalTask;
/** What a message of no act reads as. */
const none = [{ kind: "pass" }];

// Session 65: shapes the fifteenth clean wave (fresh277-fresh280, 0.998 / 0.932 at arrival) and the fourteen before it
// left unread, read after the wave was scored. The waves are in the corpus; these are the shapes, in sentences of our
// own.
describe("a request for a whole column", () => {
  const m = by(manor);
  const suspects = manor.domain.options;
  it("asks the attribute at every option", () => {
    const all = (attribute: string, to?: number) => suspects.map((o) => m.ask(o, attribute, to));
    expect(acts("Who has the torn glove column?", manor)).toEqual(all("torn glove"));
    expect(acts("What does everyone have for muddy boots?", manor)).toEqual(all("muddy boots"));
    expect(acts("Could somebody fill in the library key for all four?", manor)).toEqual(all("library key"));
    expect(acts("Agent 2, do you have the broken watch column?", manor)).toEqual(all("broken watch", 1));
    const p = by(pantry);
    expect(acts("Shelf A has 2 apples. Can anyone count rice bags on both shelves?", pantry)).toEqual([
      p.share("Shelf A", "apples", 2),
      p.ask("Shelf A", "rice bags"),
      p.ask("Shelf B", "rice bags"),
    ]);
  });

  it("or at the options the message listed, where it points back to them", () => {
    const b = by(big);
    const listed = "Food quality: Restaurant B 4, Restaurant E 2.\nDoes anyone have wait time for these?";
    expect(acts(listed, big)).toEqual([
      b.share("Restaurant B", "food quality", 4),
      b.share("Restaurant E", "food quality", 2),
      b.ask("Restaurant B", "wait time"),
      b.ask("Restaurant E", "wait time"),
    ]);
    // a count that fits neither the task's options nor the listed ones reads nothing
    expect(acts("Could somebody fill in the library key for all three?", manor)).toEqual(none);
  });

  it("never for a comparison, one option's pronoun, a check of values said, or a question of 'you' that only checks", () => {
    for (const text of [
      "Who has the best torn glove?",
      "Which suspect has the highest muddy boots?",
      "Does anyone have her library key?",
      "Could someone confirm the library key numbers?",
      "Agent 2, you hold the poison bottle column, right?",
      "If anyone has the torn glove column, post it.",
      "Agent 1 said nobody has the torn glove column?",
    ])
      expect(acts(text, manor), text).not.toContainEqual(m.ask("Lord Ashby", "torn glove"));
  });

  it("gives way to the options a next sentence asks it at", () => {
    const a = by(apartments);
    expect(acts("Who has quietness? I need it for Apartment B and Apartment C.", apartments)).toEqual([
      a.ask("Apartment B", "quietness"),
      a.ask("Apartment C", "quietness"),
    ]);
  });

  it("is the union of the plain asks of each option (the oracle), for any task's attribute and request", () => {
    const tasks = [manor, jobs, apartments, restaurants, big];
    const frames = [
      (x: string) => `Who has the ${x} column?`,
      (x: string) => `Does anyone have ${x}?`,
      (x: string) => `What does everyone have for ${x}?`,
      (x: string) => `Could someone post the ${x} numbers?`,
    ];
    fc.assert(
      fc.property(fc.constantFrom(...tasks), fc.nat(), fc.constantFrom(...frames), (task, pick, frame) => {
        const { options, attributes } = task.domain;
        const attribute = attributes[pick % attributes.length] as string;
        const whole = acts(frame(attribute), task);
        const oracle = options.flatMap((o) => acts(`What's ${o}'s ${attribute}?`, task));
        expect(whole).toEqual(oracle);
        // a word of comparison makes it no request for the levels
        expect(acts(frame(`best ${attribute}`), task)).toEqual(none);
      }),
      { numRuns: 60 },
    );
  });
});

describe("the fifteenth wave's other misses", () => {
  it("a person named bare in a clause after another person's share is their attribute, not the clause before's", () => {
    const t = by(meetings);
    expect(acts("I have Dan at 1 for Monday 11am, and Alice at 0 for Monday 9am.", meetings)).toEqual([
      t.share("Monday 11am", "Dan's availability", 1),
      t.share("Monday 9am", "Alice's availability", 0),
    ]);
    expect(acts("Carol is 1 at Tuesday 9am; Erin at 0 for Monday 2pm.", meetings)).toEqual([
      t.share("Tuesday 9am", "Carol's availability", 1),
      t.share("Monday 2pm", "Erin's availability", 0),
    ]);
  });

  it("an unsure item under an attribute's heading gives nothing and the heading holds", () => {
    const b = by(big);
    const list = "Notes on cleanliness:\n- A: 2\n- C: roughly 4\n- D: 5?\n- F: 3, I think\n- E: 1";
    expect(acts(list, big)).toEqual([
      b.share("Restaurant A", "cleanliness", 2),
      b.share("Restaurant F", "cleanliness", 3),
      b.share("Restaurant E", "cleanliness", 1),
    ]);
  });

  it("a plain-text grid of one column under a label of the rows' kind", () => {
    const j = by(jobs);
    const grid = fence("Candidate    Teamwork\nA            4\nC            1\nD            5", "");
    expect(acts(grid, jobs)).toEqual([
      j.share("Candidate A", "teamwork", 4),
      j.share("Candidate C", "teamwork", 1),
      j.share("Candidate D", "teamwork", 5),
    ]);
    // one row is no grid; a first cell that is no label of the rows is none either
    expect(acts(fence("Candidate    Teamwork\nA            4", ""), jobs)).not.toContainEqual(
      j.share("Candidate A", "teamwork", 4),
    );
    expect(acts(fence("Scores    Teamwork\nA         4\nC         1", ""), jobs)).not.toContainEqual(
      j.share("Candidate C", "teamwork", 1),
    );
  });
});
