import { describe, expect, it } from "vitest";
import { loadNaturalCorpus } from "../../../bench/score-natural-corpus.mjs";
import type { NaturalTask } from "./sentence";
import { type GenerateTaskOptions, generateTask } from "../../generators/generate-task";
import { acts, by } from "./test-sentence";

const corpus = loadNaturalCorpus();
const held = corpus.heldOutTasks as Record<string, NaturalTask>;
/** A task of the corpus by name: its held-out copy, else made from its spec. */
const task = (name: string): NaturalTask =>
  held[name] ?? (generateTask(corpus.tasks?.[name] as unknown as GenerateTaskOptions) as NaturalTask);
const manor = task("manor");

// Session 72: wrong acts and misses of wave 68 (fresh489-fresh492), each read after the wave was scored at arrival,
// in sentences of our own.
describe("a correction's slip remark naming the option the speaker mixed the row up with", () => {
  const b = by(manor);

  it("replaces the restated value, the option of the remark no cell of its own", () => {
    const earlier = "Earlier I put Doctor Finch's broken watch at 3. ";
    expect(acts(`${earlier}It's actually 0; I confused him with Lady Ashby.`, manor)).toEqual([
      b.share("Doctor Finch", "broken watch", 0),
    ]);
    expect(
      acts("Earlier I gave Miss Hartley's library key as 1. It's actually 2; I mixed her up with Lord Ashby.", manor),
    ).toEqual([b.share("Miss Hartley", "library key", 2)]);
  });

  it("keeps the restated value where no verb of mixing up comes before the option, or a level follows it", () => {
    const earlier = "Earlier I put Doctor Finch's broken watch at 3. ";
    for (const remark of ["I agree with Lady Ashby.", "I confused him with Lady Ashby at 2."])
      expect(acts(`${earlier}It's actually 0; ${remark}`, manor)).toContainEqual(
        b.share("Doctor Finch", "broken watch", 3),
      );
  });
});

describe("a second look leading the corrected value", () => {
  const theft = task("theft");
  const b = by(theft);
  const earlier = "Earlier I said Employee B's badge log was 1. ";

  it("replaces the restated value after 'Looking again,', 'Checking again,' or 'On a second look,'", () => {
    for (const lead of ["Looking again, it's a 0.", "Checking again, it's 0.", "On a second look, it's 0."])
      expect(acts(earlier + lead, theft)).toEqual([b.share("Employee B", "badge log", 0)]);
  });

  it("keeps the restated value where the lead is not closed by a pause, or a doubt follows the level", () => {
    for (const lead of ["Looking again it's 0.", "Looking, it's 0 maybe."])
      expect(acts(earlier + lead, theft)).toContainEqual(b.share("Employee B", "badge log", 1));
  });
});

describe("a withdrawal naming the value it withdraws", () => {
  const b = by(manor);

  it("withdraws the share before it: 'Please ignore that figure.', 'Disregard that number entirely.'", () => {
    for (const withdrawal of ["Please ignore that figure.", "Disregard that number entirely."])
      expect(acts(`I'd put Lord Ashby's torn glove at 2. ${withdrawal}`, manor)).not.toContainEqual(
        b.share("Lord Ashby", "torn glove", 2),
      );
  });

  it("keeps the share where the noun names something else", () => {
    expect(acts("I'd put Lord Ashby's torn glove at 2. Please ignore that suspect.", manor)).toContainEqual(
      b.share("Lord Ashby", "torn glove", 2),
    );
  });
});

describe("asks put to 'either of you', and a column asked of an agent named as the subject", () => {
  const bigTeam = task("bigTeam");
  const apartments = task("apartments");
  const b = by(bigTeam);
  const a = by(apartments);

  it("reads 'can either of you share X for D and F?' as the team's asks", () => {
    expect(acts("Can either of you share wait time for Restaurant B and Restaurant E?", bigTeam)).toEqual([
      b.ask("Restaurant B", "wait time"),
      b.ask("Restaurant E", "wait time"),
    ]);
  });

  it("still reads 'either' of a choice as no ask", () => {
    expect(acts("Can you share either wait time or location for Restaurant B?", bigTeam)).toEqual([{ kind: "pass" }]);
  });

  it("reads 'Could Agent 2 send the size column?' as the column asked of Agent 2, and a statement as none", () => {
    const options = ["Apartment A", "Apartment B", "Apartment C", "Apartment D"];
    expect(acts("Could Agent 3 send the rent column?", apartments)).toEqual(options.map((o) => a.ask(o, "rent", 2)));
    expect(acts("Agent 3 has the rent column.", apartments)).toEqual([{ kind: "pass" }]);
  });
});

