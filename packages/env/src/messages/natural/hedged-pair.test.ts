import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseNatural } from "../parse-natural";
import { restaurants, share } from "./test-sentence";

// fresh41 and fresh42 (session 42): "Lady Ashby and Doctor Finch score 1 and 2 on muddy boots, give or take" was read
// as a pairing. An estimate closing a paired list ("roughly", "more or less", "or thereabouts", "give or take") states
// no level for either option: exact or nothing. The same list without it, or with "respectively", is still read.
describe("paired lists: a hedge closing the list pairs nothing", () => {
  it.each([
    "Restaurant A and Restaurant B get 4 and 3 for service, more or less.",
    "Restaurant A and Restaurant C score 1 and 2 on ambience, give or take.",
    "Restaurant B and Restaurant C come out at 2 and 5 on food quality, roughly.",
    "Restaurant A and Restaurant C have service 3 and 5, or thereabouts.",
    "Restaurant A and Restaurant B have value for money 2 and 4 respectively, approximately.",
    // the shared-subject reading took "service 3" for both before the hedged 5 (share-cues.ts, levelLeftAfter)
    "Restaurant A and Restaurant B have service 2 and 4, approximately.",
  ])("takes nothing from %j", (text) => {
    expect(parseNatural(text, restaurants).acts).toEqual([{ kind: "pass" }]);
  });

  it("a shared level is still read for both options, and a level list's hedge leaves the next sentence alone", () => {
    expect(parseNatural("Restaurant A and Restaurant B have service 2.", restaurants).acts).toEqual([
      share(0, 1, 2),
      share(1, 1, 2),
    ]);
    expect(
      parseNatural(
        "Restaurant A and Restaurant B have service 2 and 4, roughly. Restaurant C has service 5.",
        restaurants,
      ).acts,
    ).toEqual([share(2, 1, 5)]);
  });

  it("reads the list without the hedge, and a hedge in another sentence leaves it alone", () => {
    expect(parseNatural("Restaurant A and Restaurant B get 4 and 3 for service.", restaurants).acts).toEqual([
      share(0, 1, 4),
      share(1, 1, 3),
    ]);
    expect(
      parseNatural(
        "Restaurant A and Restaurant B have service 4 and 3 respectively. Roughly what I expected.",
        restaurants,
      ).acts,
    ).toEqual([share(0, 1, 4), share(1, 1, 3)]);
  });

  it("a paired list is read in order, and closed by a hedge not at all (property)", () => {
    const { attributes } = restaurants.domain;
    fc.assert(
      fc.property(
        fc.nat(attributes.length - 1),
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 1, max: 5 }),
        fc.constantFrom("give or take", "more or less", "or thereabouts", "roughly", "approximately", "or so"),
        fc.constantFrom(", ", " "),
        fc.constantFrom(" respectively", ""),
        (a, x, y, hedge, pause, respectively) => {
          const plain = `Restaurant A and Restaurant C have ${attributes[a]} ${x} and ${y}${respectively}`;
          expect(parseNatural(`${plain}.`, restaurants).acts).toEqual([share(0, a, x), share(2, a, y)]);
          const hedged = parseNatural(`${plain}${pause}${hedge}.`, restaurants).acts;
          expect(hedged.filter((act) => act.kind === "share")).toEqual([]);
        },
      ),
      { numRuns: 120, seed: 42 },
    );
  });
});
