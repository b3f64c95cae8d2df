import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseNatural } from "../parse-natural";
import { restaurants } from "./test-sentence";

// fresh44 (session 43): "We should perhaps go with Candidate D", "Possibly the judges should pick Stall D" and session
// 42's "The team should maybe go with X" were read as proposals. A hedge in the proposal's clause before it, or a
// clause of hedges only closing the sentence, leaves it a possibility: nothing (hedged-proposal.ts). "Maybe we should
// go with X" opening the sentence stays a proposal, as the corpus labels it.
const propose = (option: number) => [{ kind: "propose", option }];
const nothing = [{ kind: "pass" }];

describe("hedged proposals propose nothing (hedged-proposal.ts)", () => {
  it.each([
    "We should perhaps go with Restaurant B.",
    "The team should maybe go with Restaurant A.",
    "Possibly we should book Restaurant C.",
    "I'd maybe pick Restaurant A.",
    "Let's go with Restaurant C, possibly.",
    "I propose Restaurant B, maybe.",
    "Restaurant A is my pick, perhaps.",
    "We should pick Restaurant B, perhaps Restaurant C.",
    "I propose Restaurant A, maybe with Restaurant B as a backup.",
    "Perhaps let's pick Restaurant B.",
    // read by shape without the hedge ("Restaurant B is the one, I reckon", "Restaurant C is where my heart is")
    "Perhaps Restaurant B is the one.",
    "Restaurant C is where my heart is, perhaps.",
  ])("proposes nothing from %j", (text) => {
    expect(parseNatural(text, restaurants).acts).toEqual(nothing);
  });

  it.each([
    ["Maybe we should go with Restaurant A.", 0],
    ["Maybe let's pick Restaurant C.", 2],
    ["We should go with Restaurant B.", 1],
    ["I propose Restaurant C, since it's maybe the quietest.", 2],
    ["Restaurant B is the one, I reckon.", 1],
    ["Restaurant C is where my heart is.", 2],
  ] as const)("still proposes from %j", (text, option) => {
    expect(parseNatural(text, restaurants).acts).toEqual(propose(option));
  });

  it("the same proposal with a hedge before its verb or closing it proposes nothing (property)", () => {
    const { options } = restaurants.domain;
    fc.assert(
      fc.property(
        fc.nat(options.length - 1),
        fc.constantFrom("We should", "The team should", "Let's", "I'd"),
        fc.constantFrom("go with", "pick", "book", "settle on"),
        fc.constantFrom("maybe", "perhaps", "possibly"),
        fc.boolean(),
        (o, subject, verb, hedge, closing) => {
          const name = options[o] as string;
          expect(parseNatural(`${subject} ${verb} ${name}.`, restaurants).acts).toEqual(propose(o));
          const hedged = closing ? `${subject} ${verb} ${name}, ${hedge}.` : `${subject} ${hedge} ${verb} ${name}.`;
          expect(parseNatural(hedged, restaurants).acts.filter((a) => a.kind === "propose")).toEqual([]);
        },
      ),
      { numRuns: 150, seed: 42 },
    );
  });
});
