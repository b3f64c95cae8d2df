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

describe("a request to replace the speaker's own entry with a new level", () => {
  const restaurants = task("restaurants");
  const b = by(restaurants);

  it("shares the new level after 'with' / 'to', the old one named or not", () => {
    for (const text of [
      "Please replace my earlier Restaurant B service (3) with 1.",
      "Update — please replace my earlier Restaurant B service (3) with 1.",
      "Please change my Restaurant B service from 3 to 1.",
      "Kindly update the service for Restaurant B to 1.",
    ])
      expect(acts(text, restaurants)).toEqual([b.share("Restaurant B", "service", 1)]);
  });

  it("takes nothing for another agent's entry, two old values, two pairs or a new level the clause doubts", () => {
    for (const text of [
      "Agent 2, please replace Restaurant B's service with 1 or 2.",
      "Please change Restaurant B service from 3 or 4 to 1 or 2.",
      "Please replace Restaurant B service and Restaurant C ambience with 1.",
    ])
      expect(read(text, restaurants)).not.toContainEqual(b.share("Restaurant B", "service", 1));
    expect(read("Please replace Restaurant B with Restaurant C.", restaurants)).toEqual([]);
  });
});

describe("a level said as a multiplier before the weight word", () => {
  const jobs = task("jobs");

  it("is the weight, no level: the correction before it stands", () => {
    expect(
      acts("I posted Candidate D's leadership as 3. The correct value is 5, which matters with the 5x weight.", jobs),
    ).toEqual([by(jobs).share("Candidate D", "leadership", 5)]);
    expect(acts("Candidate D has leadership 2, even with a ×5 weighting.", jobs)).toEqual([
      by(jobs).share("Candidate D", "leadership", 2),
    ]);
  });
});

describe("the addressee's account relayed", () => {
  const restaurants = task("restaurants");
  const b = by(restaurants);

  it("shares nothing said 'by your account', and still the speaker's own after it", () => {
    const text = "So, by your account, Restaurant B has service 5. My own numbers for Restaurant B: ambience 3.";
    expect(acts(text, restaurants)).toEqual([b.share("Restaurant B", "ambience", 3)]);
    expect(acts("By my account, Restaurant B has service 5.", restaurants)).toEqual([
      b.share("Restaurant B", "service", 5),
    ]);
  });
});

describe("whole columns the speaker lacks, then a request for them at every option", () => {
  const restaurants = task("restaurants");
  const b = by(restaurants);
  const columns = (attributes: string[], to?: number) =>
    attributes.flatMap((a) =>
      ["Restaurant A", "Restaurant B", "Restaurant C"].map((o) => (to === undefined ? b.ask(o, a) : b.ask(o, a, to))),
    );

  it("asks each column lacked at each option for 'all three' (the task's count)", () => {
    const lack = "I don't have ambience or value for money at all.";
    expect(read(`${lack} Could someone fill those in for all three?`, restaurants)).toEqual(
      columns(["ambience", "value for money"]),
    );
    expect(read(`${lack} Could someone fill those in for all 3?`, restaurants)).toEqual(
      columns(["ambience", "value for money"]),
    );
    expect(read("I do not have service. Agent 2, could you share it for all three?", restaurants)).toEqual(
      columns(["service"], 1),
    );
  });

  it("asks nothing without the count, for another count or a lack of one option's cell", () => {
    expect(read("I don't have ambience. Could someone share it?", restaurants)).toEqual([]);
    expect(read("I don't have ambience. Could someone share it for all four?", restaurants)).toEqual([]);
    expect(read("I don't have ambience for B. Could someone share it for all three?", restaurants)).not.toContainEqual(
      b.ask("Restaurant A", "ambience"),
    );
  });
});

describe("a '?' that is a blank cell of an aligned row", () => {
  const manor = task("manor");

  it("asks nothing, where a '?' closing a question still asks", () => {
    const grid = "Lord Ashby     glove 1   key 0\nMiss Hartley   glove ?   key 1 (might be 2)";
    expect(read(grid, manor).filter((a) => a.kind === "ask")).toEqual([]);
    expect(read("Anyone have Miss Hartley torn glove ?  I need it.", manor)).toContainEqual(
      by(manor).ask("Miss Hartley", "torn glove"),
    );
  });
});

