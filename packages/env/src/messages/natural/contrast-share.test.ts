import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseNatural } from "../parse-natural";
import { restaurants, share } from "./test-sentence";

// The speaker's value after a contested claim (correction.ts: contestedPair, contrastShare; sentence-reading's
// follow-up with onlyLevel), from fresh17's misses.

const acts = (text: string) => parseNatural(text, restaurants).acts;
const none = (text: string) => parseNatural(text, restaurants).error;

describe("contrast: the one level a speaker's last clause gives after a contested pair", () => {
  it.each([
    ["Agent 2 has Restaurant A's service as 3 — not what I see: 1.", share(0, 1, 1)],
    ["Agent 2 counted 3 on Restaurant B's ambience; my recount gives 2.", share(1, 2, 2)],
    ["Agent 1's 5 for Restaurant C's service is too high — it's a 3.", share(2, 1, 3)],
    ["Agent 1 reported Restaurant B's ambience as 2; correct figure is 4.", share(1, 2, 4)],
    ["Restaurant C's ambience isn't 2 as Agent 1 wrote — it's 5.", share(2, 2, 5)],
    ["Agent 3 mixed up Restaurant A's service: it's 1, per my count.", share(0, 1, 1)],
  ])("reads %j", (text, act) => {
    expect(acts(text)).toEqual([act]);
  });

  it.each([
    ["Agent 3 said Restaurant A's service is 1. I've got it at 3.", share(0, 1, 3)],
    ["Agent 3 says Restaurant B's ambience is 1. Checked again: 4.", share(1, 2, 4)],
  ])("reads a reply sentence that only states a level: %j", (text, act) => {
    expect(acts(text)).toEqual([act]);
  });

  it.each([
    "Restaurant A's service, as reported by Agent 3, is 2.",
    "If Restaurant A's service is 5, then 3.",
    "Agent 2 says Restaurant A's service is 4, and Agent 3 says 2.",
    "Agent 2 says Restaurant A's service is 4 — maybe 2.",
    "Agent 2 says Restaurant A's service is 4. Agent 3 says 2.",
    "Agent 2 says Restaurant A's service is 4. I have 2 questions.",
    "Agent 2 says Restaurant A's service and ambience are 4. It's 2.",
    "Agent 2 says Restaurant A's service is 4; Restaurant B's is 2.",
  ])("takes nothing from %j", (text) => {
    expect(none(text)).toMatch(/no act found/);
  });

  // property (oracle: the generator's cell): a claim by another agent and the speaker's own value in a last
  // clause read as the speaker's value; the same clause under a condition reads as nothing
  const cells = fc.record({
    option: fc.integer({ min: 0, max: 2 }),
    attribute: fc.integer({ min: 0, max: 3 }),
    claimed: fc.integer({ min: 1, max: 5 }),
    own: fc.integer({ min: 1, max: 5 }),
    agent: fc.integer({ min: 1, max: 3 }),
    verb: fc.constantFrom("says", "claims", "reported", "thinks"),
    reply: fc.constantFrom("my recount gives", "correct figure is", "my notes show", "it's a"),
  });
  const text = (c: {
    option: number;
    attribute: number;
    claimed: number;
    own: number;
    agent: number;
    verb: string;
    reply: string;
  }) => {
    const option = restaurants.domain.options[c.option] as string;
    const attribute = restaurants.domain.attributes[c.attribute] as string;
    return `Agent ${c.agent} ${c.verb} ${option}'s ${attribute} is ${c.claimed} — ${c.reply} ${c.own}.`;
  };

  it("reads the speaker's value, never the claim's (property)", () => {
    fc.assert(
      fc.property(cells, (c) => {
        expect(acts(text(c))).toEqual([share(c.option, c.attribute, c.own)]);
      }),
      { numRuns: 200, seed: 17 },
    );
  });

  it("reads nothing when the whole sentence is under a condition (property)", () => {
    fc.assert(
      fc.property(cells, (c) => {
        expect(none(`If ${text(c).charAt(0).toLowerCase()}${text(c).slice(1)}`)).toMatch(/no act found/);
      }),
      { numRuns: 200, seed: 17 },
    );
  });
});

