import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseNatural } from "../parse-natural";
import { loneProposal } from "./lone-proposal";
import { restaurants, testSentence } from "./test-sentence";

const lone = (text: string) => {
  const { s, state } = testSentence(text, restaurants);
  return loneProposal(s, 0, s.to, state);
};
const proposals = (text: string) => {
  const result = parseNatural(text, restaurants);
  return result.error === undefined ? result.acts.filter((a) => a.kind === "propose") : [];
};

describe("lone proposal: one option, the speaker's choice word, nothing to doubt (fresh26, fresh27)", () => {
  it.each([
    ["I'm plumping for Restaurant C.", 2],
    ["Restaurant A, for me.", 0],
    ["Restaurant B is my preferred restaurant.", 1],
    ["I elect Restaurant B.", 1],
    ["Restaurant C is my nominee.", 2],
    ["I'm settled: Restaurant B.", 1],
    ["Restaurant A is where I'd put our money.", 0],
    ["Restaurant C gets the thumbs-up from me.", 2],
    ["I'm opting for Restaurant A.", 0],
    ["Let's run with Restaurant B.", 1],
    ["I'll cast mine for Restaurant C.", 2],
    ["Count Restaurant A as my choice.", 0],
    ["Put Restaurant B down as our pick.", 1],
    ["Restaurant C is the one I'm pointing at.", 2],
    ["Let's grab Restaurant A.", 0],
    ["Restaurant B is the restaurant I'd champion.", 1],
  ])("reads %j as a proposal of option %i", (text, option) => {
    expect(lone(text)).toBe(option);
    expect(proposals(text)).toEqual([{ kind: "propose", option }]);
  });

  it.each([
    "I'd never choose Restaurant A.",
    "Agent 2 prefers Restaurant C.",
    "Restaurant B is better than Restaurant A on service.",
    "I might go for Restaurant C, not sure yet.",
    "Restaurant C is my least favourite.",
    "Should I pick Restaurant A?",
    "If Restaurant A's service is high, I'm picking Restaurant A.",
    "I was plumping for Restaurant B earlier.",
    "I'm choosing between Restaurant A and Restaurant B.",
    "Restaurant A is my pick for food quality.",
    "My pick would have been Restaurant A, but it has service 2.",
    "You should elect Restaurant B.",
    "Everyone is plumping for Restaurant C.",
    "Restaurant C, for you.",
    "Let me point out Restaurant A.",
    "I'll get back to Restaurant A later.",
  ])("takes nothing from %j", (text) => {
    expect(lone(text)).toBeNull();
    expect(proposals(text)).toEqual([]);
  });

  it("takes nothing from a long sentence (a paragraph is no plain choice)", () => {
    expect(lone("After all this long back and forth over the evening I'm plumping for Restaurant C here.")).toBeNull();
  });

  it("a choice said twice in one message is one proposal", () => {
    expect(proposals("I'm plumping for Restaurant C. I propose Restaurant C.")).toEqual([
      { kind: "propose", option: 2 },
    ]);
  });

  it("keeps the shares of a reason after the choice", () => {
    expect(parseNatural("Restaurant B, since it has service 4.", restaurants).acts).toEqual(
      expect.arrayContaining([
        { kind: "propose", option: 1 },
        { kind: "share", option: 1, attribute: 1, level: 4 },
      ]),
    );
  });

  // property: a generated choice clause proposes exactly its option (oracle: the generator's own option), and one
  // blocking word anywhere in it, or a second option, leaves nothing
  const templates = [
    (o: string) => `I'm plumping for ${o}.`,
    (o: string) => `${o} is my nominee.`,
    (o: string) => `I elect ${o}.`,
    (o: string) => `${o} gets the thumbs-up from me.`,
    (o: string) => `I'm opting for ${o}.`,
    (o: string) => `${o} is the restaurant I'd champion.`,
    (o: string) => `Count ${o} as my choice.`,
  ];
  const blockers = ["not", "maybe", "might", "if", "never", "you", "than", "earlier", "perhaps", "unless"];
  const choices = fc.record({
    option: fc.integer({ min: 0, max: 2 }),
    template: fc.integer({ min: 0, max: templates.length - 1 }),
  });
  const text = (c: { option: number; template: number }, name?: string) =>
    (templates[c.template] as (o: string) => string)(name ?? (restaurants.domain.options[c.option] as string));

  it("reads a generated choice as exactly its option (property)", () => {
    fc.assert(
      fc.property(choices, (c) => {
        expect(lone(text(c))).toBe(c.option);
      }),
      { numRuns: 200, seed: 27 },
    );
  });

  it("takes nothing once a hedge, negation, condition or other person stands anywhere in it (property)", () => {
    fc.assert(
      fc.property(choices, fc.constantFrom(...blockers), fc.nat(), (c, blocker, at) => {
        const words = text(c).split(" ");
        words.splice(at % words.length, 0, blocker);
        expect(lone(words.join(" "))).toBeNull();
      }),
      { numRuns: 200, seed: 27 },
    );
  });

  it("takes nothing when two options share the choice (property: 'A or B', 'A and B')", () => {
    fc.assert(
      fc.property(choices, fc.integer({ min: 0, max: 2 }), fc.constantFrom("or", "and"), (c, other, join) => {
        const names = restaurants.domain.options;
        expect(lone(text(c, `${names[c.option]} ${join} ${names[other]}`))).toBeNull();
      }),
      { numRuns: 200, seed: 27 },
    );
  });
});
