import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseNatural } from "../parse-natural";
import { restaurants } from "./test-sentence";

const { options, attributes } = restaurants.domain;

describe("pointed share: a proposal's reason that points back to the option ('there') (fresh31)", () => {
  it("reads the share of the proposed option", () => {
    expect(parseNatural("Let's settle on Restaurant C — service there is a 5.", restaurants).acts).toEqual([
      { kind: "propose", option: 2 },
      { kind: "share", option: 2, attribute: 1, level: 5 },
    ]);
  });

  it.each([
    "Let's settle on Restaurant C — service there might be a 5.",
    "Let's settle on Restaurant C — service there isn't a 5.",
    "Let's settle on Restaurant C — service there is a 4 or 5.",
    "Let's settle on Restaurant C — service there is about 5.",
    "Let's settle on Restaurant C — service there is 5, give or take.",
  ])("takes the proposal and no share from %j", (text) => {
    expect(parseNatural(text, restaurants).acts).toEqual([{ kind: "propose", option: 2 }]);
  });

  it("reads exactly the proposed option's level, whatever option, attribute and pointer (property)", () => {
    fc.assert(
      fc.property(
        fc.nat(options.length - 1),
        fc.nat(attributes.length - 1),
        fc.integer({ min: 1, max: 5 }),
        fc.constantFrom("there", "here"),
        fc.constantFrom("is a", "sits at", "comes in at"),
        (o, a, level, pointer, verb) => {
          const text = `Let's settle on ${options[o]} — ${attributes[a]} ${pointer} ${verb} ${level}.`;
          expect(parseNatural(text, restaurants).acts).toEqual([
            { kind: "propose", option: o },
            { kind: "share", option: o, attribute: a, level },
          ]);
        },
      ),
      { numRuns: 100, seed: 38 },
    );
  });
});