describe("corrections from fresh30: the speaker's copy and eye as sources, a fix led by the pair it fixes", () => {
  it.each([
    ["Agent 1 has Restaurant A's service at 2; my copy says 4.", share(0, 1, 4)],
    ["Agent 3 reckons Restaurant B has ambience 1; it's 4 by my eye.", share(1, 2, 4)],
    ["My figure for Restaurant C's service needs fixing: 5.", share(2, 1, 5)],
    ["My number for Restaurant A's ambience needs updating: 2.", share(0, 2, 2)],
  ])("reads %j", (text, act) => {
    expect(acts(text)).toEqual([act]);
  });

  it.each([
    // another agent's figure, a doubt, or no pair named
    "Agent 2's figure for Restaurant C's service needs fixing: 5.",
    "My figure for Restaurant C's service needs fixing: maybe 5.",
    "My figure needs fixing: 5.",
    "Agent 1 has Restaurant A's service at 2; your copy says 4.",
  ])("takes no share from %j", (text) => {
    expect(parseNatural(text, restaurants).acts.filter((a) => a.kind === "share")).toEqual([]);
  });

  it("a fix led by its own pair reads exactly the level after the colon, never a number of the lead (property)", () => {
    fc.assert(
      fc.property(
        fc.nat(2),
        fc.nat(3),
        fc.integer({ min: 1, max: 5 }),
        fc.constantFrom("figure", "number", "rating", "entry"),
        fc.constantFrom("needs fixing", "needs updating", "needs correcting"),
        (o, a, level, noun, fix) => {
          const text = `My ${noun} for ${restaurants.domain.options[o]}'s ${restaurants.domain.attributes[a]} ${fix}: ${level}.`;
          expect(acts(text)).toEqual([share(o, a, level)]);
          // the same lead of someone else's figure takes nothing
          expect(none(`Agent 2's ${text.slice(3)}`)).toBeDefined();
        },
      ),
      { numRuns: 100, seed: 30 },
    );
  });
});

describe("contrast: a sure adverb inside the speaker's own source, and 'call it a N' (fresh32)", () => {
  it.each([
    ["Agent 2 has Restaurant A's service at 4, but my notes clearly say 2.", share(0, 1, 2)],
    ["Agent 1 put Restaurant B's ambience at 5, but I definitely see 3.", share(1, 2, 3)],
    ["Agent 3 put Restaurant C's service at 5; call it a 3.", share(2, 1, 3)],
  ])("reads %j", (text, act) => {
    expect(acts(text)).toEqual([act]);
  });

  it.each([
    "Agent 2 has Restaurant A's service at 4, but my notes probably say 2.",
    "Agent 2 has Restaurant A's service at 4, but my notes maybe say 2.",
    "Agent 2 has Restaurant A's service at 4; call it a 3 if you like.",
  ])("reads no level from %j", (text) => {
    expect(acts(text).filter((a) => a.kind === "share")).toEqual([]);
  });

  it("a sure adverb gives the same level as none; a hedge gives nothing (property)", () => {
    fc.assert(
      fc.property(
        fc.nat(2),
        fc.nat(3),
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 1, max: 5 }),
        fc.constantFrom("clearly", "plainly", "definitely", "certainly", "still"),
        fc.constantFrom("probably", "maybe", "perhaps"),
        (o, a, claimed, own, sure, hedge) => {
          const options = restaurants.domain.options;
          const attributes = restaurants.domain.attributes;
          const lead = `Agent 2 has ${options[o]}'s ${attributes[a]} at ${claimed}, but my notes`;
          expect(acts(`${lead} ${sure} say ${own}.`)).toEqual(acts(`${lead} say ${own}.`));
          expect(acts(`${lead} ${sure} say ${own}.`)).toEqual([share(o, a, own)]);
          expect(acts(`${lead} ${hedge} say ${own}.`).filter((x) => x.kind === "share")).toEqual([]);
        },
      ),
      { numRuns: 80, seed: 39 },
    );
  });
});

describe("contrast: the speaker's own earlier figure ('My 5 for X's Y was too generous; call it a 3', fresh32)", () => {
  it("reads the level of the last clause, and nothing from a hedged one", () => {
    expect(acts("My 5 for Restaurant C's service was too generous; call it a 3.")).toEqual([share(2, 1, 3)]);
    expect(acts("My 2 for Restaurant A's ambience was harsh — it's a 4.")).toEqual([share(0, 2, 4)]);
    expect(
      acts("My 5 for Restaurant C's service was too generous; maybe a 3.").filter((a) => a.kind === "share"),
    ).toEqual([]);
  });

  it("the last clause's level replaces the speaker's earlier one (property)", () => {
    fc.assert(
      fc.property(
        fc.nat(2),
        fc.nat(3),
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 1, max: 5 }),
        (o, a, was, now) => {
          const { options, attributes } = restaurants.domain;
          const text = `My ${was} for ${options[o]}'s ${attributes[a]} was off; call it a ${now}.`;
          expect(acts(text)).toEqual([share(o, a, now)]);
        },
      ),
      { numRuns: 80, seed: 39 },
    );
  });
});