describe("a paired list closed by a semicolon before a question", () => {
  const apartments = task("apartments");
  const a = by(apartments);

  it("reads the list's shares as a sentence of their own, and the question after it", () => {
    expect(
      acts(
        "Size and quietness for Apartment B are 2 and 4 respectively; could Agent 1 share the rent column?",
        apartments,
      ),
    ).toEqual([
      a.share("Apartment B", "size", 2),
      a.share("Apartment B", "quietness", 4),
      ...["Apartment A", "Apartment B", "Apartment C", "Apartment D"].map((o) => a.ask(o, "rent", 0)),
    ]);
  });

  it("does not split a list that is itself the question", () => {
    expect(
      acts("Are size and quietness for Apartment B 2 and 4 respectively; or the other way?", apartments),
    ).not.toContainEqual(a.share("Apartment B", "size", 2));
  });
});

describe("a remark on how an option did, and a figure marked as another agent's in parentheses", () => {
  const stalls = task("stalls");
  const theft = task("theft");
  const t = by(theft);

  it("reads no proposal from 'rough day for D' or 'slow day for Stall B', and still one from 'Go for D.'", () => {
    expect(acts("slow day for Stall B lol", stalls)).toEqual([{ kind: "pass" }]);
    expect(acts("Tough day for D.", stalls)).toEqual([{ kind: "pass" }]);
    expect(acts("Go for Stall D.", stalls)).toEqual([by(stalls).propose("Stall D")]);
  });

  it("takes no share of a level followed by '(Agent 2's)' or '(Agent 2's, not mine)', and keeps the speaker's own", () => {
    expect(acts("- Employee B — camera footage: 0 (Agent 2's, not mine)", theft)).toEqual([{ kind: "pass" }]);
    expect(acts("Employee C badge log: 1 (Agent 2's)", theft)).toEqual([{ kind: "pass" }]);
    expect(acts("Employee C badge log: 1 (mine)", theft)).toEqual([t.share("Employee C", "badge log", 1)]);
  });
});

describe("a line of one attribute alone over option lines heads them, as with a colon", () => {
  const b = by(task("bigTeam"));
  const bigTeam = task("bigTeam");

  it("reads every line under an attribute, or a person's name, alone on its line", () => {
    expect(acts("wait time\nRestaurant C 2\nRestaurant E 4\nRestaurant F 1", bigTeam)).toEqual([
      b.share("Restaurant C", "wait time", 2),
      b.share("Restaurant E", "wait time", 4),
      b.share("Restaurant F", "wait time", 1),
    ]);
    const meetings = task("meetings");
    const m = by(meetings);
    expect(acts("dan (mine)\nMonday 9am 0\nTuesday 11am 1", meetings)).toEqual([
      m.share("Monday 9am", "Dan's availability", 0),
      m.share("Tuesday 11am", "Dan's availability", 1),
    ]);
  });

  it("does not head lines that open with no option, or a line holding more than the attribute", () => {
    expect(acts("wait time\nis what I lack\nRestaurant C 2", bigTeam)).not.toContainEqual(
      b.share("Restaurant C", "wait time", 2),
    );
    expect(acts("wait time matters most\nRestaurant C 2\nRestaurant E 4", bigTeam)).not.toContainEqual(
      b.share("Restaurant E", "wait time", 4),
    );
  });
});

describe("'u' for 'you' after a modal", () => {
  const theft = task("theft");
  const t = by(theft);

  it("reads 'can u check X' as 'can you check X', and 'u' elsewhere as it was", () => {
    expect(acts("@Agent 2 can u check badge log for Employee C", theft)).toEqual([t.ask("Employee C", "badge log", 1)]);
    expect(acts("could u share camera footage for Employee B?", theft)).toEqual([
      t.ask("Employee B", "camera footage"),
    ]);
    expect(acts("can u", theft)).toEqual(acts("can you", theft));
  });
});
