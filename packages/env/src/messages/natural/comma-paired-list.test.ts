import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseNatural } from "../parse-natural";
import { restaurants } from "./test-sentence";

const { options, attributes } = restaurants.domain;
const shares = (text: string) => parseNatural(text, restaurants).acts.filter((a) => a.kind === "share");

describe("comma paired list: '<attribute> for <options>: <levels>' pairs in order, exact or nothing (fresh31)", () => {
  it("reads the list in order", () => {
    expect(shares("Service for Restaurant A, Restaurant C: 2, 4.")).toEqual([
      { kind: "share", option: 0, attribute: 1, level: 2 },
      { kind: "share", option: 2, attribute: 1, level: 4 },
    ]);
    expect(shares("Ambience for Restaurant A, Restaurant B and Restaurant C: 1, 5 and 3.")).toEqual([
      { kind: "share", option: 0, attribute: 2, level: 1 },
      { kind: "share", option: 1, attribute: 2, level: 5 },
      { kind: "share", option: 2, attribute: 2, level: 3 },
    ]);
  });

  it.each([
    "Service for Restaurant A, Restaurant C: 2.",
    "Service for Restaurant A, Restaurant A: 2, 4.",
    "Service for Restaurant A, Restaurant C: 2, 4, maybe.",
    "Service for Restaurant A, Restaurant C: 2 or 4.",
  ])("takes nothing from %j", (text) => {
    expect(shares(text)).toEqual([]);
  });

  const distinct = fc.uniqueArray(fc.nat(options.length - 1), { minLength: 2, maxLength: options.length });
  it("pairs each option with the level in its place (property)", () => {
    fc.assert(
      fc.property(
        distinct,
        fc.nat(attributes.length - 1),
        fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 3, maxLength: 3 }),
        (os, a, ls) => {
          const levels = ls.slice(0, os.length);
          const text = `${attributes[a]} for ${os.map((o) => options[o]).join(", ")}: ${levels.join(", ")}.`;
          expect(shares(text)).toEqual(
            os.map((o, n) => ({ kind: "share", option: o, attribute: a, level: levels[n] })),
          );
        },
      ),
      { numRuns: 100, seed: 38 },
    );
  });

  it("a paired list with unequal lengths yields nothing (property)", () => {
    fc.assert(
      fc.property(
        distinct,
        fc.nat(attributes.length - 1),
        fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 4 }),
        (os, a, levels) => {
          fc.pre(levels.length !== os.length);
          const text = `${attributes[a]} for ${os.map((o) => options[o]).join(", ")}: ${levels.join(", ")}.`;
          expect(shares(text)).toEqual([]);
        },
      ),
      { numRuns: 100, seed: 38 },
    );
  });
});
