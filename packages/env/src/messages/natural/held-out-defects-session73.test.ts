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

// Session 73: wrong acts and misses of waves 72-74 (fresh505-fresh516), each read after its wave was scored at
// arrival, in sentences of our own.
describe("a request pointing back to the pair just named, put to an agent by name", () => {
  const manor = task("manor");
  const b = by(manor);

  it("asks the agent named as the request's subject or called before its modal", () => {
    const lack = "I have nothing on Lady Ashby's torn glove.";
    expect(acts(`${lack} Could Agent 2 send it?`, manor)).toEqual([b.ask("Lady Ashby", "torn glove", 1)]);
    expect(acts(`${lack} Agent 3, can you post it?`, manor)).toEqual([b.ask("Lady Ashby", "torn glove", 2)]);
    expect(acts("I don't have Lady Ashby's torn glove, so would Agent 2 share it?", manor)).toEqual([
      b.ask("Lady Ashby", "torn glove", 1),
    ]);
  });

  it("takes nothing for an agent the task lacks, a number or a name in the request", () => {
    const lack = "I have nothing on Lady Ashby's torn glove.";
    expect(acts(`${lack} Could Agent 9 send it?`, manor).filter((a) => a.kind === "ask")).toEqual([]);
    expect(acts(`${lack} Could Agent 2 send it as 3?`, manor)).not.toContainEqual(b.ask("Lady Ashby", "torn glove", 1));
    expect(acts(`${lack} Could Agent 2 send Doctor Finch's?`, manor)).not.toContainEqual(
      b.ask("Lady Ashby", "torn glove", 1),
    );
  });
});

describe("a participle alone withdrawing the value before it", () => {
  const calls = task("calls");
  const b = by(calls);

  it("withdraws the share of the sentence before: 'Withdrawn.', 'Retracted — possibly 1.'", () => {
    for (const withdrawal of ["Withdrawn.", "Retracted — possibly 1, I need to look again."])
      expect(acts(`Monday morning, Tomas = 2. ${withdrawal}`, calls)).not.toContainEqual(
        b.share("Monday morning", "Tomas's calendar", 2),
      );
  });

  it("keeps the share where the word opens a clause of other words, and reads a new level after it", () => {
    expect(acts("Monday morning, Tomas = 2. Withdrawn requests aside, Priya is 1.", calls)).toContainEqual(
      b.share("Monday morning", "Tomas's calendar", 2),
    );
    expect(acts("Monday morning, Tomas = 2. Withdrawn, it's 1.", calls)).toEqual([
      b.share("Monday morning", "Tomas's calendar", 1),
    ]);
  });
});

describe("a level said to be another agent's number after 'is'", () => {
  const stalls = task("stalls");
  const b = by(stalls);

  it("is no share of the speaker's, with the possessive or without it", () => {
    for (const text of ["Stall C plants sold 0 is Agent 3's number, not mine.", "C plants sold 0 is agent 3 number."])
      expect(acts(text, stalls)).not.toContainEqual(b.share("Stall C", "plants sold", 0));
  });

  it("keeps the share where the agent agrees or is asked", () => {
    expect(acts("Stall C plants sold is 0 and Agent 3 agrees.", stalls)).toContainEqual(
      b.share("Stall C", "plants sold", 0),
    );
  });
});

describe("an option ruled out is no proposal", () => {
  const meetings = task("meetings");
  const b = by(meetings);

  it("takes no proposal from 'so tue 9am dead for us' or 'Tuesday 9am a no-go for us'", () => {
    for (const text of ["so Tuesday 9am dead for us.", "Tuesday 9am a no-go for us."])
      expect(acts(text, meetings).filter((a) => a.kind === "propose")).toEqual([]);
  });

  it("still reads the option for us as the speaker's pick", () => {
    expect(acts("Tuesday 9am for us.", meetings)).toEqual([b.propose("Tuesday 9am")]);
  });
});

describe("'their' of a column asked of one teammate", () => {
  const jobs = task("jobs");
  const b = by(jobs);
  const before = "Candidates B and D have teamwork of 4 and 2, respectively. ";

  it("asks the options the sentence before named", () => {
    expect(acts(`${before}Could someone fill in their communication?`, jobs)).toEqual([
      b.share("Candidate B", "teamwork", 4),
      b.share("Candidate D", "teamwork", 2),
      b.ask("Candidate B", "communication"),
      b.ask("Candidate D", "communication"),
    ]);
  });

  it("asks the whole column where the whole team is asked for their own, and nothing with no options before", () => {
    expect(acts(`${before}Could everyone post their communication?`, jobs)).toContainEqual(
      b.ask("Candidate A", "communication"),
    );
    expect(acts("Could someone fill in their communication?", jobs).filter((a) => a.kind === "ask")).toEqual([]);
  });
});

