import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseNatural } from "../parse-natural";
import { IRREGULAR_PAST, irregularPast } from "./past-forms";
import { restaurants } from "./test-sentence";

// Session 43 (helper h43q): "My family ate at Restaurant A." was read as a proposal (the verbless reading held back
// regular past forms only). Narration in an irregular past form proposes nothing (past-forms.ts, verbless-proposal.ts).
const nothing = [{ kind: "pass" }];
const propose = (option: number) => [{ kind: "propose", option }];

describe("narration in an irregular past form proposes nothing (past-forms.ts)", () => {
  it("knows the irregular past forms, not present or base forms", () => {
    expect(irregularPast("ate")).toBe(true);
    expect(irregularPast("went")).toBe(true);
    expect(irregularPast("eat")).toBe(false);
    expect(irregularPast("put")).toBe(false);
    expect(irregularPast("got")).toBe(false);
    expect(irregularPast("chose")).toBe(false);
  });

  it.each([
    "My family ate at Restaurant A.",
    "We ate at Restaurant B.",
    "I sat at Restaurant C for hours.",
    "My family went to Restaurant B.",
    "We met at Restaurant A.",
  ])("proposes nothing from %j", (text) => {
    expect(parseNatural(text, restaurants).acts).toEqual(nothing);
  });

  it.each([
    ["We should eat at Restaurant A.", 0],
    ["I'm going with Restaurant B.", 1],
    ["Let's eat at Restaurant C.", 2],
  ] as const)("still proposes from %j", (text, option) => {
    expect(parseNatural(text, restaurants).acts).toEqual(propose(option));
  });

  it("a first-person narration in any irregular past form names an option and proposes nothing (property)", () => {
    const { options } = restaurants.domain;
    fc.assert(
      fc.property(
        fc.nat(options.length - 1),
        fc.constantFrom(...IRREGULAR_PAST),
        fc.constantFrom("We", "I", "My family", "My sister and I"),
        fc.constantFrom("at", "to", "in", "with"),
        (o, verb, subject, preposition) => {
          const acts = parseNatural(`${subject} ${verb} ${preposition} ${options[o]}.`, restaurants).acts;
          expect(acts.filter((a) => a.kind === "propose")).toEqual([]);
        },
      ),
      { numRuns: 200, seed: 43 },
    );
  });
});
