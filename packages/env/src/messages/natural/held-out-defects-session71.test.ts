import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loadNaturalCorpus } from "../../../bench/score-natural-corpus.mjs";
import type { NaturalTask } from "./sentence";
import { type GenerateTaskOptions, generateTask } from "../../generators/generate-task";
import { parseNatural } from "../parse-natural";
import { acts, by } from "./test-sentence";

const corpus = loadNaturalCorpus();
const held = corpus.heldOutTasks as Record<string, NaturalTask>;
/** A task of the corpus that has no held-out copy ("calls", "stalls"), made from its spec. */
const made = (name: string): NaturalTask =>
  generateTask(corpus.tasks?.[name] as unknown as GenerateTaskOptions) as NaturalTask;
const bigTeam = held.bigTeam as NaturalTask;
const theft = held.theft as NaturalTask;

// Session 71: misses and wrong acts of waves 65-66 (fresh477-fresh484), each read after its wave was scored at
// arrival, in sentences of our own.
describe("an attribute announced in a sentence of its own, its levels in the next", () => {
  const b = by(bigTeam);

  it("reads the levels of the next sentence, which names no attribute, as the announced attribute's", () => {
    expect(
      acts("Finished my pass over value for money! Restaurants A and C got 3 and 5 respectively.", bigTeam),
    ).toEqual([b.share("Restaurant A", "value for money", 3), b.share("Restaurant C", "value for money", 5)]);
    expect(
      acts("Went through cleanliness. Restaurant B is a solid 4, while Restaurant F only gets a 2.", bigTeam),
    ).toEqual([b.share("Restaurant B", "cleanliness", 4), b.share("Restaurant F", "cleanliness", 2)]);
  });

  it("takes nothing after a need, a question, another agent's column, a doubt or two attributes", () => {
    const next = " Restaurants A and C got 3 and 5 respectively.";
    for (const before of [
      "I still need value for money.",
      "Who has value for money?",
      "Agent 2 has value for money.",
      "I think I have value for money.",
      "I have value for money and service.",
      "I don't have value for money.",
      // no first person and no verb of going through it: an opinion, not an announcement (shapes-session49's test)
      "Value for money matters.",
    ])
      expect(acts(before + next, bigTeam).filter((a) => a.kind === "share")).toEqual([]);
  });

  it("reads only the sentence right after the announcement, and never a sentence naming an attribute of its own", () => {
    expect(
      acts(
        "Checked the email records! Nice work so far. Employees A and B come out 0 and 1 respectively.",
        theft,
      ).filter((a) => a.kind === "share"),
    ).toEqual([]);
    const t = by(theft);
    // the second sentence names its own attribute: the announced one is not put on it
    expect(acts("Checked the email records! Employees A and B have badge log 0 and 1 respectively.", theft)).toEqual([
      t.share("Employee A", "badge log", 0),
      t.share("Employee B", "badge log", 1),
    ]);
  });

  it("reads any attribute's announced levels as the sentence led by 'For <attribute>,' does (the oracle)", () => {
    const { options, attributes } = bigTeam.domain;
    fc.assert(
      fc.property(
        fc.nat(attributes.length - 1),
        fc.uniqueArray(fc.nat(options.length - 1), {
          minLength: 2,
          maxLength: 3,
        }),
        fc.array(fc.integer({ min: 1, max: 5 }), {
          minLength: 3,
          maxLength: 3,
        }),
        fc.constantFrom("Just finished going through", "I have", "Happy to fill in", "Checked"),
        (a, os, levels, lead) => {
          const names = os.map((o) => options[o] as string);
          const list = `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
          const values = `${os
            .slice(0, -1)
            .map((_, n) => levels[n])
            .join(", ")} and ${levels[os.length - 1]}`;
          const next = `${list} got ${values} respectively.`;
          const oracle = acts(`For ${attributes[a]}, ${next}`, bigTeam);
          expect(oracle).toEqual(
            os.map((o, n) => b.share(options[o] as string, attributes[a] as string, levels[n] as number)),
          );
          expect(acts(`${lead} ${attributes[a]}! ${next}`, bigTeam)).toEqual(oracle);
          // without the announcement the sentence reads nothing
          expect(acts(next, bigTeam).filter((x) => x.kind === "share")).toEqual([]);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe("corrections", () => {
  const meetings = held.meetings as NaturalTask;
  const stalls = made("stalls");
  const m = by(meetings);

  it("a correction's label over the restated value alone leaves nothing; the level after it replaces it", () => {
    const said = "Small fix: I wrote that Monday 2pm was a 0 for Dan's availability.";
    expect(acts(said, meetings)).toEqual([{ kind: "pass" }]);
    expect(acts(`${said} It's actually 1.`, meetings)).toEqual([m.share("Monday 2pm", "Dan's availability", 1)]);
    // without the label the restated value is the speaker's, as before
    expect(acts("I wrote that Monday 2pm was a 0 for Dan's availability.", meetings)).toEqual([
      m.share("Monday 2pm", "Dan's availability", 0),
    ]);
    // the new value after a pause is no restated one
    expect(acts("Small fix: I flipped the sign on Stall B's books sold, it's -1.", stalls)).toEqual([
      by(stalls).share("Stall B", "books sold", -1),
    ]);
  });

  it("'— he's free at 2pm' after the corrected level restates it in words", () => {
    const said = "I wrote that Monday 2pm was a 0 for Dan's availability.";
    expect(acts(`${said} It's actually 1 — he's free at 2pm.`, meetings)).toEqual([
      m.share("Monday 2pm", "Dan's availability", 1),
    ]);
    // a number of its own in the tail is no gloss: the sentence is not read as a correction
    expect(acts(`${said} It's actually 1 — he is free at 3.`, meetings)).not.toContainEqual(
      m.share("Monday 2pm", "Dan's availability", 1),
    );
  });
});

describe("check requests and lists of cells", () => {
  const calls = made("calls");
  const c = by(calls);

  it("'double-check Omar's' after a sentence that named one of Omar's cells asks that cell; alone, the column", () => {
    expect(acts("Omar's calendar for Monday noon is 2. Could someone double-check Omar's?", calls)).toEqual([
      c.share("Monday noon", "Omar's calendar", 2),
      c.ask("Monday noon", "Omar's calendar"),
    ]);
    expect(acts("Could someone double-check Omar's?", calls)).toEqual(
      calls.domain.options.map((o) => c.ask(o, "Omar's calendar")),
    );
  });

  it("reads any list of two or three cells and as many levels in order, and nothing when the counts differ", () => {
    const { options, attributes } = bigTeam.domain;
    const b = by(bigTeam);
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.tuple(fc.nat(options.length - 1), fc.nat(attributes.length - 1)), {
          minLength: 2,
          maxLength: 3,
          selector: ([o, a]) => `${o} ${a}`,
        }),
        fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 4, maxLength: 4 }),
        fc.constantFrom("are", "come in at", "sit at"),
        (cells, levels, verb) => {
          const names = cells.map(([o, a]) => `${options[o]}'s ${attributes[a]}`);
          const list = `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
          const values = (n: number) => `${levels.slice(0, n - 1).join(", ")} and ${levels[n - 1]}`;
          expect(acts(`${list} ${verb} ${values(cells.length)}, respectively.`, bigTeam)).toEqual(
            cells.map(([o, a], n) => b.share(options[o] as string, attributes[a] as string, levels[n] as number)),
          );
          const shares = acts(`${list} ${verb} ${values(cells.length + 1)}.`, bigTeam).filter(
            (x) => x.kind === "share",
          );
          expect(shares).toEqual([]);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("a number out of the levels' range in a table row with no attribute is no error; a share's still is", () => {
    const profile = held.heldoutProfile as NaturalTask;
    const table = "| Restaurant | Cells known | Partial sum |\n|---|---|---|\n| A | five | 16 |";
    expect(acts(`${table}\n\nRestaurant B's service is 4.`, profile)).toEqual([
      by(profile).share("Restaurant B", "service", 4),
    ]);
    const bad = parseNatural("| Restaurant | Attribute | Level |\n|---|---|---|\n| A | food quality | 16 |", profile);
    expect(bad.error).toMatch(/level 16 out of range/);
  });
});

