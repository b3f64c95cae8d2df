import { describe, expect, it } from "vitest";
import { loadNaturalCorpus } from "../../../bench/score-natural-corpus.mjs";
import { parseNatural } from "../parse-natural";
import type { NaturalTask } from "./sentence";
import { acts, manor, propose, restaurants, share } from "./test-sentence";

// Session 56: the six wrong acts of the held-out batches (fresh178, fresh180, fresh184), read after the batches were
// scored with the tuners' rules (only the wrong acts, never their misses) and fixed as defects. Each kept a value the
// speaker took back or doubted, or read a remark as a pass.
const corpus = loadNaturalCorpus();
const held = corpus.heldOutTasks as Record<string, NaturalTask>;
const jobs = held.jobs as NaturalTask;
const theft = held.theft as NaturalTask;
const pass = { kind: "pass" } as const;

describe("held-out wrong acts, session 56", () => {
  it('"Misread the row — it\'s 0": the speaker calling its own reading wrong disputes the restated value', () => {
    expect(acts("Earlier I said Employee B's desk search was 1. Misread the row — it's 0.", theft)).toEqual([
      share(1, 2, 0),
    ]);
    expect(acts("Earlier I said Employee B's desk search was 1. I misspoke: it's 0.", theft)).toEqual([share(1, 2, 0)]);
    // a misreading with no new level names none: the restated value is not replaced by anything
    expect(acts("Earlier I said Employee B's desk search was 1. Misread the row.", theft)).not.toContainEqual(
      share(1, 2, 0),
    );
  });

  it('"Wait — make that 2": "make that" opening the next sentence replaces the share before it', () => {
    expect(acts("Lord Ashby's muddy boots: 3. Wait — make that 2; the 3 belongs to his broken watch.", manor)).toEqual([
      share(0, 0, 2),
    ]);
    expect(acts("Lord Ashby's muddy boots: 3. Make that 2.", manor)).toEqual([share(0, 0, 2)]);
    expect(acts("Lord Ashby's muddy boots: 3. Make it two.", manor)).toEqual([share(0, 0, 2)]);
    // "make that" with more after the level than a pause (another cell named) replaces nothing
    expect(acts("Lord Ashby's muddy boots: 3. Make that 2 for the torn glove.", manor)).not.toContainEqual(
      share(0, 0, 2),
    );
  });

  it('", but having re-read my sheet it\'s a solid 4": a perfect participle of a second look, an adjective of degree', () => {
    const text = "I said Restaurant A's value for money was 2, but having re-read my sheet it's a solid 4";
    expect(acts(`${text}.`)).toEqual([share(0, 3, 4)]);
    expect(acts("I said Restaurant A's value for money was 2, but having checked again it's 4.")).toEqual([
      share(0, 3, 4),
    ]);
    expect(acts("Agent 2 says Restaurant B's service is 3, but I have it as a measly 1.")).toEqual([share(1, 1, 1)]);
    // "having" with no verb of checking after it sources nothing: the restated value stays
    expect(acts("I said Restaurant A's value for money was 2, having seen the menu.")).toEqual([share(0, 3, 2)]);
  });

  it('"a slip of the keyboard, nothing more" says merely a slip: no pass', () => {
    const text = "I said Restaurant A's value for money was 2, but having re-read my sheet it's a solid 4";
    expect(acts(`${text} — a slip of the keyboard, nothing more.`)).toEqual([share(0, 3, 4)]);
    // nothing read: the parser's fallback (a PASS with an error), not a pass it read
    expect(parseNatural("A typo, nothing more.", restaurants).error).toMatch(/no act found/);
    // after a share, "nothing more" on its own still says the speaker has nothing more to add
    expect(acts("Service at Restaurant B is 4, nothing more.")).toEqual([share(1, 1, 4), pass]);
    expect(acts("That's it, nothing more.")).toEqual([pass]);
  });

  it('"; on reflection that was too generous": a second thought leading the clause that withdraws the figure', () => {
    const text =
      "I gave Lord Ashby a 3 on muddy boots earlier; on reflection that was too generous, and I'd rather not put a " +
      "number on it until I've re-read my notes. Nothing else from me this round.";
    expect(acts(text, manor)).toEqual([pass]);
    const hindsight = "I said Lord Ashby's muddy boots was 3 earlier; in hindsight that was too high.";
    expect(parseNatural(hindsight, manor).error).toMatch(/no act found/);
    // with a new level after it, the new level stands
    expect(
      acts("I said Lord Ashby's muddy boots was 3 earlier; on reflection that was a typo, it's 2.", manor),
    ).toEqual([share(0, 0, 2)]);
  });

  it('"... is 5 if I\'m not mistaken": a closing "if" tail doubts a one-clause sentence with no pause before it', () => {
    const text =
      "Based on my information, Candidate C most likely has a leadership score of 4, while their teamwork is perhaps " +
      "a 3. Candidate A's experience is 5 if I'm not mistaken. Overall, I'm leaning toward Candidate C.";
    expect(acts(text, jobs)).not.toContainEqual(share(0, 0, 5));
    expect(acts(text, jobs)).toContainEqual(propose(2));
    expect(parseNatural("Candidate A's experience is 5 if I remember right.", jobs).error).toMatch(/no act found/);
    // a condition that is no doubt stays a share; after a pause the tail doubts only its own clause (fresh88)
    expect(acts("Candidate A's experience is 5 if that helps.", jobs)).toEqual([share(0, 0, 5)]);
    expect(acts("Candidate C — communication 4 for sure, leadership around 4 if memory serves.", jobs)).toEqual([
      share(2, 2, 4),
    ]);
  });
});

describe("session 56: three readings found while checking the tuners' rules", () => {
  it('"..., though I might be off." doubts the level as "I might be wrong" does', () => {
    const pantry = held.pantry as NaturalTask;
    expect(parseNatural("Shelf B: 5 apples on it, though I might be off.", pantry).error).toMatch(/no act found/);
    expect(parseNatural("Shelf B has 5 apples, but I could be off.", pantry).error).toMatch(/no act found/);
    // "off" with no modal "be" before it doubts nothing
    expect(acts("Shelf B has 5 apples, and the rest is off.", pantry)).toEqual([share(1, 0, 5)]);
  });

  it('"X\'s Y is 4 — scratch that." withdraws the level at the end of the sentence, as it does before more words', () => {
    for (const text of [
      "Restaurant A's service is 4 — scratch that.",
      "Restaurant A's service is 4, scratch that.",
      "Restaurant A's service is 4 — wait, scratch that.",
      "Restaurant A's service is 4 — scratch that, I misread it.",
    ])
      expect(parseNatural(text, restaurants).error).toMatch(/no act found/);
    // a level after the withdrawal is the new one; "Scratch that" opening the sentence withdraws nothing in it
    expect(acts("Restaurant A's service is 4 — scratch that, it's 3.")).toEqual([share(0, 1, 3)]);
    expect(acts("Scratch that: Restaurant A's service is 4.")).toEqual([share(0, 1, 4)]);
  });

  it('"size: 5, no doubt about that one" (held-out fresh184) is read again after the "no doubt about that" tail', () => {
    const apartments = held.apartments as NaturalTask;
    expect(acts("Apartment D is great. Size: 5, no doubt about that one", apartments)).toEqual([share(3, 1, 5)]);
    expect(acts("Apartment D is great. Size: 5, no doubt about that.", apartments)).toEqual([share(3, 1, 5)]);
  });
});
