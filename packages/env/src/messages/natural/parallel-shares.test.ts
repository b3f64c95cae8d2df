import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseNatural } from "../parse-natural";
import { restaurants } from "./test-sentence";

const { options, attributes } = restaurants.domain;
const shares = (text: string) => parseNatural(text, restaurants).acts.filter((a) => a.kind === "share");

describe("parallel shares: one attribute leading clauses that each give one option a level (fresh31)", () => {
  it.each([
    [
      "On service, Restaurant B gets 3 and Restaurant C gets 1.",
      [
        [1, 1, 3],
        [2, 1, 1],
      ],
    ],
    [
      "For ambience, Restaurant A lands at 2, Restaurant C sits at 5.",
      [
        [0, 2, 2],
        [2, 2, 5],
      ],
    ],
  ])("reads %j", (text, expected) => {
    expect(shares(text)).toEqual(
      expected.map(([option, attribute, level]) => ({ kind: "share", option, attribute, level })),
    );
  });

  it.each([
    "On service, Restaurant B gets 3 and Restaurant C might get 1.",
    "On service, Restaurant B gets 3 and Restaurant B gets 1.",
    "On service, Restaurant B gets 3 and Restaurant C doesn't get 1.",
    "On service, Restaurant B gets 3 and Restaurant C gets 1 or 2.",
    "On service, Restaurant B gets 3 and Restaurant C gets 1 if Agent 2 is right.",
  ])("takes nothing from %j", (text) => {
    expect(shares(text).filter((a) => a.option === 2)).toEqual([]);
  });

  const verbs = ["gets", "scores", "lands at", "is a", "comes in at", "earns"];
  it("reads each clause exactly, whatever its verb (property)", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.nat(options.length - 1), { minLength: 2, maxLength: 2 }),
        fc.nat(attributes.length - 1),
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 1, max: 5 }),
        fc.constantFrom(...verbs),
        fc.constantFrom(...verbs),
        ([o1, o2], a, l1, l2, v1, v2) => {
          const text = `On ${attributes[a]}, ${options[o1 as number]} ${v1} ${l1} and ${options[o2 as number]} ${v2} ${l2}.`;
          expect(shares(text)).toEqual([
            { kind: "share", option: o1, attribute: a, level: l1 },
            { kind: "share", option: o2, attribute: a, level: l2 },
          ]);
        },
      ),
      { numRuns: 100, seed: 38 },
    );
  });
});
