import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Act } from "../act";
import { acts, calls, manor, restaurants, share, stalls } from "./test-sentence";

// The slot reader (slot-reader.ts, session 58): each clause with one number takes its option and attribute from the
// clause or the clause before it; precision first, it refuses the whole sentence at any doubt.
const shares = (list: Act[]): Act[] => list.filter((a) => a.kind === "share");
const sorted = (list: Act[]): string[] => list.map((a) => JSON.stringify(a)).sort();

describe("the slot reader reads a clause's missing option or attribute from the clause before", () => {
  it.each([
    ["On my side, Restaurant B has service 4 and Restaurant C has 2.", [share(1, 1, 4), share(2, 1, 2)]],
    [
      "From my notes, Restaurant A's ambience comes in at 3 and Restaurant C lands on 5.",
      [share(0, 2, 3), share(2, 2, 5)],
    ],
    [
      "Restaurant C gets my vote. Its food quality is 5 on my sheet, and service a 4.",
      [share(2, 0, 5), share(2, 1, 4)],
    ],
  ])("%j", (text, expected) => {
    expect(sorted(shares(acts(text)))).toEqual(sorted(expected));
  });

  it("a person's attribute by the name alone, and a pointer to the option the talk is about", () => {
    expect(sorted(acts("I can add that Omar is 2 on Monday noon and Lena is 1.", calls))).toEqual(
      sorted([share(1, 1, 2), share(1, 2, 1)]),
    );
    // "her" points to the suspect the sentence before spoke about: the options are people
    expect(
      sorted(shares(acts("Lady Ashby is my pick. Her torn glove is 3 and her library key lands on 2.", manor))),
    ).toEqual(sorted([share(1, 1, 3), share(1, 2, 2)]));
    // "N out of TOP" with the scale's own top
    expect(acts("Stall C's plants sold came out at zero out of a possible 2, and Stall D's at 1.", stalls)).toEqual([
      share(2, 3, 0),
      share(3, 3, 1),
    ]);
  });

  it("the same text without the clause's number, or with a number it cannot place, reads nothing from the slot reader", () => {
    // each refusal is a precision rule; where the slot reader would have read the clause, these read nothing
    for (const text of [
      "From my notes, Restaurant A's ambience comes in at 3 and Restaurant C lands on maybe 5.",
      "From my notes, Restaurant A's ambience comes in at 3 and Restaurant C lands on 5, or so I was told.",
      "From my notes, Restaurant A's ambience comes in at 3 and Restaurant C lands on 5 or 4.",
      "Earlier I had Restaurant A's ambience at 3 and Restaurant C on 5.",
      "Restaurant A's ambience comes in at 3, higher than Restaurant C at 5.",
      "Restaurant A's ambience is 3 and Restaurant C has 5 reviews.",
      "Restaurant A's ambience is 3 and Restaurant C's is two (5).",
      "Restaurant A's ambience is 3 and its service-wise score lands on 5.",
      "Restaurant A's ambience is 3 | Restaurant C lands on 5.",
      "Restaurant A's ambience is 3, and Restaurant C lands on 5, Agent 2 says.",
      "Restaurant A's ambience comes in at 3 and Restaurant C lands on 5, but not for long.",
      "Restaurant A, Restaurant B and Restaurant C land on 5 for ambience.",
    ]) {
      const read = shares(acts(text));
      expect(read).not.toContainEqual(share(2, 2, 5));
      expect(read).not.toContainEqual(share(2, 1, 5));
    }
  });

  it("a state in words must agree with the level; a pronoun of a person only where the options are people", () => {
    expect(acts("Monday noon works. Priya is free there (0).", calls)).not.toContainEqual(share(1, 0, 0));
    expect(acts("Monday noon works. Priya is free there (2).", calls)).toContainEqual(share(1, 0, 2));
    // restaurants are no people: "her" names no option
    expect(shares(acts("Restaurant B is my pick. Her food quality lands on 4."))).toEqual([]);
    // "him" and "her" in one sentence: two people, not one option
    expect(shares(acts("Lady Ashby is my pick. His torn glove lands on 3 and her library key on 2.", manor))).toEqual(
      [],
    );
  });

  it("an echo of a level to a cell with none of its own, or a name after a level, leaves the sentence unread", () => {
    expect(acts("Monday noon is clear: Priya 2, Lena too.", calls)).not.toContainEqual(share(1, 2, 2));
    expect(shares(acts("2 is what I see for Restaurant B's service and ambience."))).toEqual([]);
  });
});

