import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loadNaturalCorpus } from "../../../bench/score-natural-corpus.mjs";
import { parseNatural } from "../parse-natural";
import type { NaturalTask } from "./sentence";
import { calls, manor, restaurants, share, stalls } from "./test-sentence";

// Session 50: the shapes of fresh101-fresh103 (written before these rules: a standard mix of small models' voices,
// JSON / YAML / paired lists / corrections, proposals and addressed questions), each read by a rule with its limits.
const nothing = [{ kind: "pass" }];
const held = loadNaturalCorpus().heldOutTasks as Record<string, NaturalTask>;
const theft = held.theft as NaturalTask;
const pantry = held.pantry as NaturalTask;
const bigTeam = held.bigTeam as NaturalTask;
const apartments = held.apartments as NaturalTask;
const meetings = held.meetings as NaturalTask;
const acts = (text: string, task: NaturalTask = restaurants) => parseNatural(text, task).acts;
const propose = (option: number) => ({ kind: "propose", option });
const fence = (lang: string, body: string) => `\`\`\`${lang}\n${body}\n\`\`\``;

describe("levels at the leaves of JSON and YAML keyed by names (name-path-acts.ts)", () => {
  it("a map keyed by option then attribute, either way round, reads each leaf (property, against a table oracle)", () => {
    const { options, attributes } = restaurants.domain;
    fc.assert(
      fc.property(
        fc.uniqueArray(
          fc.tuple(fc.nat(options.length - 1), fc.nat(attributes.length - 1), fc.integer({ min: 1, max: 5 })),
          {
            minLength: 1,
            maxLength: 5,
            selector: ([o, a]) => `${o}/${a}`,
          },
        ),
        fc.boolean(),
        fc.boolean(),
        (cells, byAttribute, yaml) => {
          const tree: Record<string, Record<string, number>> = {};
          for (const [o, a, l] of cells) {
            const [outer, inner] = byAttribute ? [attributes[a], options[o]] : [options[o], attributes[a]];
            tree[outer as string] = { ...tree[outer as string], [inner as string]: l };
          }
          const text = yaml
            ? fence(
                "yaml",
                Object.entries(tree)
                  .map(
                    ([k, v]) =>
                      `${k}:\n${Object.entries(v)
                        .map(([i, l]) => `  ${i}: ${l}`)
                        .join("\n")}`,
                  )
                  .join("\n"),
              )
            : fence("json", JSON.stringify(tree, null, 2));
          // the oracle: every cell once, in the order the tree lists them
          const expected = Object.entries(tree).flatMap(([k, v]) =>
            Object.entries(v).map(([i, l]) =>
              byAttribute
                ? share(options.indexOf(i), attributes.indexOf(k), l)
                : share(options.indexOf(k), attributes.indexOf(i), l),
            ),
          );
          expect(acts(text)).toEqual(expected);
        },
      ),
      { numRuns: 60, seed: 50 },
    );
  });

  it("an object naming its option by value, its levels under a container key; the question in words beside it", () => {
    const text = fence(
      "json",
      '{\n  "shelf": "Shelf A",\n  "counts": {"apples": 1, "onions": 5, "rice bags": 0},\n  "question": "How many rice bags are on Shelf B?"\n}',
    );
    expect(acts(`Counts from my side of Shelf A:\n${text}`, pantry)).toEqual([
      share(0, 0, 1),
      share(0, 1, 5),
      share(0, 2, 0),
      { kind: "ask", option: 1, attribute: 2 },
    ]);
  });

  it("letters and people name their cells by value; an addressed question key gives the addressee", () => {
    const json = fence(
      "json",
      '{"recommendation": "Restaurant B", "known_values": [{"restaurant": "B", "attribute": "food quality", "value": "5"}], "ask": {"to": "Agent 4", "restaurant": "B", "attribute": "wait time"}}',
    );
    expect(acts(json, bigTeam)).toEqual([propose(1), { kind: "ask", option: 1, attribute: 7, to: 3 }, share(1, 0, 5)]);
    const yaml = fence("yaml", "question_for_agent_5:\n  option: Restaurant F\n  attribute: menu variety");
    expect(acts(yaml, bigTeam)).toEqual([{ kind: "ask", option: 5, attribute: 6, to: 4 }]);
    expect(acts(fence("", "Monday 4pm:\n  Carol: 0\n  Dan: 0\nvote: Monday 2pm"), meetings)).toEqual([
      propose(2),
      share(3, 2, 0),
      share(3, 3, 0),
    ]);
  });

  it("a list of one-key maps under an option; 'accuse' and 'final_answer' propose", () => {
    expect(
      acts(fence("yaml", "Apartment B:\n  - natural light: 5\n  - size: 1\nfinal_answer: Apartment C"), apartments),
    ).toEqual([propose(2), share(1, 3, 5), share(1, 1, 1)]);
    expect(
      acts(fence("json", '{"evidence": {"Doctor Finch": {"library key": 3}}, "accuse": "Doctor Finch"}'), manor),
    ).toEqual([share(2, 2, 3), propose(2)]);
  });

  it("an option key naming no option is refused, never replaced by another value's option", () => {
    const r = parseNatural(
      fence(
        "json",
        '{"act": "share", "option": "Restaurant Z", "attribute": "service", "level": 4, "versus": "Restaurant A"}',
      ),
      restaurants,
    );
    expect(r.acts).toEqual(nothing);
    expect(r.unparsed?.join(" ")).toMatch(/share\.option: unknown name "Restaurant Z"/);
  });

  it("'action: propose' over an evidence list proposes the option its other values name", () => {
    const text = fence(
      "yaml",
      "action: propose\nsuspect: Employee A\nevidence:\n  - employee: Employee D\n    parking log: 0",
    );
    expect(acts(text, theft)).toEqual([propose(0), share(3, 4, 0)]);
  });

  it("others' words take nothing: their keys, an intro crediting the value to them; totals and weights name no cell", () => {
    expect(acts(fence("json", '{"from_agent_2": {"Restaurant A": {"service": 4}}}'))).toEqual(nothing);
    expect(acts(fence("json", '{"reported": {"Restaurant A": {"service": 4}}}'))).toEqual(nothing);
    expect(acts(`Here is what Agent 2 sent:\n${fence("json", '{"Restaurant A": {"service": 4}}')}`)).toEqual(nothing);
    expect(acts(fence("json", '{"totals": {"Restaurant A": 14}, "weights": {"service": 3}}'))).toEqual(nothing);
    // a level out of range takes that leaf only, and says why
    const r = parseNatural(fence("json", '{"Restaurant A": {"ambience": 5, "service": 0}}'), restaurants);
    expect(r.acts).toEqual([share(0, 2, 5)]);
    expect(r.unparsed?.join(" ")).toMatch(/share\.level: 0 out of range/);
  });

  it("YAML without a fence: an indented label line is a sentence of its own, so each heading takes its own lines", () => {
    const text = "availability:\n  Monday 4pm:\n    Carol: 0\n    Dan: 0\n  Tuesday 11am:\n    Dan: 0";
    expect(acts(text, meetings)).toEqual([share(3, 2, 0), share(3, 3, 0), share(5, 3, 0)]);
    expect(acts("Monday 4pm:\n  Carol: 0\nMonday 2pm:\n  Dan: 1", meetings)).toEqual([share(3, 2, 0), share(2, 3, 1)]);
    // indented prose is still one sentence across its lines
    expect(acts("Restaurant A has\n  service 4.")).toEqual([share(0, 1, 4)]);
  });

  it("a pass said twice, in words and as JSON, is one pass", () => {
    const text =
      'Nothing new on my shelves; I\'ve already posted everything I can see.\n\n```json\n{"act": "pass"}\n```';
    expect(acts(text, pantry)).toEqual(nothing);
    expect(acts('```json\n{"act": "pass"}\n```', pantry)).toEqual(nothing);
    // two passes in words stay two (the natural surface round-trips every act list)
    expect(acts("Nothing to add. Nothing to add.", pantry)).toEqual([...nothing, ...nothing]);
  });

  it("never throws and stays bounded on deep or wide values (property)", () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 8 }), (value) => {
        const r = parseNatural(`\`\`\`json\n${JSON.stringify(value)}\n\`\`\``, restaurants);
        expect(r.acts.length).toBeLessThanOrEqual(65);
      }),
      { numRuns: 150, seed: 50 },
    );
  });
});

