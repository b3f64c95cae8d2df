import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loadNaturalCorpus } from "../../../bench/score-natural-corpus.mjs";
import { parseNatural } from "../parse-natural";
import type { NaturalTask } from "./sentence";
import { continuation, itemList, levelAt } from "./share-items";
import { restaurants, share, testSentence } from "./test-sentence";

/** The level right after "rated " (a bare "4." would read as a numbered-list marker). */
const level = (text: string) => {
  const { s, state } = testSentence(`rated ${text}`);
  const found = levelAt(s, 1, s.to, state);
  return found && { value: found.value, end: found.end - 1 };
};

describe("share items", () => {
  it("reads a level in digits, words, as a fraction of the scale or 'out of' the scale", () => {
    expect(level("4.")).toEqual({ value: 4, end: 1 });
    expect(level("four.")).toEqual({ value: 4, end: 1 });
    expect(level("4/5.")).toEqual({ value: 4, end: 1 });
    expect(level("4 out of 5.")).toEqual({ value: 4, end: 4 });
  });

  it("refuses a range, an approximation, another scale and a number word inside a phrase", () => {
    for (const text of ["4 or 5.", "4 to 5.", "4/10.", "4 out of 10.", "four seasons here."])
      expect(level(text), text).toBeNull();
  });

  it("every integer level reads back at its position, whatever follows after a pause", () => {
    fc.assert(
      fc.property(fc.integer({ min: -99, max: 99 }), fc.constantFrom(".", ", and more.", "!"), (n, tail) => {
        expect(level(`${n}${tail}`)).toEqual({ value: n, end: 1 });
      }),
    );
  });

  it("lists items joined by commas, 'and', 'as well as' and 'it has', in either order", () => {
    const { s, state } = testSentence("food quality 4, service is 2 and 3 for ambience.");
    expect(itemList(s, 0, s.to, state, true).map(({ attribute, level }) => [attribute, level])).toEqual([
      [0, 4],
      [1, 2],
      [2, 3],
    ]);
    const rest = testSentence("x, as well as ambience 5 and it has service 1.");
    expect(continuation(rest.s, 1, rest.s.to, rest.state).map((i) => [i.attribute, i.level])).toEqual([
      [2, 5],
      [1, 1],
    ]);
  });

  it("reads the level-first order only when asked to, and skips an aside", () => {
    const { s, state } = testSentence("4 for service.");
    expect(itemList(s, 0, s.to, state, false)).toEqual([]);
    expect(itemList(s, 0, s.to, state, true)).toEqual([{ attribute: 1, level: 4, end: 3 }]);
    const aside = testSentence("service 4, I believe, ambience 2.");
    expect(itemList(aside.s, 0, aside.s.to, aside.state, true).map((i) => i.attribute)).toEqual([1, 2]);
  });
});

describe("share items: counts without a digit — 'has no apples', 'down to its last onion', 'full marks' (fresh29..fresh37)", () => {
  const corpus = loadNaturalCorpus();
  const pantry = corpus.heldOutTasks?.pantry as NaturalTask;
  const shares = (text: string, task: NaturalTask) => parseNatural(text, task).acts.filter((a) => a.kind === "share");

  it("reads none and one left of any count on a scale from 0, and nothing doubted or reported (property)", () => {
    const { options, attributes } = pantry.domain;
    fc.assert(
      fc.property(fc.nat(options.length - 1), fc.nat(attributes.length - 1), (o, a) => {
        const [option, noun] = [options[o] as string, attributes[a] as string];
        const one = noun.endsWith("s") ? noun.slice(0, -1) : noun;
        for (const text of [
          `${option} has no ${noun}.`,
          `${option} has no ${noun} at all.`,
          `${option}: no ${noun} left.`,
        ])
          expect(shares(text, pantry)).toEqual([share(o, a, 0)]);
        expect(shares(`${option} is down to its last ${one}.`, pantry)).toEqual([share(o, a, 1)]);
        for (const text of [
          `Agent 2 says ${option} has no ${noun}.`,
          `If ${option} has no ${noun}, skip it.`,
          `${option} might be down to its last ${one}.`,
          `${option} isn't down to its last ${one}.`,
          `${option} has no ${noun} data.`,
        ])
          expect(shares(text, pantry)).toEqual([]);
      }),
      { numRuns: 40, seed: 40 },
    );
  });

  it("reads 'no' as none only on a scale that holds 0, and 'full marks' after an attribute as the top level", () => {
    // restaurants run 1..5: "no ambience" is no level of theirs
    expect(shares("Restaurant A has no ambience.", restaurants)).toEqual([]);
    expect(shares("Restaurant B's service: full marks.", restaurants)).toEqual([share(1, 1, 5)]);
    expect(shares("Restaurant B's service: full marks, maybe.", restaurants)).toEqual([]);
    expect(shares("Restaurant B's service gets top marks.", restaurants)).toEqual([share(1, 1, 5)]);
  });
});

describe("share items: a level 'of' the scale's top (fresh38)", () => {
  it("reads 'N of <top>' as N where the clause ends or the attribute follows, and nothing on another scale", () => {
    expect(level("2 of 5.")).toEqual({ value: 2, end: 3 });
    expect(level("2 of 5 for service.")).toEqual({ value: 2, end: 3 });
    // another scale, or a count of things: the "of" is not read as the scale
    expect(level("2 of 10 for service.")).toEqual({ value: 2, end: 1 });
    expect(level("2 of 5 dishes.")).toEqual({ value: 2, end: 1 });
  });

  it("'Restaurant X rates N of 5 for Y' is the share N for every level (property)", () => {
    const { options, attributes } = restaurants.domain;
    fc.assert(
      fc.property(
        fc.nat(options.length - 1),
        fc.nat(attributes.length - 1),
        fc.integer({ min: 1, max: 5 }),
        (o, a, n) => {
          const acts = parseNatural(`${options[o]} rates ${n} of 5 for ${attributes[a]}.`, restaurants).acts;
          expect(acts).toEqual([share(o, a, n)]);
        },
      ),
      { numRuns: 60, seed: 40 },
    );
  });
});
