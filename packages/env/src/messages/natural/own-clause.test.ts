import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseNatural } from "../parse-natural";
import { ownClauseLevel } from "./own-clause";
import { restaurants, share, stalls, testSentence } from "./test-sentence";

const clause = (text: string) => {
  const { s, state } = testSentence(text);
  return ownClauseLevel(s, 0, s.to, state)?.value ?? null;
};

describe("own clause: the one level the speaker's clause states, whatever its verb (fresh31's corrections)", () => {
  it.each([
    ["but from what I saw it's a 3", 3],
    ["as far as I can tell it's 2", 2],
    ["I get 3 when I count", 3],
    ["yet it's really 1", 1],
    ["it should read 4", 4],
  ])("reads %j as %i", (text, level) => {
    expect(clause(text)).toBe(level);
  });

  it.each([
    "but from what she saw it's a 3",
    "from what I saw it might be 3",
    "from what I saw it's not 3",
    "I get 3 when Agent 2 counts",
    "I get 3 when I count the 2 boxes",
    "but if I look again it's 3",
    "from what I saw it's a 3 or 4",
  ])("takes nothing from %j", (text) => {
    expect(clause(text)).toBeNull();
  });

  it.each([
    ["Agent 1 put Restaurant A's food quality at 5, but from what I saw it's a 3.", share(0, 0, 3)],
    ["I mis-scored Restaurant B's service earlier; it should read 4.", share(1, 1, 4)],
    ["I miscounted Restaurant C's ambience — it's 2.", share(2, 2, 2)],
  ])("reads the correction %j", (text, act) => {
    expect(parseNatural(text, restaurants).acts).toEqual([act]);
  });

  it("reads the speaker's earlier value set against the new one, on a signed scale", () => {
    const [stall, attribute] = [stalls.domain.options[3] as string, stalls.domain.attributes[3] as string];
    expect(parseNatural(`${stall}'s ${attribute}: I had 1 before, but it's really -1.`, stalls).acts).toEqual([
      share(3, 3, -1),
    ]);
    // without the contrast word the two values are not set against each other: nothing
    expect(parseNatural(`${stall}'s ${attribute}: I had 1 before, it's -1.`, stalls).acts).not.toContainEqual(
      share(3, 3, 1),
    );
  });

  it.each([
    // two pairs named: which one the slip was is open
    "I mis-scored Restaurant B's service and Restaurant C's ambience earlier; it should read 4.",
    // someone else's slip, not the speaker's
    "Agent 2 mis-scored Restaurant B's service; it might read 4.",
    // the verb is the speaker's look, not a slip
    "I scored Restaurant B's service earlier; it should read 4?",
  ])("takes no share from %j", (text) => {
    expect(parseNatural(text, restaurants).acts.filter((a) => a.kind === "share")).toEqual([]);
  });

  const { options, attributes } = restaurants.domain;
  const perspectives = ["", "from what I saw ", "as far as I can tell ", "from where I stood "];
  const verbs = ["it's a", "it should read", "it reads", "I get"];
  it("reads exactly the speaker's level after a contested claim, whatever the perspective and verb (property)", () => {
    fc.assert(
      fc.property(
        fc.nat(options.length - 1),
        fc.nat(attributes.length - 1),
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 1, max: 5 }),
        fc.constantFrom(...perspectives),
        fc.constantFrom(...verbs),
        fc.integer({ min: 1, max: 3 }),
        (o, a, claimed, own, perspective, verb, agent) => {
          fc.pre(claimed !== own); // a level that differs from the claim's: a correction, not agreement
          const text = `Agent ${agent} put ${options[o]}'s ${attributes[a]} at ${claimed}, but ${perspective}${verb} ${own}.`;
          const acts = parseNatural(text, restaurants).acts.filter((x) => x.kind === "share");
          expect(acts).toEqual([share(o, a, own)]);
        },
      ),
      { numRuns: 120, seed: 38 },
    );
  });

  it("takes nothing once the perspective names someone else or holds a modal or negation (property)", () => {
    fc.assert(
      fc.property(
        fc.nat(options.length - 1),
        fc.nat(attributes.length - 1),
        fc.integer({ min: 1, max: 5 }),
        fc.constantFrom("from what she saw", "from what you saw", "as far as I might tell", "from what I didn't see"),
        (o, a, own, perspective) => {
          const text = `Agent 1 put ${options[o]}'s ${attributes[a]} at 5, but ${perspective} it's ${own}.`;
          expect(parseNatural(text, restaurants).acts.filter((x) => x.kind === "share")).toEqual([]);
        },
      ),
      { numRuns: 80, seed: 38 },
    );
  });
});

describe("own clause: what the speaker's own check gave, 'I recounted and got 4' (fresh33, fresh37)", () => {
  it.each([
    ["I recounted and got 4", 4],
    ["we checked again and found 2", 2],
    ["but I recounted and got 1", 1],
  ])("reads %j as %i", (text, level) => {
    expect(clause(text)).toBe(level);
  });

  it.each([
    "Agent 3 recounted and got 4",
    "I recounted and got maybe 4",
    "I recounted and got 4 or 5",
    "and got 4",
  ])("reads nothing from %j", (text) => {
    expect(clause(text)).toBeNull();
  });

  it("after someone else's claim, the speaker's recount is the share, on a signed scale (property)", () => {
    const { options, attributes } = stalls.domain;
    fc.assert(
      fc.property(
        fc.nat(options.length - 1),
        fc.nat(attributes.length - 1),
        fc.integer({ min: -2, max: 2 }),
        fc.integer({ min: -2, max: 2 }),
        fc.constantFrom("I recounted and got", "I counted again and got", "we rechecked and found"),
        fc.nat(2),
        (o, a, claimed, own, recount, agent) => {
          const claim = `Agent ${agent + 1} said ${options[o]}'s ${attributes[a]} is ${claimed}`;
          const acts = parseNatural(`${claim}; ${recount} ${own}.`, stalls).acts;
          expect(acts).toEqual([share(o, a, own)]);
          const doubted = parseNatural(`${claim}; ${recount} maybe ${own}.`, stalls).acts;
          expect(doubted.filter((act) => act.kind === "share")).toEqual([]);
        },
      ),
      { numRuns: 100, seed: 40 },
    );
  });
});