describe("paired lists (paired-shares.ts, parallel-shares.ts)", () => {
  it("one level for a list of options after 'for', more lists after it", () => {
    expect(acts("Phone records come back 0 for Employees C, E and F, and 1 for A and B.", theft)).toEqual([
      share(2, 5, 0),
      share(4, 5, 0),
      share(5, 5, 0),
      share(0, 5, 1),
      share(1, 5, 1),
    ]);
    expect(acts("Phone records are 0 for C, E and F.", theft)).toEqual([
      share(2, 5, 0),
      share(4, 5, 0),
      share(5, 5, 0),
    ]);
  });

  it("an attribute heading over options given one level 'all' / 'both', and no level shared without them", () => {
    expect(acts("Rent levels: A, C and D are all 2, B is 3.", apartments)).toEqual([
      share(0, 0, 2),
      share(2, 0, 2),
      share(3, 0, 2),
      share(1, 0, 3),
    ]);
    expect(acts("Rent: A, C and D are 2.", apartments)).toEqual(nothing);
  });

  it("'probably' before paired levels states them; 'maybe' does not", () => {
    const text = (hedge: string) => `Omar's and Lena's calendars for Monday morning are ${hedge} 2 and 1.`;
    expect(acts(text("probably"), calls)).toEqual([share(0, 1, 2), share(0, 2, 1)]);
    expect(acts(text("maybe"), calls)).toEqual(nothing);
  });

  it("attributes given one level 'both', then the same option's items; 'both a 2' for the option talked about", () => {
    expect(acts("Candidate D's technical skill and teamwork are both 5, and communication is a 3.", held.jobs)).toEqual(
      [share(3, 1, 5), share(3, 3, 5), share(3, 2, 3)],
    );
    expect(acts("Priya's and Omar's calendars are both a 2 for Tuesday morning.", calls)).toEqual([
      share(3, 0, 2),
      share(3, 1, 2),
    ]);
    expect(
      acts("Tuesday morning works. Priya's and Omar's calendars are both 2 for it in what I can see.", calls),
    ).toEqual([share(3, 0, 2), share(3, 1, 2)]);
  });
});

