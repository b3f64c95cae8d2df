import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loadNaturalCorpus } from "../../../bench/score-natural-corpus.mjs";
import { parseNatural } from "../parse-natural";
import { loneShare } from "./lone-share";
import type { NaturalTask } from "./sentence";
import { restaurants, share, stalls, testSentence } from "./test-sentence";

const lone = (text: string, task = restaurants) => {
  const { s, state } = testSentence(text, task);
  return loneShare(s, 0, s.to, state);
};

describe("lone share: one option, one attribute and one level in a sentence no other cue read", () => {
  it.each([
    ["Food quality for Restaurant C lands at 2.", 2, 0, 2],
    ["Restaurant A's ambience registers at 1.", 0, 2, 1],
    ["Service at Restaurant B clocks in at 3.", 1, 1, 3],
    ["The ambience at Restaurant B works out to a 2.", 1, 2, 2],
    ["For Restaurant C, service gives a 4.", 2, 1, 4],
    ["Value for money, Restaurant B: 2.", 1, 3, 2],
    ["Restaurant A — service: ×3", 0, 1, 3],
    ["Restaurant B scores a lowly 1 in ambience.", 1, 2, 1],
    ["Restaurant C's service: four out of five.", 2, 1, 4],
    ["Restaurant C's service sits at 4/5.", 2, 1, 4],
  ])("reads %j", (text, option, attribute, level) => {
    expect(lone(text)).toEqual({ option, attribute, level });
    expect(parseNatural(text, restaurants).acts).toEqual([share(option, attribute, level)]);
  });

  it("reads signed levels and 'minus two' on a scale below zero", () => {
    const [stall, attribute] = [stalls.domain.options[3] as string, stalls.domain.attributes[2] as string];
    expect(lone(`${attribute} for ${stall}: minus two.`, stalls)).toEqual({ option: 3, attribute: 2, level: -2 });
    expect(lone(`${stall} did +2 on ${attribute}.`, stalls)).toEqual({ option: 3, attribute: 2, level: 2 });
    expect(lone(`${stall}'s ${attribute} landed at -1.`, stalls)).toEqual({ option: 3, attribute: 2, level: -1 });
  });

  it.each([
    "Restaurant A's service doesn't land at 3.",
    "Restaurant A's service might land at 3.",
    "Does Restaurant A's service land at 3?",
    "Restaurant A's service lands at around 3.",
    "Restaurant A's service lands between 2 and 3.",
    "Restaurant A's service lands at 3, Agent 2 thinks.",
    "Restaurant A's service went up by 2.",
    "Restaurant A's service needs to land at 4.",
    "Restaurant A lacks ambience 5.",
    "Restaurant A has something like 3 on service.",
    "Restaurant A's service team has 2 waiters.",
    "Restaurant A is the one for service 4.",
    "Restaurant A's service opens at 3pm.",
    "Restaurant A's service lands at 9.",
    "Restaurant A or Restaurant B: service 3.",
    "Restaurant A's service and ambience land at 3.",
    "If Restaurant A's service lands at 3, fine.",
    "Restaurant A's service, in round 2, came to 4.",
    "Your notes put Restaurant A's service at 3.",
  ])("takes nothing from %j", (text) => {
    expect(lone(text)).toBeNull();
  });

  it("takes nothing from a long sentence (a paragraph is no plain statement)", () => {
    expect(
      lone("Restaurant A's service lands at 3 by my reckoning after a long evening of careful tasting there."),
    ).toBe(null);
  });

  // property: the share a generated plain statement makes is the one read (oracle: the generator's own cell),
  // and one blocking word anywhere in it leaves nothing
  const verbs = ["lands at", "registers at", "clocks in at", "works out to", "comes to", "gives a", "settles at"];
  const blockers = ["maybe", "not", "around", "roughly", "if", "never", "could"];
  const cells = fc.record({
    option: fc.integer({ min: 0, max: 2 }),
    attribute: fc.integer({ min: 0, max: 3 }),
    level: fc.integer({ min: 1, max: 5 }),
    verb: fc.constantFrom(...verbs),
    attributeFirst: fc.boolean(),
  });
  const sentence = (c: { option: number; attribute: number; level: number; verb: string; attributeFirst: boolean }) => {
    const option = restaurants.domain.options[c.option] as string;
    const attribute = restaurants.domain.attributes[c.attribute] as string;
    return c.attributeFirst
      ? `${attribute} for ${option} ${c.verb} ${c.level}.`
      : `${option}'s ${attribute} ${c.verb} ${c.level}.`;
  };

  it("reads a generated plain statement as exactly its cell (property)", () => {
    fc.assert(
      fc.property(cells, (c) => {
        expect(lone(sentence(c))).toEqual({ option: c.option, attribute: c.attribute, level: c.level });
      }),
      { numRuns: 200, seed: 15 },
    );
  });

  it("takes nothing once a hedge, negation or condition stands anywhere in it (property)", () => {
    fc.assert(
      fc.property(cells, fc.constantFrom(...blockers), fc.nat(), (c, blocker, at) => {
        const words = sentence(c).split(" ");
        words.splice(at % words.length, 0, blocker); // before the last word: inside the sentence
        expect(lone(words.join(" "))).toBeNull();
      }),
      { numRuns: 200, seed: 15 },
    );
  });
});

