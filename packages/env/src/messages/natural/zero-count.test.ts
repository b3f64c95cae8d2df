import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loadNaturalCorpus } from "../../../bench/score-natural-corpus.mjs";
import type { NaturalTask } from "./sentence";
import { acts, restaurants, share } from "./test-sentence";

const held = loadNaturalCorpus().heldOutTasks as Record<string, NaturalTask>;
const pantry = held.pantry as NaturalTask;
const pass = { kind: "pass" } as const;

describe("the zero count (zero-count.ts)", () => {
  it("reads none of a counted item, its option named or pointed to (corpus shapes, session 60)", () => {
    expect(acts("Shelf A has five onions and one apple. No rice bags on it at all.", pantry)).toEqual([
      share(0, 1, 5),
      share(0, 0, 1),
      share(0, 2, 0),
    ]);
    expect(acts("Shelf B has 3 apples. No rice bags there at all — zero.", pantry)).toContainEqual(share(1, 2, 0));
    expect(acts("Zero rice bags on Shelf A.", pantry)).toEqual([share(0, 2, 0)]);
    expect(acts("Shelf A has 5 onions and a single apple. No rice bags at all on that shelf.", pantry)).toContainEqual(
      share(0, 2, 0),
    );
  });

  it("reads nothing for a pointer with no option before it, a rating scale, or more words", () => {
    expect(acts("No rice bags on it at all.", pantry)).toEqual([pass]);
    expect(acts("Restaurant A has service 4. No service on it at all.", restaurants)).toEqual([share(0, 1, 4)]);
    expect(acts("No rice bags on Shelf A, maybe.", pantry)).not.toContainEqual(share(0, 2, 0));
    expect(acts("No rice bags on Shelf A or Shelf B.", pantry)).not.toContainEqual(share(0, 2, 0));
  });

  it("'No <item> on <option>.' and '... No <item> on it at all.' give a zero, as the plain sentence does (property)", () => {
    const { options, attributes } = pantry.domain;
    fc.assert(
      fc.property(fc.nat(options.length - 1), fc.nat(attributes.length - 1), (o, a) => {
        const [O, A] = [options[o], attributes[a]];
        // the oracle: the grammar's own sentence
        expect(acts(`There are no ${A} on ${O}.`, pantry)).toEqual([share(o, a, 0)]);
        expect(acts(`No ${A} on ${O}.`, pantry)).toEqual([share(o, a, 0)]);
        const other = (a + 1) % attributes.length;
        expect(acts(`${O} has 2 ${attributes[other]}. No ${A} on it at all.`, pantry)).toEqual([
          share(o, other, 2),
          share(o, a, 0),
        ]);
      }),
      { numRuns: 30 },
    );
  });
});