describe("more paired lists and headings (paired-shares.ts, attribute-heading.ts)", () => {
  it("more attributes paired with the same options; counts that differ take nothing", () => {
    expect(acts("Restaurants D and E: location 4 and 5, menu variety 5 and 3.", bigTeam)).toEqual([
      share(3, 5, 4),
      share(4, 5, 5),
      share(3, 6, 5),
      share(4, 6, 3),
    ]);
    expect(acts("Restaurants D and E: location 4 and 5, menu variety 5, 3 and 2.", bigTeam)).toEqual(nothing);
  });

  it("the speaker's lead before an attribute heading; another agent's heading heads nothing", () => {
    const list = "\n- Employee B: 0\n- Employee D: 1";
    for (const heading of [
      "Here is my slice of the camera footage:",
      "My camera footage:",
      "What I have for camera footage:",
    ])
      expect(acts(heading + list, theft)).toEqual([share(1, 1, 0), share(3, 1, 1)]);
    expect(acts(`Agent 2's camera footage:${list}`, theft)).toEqual(nothing);
  });

  it("heading items joined by 'while', a verb and 'at' before the level", () => {
    expect(acts("Plants sold: Stalls A, B and D are all at -1, while C sits at 2.", stalls)).toEqual([
      share(0, 3, -1),
      share(1, 3, -1),
      share(3, 3, -1),
      share(2, 3, 2),
    ]);
  });

  it("options 'both sit at 4 for service'; without 'both' nothing", () => {
    expect(acts("Restaurant B and Restaurant C both sit at 4 for service.")).toEqual([share(1, 1, 4), share(2, 1, 4)]);
    // a plain verb of no filler list before the level
    expect(acts("Restaurant B and Restaurant C both land at 4 for service.")).toEqual([share(1, 1, 4), share(2, 1, 4)]);
    expect(acts("Restaurant B and Restaurant C sit at 4 for service.")).toEqual(nothing);
  });

  it("'a perfect score' is the scale's top, wherever the lead words end", () => {
    expect(acts("Restaurant C's wait time is a perfect score.", bigTeam)).toEqual([share(2, 7, 5)]);
    expect(acts("Restaurant C gets a perfect score for wait time.", bigTeam)).toEqual([share(2, 7, 5)]);
    expect(acts("Lord Ashby's torn glove is a perfect score.", manor)).toEqual([share(0, 1, 3)]);
    expect(acts("Restaurant C has a perfect score of 3 for wait time.", bigTeam)).toEqual([share(2, 7, 3)]);
  });
});