describe("rows under a heading that disowns them", () => {
  const bigTeam = task("bigTeam");
  const b = by(bigTeam);
  const rows = "Restaurant A — cleanliness 3, location 5\nRestaurant C — cleanliness 5";

  it("shares none of the rows, and the speaker's own line after a blank line", () => {
    const heading = "What I've collected (not my own numbers, all relayed from Agents 1 and 2):";
    expect(read(`${heading}\n\n${rows}\n\nMy own: Restaurant B has service 2.`, bigTeam)).toEqual([
      b.share("Restaurant B", "service", 2),
    ]);
    expect(read(`Others' figures (not mine):\n${rows}`, bigTeam)).toEqual([]);
  });

  it("shares the rows under a heading of the speaker's own, and a row-like line after the block", () => {
    expect(read(`My numbers:\n\n${rows}`, bigTeam)).toContainEqual(b.share("Restaurant A", "location", 5));
    const heading = "Collected claims (not mine):\n- Agent 1: Restaurant A cleanliness 3";
    expect(read(`${heading}\n\nIf Agent 1 is right, A is fine. My own: Restaurant B service = 2.`, bigTeam)).toEqual([
      b.share("Restaurant B", "service", 2),
    ]);
  });
});

describe("a structured ask put to the agent the line under its block names", () => {
  const bigTeam = task("bigTeam");
  const b = by(bigTeam);
  const block = '{"menu variety": {"Restaurant C": 5}, "need": "location for Restaurant C"}';

  it("addresses the ask to that agent where the line takes no act of its own", () => {
    expect(read(`${block}\nAgent 4 — you had location, right?`, bigTeam)).toContainEqual(
      b.ask("Restaurant C", "location", 3),
    );
  });

  it("leaves it to the team under a line of its own question or of no agent", () => {
    const own = read(`${block}\nAgent 4, what's Restaurant B's service?`, bigTeam);
    expect(own).toContainEqual(b.ask("Restaurant C", "location"));
    expect(read(`${block}\nAnyone had location, right?`, bigTeam)).toContainEqual(b.ask("Restaurant C", "location"));
  });
});

describe("a recount replacing the speaker's earlier value", () => {
  const pantry = task("pantry");
  const b = by(pantry);

  it("shares the recounted level, not the earlier one", () => {
    const earlier = "Earlier I told you Shelf B had 1 rice bag;";
    for (const recount of ["I recounted and it's 3.", "on a recount it's 3.", "after a recount it's 3."])
      expect(acts(`${earlier} ${recount}`, pantry)).toEqual([b.share("Shelf B", "rice bags", 3)]);
  });

  it("keeps the earlier value where the recount gives no level of its own", () => {
    expect(acts("Earlier I told you Shelf B had 1 rice bag; I recounted and I'm not sure.", pantry)).not.toContainEqual(
      b.share("Shelf B", "rice bags", 3),
    );
  });
});

describe("a corrected value with the slip explained after it", () => {
  const apartments = task("apartments");
  const b = by(apartments);
  const admitted = "I had Apartment D's neighbourhood wrong above.";

  it("reads the value before a closing remark on the slip, the old one named before it or not", () => {
    for (const value of [
      "It's 5, not 3 — I was reading B's row.",
      "It's 5; I misread the row.",
      "It's 5, not 3; I misread it.",
    ])
      expect(acts(`${admitted} ${value}`, apartments)).toEqual([b.share("Apartment D", "neighbourhood", 5)]);
  });

  it("reads nothing where the remark holds a number of its own", () => {
    expect(read(`${admitted} It's 5, not 3; I misread row 4.`, apartments)).toEqual([]);
  });
});

describe("the speaker's earlier entry corrected in the past tense", () => {
  const apartments = task("apartments");
  const b = by(apartments);

  it("shares the value after 'it was actually' / 'it was really', not the entry", () => {
    for (const indeed of ["actually", "really"])
      expect(acts(`I wrote Apartment C's rent as 3, but it was ${indeed} 1.`, apartments)).toEqual([
        b.share("Apartment C", "rent", 1),
      ]);
  });

  it("keeps the entry where 'it was' has no 'actually'", () => {
    expect(acts("I wrote Apartment C's rent as 3, but it was 1.", apartments)).not.toContainEqual(
      b.share("Apartment C", "rent", 1),
    );
  });
});

describe("the scale's top glossed in brackets after a level", () => {
  const manor = task("manor");
  const b = by(manor);

  it("is no level where it is the task's top: the item and the ones after it read", () => {
    expect(acts("Lady Ashby: torn glove rates 1 (out of a max of 3), poison bottle two.", manor)).toEqual([
      b.share("Lady Ashby", "torn glove", 1),
      b.share("Lady Ashby", "poison bottle", 2),
    ]);
    expect(acts("Lady Ashby: torn glove rates 1 (max 3).", manor)).toEqual([b.share("Lady Ashby", "torn glove", 1)]);
  });

  it("stays where it is not the task's top", () => {
    expect(read("Lady Ashby: torn glove rates 1 (out of 2).", manor)).toEqual([]);
  });
});
