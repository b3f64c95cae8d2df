import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loadNaturalCorpus } from "../../../bench/score-natural-corpus.mjs";
import { parseNatural } from "../parse-natural";
import type { NaturalTask } from "./sentence";
import { restaurants, share, stalls } from "./test-sentence";

const shares = (text: string, task: NaturalTask = restaurants) => {
  const result = parseNatural(text, task);
  return result.error === undefined ? result.acts.filter((a) => a.kind === "share") : [];
};
const name = (o: number) => restaurants.domain.options[o] as string;
const attribute = (a: number) => restaurants.domain.attributes[a] as string;
const capital = (t: string) => `${t.charAt(0).toUpperCase()}${t.slice(1)}`;

describe("paired lists from fresh30: an attribute heading its items, a count 'to' another's, level nouns", () => {
  it.each([
    ["Food quality: Restaurant A 4, Restaurant C 2.", [share(0, 0, 4), share(2, 0, 2)]],
    ["Service: Restaurant B 1 and Restaurant C 5.", [share(1, 1, 1), share(2, 1, 5)]],
    // fresh52 (session 45): a verb of having or a filler between an item's option and its level
    ["Service: Restaurant B has 1 and Restaurant C has 5.", [share(1, 1, 1), share(2, 1, 5)]],
    ["Ambience: Restaurant A is at 2, Restaurant C is 4.", [share(0, 2, 2), share(2, 2, 4)]],
    ["Restaurant A and Restaurant B carry service marks of 3 and 4.", [share(0, 1, 3), share(1, 1, 4)]],
    ["Restaurant A and Restaurant C post ambience scores of 2 and 5.", [share(0, 2, 2), share(2, 2, 5)]],
  ])("reads %j", (text, acts) => {
    expect(shares(text)).toEqual(acts);
  });

  it("reads a count 'to' another option's count at the same attribute (pantry)", () => {
    const pantry = loadNaturalCorpus().heldOutTasks?.pantry as NaturalTask;
    expect(shares("Shelf A has 2 apples to Shelf B's 5.", pantry)).toEqual([share(0, 0, 2), share(1, 0, 5)]);
    expect(shares("Shelf B has 1 onion to Shelf A's 4.", pantry)).toEqual([share(1, 1, 1), share(0, 1, 4)]);
    // a change or a doubt after it: nothing paired
    expect(shares("Shelf A has 2 apples to Shelf B's 5, or the other way around.", pantry)).toEqual([]);
  });

  it.each([
    // an item with something besides its option and level, a repeated option, a doubt after the list
    "Food quality: Restaurant A 4, Restaurant C maybe 2.",
    "Food quality: Restaurant A has 4, Restaurant C has maybe 2.",
    "Food quality: Restaurant A has 4, Restaurant C could have 2.",
    "Food quality: Restaurant A 4, Restaurant A 2.",
    "Food quality: Restaurant A 4, Restaurant C 2, or the reverse.",
    "Restaurant A and Restaurant B carry service marks of 3, 4 and 5.",
  ])("takes no wrong level from %j", (text) => {
    const got = shares(text);
    const right = [share(0, 0, 4), share(0, 1, 3), share(1, 1, 4)];
    for (const act of got) expect(right).toContainEqual(act);
  });

  it("an attribute heading its items pairs each option with its own level, whatever their order (property)", () => {
    fc.assert(
      fc.property(
        fc.shuffledSubarray([0, 1, 2], { minLength: 2, maxLength: 3 }),
        fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 3, maxLength: 3 }),
        fc.nat(3),
        fc.boolean(),
        (options, levels, a, withAnd) => {
          const items = options.map((o, n) => `${name(o)} ${levels[n]}`);
          const list = withAnd ? `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}` : items.join(", ");
          const text = `${capital(attribute(a))}: ${list}.`;
          expect(shares(text)).toEqual(options.map((o, n) => share(o, a, levels[n] as number)));
        },
      ),
      { numRuns: 150, seed: 30 },
    );
  });

  it("levels after an attribute's level noun pair in order, and a count mismatch takes nothing (property)", () => {
    fc.assert(
      fc.property(
        fc.shuffledSubarray([0, 1, 2], { minLength: 2, maxLength: 2 }),
        fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 2, maxLength: 3 }),
        fc.nat(3),
        fc.constantFrom("marks", "scores", "ratings"),
        (options, levels, a, noun) => {
          const levelText =
            levels.length === 2 ? `${levels[0]} and ${levels[1]}` : `${levels[0]}, ${levels[1]} and ${levels[2]}`;
          const text = `${name(options[0] as number)} and ${name(options[1] as number)} carry ${attribute(a)} ${noun} of ${levelText}.`;
          const expected = levels.length === 2 ? options.map((o, n) => share(o, a, levels[n] as number)) : [];
          expect(shares(text)).toEqual(expected);
        },
      ),
      { numRuns: 150, seed: 30 },
    );
  });
});

describe("paired lists after a dash label: 'Cakes sold — Stall B: 2, Stall C: -1' (fresh34, fresh37)", () => {
  const { options, attributes } = stalls.domain;

  it("pairs each option with its own signed level after a colon or a dash, in either item form (property)", () => {
    fc.assert(
      fc.property(
        fc.shuffledSubarray([0, 1, 2, 3], { minLength: 2, maxLength: 4 }),
        fc.array(fc.integer({ min: -2, max: 2 }), { minLength: 4, maxLength: 4 }),
        fc.nat(attributes.length - 1),
        fc.constantFrom(": ", " — ", " – ", " - "),
        fc.constantFrom(" ", ": "),
        (chosen, levels, a, label, item) => {
          const list = chosen.map((o, n) => `${options[o]}${item}${levels[n]}`).join(", ");
          const text = `${capital(attributes[a] as string)}${label}${list}.`;
          expect(shares(text, stalls)).toEqual(chosen.map((o, n) => share(o, a, levels[n] as number)));
        },
      ),
      { numRuns: 150, seed: 40 },
    );
  });

  it.each([
    // a doubted item, a repeated option, a bar for the label's pause (an arrow ends a label since session 51)
    "Cakes sold — Stall B: 2, Stall C: maybe -1.",
    "Cakes sold — Stall B: 2, Stall B: -1.",
    "Cakes sold | Stall B 2, Stall C -1.",
  ])("pairs nothing from %j", (text) => {
    expect(shares(text, stalls)).toEqual([]);
  });
});