describe("lone share: a level the speaker rejects after it (fresh22)", () => {
  it("'X's Y reads a, not b.' is a (any two levels); the rejected level never is", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: 5 }), (a, b) => {
        expect(lone(`Restaurant A's service reads ${a}, not ${b}.`)).toEqual({ option: 0, attribute: 1, level: a });
        // "not" before the only level is a negation: nothing
        expect(lone(`Restaurant A's service reads not ${b}.`)).toBeNull();
        // the rejected level must close the sentence
        expect(lone(`Restaurant A's service reads ${a}, not ${b} or so.`)).toBeNull();
      }),
    );
  });
});

describe("lone share: a level approached is no level (fresh30's 'hovers near 3')", () => {
  it.each([
    "Restaurant A's value for money hovers near 3.",
    "Restaurant A's value for money is near 3.",
    "Restaurant A's value for money is close to 3.",
    "Restaurant A's value for money hovers at 3.",
    "Value for money at Restaurant A is hovering around 3.",
  ])("takes nothing from %j", (text) => {
    expect(lone(text)).toBeNull();
    expect(parseNatural(text, restaurants).error).toBeDefined();
  });

  it("a hedge never yields a level: any option, attribute, level and approach word", () => {
    const approaches = ["near", "close to", "hovers near", "hovering at", "is near", "sits close to"];
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 }),
        fc.integer({ min: 0, max: 3 }),
        fc.integer({ min: 1, max: 5 }),
        fc.constantFrom(...approaches),
        (option, attribute, level, approach) => {
          const o = restaurants.domain.options[option] as string;
          const a = restaurants.domain.attributes[attribute] as string;
          const result = parseNatural(`${o}'s ${a} ${approach} ${level}.`, restaurants);
          expect(result.error === undefined ? result.acts.filter((x) => x.kind === "share") : []).toEqual([]);
        },
      ),
    );
  });
});

