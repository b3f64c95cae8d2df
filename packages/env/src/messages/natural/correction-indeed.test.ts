import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseNatural } from "../parse-natural";
import { restaurants, share } from "./test-sentence";

// fresh40 (session 41): "it's really 2" sets the speaker's value against the one before it as "it's actually 2" does;
// before this rule the withdrawn level was read.
describe("correction: 'it's really N' after a level replaces it, as 'it's actually N' does", () => {
  it.each([
    ["Earlier I gave Restaurant B's service as 4; it's really 2.", share(1, 1, 2)],
    ["Earlier I said Restaurant A's ambience was 5; it's really 3.", share(0, 2, 3)],
    ["Restaurant C's food quality is 4 — it's really a 2.", share(2, 0, 2)],
  ])("reads %j as the later level", (text, act) => {
    expect(parseNatural(text, restaurants).acts).toEqual([act]);
  });

  it("a 'really' that qualifies no level leaves the first reading alone", () => {
    expect(parseNatural("Restaurant B's service is really 4.", restaurants).acts).toEqual([share(1, 1, 4)]);
    expect(parseNatural("If Restaurant B's service is 4, it's really 2.", restaurants).acts).toEqual([
      { kind: "pass" },
    ]);
  });

  it("the speaker's stated level, then 'really' and another: only the later one is taken (property)", () => {
    const { options, attributes } = restaurants.domain;
    fc.assert(
      fc.property(
        fc.nat(options.length - 1),
        fc.nat(attributes.length - 1),
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 1, max: 5 }),
        fc.constantFrom("; ", " — ", ", but "),
        fc.boolean(),
        (o, a, first, later, pause, earlier) => {
          fc.pre(first !== later);
          const stated = earlier
            ? `Earlier I said ${options[o]}'s ${attributes[a]} was ${first}`
            : `${options[o]}'s ${attributes[a]} is ${first}`;
          const acts = parseNatural(`${stated}${pause}it's really ${later}.`, restaurants).acts;
          expect(acts).toEqual([share(o, a, later)]);
        },
      ),
      { numRuns: 150, seed: 41 },
    );
  });
});
