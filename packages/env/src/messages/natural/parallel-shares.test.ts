import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseNatural } from "../parse-natural";
import { restaurants } from "./test-sentence";

const { options, attributes } = restaurants.domain;
const shares = (text: string) => parseNatural(text, restaurants).acts.filter((a) => a.kind === "share");

describe("parallel shares: one attribute leading clauses that each give one option a level (fresh31)", () => {
  it.each([
    [
      "On service, Restaurant B gets 3 and Restaurant C gets 1.",
      [
        [1, 1, 3],
        [2, 1, 1],
      ],
    ],
    [
      "For ambience, Restaurant A lands at 2, Restaurant C sits at 5.",
      [
        [0, 2, 2],
        [2, 2, 5],
      ],
    ],
  ])("reads %j", (text, expected) => {
    expect(shares(text)).toEqual(
      expected.map(([option, attribute, level]) => ({ kind: "share", option, attribute, level })),
    );
  });

  it.each([
    "On service, Restaurant B gets 3 and Restaurant C might get 1.",
    "On service, Restaurant B gets 3 and Restaurant B gets 1.",
    "On service, Restaurant B gets 3 and Restaurant C doesn't get 1.",
    "On service, Restaurant B gets 3 and Restaurant C gets 1 or 2.",
    "On service, Restaurant B gets 3 and Restaurant C gets 1 if Agent 2 is right.",
  ])("takes nothing from %j", (text) => {
    expect(shares(text).filter((a) => a.option === 2)).toEqual([]);
  });

  const verbs = ["gets", "scores", "lands at", "is a", "comes in at", "earns"];
  it("reads each clause exactly, whatever its verb (property)", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.nat(options.length - 1), { minLength: 2, maxLength: 2 }),
        fc.nat(attributes.length - 1),
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 1, max: 5 }),
        fc.constantFrom(...verbs),
        fc.constantFrom(...verbs),
        ([o1, o2], a, l1, l2, v1, v2) => {
          const text = `On ${attributes[a]}, ${options[o1 as number]} ${v1} ${l1} and ${options[o2 as number]} ${v2} ${l2}.`;
          expect(shares(text)).toEqual([
            { kind: "share", option: o1, attribute: a, level: l1 },
            { kind: "share", option: o2, attribute: a, level: l2 },
          ]);
        },
      ),
      { numRuns: 100, seed: 38 },
    );
  });
});

describe("parallel shares with the attribute closing the sentence, and levels paired with options by 'for' (fresh32)", () => {
  const read = (text: string) => shares(text).map((a) => (a.kind === "share" ? [a.option, a.attribute, a.level] : []));

  it.each([
    [
      "Restaurant A scored 2 and Restaurant C scored 4 on service.",
      [
        [0, 1, 2],
        [2, 1, 4],
      ],
    ],
    [
      "Ambience reads 1 for Restaurant B and 5 for Restaurant A.",
      [
        [1, 2, 1],
        [0, 2, 5],
      ],
    ],
    [
      "Service comes to 3 for Restaurant A, 2 for Restaurant B and 4 for Restaurant C.",
      [
        [0, 1, 3],
        [1, 1, 2],
        [2, 1, 4],
      ],
    ],
  ])("reads %j", (text, expected) => {
    expect(read(text)).toEqual(expected);
  });

  // the last clause alone ("Restaurant C scored 4 on service") is read by an older reading; the first never is
  it.each([
    "Restaurant A scored 2 and Restaurant A scored 4 on service.",
    "Restaurant A scored 2 and Restaurant C scored 4 on service, I think.",
  ])("gives the first clause no share in %j (exact or nothing)", (text) => {
    expect(read(text).filter(([, , level]) => level === 2)).toEqual([]);
  });

  it.each([
    "Restaurant A scored 2 and Restaurant C maybe 4 on service.",
    "Ambience reads 1 for Restaurant B and 5 for Restaurant B.",
    "Ambience reads 1 for Restaurant B and maybe 5 for Restaurant A.",
    "Ambience reads 1 for Restaurant B and 5 for Restaurant A, or the reverse.",
  ])("reads no share from %j (exact or nothing)", (text) => {
    expect(read(text)).toEqual([]);
  });

  it("each option gets its own level and the one attribute, in either shape (property)", () => {
    fc.assert(
      fc.property(
        fc.shuffledSubarray([0, 1, 2], { minLength: 2, maxLength: 3 }),
        fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 3, maxLength: 3 }),
        fc.nat(attributes.length - 1),
        (picked, levels, a) => {
          const expected = picked.map((o, k) => [o, a, levels[k]]);
          const clauses = picked.map((o, k) => `${options[o]} scored ${levels[k]}`);
          const joined = `${clauses.slice(0, -1).join(", ")} and ${clauses.at(-1)}`;
          expect(read(`${joined} on ${attributes[a]}.`)).toEqual(expected);
          const pairs = picked.map((o, k) => `${levels[k]} for ${options[o]}`);
          const paired = `${pairs.slice(0, -1).join(", ")} and ${pairs.at(-1)}`;
          const name = attributes[a] as string;
          expect(read(`${name[0]?.toUpperCase()}${name.slice(1)} reads ${paired}.`)).toEqual(expected);
        },
      ),
      { numRuns: 80, seed: 39 },
    );
  });
});
