import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { generateTask } from "../../generators/generate-task";
import { parseNatural } from "../parse-natural";
import { manor, restaurants, stalls } from "./test-sentence";

// Session 44, from fresh47's and fresh48's misses and wrong acts: the option as subject with "where" / "who" after any
// modal of obligation, "the <noun> for <occasion>", handing the option over to an authority, a rank before a prize,
// "got round to selling", and a question of who saw whom that names no attribute by a word of it.
const tasks = { restaurants, manor } as const;
const propose = (option: number) => [{ kind: "propose", option }];
const nothing = [{ kind: "pass" }];

describe("the option as subject after any modal of obligation (option-subject-proposal.ts)", () => {
  it.each([
    ["restaurants", "Restaurant B has to be where we eat.", 1],
    ["restaurants", "Restaurant C needs to be where we end up.", 2],
    ["restaurants", "Restaurant A ought to be who we book.", 0],
    ["restaurants", "Restaurant B should be the place for our team lunch.", 1],
    ["restaurants", "Restaurant A must be the spot for Friday's dinner.", 0],
    ["manor", "Doctor Finch should be placed under arrest.", 2],
    ["manor", "Lord Ashby should be taken into custody.", 0],
    ["manor", "Lady Ashby must be handed over to the police, I think.", 1],
    ["manor", "Miss Hartley has to be reported to the inspector.", 3],
  ] as const)("%s: proposes from %j", (task, text, option) => {
    expect(parseNatural(text, tasks[task]).acts).toEqual(propose(option));
  });

  it.each([
    ["restaurants", "Restaurant B has to be where we look first."],
    ["restaurants", "Restaurant B needs to be where we don't go."],
    ["restaurants", "Restaurant A should be the place for lunch or Restaurant C."],
    ["manor", "Lord Ashby should be brought in for questioning."],
    ["manor", "Lord Ashby should be taken to the station for a chat."],
    ["manor", "Lady Ashby should not be handed over to the police."],
    ["manor", "Doctor Finch should be placed under arrest if the glove is his."],
    ["manor", "Doctor Finch should be reported for speeding."],
  ] as const)("%s: proposes nothing from %j", (task, text) => {
    expect(parseNatural(text, tasks[task]).acts).toEqual(nothing);
  });

  it("each modal and shape proposes its option, and nothing negated (property)", () => {
    const { options } = manor.domain;
    fc.assert(
      fc.property(
        fc.nat(options.length - 1),
        fc.constantFrom("should", "must", "has to", "needs to", "ought to"),
        fc.constantFrom("be where we point", "be taken into custody", "be handed over to the police"),
        (o, modal, shape) => {
          const name = options[o] as string;
          expect(parseNatural(`${name} ${modal} ${shape}.`, manor).acts).toEqual(propose(o));
          const not = parseNatural(`${name} ${modal} not ${shape}.`, manor).acts;
          expect(not.filter((a) => a.kind === "propose")).toEqual([]);
        },
      ),
    );
  });
});

describe("a rank before a prize, and 'got round to selling' (proposal-cues.ts, sold-count.ts)", () => {
  it.each([
    ["Stall A deserves first prize, in my opinion.", 0],
    ["Stall C deserves the top spot.", 2],
    ["Stall D earns first prize.", 3],
  ] as const)("proposes from %j", (text, option) => {
    expect(parseNatural(text, stalls).acts).toEqual(propose(option));
  });

  it.each([
    "Stall A deserves top marks.",
    "Candidate A gets first prize for effort",
    "Stall B deserves first.",
  ])("proposes nothing from %j", (text) => {
    expect(parseNatural(text, stalls).acts.filter((a) => a.kind === "propose")).toEqual([]);
  });

  it("reads a count after 'got round / around to selling', and nothing after 'got a chance to sell'", () => {
    const cakes = stalls.domain.attributes.indexOf("cakes sold");
    expect(parseNatural("Stall B got around to selling two cakes.", stalls).acts).toEqual([
      { kind: "share", option: 1, attribute: cakes, level: 2 },
    ]);
    expect(parseNatural("Stall C got round to selling one cake.", stalls).acts).toEqual([
      { kind: "share", option: 2, attribute: cakes, level: 1 },
    ]);
    expect(parseNatural("Stall B got a chance to sell two cakes.", stalls).acts).toEqual(nothing);
  });
});

describe("a question of who saw whom (ask-cues.ts hintedPairQuestion)", () => {
  it.each([
    "Did everyone see Doctor Finch in the library?",
    "Did anyone notice Lady Ashby near the library?",
    "Has anyone met Miss Hartley by the library?",
    "Who spotted Lord Ashby in the library?",
  ])("asks nothing from %j", (text) => {
    expect(parseNatural(text, manor).acts.filter((a) => a.kind === "ask")).toEqual([]);
  });

  it("still asks by a word of the name where nobody is seen: 'how much light does X get?'", () => {
    const apartments = generateTask({ family: "random", seed: 1, domain: "apartments", options: 4, attributes: 5 });
    const light = apartments.domain.attributes.indexOf("natural light");
    expect(light).toBeGreaterThanOrEqual(0);
    expect(parseNatural("How much light does Apartment B get?", apartments).acts).toEqual([
      { kind: "ask", option: 1, attribute: light },
    ]);
  });
});