describe("the speaker's unclear memory of an option, and a cleft lead of certainty", () => {
  const jobs = task("jobs");
  const b = by(jobs);

  it("takes no proposal from 'my recollection on C is fuzzy' or 'Candidate C, hazy'", () => {
    for (const text of ["My recollection on Candidate C is fuzzy.", "Candidate C, hazy.", "Blurry on Candidate C."])
      expect(acts(text, jobs).filter((a) => a.kind === "propose")).toEqual([]);
  });

  it("reads the statement after 'What I can say flat out is that'", () => {
    expect(acts("What I can say flat out is that C's communication is a 5.", jobs)).toEqual([
      b.share("Candidate C", "communication", 5),
    ]);
    expect(acts("What I can say outright is that C's teamwork is 3.", jobs)).toEqual([
      b.share("Candidate C", "teamwork", 3),
    ]);
  });
});

describe("a question of several cells the speaker answers at once with a paired list", () => {
  const theft = task("theft");
  const b = by(theft);
  const question = "Badge log for Employee B, Employee D and Employee E? ";

  it("shares the levels in the question's order, with the speaker's lead or none", () => {
    for (const answer of [
      "I've got 1, 0, 1 respectively.",
      "1, 0 and 1 respectively.",
      "Mine are 1, 0, 1 in that order.",
    ])
      expect(acts(question + answer, theft)).toEqual([
        b.share("Employee B", "badge log", 1),
        b.share("Employee D", "badge log", 0),
        b.share("Employee E", "badge log", 1),
      ]);
  });

  it("keeps the asks where the answer is hedged, another agent's, unordered or of another length", () => {
    const asks = [b.ask("Employee B", "badge log"), b.ask("Employee D", "badge log"), b.ask("Employee E", "badge log")];
    for (const answer of [
      "Maybe 1, 0, 1 respectively.",
      "Agent 2 has 1, 0, 1 respectively.",
      "I've got 1, 0 and 1.",
      "I've got 1 and 0 respectively.",
    ])
      expect(acts(question + answer, theft).filter((a) => a.kind !== "pass")).toEqual(asks);
  });
});

describe("a misspelt 'respectively'", () => {
  const pantry = task("pantry");
  const b = by(pantry);

  it("pairs the list as the word does, and keeps a list it cannot pair from being read as one level", () => {
    expect(acts("Shelf A and Shelf B have rice bags 2 and 4 respectivly.", pantry)).toEqual([
      b.share("Shelf A", "rice bags", 2),
      b.share("Shelf B", "rice bags", 4),
    ]);
    expect(acts("rice bags on shelf a and onions on shelf b is 2 and 4 respectivly", pantry)).not.toContainEqual(
      b.share("Shelf B", "onions", 2),
    );
  });
});

describe("a paired list over one option's attributes, a later clause naming another attribute only", () => {
  const calls = task("calls");
  const b = by(calls);
  const list = "For Monday evening, Priya's and Omar's calendars are 1 and 2 respectively";

  it("keeps the list: 'no Tomas data here', 'Tomas's I don't have'", () => {
    for (const tail of ["; no Tomas data here.", "; Tomas's I don't have."])
      expect(acts(list + tail, calls)).toEqual([
        b.share("Monday evening", "Priya's calendar", 1),
        b.share("Monday evening", "Omar's calendar", 2),
      ]);
  });

  it("takes nothing where the later clause names a listed attribute or doubts the order", () => {
    for (const tail of ["; not Priya's though.", "; no wait, Tomas."])
      expect(acts(list + tail, calls).filter((a) => a.kind === "share")).toEqual([]);
  });
});

describe("asks of the team by other words", () => {
  it("'What do people have for size?' asks the column", () => {
    const apartments = task("apartments");
    const b = by(apartments);
    expect(acts("What do folks have for size?", apartments)).toEqual(
      apartments.domain.options.map((o) => b.ask(o, "size")),
    );
  });

  it("'Dan availability monday 4pm anyone?' asks the cell; 'anyone' opening no names asks nothing new", () => {
    const meetings = task("meetings");
    const b = by(meetings);
    expect(acts("Dan availability monday 4pm anyone?", meetings)).toEqual([b.ask("Monday 4pm", "Dan's availability")]);
    expect(acts("Dan availability monday 4pm is 1 anyone?", meetings).filter((a) => a.kind === "ask")).toEqual([]);
  });
});