describe("lone share: the scale's ends and group nouns as levels (fresh29, fresh30)", () => {
  it("reads 'top of the scale' as the highest level and 'bottom of the scale' as the lowest, on any scale (property)", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(restaurants, stalls),
        fc.nat(2),
        fc.nat(3),
        fc.constantFrom("top", "bottom"),
        fc.constantFrom("is", "sits at the", "lands at the"),
        (task, o, a, end, verb) => {
          const option = task.domain.options[o] as string;
          const attribute = task.domain.attributes[a] as string;
          const [lo, hi] = task.levels;
          const text = `${option}'s ${attribute} ${verb} ${end} of the scale.`;
          expect(parseNatural(text, task).acts).toEqual([share(o, a, end === "top" ? hi : lo)]);
          // near an end, or maybe there, is no level
          expect(parseNatural(`${option}'s ${attribute} is near the ${end} of the scale.`, task).error).toBeDefined();
          expect(parseNatural(`${option}'s ${attribute} might be ${end} of the scale.`, task).error).toBeDefined();
        },
      ),
      { numRuns: 60, seed: 30 },
    );
  });

  it("reads 'a trio of' as 3 before a counted attribute, and not elsewhere", () => {
    // the held-out families are generated by @cosir/bench (above env): the corpus keeps them as generated
    const pantry = loadNaturalCorpus().heldOutTasks?.pantry as NaturalTask;
    expect(parseNatural("Shelf A holds a trio of onions.", pantry).acts).toEqual([share(0, 1, 3)]);
    expect(parseNatural("Shelf B has a pair of apples.", pantry).acts).toEqual([share(1, 0, 2)]);
    expect(parseNatural("Shelf B has a trio of problems.", pantry).error).toBeDefined();
  });
});

describe("lone share: the value before a clause that withdraws the speaker's slip (fresh30)", () => {
  it.each([
    ["Restaurant C's service should be 2; I keyed in 4 wrongly.", 2, 1, 2],
    ["Restaurant A's ambience is 5 — I typed 3 by mistake.", 0, 2, 5],
  ])("reads %j as the corrected value", (text, option, attribute, level) => {
    expect(parseNatural(text, restaurants).acts).toEqual([share(option, attribute, level)]);
  });

  it.each([
    "Restaurant C's service might be 2; I keyed in 4 wrongly.",
    "Restaurant C's service should be 2; Agent 2 keyed in 4 wrongly.",
    "Restaurant C's service should be 2; I keyed in 4 and 5 wrongly.",
  ])("takes nothing from %j", (text) => {
    expect(parseNatural(text, restaurants).error).toBeDefined();
  });

  it("never reads the withdrawn level: any pair and two different levels (property)", () => {
    fc.assert(
      fc.property(
        fc.nat(2),
        fc.nat(3),
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 1, max: 5 }),
        (o, a, now, old) => {
          fc.pre(now !== old);
          const text = `${restaurants.domain.options[o]}'s ${restaurants.domain.attributes[a]} should be ${now}; I entered ${old} wrongly.`;
          expect(parseNatural(text, restaurants).acts).toEqual([share(o, a, now)]);
        },
      ),
      { numRuns: 100, seed: 30 },
    );
  });
});

describe("lone share: a past 'were' before a level the speaker states (fresh35)", () => {
  it("reads 'X's Y were probably L' as the level, and no subjunctive or doubted 'were' (property)", () => {
    const { options, attributes } = stalls.domain;
    fc.assert(
      fc.property(
        fc.nat(options.length - 1),
        fc.nat(attributes.length - 1),
        fc.integer({ min: -2, max: 2 }),
        fc.constantFrom("probably ", "likely ", "most likely ", ""),
        (o, a, level, hedge) => {
          const pair = `${options[o]}'s ${attributes[a]}`;
          expect(parseNatural(`${pair} were ${hedge}${level}.`, stalls).acts).toEqual([share(o, a, level)]);
          // a condition, a subjunctive "were" opening the clause, a doubting hedge: no level stated
          for (const text of [
            `If ${pair} were ${hedge}${level}, I'd back it.`,
            `Were ${pair} ${level}, I'd back it.`,
            `${pair} were maybe ${level}.`,
            `${pair} were perhaps ${level}.`,
          ])
            expect(parseNatural(text, stalls).acts.filter((act) => act.kind === "share")).toEqual([]);
        },
      ),
      { numRuns: 80, seed: 40 },
    );
  });
});
