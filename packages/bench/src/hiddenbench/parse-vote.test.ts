import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseVote } from "./parse-vote";

// Real-looking option lists: long names, parenthetical labels, apostrophes, punctuation.
const OPTION_SETS: readonly (readonly string[])[] = [
  ["West City", "East Town", "North Hill"],
  ["Mr. X", "Mr. X's son", "Mrs. Y", "Mr. Z"],
  ["Deep Jungle Site (A)", "Coastal Cliff Site (B)", "River Delta Site (C)"],
  ["Harrow & Finch Precision Components Ltd.", "Okafor Brothers' Metalworks", "Lindqvist Advanced Manufacturing Group"],
  ["Station Alpha", "Station Bravo", "Station Charlie", "Station Delta"],
  ["The Old Museum Basement", "City Hall Annex", "Riverside Conference Center"],
  ["Compound ZX-114 (oral, twice daily)", "Heparinex Extended Release", "Vantaroxaban 20 mg"],
];

/** How people type an option: case changed, punctuation and apostrophes dropped, label dropped. */
function typed(option: string, style: number): string {
  switch (style % 5) {
    case 0:
      return option;
    case 1:
      return option.toLowerCase();
    case 2:
      return option.toUpperCase().replace(/['’]/g, "");
    case 3:
      return option.replace(/\s*\([^)]*\)\s*/g, " ").trim();
    default:
      return option.replace(/[.,&'’-]/g, " ").replace(/\s+/g, " ");
  }
}

const pair = fc
  .record({
    set: fc.integer({ min: 0, max: OPTION_SETS.length - 1 }),
    a: fc.nat(),
    b: fc.nat(),
    s1: fc.nat(),
    s2: fc.nat(),
  })
  .map(({ set, a, b, s1, s2 }) => {
    const options = OPTION_SETS[set] as readonly string[];
    const x = a % options.length;
    let y = b % options.length;
    if (y === x) y = (y + 1) % options.length;
    return { options, x, y, X: typed(options[x] as string, s1), Y: typed(options[y] as string, s2) };
  })
  // a typed name that is also a prefix of the other option's name reads as that longer name: skip those
  .filter(({ X, Y, options, x, y }) => parseVote(X, options) === x && parseVote(Y, options) === y);

describe("parseVote", () => {
  it("reads the examples from issue 13", () => {
    const city = ["West City", "East Town", "North Hill"];
    expect(parseVote("West City. East Town is ruled out.", city)).toBe(0);
    expect(parseVote("My vote is West City, not East Town.", city)).toBe(0);
    expect(parseVote('{"vote": "West City", "rationale": "East Town and North Hill are cut off"}', city)).toBe(0);
    expect(parseVote("Deep Jungle Site", ["Deep Jungle Site (A)", "Coastal Cliff Site (B)"])).toBe(0);
    expect(parseVote("I vote for Okafor Brothers Metalworks", ["Okafor Brothers' Metalworks", "Lindqvist Group"])).toBe(
      0,
    );
    expect(parseVote("Mr X's son did it", ["Mr. X", "Mr. X's son", "Mrs. Y"])).toBe(1);
  });

  it("refuses to guess between several options", () => {
    const city = ["West City", "East Town", "North Hill"];
    expect(parseVote("West City or East Town, hard to say.", city)).toBeNull();
    expect(parseVote("no idea", city)).toBeNull();
    expect(parseVote("", city)).toBeNull();
    // a JSON vote that names no option is not replaced by its rationale
    expect(parseVote('{"vote": "undecided", "rationale": "West City"}', city)).toBeNull();
  });

  it("prefers a fenced JSON vote and the last vote phrase", () => {
    const s = ["Station Alpha", "Station Bravo"];
    expect(parseVote('```json\n{"vote": "station bravo", "rationale": "Alpha is flooded"}\n```', s)).toBe(1);
    expect(parseVote("At first I voted for Station Alpha, but now I vote for Station Bravo.", s)).toBe(1);
    expect(parseVote("Final answer: Station Alpha", s)).toBe(0);
    expect(parseVote("I'd go with Station Bravo rather than Station Alpha.", s)).toBe(1);
  });

  const cfg = {};
  it("property: the JSON vote decides whatever its rationale names", () => {
    fc.assert(
      fc.property(pair, ({ options, x, X, Y }) => {
        const text = `Sure. ${JSON.stringify({ vote: X, rationale: `${Y} is better than it looks, but ${Y} is risky.` })}`;
        expect(parseVote(text, options)).toBe(x);
      }),
      cfg,
    );
  });

  it('property: "X, not Y", "Y is ruled out, so X", "I vote for X over Y" read as X', () => {
    fc.assert(
      fc.property(pair, fc.integer({ min: 0, max: 5 }), ({ options, x, X, Y }, form) => {
        const text = [
          `My vote is ${X}, not ${Y}.`,
          `${Y} is ruled out, so ${X}.`,
          `${X}. ${Y} is ruled out.`,
          `I vote for ${X} rather than ${Y}.`,
          `Not ${Y}. I choose ${X}.`,
          `After hearing about ${Y}, my final answer: ${X}`,
        ][form] as string;
        expect(parseVote(text, options)).toBe(x);
      }),
      cfg,
    );
  });

  it("property: two options named with no vote phrase and no ruling out is no vote, never a guess", () => {
    fc.assert(
      fc.property(pair, ({ options, X, Y }) => {
        expect(parseVote(`Both ${X} and ${Y} have merits.`, options)).toBeNull();
      }),
      cfg,
    );
  });
});