describe("a question the speaker answers at once with the level they hold", () => {
  const restaurants = task("restaurants");
  const b = by(restaurants);

  it("shares it: 'I've got it at (3).', 'I have it as 3.', 'Mine says 3.'", () => {
    for (const answer of ["I've got it at (3).", "I have it as 3.", "Mine says 3."])
      expect(acts(`Service for Restaurant A? ${answer}`, restaurants)).toEqual([b.share("Restaurant A", "service", 3)]);
  });

  it("keeps the ask where the answer is hedged or open", () => {
    for (const answer of ["I have it at 3 maybe.", "I've got it at 3 or 4."])
      expect(acts(`Service for Restaurant A? ${answer}`, restaurants)).toEqual([b.ask("Restaurant A", "service")]);
  });
});

describe("option letters in a row with nothing between them", () => {
  const bigTeam = task("bigTeam");
  const b = by(bigTeam);

  it("are a list of three or more: 'location for A B C D pls', 'menu variety A B E = 3, 4, 1 respectively'", () => {
    expect(acts("Agent 1: location for A B D pls.", bigTeam)).toEqual(
      ["Restaurant A", "Restaurant B", "Restaurant D"].map((o) => b.ask(o, "location", 0)),
    );
    expect(acts("menu variety A B E = 3, 4, 1 respectively", bigTeam)).toEqual([
      b.share("Restaurant A", "menu variety", 3),
      b.share("Restaurant B", "menu variety", 4),
      b.share("Restaurant E", "menu variety", 1),
    ]);
  });

  it("are no list of two, or with a letter repeated", () => {
    expect(acts("location for B C?", bigTeam)).not.toContainEqual(b.ask("Restaurant C", "location"));
    expect(acts("location for B C B?", bigTeam)).not.toContainEqual(b.ask("Restaurant C", "location"));
  });
});

describe("a list item relaying an agent's figure after a dash", () => {
  const theft = task("theft");
  const b = by(theft);

  it("is no share of the speaker's", () => {
    const text =
      "Recap of what others posted:\n- Agent 1 — camera footage for Employee B is 1\n- Agent 2 – desk search for Employee B is 1";
    expect(acts(text, theft).filter((a) => a.kind === "share")).toEqual([]);
  });

  it("keeps a request put to the agent that way, and the speaker's line with no dash", () => {
    expect(acts("Two gaps left:\n1. Agent 3 — desk search for Employee F?", theft)).toEqual([
      b.ask("Employee F", "desk search", 2),
    ]);
    expect(acts("Agent 1 — camera footage for Employee B is 1", theft)).toEqual([
      b.share("Employee B", "camera footage", 1),
    ]);
    expect(acts("Two gaps left:\n1. Agent 4 — desk search for all 6 employees?", theft)).toContainEqual(
      b.ask("Employee C", "desk search"),
    );
  });
});

describe("a slot clean on the speaker's side", () => {
  it("is no proposal", () => {
    const meetings = task("meetings");
    expect(acts("Tuesday 11am is clean on my side.", meetings).filter((a) => a.kind === "propose")).toEqual([]);
  });
});

describe("'before we ...' closing a question", () => {
  const apartments = task("apartments");
  const b = by(apartments);

  it("is the team's next step, no condition: the question still asks", () => {
    for (const text of [
      "Does anyone have C's rent before we lock it in?",
      "Does anyone have C's rent before we decide?",
    ])
      expect(acts(text, apartments)).toEqual([b.ask("Apartment C", "rent")]);
  });

  it("leaves a question naming a level, or 'before' a time of the value's own, asking nothing", () => {
    expect(acts("Was C's rent 3 before we started?", apartments).filter((a) => a.kind === "ask")).toEqual([]);
    expect(acts("Does anyone have C's rent before we moved?", apartments)).not.toContainEqual(
      b.ask("Apartment C", "rent"),
    );
    // the rent before a renovation is another value than the one the table holds
    expect(acts("Does anyone have C's rent before the renovation?", apartments)).not.toContainEqual(
      b.ask("Apartment C", "rent"),
    );
  });
});

describe("an apology leading the speaker's earlier entry with no 'I'", () => {
  const pantry = task("pantry");
  const b = by(pantry);

  it("takes the old value back for the corrected one: 'my bad, said Shelf B had 5 rice bags. correct count is 3.'", () => {
    expect(acts("my bad, said Shelf B had 5 rice bags. correct count is 3.", pantry)).toEqual([
      b.share("Shelf B", "rice bags", 3),
    ]);
  });

  it("keeps a share where 'said' follows no apology", () => {
    expect(acts("Shelf B has 5 rice bags, as said.", pantry)).toContainEqual(b.share("Shelf B", "rice bags", 5));
  });
});

describe("a sentence-opening 'A', a name, 'is a' and a level", () => {
  const restaurants = task("restaurants");
  const b = by(restaurants);

  it("names Restaurant A after a lettered sentence of another option", () => {
    expect(acts("B service 4/5. A food quality is a 2.", restaurants)).toEqual([
      b.share("Restaurant B", "service", 4),
      b.share("Restaurant A", "food quality", 2),
    ]);
  });
});
