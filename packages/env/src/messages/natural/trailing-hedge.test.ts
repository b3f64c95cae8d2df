import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseNatural } from "../parse-natural";
import { trailingHedge } from "./trailing-hedge";
import { restaurants, testSentence } from "./test-sentence";

const HEDGES = [
  "give or take",
  "more or less",
  "or thereabouts",
  "roughly",
  "approximately",
  "at a guess",
  "plus or minus",
];

describe("trailing hedge: a number followed by an estimate phrase states no level (fresh31's wrong act)", () => {
  it("finds the phrase right after the number, closing its clause", () => {
    const { s, at } = testSentence("Restaurant A's service is 2, give or take.");
    expect(trailingHedge(s, at("2") + 1, s.to)).toBe(true);
    // a phrase that goes on is something else: "roughly the same as ..." is no hedge on the number
    const on = testSentence("Restaurant A's service is 2, roughly the same as last time.");
    expect(trailingHedge(on.s, on.at("2") + 1, on.s.to)).toBe(false);
    const none = testSentence("Restaurant A's service is 2, sadly.");
    expect(trailingHedge(none.s, none.at("2") + 1, none.s.to)).toBe(false);
  });

  it.each([
    "Restaurant A's service is 2, give or take.",
    "Service at Restaurant B is 3, more or less.",
    "Restaurant C's ambience is a 4, roughly.",
    "Restaurant B has food quality 1 or thereabouts.",
  ])("takes nothing from %j", (text) => {
    expect(parseNatural(text, restaurants).acts).toEqual([{ kind: "pass" }]);
  });

  it("a hedge after a number never yields a level; without it the same sentence is read (property)", () => {
    const { options, attributes } = restaurants.domain;
    fc.assert(
      fc.property(
        fc.nat(options.length - 1),
        fc.nat(attributes.length - 1),
        fc.integer({ min: 1, max: 5 }),
        fc.constantFrom(...HEDGES),
        fc.boolean(),
        (o, a, level, hedge, comma) => {
          const plain = `${options[o]}'s ${attributes[a]} is ${level}`;
          expect(parseNatural(`${plain}.`, restaurants).acts).toEqual([
            { kind: "share", option: o, attribute: a, level },
          ]);
          const hedged = parseNatural(`${plain}${comma ? "," : ""} ${hedge}.`, restaurants);
          expect(hedged.acts.some((act) => act.kind === "share")).toBe(false);
        },
      ),
      { numRuns: 150, seed: 38 },
    );
  });
});
