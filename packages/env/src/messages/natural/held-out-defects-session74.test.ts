import { describe, expect, it } from "vitest";
import { loadNaturalCorpus } from "../../../bench/score-natural-corpus.mjs";
import type { NaturalTask } from "./sentence";
import { type GenerateTaskOptions, generateTask } from "../../generators/generate-task";
import { acts, by } from "./test-sentence";
import { naturalTokens } from "../natural-tokens";
import type { Act } from "../act";

const corpus = loadNaturalCorpus();
const held = corpus.heldOutTasks as Record<string, NaturalTask>;
/** A task of the corpus by name: its held-out copy, else made from its spec. */
const task = (name: string): NaturalTask =>
  held[name] ?? (generateTask(corpus.tasks?.[name] as unknown as GenerateTaskOptions) as NaturalTask);
/** The acts read, the pass of a message that gave none left out. */
const read = (text: string, t: NaturalTask): Act[] => acts(text, t).filter((a) => a.kind !== "pass");

// Session 74: wrong acts and misses of waves 80-81 (fresh537-fresh544), each read after its wave was scored at
// arrival, in sentences of our own.
describe("inline TeX math read as its plain words", () => {
  const pantry = task("pantry");
  const stalls = task("stalls");
  const restaurants = task("restaurants");

  it("reads a number between math dollars, with '=' and a sign inside, and \\text / \\boxed names", () => {
    expect(acts("Shelf A has $3$ onions.", pantry)).toEqual([by(pantry).share("Shelf A", "onions", 3)]);
    expect(acts("Stall B plants sold $= -1$.", stalls)).toEqual([by(stalls).share("Stall B", "plants sold", -1)]);
    expect(acts("$\\text{Restaurant C}$ service $= 2$.", restaurants)).toEqual([
      by(restaurants).share("Restaurant C", "service", 2),
    ]);
    expect(acts("So my pick is $\\boxed{\\text{Restaurant A}}$.", restaurants)).toEqual([
      by(restaurants).propose("Restaurant A"),
    ]);
  });

  it("leaves a dollar price alone, and keeps every token's offsets in the written text", () => {
    expect(read("Shelf A has $3 onions.", pantry)).toEqual([]);
    expect(read("Shelf A costs $3 and $4 onions.", pantry)).toEqual([]);
    const text = "Stall B plants sold $= -1$ today.";
    for (const t of naturalTokens(text)) expect(text.slice(t.start, t.end).toLowerCase()).toContain(t.word);
  });
});

describe("a list line offering two levels", () => {
  const restaurants = task("restaurants");
  const b = by(restaurants);

  it("gives nothing for that line and keeps the heading for the lines after it", () => {
    expect(acts("Service:\n- Restaurant A: 3 or 4\n- Restaurant B: 2", restaurants)).toEqual([
      b.share("Restaurant B", "service", 2),
    ]);
  });
});

describe("a share withdrawn because the speaker read another option's row", () => {
  const jobs = task("jobs");
  const b = by(jobs);

  it("withdraws the share just made: 'but I was reading Candidate C's row'", () => {
    expect(read("I said Candidate A's teamwork was 4, but I was reading Candidate C's row.", jobs)).toEqual([]);
    expect(read("Candidate A's teamwork is 4, since I was looking at Candidate C's line.", jobs)).toEqual([]);
  });

  it("keeps the share where the row named is its own option or the remark goes on", () => {
    expect(acts("Candidate A's teamwork is 4, but I was reading Candidate A's row.", jobs)).toEqual([
      b.share("Candidate A", "teamwork", 4),
    ]);
    expect(acts("Candidate A's teamwork is 4, but I was reading Candidate C's row for leadership too.", jobs)).toEqual([
      b.share("Candidate A", "teamwork", 4),
    ]);
    // the remark explaining a value the sentence already corrected
    expect(
      acts(
        "I told you Candidate A's teamwork was 2, but it's actually a 4 — I was looking at Candidate C's row.",
        jobs,
      ),
    ).toEqual([b.share("Candidate A", "teamwork", 4)]);
  });

  it("withdraws it where the withdrawal names the share's option, not another", () => {
    const said = "I said Candidate A's teamwork was 4 — please disregard that number";
    expect(read(`${said} for Candidate A.`, jobs)).toEqual([]);
    expect(acts(`${said} for Candidate B.`, jobs)).toContainEqual(b.share("Candidate A", "teamwork", 4));
  });
});

describe("a question put to an agent by the word for 'to' of another language", () => {
  const jobs = task("jobs");
  const b = by(jobs);

  it("asks the agent after 'an', 'aan', 'para' and 'à' before a colon", () => {
    for (const lead of ["Frage an", "Vraag aan", "Pregunta para", "Question à"])
      expect(acts(`${lead} Agent 2: what's Candidate C's leadership?`, jobs)).toEqual([
        b.ask("Candidate C", "leadership", 1),
      ]);
  });

  it("puts the question to no one without the colon after the agent", () => {
    expect(acts("Frage an Agent 2 what's Candidate C's leadership?", jobs)).not.toContainEqual(
      b.ask("Candidate C", "leadership", 1),
    );
  });
});

describe("what was reasoned making an option the speaker's pick", () => {
  const manor = task("manor");
  const b = by(manor);

  it("proposes the option after 'which makes' / 'that made' and an owned choice noun closing the clause", () => {
    const shared = "Lord Ashby has the library key at 1";
    expect(acts(`${shared}, which makes Lady Ashby my top suspect.`, manor)).toEqual([
      b.share("Lord Ashby", "library key", 1),
      b.propose("Lady Ashby"),
    ]);
    expect(acts(`${shared}; that made Doctor Finch our pick.`, manor)).toContainEqual(b.propose("Doctor Finch"));
  });

  it("proposes nothing where the clause goes on or the noun is no choice", () => {
    const shared = "Lord Ashby has the library key at 1";
    expect(acts(`${shared}, which makes Lady Ashby my top suspect for the glove.`, manor)).not.toContainEqual(
      b.propose("Lady Ashby"),
    );
    expect(acts(`${shared}, which makes Lady Ashby my problem.`, manor)).not.toContainEqual(b.propose("Lady Ashby"));
  });
});