describe("one level for two attributes, and an option's possessive carrying the attribute before (share-items.ts, sentence-reading.ts)", () => {
  it("'scores 5 on ambience and value for money' closing its clause gives both; another clause after it does not", () => {
    expect(
      acts("Restaurant B scores 5 on ambience and value for money; Restaurant D gets a 5 for service.", bigTeam),
    ).toEqual([share(1, 2, 5), share(1, 3, 5), share(3, 1, 5)]);
    expect(acts("Restaurant B scores 5 on ambience and value for money is 3.")).not.toContainEqual(share(1, 3, 5));
  });

  it("'Restaurant A's: 4/5.' after one share takes its attribute; 'Restaurant A's?' asks it; nothing without a share before", () => {
    expect(acts("Restaurant B's value for money: 5/5. Restaurant A's: 4/5.")).toEqual([share(1, 3, 5), share(0, 3, 4)]);
    expect(acts("Restaurant B's value for money is 5. Restaurant A's is a 4.")).toEqual([
      share(1, 3, 5),
      share(0, 3, 4),
    ]);
    expect(acts("Restaurant B's value for money is 5. Restaurant A's?")).toEqual([
      share(1, 3, 5),
      { kind: "ask", option: 0, attribute: 3 },
    ]);
    expect(acts("I like it. Restaurant A's: 4/5.")).toEqual(nothing);
    expect(acts("Restaurant B's value for money is 5. Restaurant B's: 4/5.")).toEqual([share(1, 3, 5)]);
  });
});

describe("levels in parentheses after an attribute's name (parenthesized-levels.ts)", () => {
  it("the sentence's one option, or the option talked about; each '(level)' alone after its attribute", () => {
    expect(
      acts("Final answer: **Doctor Finch**. The poison bottle (3) and library key (3) point to him strongly.", manor),
    ).toEqual([propose(2), share(2, 3, 3), share(2, 2, 3)]);
    expect(acts("My vote goes to **Stall D**. It leads in cakes sold (2) on my end.", stalls)).toEqual([
      propose(3),
      share(3, 0, 2),
    ]);
    expect(acts("Restaurant B leads on value for money (5) and ambience (5) in my data.")).toEqual([
      share(1, 3, 5),
      share(1, 2, 5),
    ]);
  });

  it("every '(level)' after a distinct attribute goes to the one option named (property, against the cells written)", () => {
    const { options, attributes } = bigTeam.domain;
    fc.assert(
      fc.property(
        fc.nat(options.length - 1),
        fc.uniqueArray(fc.tuple(fc.nat(attributes.length - 1), fc.integer({ min: 1, max: 5 })), {
          minLength: 1,
          maxLength: 3,
          selector: ([a]) => a,
        }),
        (o, cells) => {
          const list = cells.map(([a, l]) => `${attributes[a]} (${l})`);
          const joined = list.length === 1 ? list[0] : `${list.slice(0, -1).join(", ")} and ${list.at(-1)}`;
          const text = `I'm impressed by ${options[o]}, mostly for its ${joined}.`;
          expect(acts(text, bigTeam)).toEqual(cells.map(([a, l]) => share(o, a, l)));
        },
      ),
      { numRuns: 60, seed: 50 },
    );
  });

  it("two options named, no option at all, more than a level in the parenthesis, or a negation: nothing", () => {
    for (const text of [
      "Restaurant A beats Restaurant B on service (4).",
      "Service (4) is what matters.",
      "Restaurant B leads on service (4 vs 2).",
      "Restaurant B doesn't lead on service (4).",
      "If Restaurant B's service (4) holds, fine.",
    ])
      expect(acts(text)).toEqual(nothing);
  });
});