describe("option letters", () => {
  it("a sentence-opening 'A' with an attribute and a level is the letter after any sentence opening with another letter", () => {
    const jobs = held.jobs as NaturalTask;
    const j = by(jobs);
    for (const middle of ["C leadership might be 2 or 3, not sure.", "C is strong overall.", ""])
      expect(acts(`C teamwork is 4. ${middle} A communication 5.`, jobs)).toEqual([
        j.share("Candidate C", "teamwork", 4),
        j.share("Candidate A", "communication", 5),
      ]);
  });
});

describe("sources and headings", () => {
  const b = by(bigTeam);

  it("'as posted by Agent 3' after a level, with no pause before it, makes the level that agent's", () => {
    for (const verb of ["posted", "reported", "shared", "given"])
      expect(
        acts(`With Restaurant B's service at 3 as ${verb} by Agent 3, I'm leaning toward Restaurant B.`, bigTeam),
      ).toEqual([{ kind: "propose", option: 1 }]);
    // "as far as I know" is no source
    expect(acts("Restaurant B's service is 3 as far as I know.", bigTeam)).toEqual([
      b.share("Restaurant B", "service", 3),
    ]);
  });

  it("reads every line under '<attribute>, my column:' as the plain heading's (the oracle)", () => {
    const { options, attributes } = bigTeam.domain;
    fc.assert(
      fc.property(
        fc.nat(attributes.length - 1),
        fc.uniqueArray(fc.nat(options.length - 1), { minLength: 2, maxLength: 4 }),
        fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 4, maxLength: 4 }),
        fc.constantFrom("my column", "my col", "my numbers"),
        fc.constantFrom("- ", ""),
        (a, os, levels, tail, bullet) => {
          const lines = os.map((o, n) => `${bullet}${options[o]}: ${levels[n]}`).join("\n");
          const name = attributes[a] as string;
          const heading = `${name[0]?.toUpperCase()}${name.slice(1)}`;
          const oracle = acts(`${heading}:\n${lines}`, bigTeam);
          expect(oracle).toEqual(os.map((o, n) => b.share(options[o] as string, name, levels[n] as number)));
          expect(acts(`${heading}, ${tail}:\n${lines}`, bigTeam)).toEqual(oracle);
        },
      ),
      { numRuns: 60 },
    );
  });
});
