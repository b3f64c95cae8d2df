import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseNatural } from "../parse-natural";
import { naturalTokens } from "../natural-tokens";
import { provisoAt } from "./proviso";
import { restaurants } from "./test-sentence";

// fresh44 (session 43): "Our team should accuse Lord Ashby, provided the torn glove is his" was read as a proposal. A
// proviso opening a clause holds the proposal back as "if" does; the team's consent alone does not (proviso.ts).
const propose = (option: number) => [{ kind: "propose", option }];
const nothing = [{ kind: "pass" }];

describe("a proviso holds a proposal back (proviso.ts)", () => {
  it.each([
    "We should book Restaurant A, provided the price is right.",
    "Let's go with Restaurant B, providing Agent 3's numbers hold.",
    "I propose Restaurant C, as long as the service is decent.",
    "The team should pick Restaurant A so long as it has a table.",
    "Restaurant B is my pick, on condition that it's open.",
    "Provided the reviews check out, let's go with Restaurant C.",
    // read by shape without the proviso ("Restaurant C is where my heart is")
    "Restaurant C is where my heart is, provided it's open.",
  ])("proposes nothing from %j", (text) => {
    expect(parseNatural(text, restaurants).acts).toEqual(nothing);
  });

  it.each([
    ["I propose Restaurant B, as long as nobody objects.", 1],
    ["Provided nobody objects, let's pick Restaurant A.", 0],
    ["We should go with Restaurant C.", 2],
  ] as const)("still proposes from %j", (text, option) => {
    expect(parseNatural(text, restaurants).acts).toEqual(propose(option));
  });

  it("opens only where a clause opens, not as a verb", () => {
    const at = (text: string, word: string) => {
      const tokens = naturalTokens(text);
      const words = tokens.map((t) => t.word);
      return provisoAt(tokens, words, words.indexOf(word), 0);
    };
    expect(at("I propose A, provided it is open.", "provided")).toBe(true);
    expect(at("The numbers Agent 2 provided are wrong.", "provided")).toBe(false);
    expect(at("I propose A, provided by the list.", "provided")).toBe(false);
    expect(at("I propose A, as long as it is open.", "as")).toBe(true);
    expect(at("I propose A, as far as I know.", "as")).toBe(false);
  });

  it("any proposal with a proviso after it proposes nothing, with the team's consent instead it proposes (property)", () => {
    const { options } = restaurants.domain;
    fc.assert(
      fc.property(
        fc.nat(options.length - 1),
        fc.constantFrom("I propose", "Let's go with", "We should book", "My vote is"),
        fc.constantFrom("provided", "providing", "as long as", "so long as"),
        fc.constantFrom("the price is right", "it has a table", "Agent 2's numbers hold"),
        (o, lead, proviso, condition) => {
          const name = options[o] as string;
          const held = parseNatural(`${lead} ${name}, ${proviso} ${condition}.`, restaurants).acts;
          expect(held.filter((a) => a.kind === "propose")).toEqual([]);
          expect(parseNatural(`${lead} ${name}, ${proviso} nobody objects.`, restaurants).acts).toEqual(propose(o));
        },
      ),
      { numRuns: 100, seed: 42 },
    );
  });
});