describe("proposals (proposal-cues.ts, verbless-proposal.ts)", () => {
  it("siding with other agents on an option", () => {
    expect(acts("I'm with Agent 2 on C.")).toEqual([propose(2)]);
    expect(acts("I'll go along with what Agent 1 and Agent 3 proposed: Restaurant C for the group.")).toEqual([
      propose(2),
    ]);
    expect(acts("I'm with Agent 2 on this: C is overrated.")).toEqual(nothing);
    expect(acts("I'm with Agent 2 on C's service, it's 4.")).not.toContainEqual(propose(2));
  });

  it("'the clear winner', 'comes out on top', 'that leaves X as our answer'; not for one attribute, not predicted", () => {
    expect(acts("Stall D is the clear winner.", stalls)).toEqual([propose(3)]);
    expect(acts("Stall D comes out on top.", stalls)).toEqual([propose(3)]);
    expect(acts("That leaves **Employee A** as our answer.", theft)).toEqual([propose(0)]);
    for (const text of [
      "Stall D is the winner.",
      "Stall D is the clear winner on cakes sold.",
      "Stall D comes out on top for cakes sold.",
      "I think Stall D will come out on top.",
    ])
      expect(acts(text, stalls)).toEqual(nothing);
    expect(acts("That leaves Employee A as the only suspect.", theft)).toEqual(nothing);
  });

  it("fresh109's forms: 'my money is still on', 'D for me' after a semicolon, 'my selection', 'agree with Agent 3's call on'", () => {
    expect(acts("That isn't enough to move me - my money is still on Finch.", manor)).toEqual([propose(2)]);
    expect(acts("C is out; D for me.", stalls)).toEqual([propose(3)]);
    expect(acts("Stall D for me and Stall C for Agent 2.", stalls)).toEqual(nothing);
    expect(acts("Stall D: cakes sold 2. That's my selection.", stalls)).toEqual([share(3, 0, 2), propose(3)]);
    expect(acts("My selection of cakes is small.", stalls)).toEqual(nothing);
    expect(acts("Agree with Agent 3's call on Monday 2pm — put me down for it too.", meetings)).toEqual([propose(2)]);
  });

  it("'even if' concedes: the choice after it stands, a level inside it is not stated; 'if' still holds it back", () => {
    expect(acts("Even if Restaurant B's cleanliness is 1, I'd go with Restaurant B.", bigTeam)).toEqual([propose(1)]);
    expect(acts("If Restaurant B's cleanliness is 1, I'd go with Restaurant F.", bigTeam)).toEqual(nothing);
  });

  it("'Until ...,' opening the sentence says how long the choice holds", () => {
    expect(acts("Until something turns up there, I'm standing by Employee A as the culprit.", theft)).toEqual([
      propose(0),
    ]);
    expect(acts("Until Agent 2 answers, I won't back Employee A.", theft)).toEqual(nothing);
  });

  it("a line closed by a colon heads what follows; a plural noun opens no command", () => {
    for (const text of [
      "Counts from my side of Shelf A:",
      "**My shelf (B):**",
      "Counts for Shelf A.",
      "Stock for Shelf A:",
    ])
      expect(acts(text, pantry)).toEqual(nothing);
    expect(acts("Stock Shelf A.", pantry)).toEqual([propose(0)]);
  });
});

describe("the speaker's earlier value and number forms (sentence.ts, lone-share.ts)", () => {
  it("'I had X as 1' is the value the speaker held before, not one stated now", () => {
    const text = "My mistake — I had Employee E's email records as 1, but I was reading Employee B's row.";
    expect(acts(text, theft)).toEqual(nothing);
    // "I had a look", "I had to check": no earlier value
    expect(acts("I had a look and Employee E's email records are 0.", theft)).toEqual([share(4, 3, 0)]);
    expect(acts("I had to double-check, and Employee E's email records are 0.", theft)).toEqual([share(4, 3, 0)]);
  });

  it("a disputed value answered with the speaker's own, then a consequence naming no cell", () => {
    const claim = "Agent 1 relayed that Employee D's desk search came back 0. ";
    expect(acts(`${claim}My copy says 1, so D isn't cleared by that.`, theft)).toEqual([share(3, 2, 1)]);
    // a consequence naming another cell or holding a number is left unread (the level's reading stays exact)
    expect(acts(`${claim}My copy says 1, so D's email records matter more.`, theft)).toEqual(nothing);
    expect(acts(`${claim}My copy says 1, so 2 of them are cleared.`, theft)).toEqual(nothing);
  });

  it("a unit between a level and its scale ('1 star out of 5'), only on the task's scale", () => {
    expect(acts("Restaurant C's ambience only gets 1 star out of 5.")).toEqual([share(2, 2, 1)]);
    expect(acts("Restaurant C's ambience only gets 1 star out of 3.")).toEqual(nothing);
  });
});