describe("the slot reader against the facts it was written from (property)", () => {
  const { options, attributes } = restaurants.domain;
  const cell = fc.record({
    o: fc.nat(options.length - 1),
    o2: fc.nat(options.length - 1),
    a: fc.nat(attributes.length - 1),
    a2: fc.nat(attributes.length - 1),
    x: fc.integer({ min: 1, max: 5 }),
    y: fc.integer({ min: 1, max: 5 }),
  });

  it("reads exactly the facts of two-clause sentences whose second clause leaves a name out", () => {
    fc.assert(
      fc.property(cell, fc.nat(3), ({ o, o2, a, a2, x, y }, form) => {
        fc.pre(o !== o2 && a !== a2);
        const [O, O2, A, A2] = [options[o], options[o2], attributes[a], attributes[a2]];
        const written: [string, Act[]][] = [
          [`${O}'s ${A} is ${x}, and ${O2}'s is ${y}.`, [share(o, a, x), share(o2, a, y)]],
          [`${O} has ${A} ${x} and ${A2} ${y}.`, [share(o, a, x), share(o, a2, y)]],
          [`From my notes, ${O}'s ${A} comes in at ${x} and ${O2} lands on ${y}.`, [share(o, a, x), share(o2, a, y)]],
          [`${O} gets my vote. Its ${A} is ${x} on my sheet, and ${A2} a ${y}.`, [share(o, a, x), share(o, a2, y)]],
        ];
        const [text, facts] = written[form] as [string, Act[]];
        expect(sorted(shares(acts(text)))).toEqual(sorted(facts));
      }),
      { numRuns: 200, seed: 58 },
    );
  });

  it("exact or nothing: a doubt, a report or a range in the second clause never yields its level", () => {
    fc.assert(
      fc.property(
        cell,
        fc.constantFrom("maybe ", "about ", "roughly ", "somewhere around "),
        fc.constantFrom("", ", so I'm told", ", give or take", " or so", ", though I might be wrong"),
        ({ o, o2, a, x, y }, doubt, tail) => {
          fc.pre(o !== o2);
          const [O, O2, A] = [options[o], options[o2], attributes[a]];
          for (const text of [
            `From my notes, ${O}'s ${A} comes in at ${x} and ${O2} lands on ${doubt}${y}${tail}.`,
            `${O}'s ${A} is ${x}, and ${O2}'s is ${y}${tail === "" ? " or so" : tail}.`,
          ]) {
            const read = shares(acts(text));
            // never a level for the doubted cell, never a cell the sentence did not state
            expect(read.filter((s) => s.kind === "share" && s.option === o2)).toEqual([]);
            for (const s of read) expect(s).toEqual(share(o, a, x));
          }
        },
      ),
      { numRuns: 200, seed: 58 },
    );
  });
});

describe("the slot reader's paired lists: levels in order over a list of names, exact or nothing", () => {
  it("a heading list serves each clause after it; a list just before its levels needs a colon", () => {
    expect(acts("Service and ambience: Restaurant B is 2 and 4, Restaurant C is 5 and 3.")).toEqual([
      share(1, 1, 2),
      share(1, 2, 4),
      share(2, 1, 5),
      share(2, 2, 3),
    ]);
    expect(acts("Ambience counts, Restaurant A then Restaurant C: 1 and 3.")).toEqual([share(0, 2, 1), share(2, 2, 3)]);
    expect(shares(acts("Ambience, Restaurant A and Restaurant B, 4 and 1."))).toEqual([]);
  });

  it("as many levels as names, in an order that is not left open, or nothing", () => {
    for (const text of [
      "Service and ambience: Restaurant B is 2, 4 and 5.",
      "Service and ambience: Restaurant B is 2 and 4 in any order.",
      "Service and ambience: Restaurant B is 2 and 4, maybe.",
      "Service and ambience for Restaurant A, Restaurant B and Restaurant C: 2 and 4.",
    ])
      expect(shares(acts(text))).toEqual([]);
  });

  it("any levels land on the heading's attributes in order (property, against the facts written)", () => {
    const { options, attributes } = restaurants.domain;
    fc.assert(
      fc.property(
        fc.nat(options.length - 1),
        fc.nat(options.length - 1),
        fc.nat(attributes.length - 1),
        fc.nat(attributes.length - 1),
        fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 4, maxLength: 4 }),
        (o, o2, a, a2, [w, x, y, z]) => {
          fc.pre(o !== o2 && a !== a2);
          const text = `${attributes[a]} and ${attributes[a2]}: ${options[o]} is ${w} and ${x}, ${options[o2]} is ${y} and ${z}.`;
          const facts = [share(o, a, w as number), share(o, a2, x as number), share(o2, a, y as number)];
          expect(sorted(shares(acts(text)))).toEqual(sorted([...facts, share(o2, a2, z as number)]));
          // one level short: nothing from the slot reader for the short clause
          const short = `${attributes[a]} and ${attributes[a2]}: ${options[o]} is ${w} and ${x}, ${options[o2]} is ${y}.`;
          expect(shares(acts(short)).filter((s) => s.kind === "share" && s.option === o2)).toEqual([]);
        },
      ),
      { numRuns: 150, seed: 58 },
    );
  });
});
