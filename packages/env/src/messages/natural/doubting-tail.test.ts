import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseNatural } from "../parse-natural";
import { doubtingTail } from "./doubting-tail";
import { restaurants, stalls, testSentence } from "./test-sentence";

const TAILS = [
  "or so I heard",
  "or so I'm told",
  "if memory serves",
  "if I recall correctly",
  "if I'm not mistaken",
  // a hedge word alone closing the sentence (helper h40p, session 40)
  "maybe",
  "perhaps",
  "possibly",
];

describe("doubting tail: hearsay or a doubted memory closing a sentence states no level (fresh34, regress39)", () => {
  it("finds the tail after a pause at the sentence's end only", () => {
    const { s } = testSentence("Restaurant A's service is 4, if memory serves.");
    expect(doubtingTail(s, s.from, s.to)).toBe(true);
    // a tail that is not closing, or not set off by a pause, is something else
    const on = testSentence("Restaurant A's service is 4, or so I heard from the chef yesterday.");
    expect(doubtingTail(on.s, on.s.from, on.s.to)).toBe(false);
    const plain = testSentence("Restaurant A's service is 4.");
    expect(doubtingTail(plain.s, plain.s.from, plain.s.to)).toBe(false);
  });

  it.each([
    ["Restaurant A got 2 and Restaurant C got 4 on service, or so I heard.", restaurants],
    ["Stall B got 1 and Stall C got -1 on raffle tickets, or so I heard.", stalls],
    ["Restaurant B's ambience is 4, if memory serves.", restaurants],
  ] as const)("takes nothing from %j", (text, task) => {
    expect(parseNatural(text, task).acts).toEqual([{ kind: "pass" }]);
  });

  it("a doubting tail never leaves a share; without it the same sentence is read (property)", () => {
    const { options, attributes } = restaurants.domain;
    fc.assert(
      fc.property(
        fc.nat(options.length - 1),
        fc.nat(attributes.length - 1),
        fc.integer({ min: 1, max: 5 }),
        fc.constantFrom(...TAILS),
        (o, a, level, tail) => {
          const plain = `${options[o]}'s ${attributes[a]} is ${level}`;
          expect(parseNatural(`${plain}.`, restaurants).acts).toEqual([
            { kind: "share", option: o, attribute: a, level },
          ]);
          const doubted = parseNatural(`${plain}, ${tail}.`, restaurants);
          expect(doubted.acts.some((act) => act.kind === "share")).toBe(false);
        },
      ),
      { numRuns: 150, seed: 39 },
    );
  });
});

describe("retractions: the speaker's withdrawn figure is never read as a share (fresh33, fresh34, regress39)", () => {
  it.each([
    // a level called wrong right after it: the new level only
    [
      "I had Stall B's plants sold at 2 — wrong, it's 0.",
      stalls,
      [{ kind: "share", option: 1, attribute: 3, level: 0 }],
    ],
    // a retraction opening the next sentence replaces (or withdraws) the one share before it
    [
      "Stall A's cakes sold is 1. Strike that — it's -2.",
      stalls,
      [{ kind: "share", option: 0, attribute: 0, level: -2 }],
    ],
    [
      "Stall A's cakes sold is 1. Scratch that, it's 0.",
      stalls,
      [{ kind: "share", option: 0, attribute: 0, level: 0 }],
    ],
    ["Stall A's cakes sold is 1. Scratch that.", stalls, [{ kind: "pass" }]],
    // ... or inside the sentence, right after the share (fresh35, fresh36)
    ["Stall A's cakes sold is 1 — no wait, it's 2.", stalls, [{ kind: "share", option: 0, attribute: 0, level: 2 }]],
    ["Stall A's cakes sold is 1 — sorry, I meant -1.", stalls, [{ kind: "share", option: 0, attribute: 0, level: -1 }]],
    ["Stall A's cakes sold is 1 — no, really.", stalls, [{ kind: "share", option: 0, attribute: 0, level: 1 }]],
    // an admitted mistake or a correction word as the retraction (fresh38); the admission alone retracts nothing here
    [
      "Stall D's plants sold is 1 — my mistake, it's -1.",
      stalls,
      [{ kind: "share", option: 3, attribute: 3, level: -1 }],
    ],
    [
      "Stall D's plants sold is 1 — correction, it's 2.",
      stalls,
      [{ kind: "share", option: 3, attribute: 3, level: 2 }],
    ],
    ["Stall D's plants sold is 1, no mistake.", stalls, [{ kind: "share", option: 3, attribute: 3, level: 1 }]],
    // an apology alone withdraws nothing
    ["Stall A's cakes sold is 1. My bad.", stalls, [{ kind: "share", option: 0, attribute: 0, level: 1 }]],
    // the speaker's own earlier figure named and called off, with no new level
    ["My 5 for Restaurant A's service was too generous.", restaurants, [{ kind: "pass" }]],
    ["My 2 for Restaurant B's ambience was off.", restaurants, [{ kind: "pass" }]],
    // ... and with a new level after it
    [
      "Restaurant C's ambience at 5 was a mistake on my part; it should be 3.",
      restaurants,
      [{ kind: "share", option: 2, attribute: 2, level: 3 }],
    ],
    // "most likely" reads as "likely" and "probably" do (the corpus's hedge rule); "might" still reads nothing
    ["Restaurant A's service is most likely 2.", restaurants, [{ kind: "share", option: 0, attribute: 1, level: 2 }]],
    ["Restaurant A's service is most likely a 2.", restaurants, [{ kind: "share", option: 0, attribute: 1, level: 2 }]],
    ["Restaurant A's service is probably a 3.", restaurants, [{ kind: "share", option: 0, attribute: 1, level: 3 }]],
    ["Restaurant A's service might be a 3.", restaurants, [{ kind: "pass" }]],
  ] as const)("%j", (text, task, acts) => {
    expect(parseNatural(text, task).acts).toEqual(acts);
  });

  it("a retraction inside the sentence leaves only the new level, whatever its words (property)", () => {
    const { options, attributes } = stalls.domain;
    fc.assert(
      fc.property(
        fc.nat(options.length - 1),
        fc.nat(attributes.length - 1),
        fc.integer({ min: -2, max: 2 }),
        fc.integer({ min: -2, max: 2 }),
        fc.constantFrom("— my mistake,", "— my error,", "— correction,", "— no wait,", "— sorry, I meant"),
        (o, a, old, level, retraction) => {
          const text = `${options[o]}'s ${attributes[a]} is ${old} ${retraction} it's ${level}.`;
          expect(parseNatural(text, stalls).acts).toEqual([{ kind: "share", option: o, attribute: a, level }]);
        },
      ),
      { numRuns: 150, seed: 40 },
    );
  });

  it("a retracted level never survives its retraction (property)", () => {
    const { options, attributes } = stalls.domain;
    fc.assert(
      fc.property(
        fc.nat(options.length - 1),
        fc.nat(attributes.length - 1),
        fc.integer({ min: -2, max: 2 }),
        fc.integer({ min: -2, max: 2 }),
        fc.constantFrom("Strike that —", "Scratch that,", "Strike that:"),
        (o, a, old, level, lead) => {
          const text = `${options[o]}'s ${attributes[a]} is ${old}. ${lead} it's ${level}.`;
          expect(parseNatural(text, stalls).acts).toEqual([{ kind: "share", option: o, attribute: a, level }]);
        },
      ),
      { numRuns: 150, seed: 39 },
    );
  });
});
